"""Whole games with members whose clients speak pt-BR, Korean and Hindi at a pt-BR table,
played through their panels (docs/languages.md): no member is shown an English text
privately (panels, menus, rules, refusals, hints, history, replays, the leaderboard) and
the table message never shows one, in any of its versions."""

from __future__ import annotations

import pytest

from bot.client import CardBot
from testkit.double import Double, FakeUser, StoredMessage
from testkit.driver import KACHUFUL, Driver, whose_turn
from tests.bot.harness import custom_ids, labels, members, table_id, table_message
from tests.i18n.english import english_of
from tests.mighty_bot.harness import MightyDriver, simple_chooser

LOCALES = ("pt-BR", "ko", "hi", "pt-BR")


def private_to(double: Double, user: FakeUser) -> list[StoredMessage]:
    return [m for m in double.all_messages() if m.ephemeral_to is user]


def public(double: Double) -> list[StoredMessage]:
    return [m for m in double.all_messages() if m.public]


def assert_no_english(double: Double, users: list[FakeUser]) -> None:
    found = {(u.locale, english, text) for u in users
             for english, text in english_of(private_to(double, u))}
    found |= {("table", english, text) for english, text in english_of(public(double))}
    assert not found, "\n\n".join(f"[{who}] {english}:\n{text}"
                                    for who, english, text in sorted(found))


async def _wrong_moves(double: Double, users: list[FakeUser]) -> None:
    """A few refusals: out of turn, a card not held, not a card, a bid out of range."""
    waiting = [u for u in users if u.id != _turn(double)]
    for user in waiting[:2]:
        await double.slash(user, double.channel, "kachuful", "bid", amount=0)
        await double.slash(user, double.channel, "kachuful", "play", card="2♣")
    turn = next(u for u in users if u.id == _turn(double))
    await double.slash(turn, double.channel, "kachuful", "play", card="zz")
    await double.slash(turn, double.channel, "kachuful", "bid", amount=9)
    await double.slash(turn, double.channel, "kachuful", "start")
    await double.slash(turn, double.channel, "kachuful", "deal")


def _turn(double: Double) -> int | None:
    return whose_turn(double)


async def test_a_whole_kachuful_game_speaks_every_members_language(
    double: Double, bot: CardBot,
) -> None:
    users = members(double, 4)
    for user, code in zip(users, LOCALES, strict=True):
        user.locale = code
    host = users[0]
    await double.slash(host, double.channel, "kachuful", "start", images=False,
                       language="pt-BR", start_size=3, schedule="descending", turn_ping=True)
    tid = table_id(double)
    for user in users[1:]:
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.click(users[2], table_message(double), f"t:{tid}:deal")  # not the host
    await double.slash(host, double.channel, "kachuful", "deal")
    for user in users:
        await double.slash(user, double.channel, "kachuful", "rules")
    await _wrong_moves(double, users)

    driver = Driver(double, users, KACHUFUL, seed=3, slash_every=3)
    hinted = 0
    while True:
        member = driver.whose_turn()
        if member is not None and hinted < 8 and await _hint(
                double, member, await driver.panel(member)):
            hinted += 1
        if await driver.step() is None:
            break
    await double.settle()
    assert hinted
    for user in users:
        await double.slash(user, double.channel, "history")
        await double.slash(user, double.channel, "replay", game=tid)
        await double.slash(user, double.channel, "leaderboard")
    assert_no_english(double, users)


async def _hint(double: Double, member: FakeUser, panel: StoredMessage) -> bool:
    hint_id = next((i for i in labels(panel) if i.endswith(":hint")), None)
    if hint_id is None:
        return False
    await double.click(member, panel, hint_id)
    return True


@pytest.mark.parametrize("language", ["pt-BR", "ko", "hi"])
async def test_a_whole_mighty_game_speaks_every_members_language(
    double: Double, bot: CardBot, language: str,
) -> None:
    """A one-hand match at a table of each language (a revealed friend: the Mighty is
    called); the double holds every payload to Discord's limits."""
    users = members(double, 5)
    for user, code in zip(users, (*LOCALES, "ko"), strict=True):
        user.locale = code
    host = users[0]
    await double.slash(host, double.channel, "mighty", "start", images=False,
                       language=language, hands=1, turn_ping=True)
    tid = table_id(double)
    for user in users[1:]:
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.slash(users[1], double.channel, "mighty", "deal")  # not the host
    await double.slash(host, double.channel, "mighty", "deal")
    for user in users:
        await double.slash(user, double.channel, "mighty", "rules")
    driver = MightyDriver(bot, double, users, simple_chooser(5))
    driver.confirm = None
    game = driver.game
    to_act = users[game.to_act or 0]
    waiting = next(u for u in users if u is not to_act)
    await double.slash(waiting, double.channel, "mighty", "pass")
    await double.slash(to_act, double.channel, "mighty", "bid", points=20, trump="notrump")
    await double.slash(to_act, double.channel, "mighty", "discard", cards="zz")
    await double.slash(to_act, double.channel, "mighty", "play", card="zz")
    hinted = 0
    while driver.game.to_act is not None:
        member = users[driver.game.to_act]
        if hinted < 6 and await _hint(double, member, await driver.panel(member)):
            hinted += 1
        await driver.step()
    await double.settle()
    assert hinted and driver.game.is_over
    assert any(r.friend is not None for r in driver.game.records), "no friend revealed"
    for user in users[:3]:
        await double.slash(user, double.channel, "history")
        await double.slash(user, double.channel, "replay", game=tid)
        await double.slash(user, double.channel, "leaderboard", game="mighty")
    if language == "pt-BR":
        assert_no_english(double, users)


@pytest.mark.parametrize("language", ["ko", "hi"])
async def test_seven_players_stay_within_discords_limits(
    double: Double, bot: CardBot, language: str,
) -> None:
    """The largest Kachuful table (7 players) at a Korean and a Hindi table: the full
    lobby, every hand, the recaps and the final standings (the double refuses any payload
    over Discord's limits). The members whose clients speak French or Japanese get
    English: their panel and a refusal."""
    users = members(double, 7)
    for user, code in zip(users, ("ko", "hi", "pt-BR", "fr", "ja", "ko", "hi"), strict=True):
        user.locale = code
    host = users[0]
    await double.slash(host, double.channel, "kachuful", "start", images=False,
                       language=language, start_size=2, schedule="descending")
    tid = table_id(double)
    for user in users[1:]:
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.settle()
    assert len(bot.registry.get(tid).rec.seats) == 7
    await double.slash(host, double.channel, "kachuful", "deal")
    french, japanese = users[3], users[4]
    waiting = next(u for u in (french, japanese) if u.id != _turn(double))
    refused = await double.slash(waiting, double.channel, "kachuful", "bid", amount=0)
    assert refused.content == "It is not your turn: the table message shows whose turn it is."
    panel = await double.click(waiting, table_message(double), f"t:{tid}:hand")
    assert panel.embeds[0]["title"] == "Your hand — hand 1/2", panel.embeds[0]
    driver = Driver(double, users, KACHUFUL, seed=2, slash_every=3)
    while await driver.step():
        pass
    await double.settle()
    final = table_message(double)  # the final standings, with their Play again button
    assert final.embeds and any(c.endswith(":again") for c in custom_ids(final))
    english_clients = (french, japanese)
    others = [u for u in users if u not in english_clients]
    found = english_of(public(double))
    assert not found, found
    found = [(u.locale, e, t) for u in others for e, t in english_of(private_to(double, u))]
    assert not found, found
