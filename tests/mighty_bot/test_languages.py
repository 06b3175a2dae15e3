"""Mighty in the member's language (docs/languages.md): the panel at every step (the
auction, the discard, the friend call, a joker lead with its demand), the refusals and
the rules card come out in pt-BR, ko and hi for a member whose client speaks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards import Suit, parse_card
from engine.game import Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from tests.engine.mighty.util import build_deal
from tests.mighty_bot.harness import MightyDriver, five_at

DEAL = build_deal({0: "A♠ JK A♥ 2♥ 2♣ 3♣"})
"""Seat 0 declares 13 ♦, leads the Mighty to trick 1 and so leads trick 2 holding the
joker and the joker-caller."""

LANGUAGES = ("pt-BR", "ko", "hi")
WORDS: dict[str, dict[str, str]] = {
    "auction": {"pt-BR": "Passar", "ko": "패스", "hi": "पास"},
    "points": {"pt-BR": "Pontos…", "ko": "점수…", "hi": "अंक…"},
    "title": {"pt-BR": "Sua mão — mão 1/1", "ko": "내 패 — 1/1게임", "hi": "आपके पत्ते — दौर 1/1"},
    "discard": {"pt-BR": "Descartar três cartas", "ko": "세 장 버리기", "hi": "तीन पत्ते फेंकें"},
    "declarer": {"pt-BR": "Você é o declarante.", "ko": "당신이 주공입니다.",
                 "hi": "आप डिक्लेयरर हैं।"},
    "friend": {"pt-BR": "Chamar seu amigo…", "ko": "프렌드 부르기…", "hi": "अपना साथी बुलाएँ…"},
    "first": {"pt-BR": "Quem ganhar a primeira vaza", "ko": "초구 프렌드",
              "hi": "पहला हाथ जीतने वाला"},
    "joker": {"pt-BR": "Sair com o joker pedindo…", "ko": "조커 리드", "hi": "जोकर चलें, माँगें…"},
    "demand": {"pt-BR": "3♣ e exigir o joker", "ko": "3♣ 조커콜", "hi": "3♣ चलें और जोकर माँगें"},
    "suit": {"pt-BR": "♠ espadas", "ko": "♠ 스페이드", "hi": "♠ हुकुम"},
    "turn": {"pt-BR": "Não é a sua vez", "ko": "당신 차례가 아닙니다", "hi": "आपकी बारी नहीं"},
    "low": {"pt-BR": "O lance precisa superar 13 ♦: licite 14 ou mais, ou 13 sem trunfo",
            "ko": "공약은 13 ♦보다 높아야 합니다", "hi": "बोली 13 ♦ से ऊपर होनी चाहिए"},
    "contract": {"pt-BR": "Trocar ♦ ouros por ♥ copas exige 15 ou mais",
                 "ko": "♦ 다이아몬드에서 ♥ 하트(으)로 바꾸려면 15 이상",
                 "hi": "♦ ईंट से ♥ पान में बदलने के लिए 15 या ज़्यादा चाहिए"},
    "rules": {"pt-BR": "**Leilão** (M4, M5)", "ko": "**공약** (M4, M5)", "hi": "**बोली** (M4, M5)"},
    "score": {"pt-BR": "**Pontuação** (M15, M16)", "ko": "야당", "hi": "**हिसाब** (M15, M16)"},
}


def _shown(message: object) -> str:
    """Everything a panel shows: its embeds and components, as text."""
    return json.dumps([message.embeds, message.components],
                      ensure_ascii=False)


async def _panel_in_each_language(
    driver: MightyDriver, member: FakeUser, *keys: str,
) -> None:
    for code in LANGUAGES:
        member.locale = code
        shown = _shown(await driver.panel(member))
        for key in keys:
            assert WORDS[key][code] in shown, (code, key, shown)
    member.locale = "en-US"


async def _slash_in_each_language(
    double: Double, member: FakeUser, key: str, sub: str, **options: object,
) -> None:
    for code in LANGUAGES:
        member.locale = code
        result = await double.slash(member, double.channel, "mighty", sub, **options)
        assert result.ephemeral and WORDS[key][code] in result.content, (code, result.content)
    member.locale = "en-US"


async def test_mighty_panels_refusals_and_rules_in_the_member_s_language(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = await five_at(double, run_bot, tmp_path / "bot.sqlite3", monkeypatch, DEAL)
    users = driver.users
    game = driver.game
    declarer = users[0]

    await _panel_in_each_language(driver, declarer, "auction", "points", "title")
    await _slash_in_each_language(double, users[1], "turn", "pass")
    await driver.perform(0, MightyBid.of(13, Suit.DIAMONDS), panel=False)
    await _slash_in_each_language(double, users[1], "low", "bid", points=13, trump="hearts")
    for seat in (1, 2, 3, 4):
        await driver.perform(seat, PASS, panel=False)

    await _panel_in_each_language(driver, declarer, "discard", "declarer")
    await driver.perform(0, Discard(game.kitty), panel=False)
    await _panel_in_each_language(driver, declarer, "friend", "first")
    await _slash_in_each_language(double, declarer, "contract", "contract", points=14,
                                  trump="hearts")
    await driver.perform(0, FriendCall.of("first"), panel=False)

    await driver.perform(0, Play.of(parse_card("A♠")), panel=False)
    for seat in (1, 2, 3, 4):
        await driver.perform(seat, game.legal_actions(seat)[0], panel=False)
    assert game.to_act == 0 and game.trick_no == 2
    await _panel_in_each_language(driver, declarer, "joker", "demand", "suit")

    for code in LANGUAGES:
        declarer.locale = code
        rules = await double.slash(declarer, double.channel, "mighty", "rules")
        assert WORDS["rules"][code] in rules.content and WORDS["score"][code] in rules.content
        assert len(rules.content) <= 2000, (code, len(rules.content))
