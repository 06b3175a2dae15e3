"""Kachuful in the members' languages, through the Discord double (docs/languages.md):
a pt-BR, a Korean and a Hindi member get their panel, the rules card, the refusals and
the hints in their client's language, and the table message speaks the table's."""

from __future__ import annotations

from bot.client import CardBot
from bot.games.kachuful.adapter import RULES_CARD
from bot.i18n import language_of
from testkit.double import Double, FakeUser
from tests.bot.harness import labels, members, open_table, table_id, table_message

PANEL_TITLES = {"pt-BR": "Sua mão — rodada 1/2", "ko": "내 패 — 1/2판",
                "hi": "आपके पत्ते — दौर 1/2"}
BID_ZERO = {"pt-BR": "Prever 0", "ko": "0 비드", "hi": "बोली 0"}
HOOK = {"pt-BR": "regra do gancho", "ko": "훅 규칙", "hi": "हुक नियम"}


async def _kachuful_of_three(double: Double, bot: CardBot, **options: object
                             ) -> tuple[list[FakeUser], list[FakeUser]]:
    """Ana (pt-BR), Bo (ko) and Cy (hi) at a two-card descending table; returns the
    members by seat and by turn (the first bidder first, the dealer last)."""
    three = members(double, 3)
    await open_table(double, three, start_size=2, schedule="descending", **options)
    for user, code in zip(three, ("pt-BR", "ko", "hi"), strict=True):
        user.locale = code
    game = bot.registry.get(table_id(double)).game
    assert game is not None and game.to_act is not None
    order = [three[(game.to_act + k) % 3] for k in range(3)]
    return three, order


async def test_panels_rules_refusals_and_hints_in_the_members_languages(
    double: Double, bot: CardBot,
) -> None:
    three, (first, second, dealer) = await _kachuful_of_three(double, bot)
    tid = table_id(double)
    for user in three:
        panel = await double.click(user, table_message(double), f"t:{tid}:hand")
        assert panel.ephemeral and panel.embeds[0]["title"] == PANEL_TITLES[user.locale]
        assert BID_ZERO[user.locale] in labels(panel).values(), labels(panel)
        assert "Your cards" not in str(panel.embeds) and "Trump:" not in str(panel.embeds)
        rules = await double.slash(user, double.channel, "kachuful", "rules")
        with_ids = rules.content
        assert with_ids == language_of(user.locale).t(RULES_CARD), with_ids
        assert HOOK[user.locale] in with_ids and "**K10**" in with_ids
        assert "Hook rule" not in with_ids and "Follow the suit" not in with_ids

    for user in (first, second):
        await double.slash(user, double.channel, "kachuful", "bid", amount=0)
    refused = await double.slash(dealer, double.channel, "kachuful", "bid", amount=2)
    expected = {
        "pt-BR": "Regra do gancho: como distribuidor você não pode prever 2: as previsões "
                 "somariam 2. Escolha outra previsão.",
        "ko": "훅 규칙: 딜러는 2을(를) 비드할 수 없습니다: 비드 합계가 2이(가) 됩니다. "
              "다른 비드를 고르세요.",
        "hi": "हुक नियम: बाँटने वाले के नाते आप 2 की बोली नहीं लगा सकते: बोलियों का जोड़ 2 हो "
              "जाएगा। कोई और बोली चुनें।",
    }
    assert refused.content == expected[dealer.locale], refused.content
    out_of_range = await double.slash(dealer, double.channel, "kachuful", "bid", amount=9)
    assert "0" in out_of_range.content and "whole number" not in out_of_range.content

    panel = await double.click(dealer, table_message(double), f"t:{tid}:hand")
    greyed = {"pt-BR": "regra do gancho: 2 faria a soma das previsões dar 2",
              "ko": "훅 규칙: 2(으)로 하면 비드 합계가", "hi": "हुक नियम: 2 से बोलियों का जोड़ 2"}
    assert greyed[dealer.locale] in panel.embeds[0]["description"], panel.embeds[0]
    hint = await double.click(dealer, panel, f"p:{tid}:{three.index(dealer)}:hint")
    said = {"pt-BR": "Preveja ", "ko": " 비드하세요", "hi": " लगाएँ"}
    assert hint.ephemeral and said[dealer.locale] in hint.content, hint.content
    assert "you hold" not in hint.content and "Bid " not in hint.content


async def test_the_table_message_speaks_the_tables_language(
    double: Double, bot: CardBot,
) -> None:
    _, order = await _kachuful_of_three(double, bot, language="hi")
    first = order[0]
    await double.slash(first, double.channel, "kachuful", "bid", amount=1)
    await double.settle()
    shown = table_message(double).current.text()
    assert "दौर 1/2 · 2 पत्ते · ट्रंप ♠" in shown, shown
    assert "बाँटने वाला" in shown and "बोली 1" in shown and "बोलियाँ" in shown, shown
    for english in ("Dealer", "bids so far", " · bid ", "trump ♠"):
        assert english not in shown, (english, shown)
