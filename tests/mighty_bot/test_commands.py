"""The ``/mighty`` table commands: exactly five seats (M1), the lobby and the shared
commands, autocomplete of legal cards, a member leaving to an AI player, the rules
card, and the other game's commands refused in a Mighty channel."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import CardBot
from engine.cards import parse_card
from engine.game import Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid
from engine.mighty.rules import parse_trump
from testkit.double import Double, FakeUser
from tests.bot.harness import members, table_message
from tests.engine.mighty.util import build_deal
from tests.mighty_bot.harness import MightyDriver, fixed_deals, open_mighty, simple_chooser


@pytest.fixture
def users(double: Double) -> list[FakeUser]:
    return members(double, 5)


async def test_lobby_needs_exactly_five_seats(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    ana = users[0]
    opened = await double.slash(ana, double.channel, "mighty", "start", hands=3, turn_timer=0)
    assert opened.ephemeral and "Mighty table is open" in opened.content
    lobby = table_message(double)
    assert "a match of 3 hands" in lobby.embeds[0]["description"]
    await double.slash(users[1], double.channel, "mighty", "join")
    dealt = await double.slash(ana, double.channel, "mighty", "deal")
    assert dealt.ephemeral and "needs exactly 5 players" in dealt.content
    too_many = await double.slash(ana, double.channel, "mighty", "addbot", count=4)
    assert too_many.ephemeral and "1 to 3" in too_many.content
    added = await double.slash(ana, double.channel, "mighty", "addbot", count=3)
    assert "Added 3" in added.content
    full = await double.slash(users[2], double.channel, "mighty", "join")
    assert "full (5 seats)" in full.content
    other = await double.slash(users[2], double.channel, "kachuful", "join")
    assert "This channel's table is Mighty" in other.content
    again = await double.slash(users[2], double.channel, "mighty", "start")
    assert "already has an open table" in again.content
    rules = await double.slash(users[3], double.channel, "mighty", "rules")
    assert rules.ephemeral and "Mighty" in rules.content and "joker-caller" in rules.content
    ended = await double.slash(ana, double.channel, "mighty", "end")
    assert ended.ephemeral and "ended" in ended.content


async def test_autocomplete_lists_legal_cards_and_friend_calls(
    double: Double, bot: CardBot, users: list[FakeUser], monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal = build_deal({0: "A♠ 3♣ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥", 1: "JK 4♣"})
    fixed_deals(monkeypatch, [deal], first_dealer=0)
    await open_mighty(double, users, hands=1)
    driver = MightyDriver(bot, double, users, simple_chooser(1))
    game = driver.game
    await driver.perform(0, MightyBid.of(13, parse_trump("hearts")), panel=False)
    for seat in range(1, 5):
        await driver.perform(seat, PASS, panel=False)
    await driver.perform(0, Discard(game.kitty), panel=False)
    auto = await double.autocomplete(users[0], double.channel, "mighty", "friend",
                                     focused="call", call="fi")
    assert [c["value"] for c in auto.choices] == ["first"]
    auto = await double.autocomplete(users[0], double.channel, "mighty", "friend",
                                     focused="call", call="jk")
    assert [c["value"] for c in auto.choices] == ["JK"]
    await driver.perform(0, FriendCall.of("none"), panel=False)
    auto = await double.autocomplete(users[0], double.channel, "mighty", "play",
                                     focused="card", card="")
    names = {c["value"] for c in auto.choices}
    legal = {str(a.card) for a in game.legal_actions(0) if isinstance(a, Play)}
    assert names == legal and "6♥" not in names  # no trump lead in trick 1 (M11)
    waiting = await double.autocomplete(users[1], double.channel, "mighty", "play",
                                        focused="card", card="")
    assert waiting.choices == []
    await driver.perform(0, Play.of(parse_card("A♠")), panel=False)
    auto = await double.autocomplete(users[1], double.channel, "mighty", "play",
                                     focused="card", card="")
    assert {c["value"] for c in auto.choices} == {
        str(a.card) for a in game.legal_actions(1) if isinstance(a, Play)}


async def test_leaving_hands_the_seat_to_an_ai_player(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_mighty(double, users, hands=1)
    driver = MightyDriver(bot, double, users, simple_chooser(4))
    game = driver.game
    seat = game.to_act
    assert seat is not None
    left = await double.slash(users[seat], double.channel, "mighty", "leave")
    assert "AI player took your seat" in left.content
    for _ in range(1000):
        if game.to_act != seat:
            break
        await asyncio.sleep(0.01)
    assert game.to_act != seat
    assert driver.table.seats[seat].ai
