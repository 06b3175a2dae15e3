"""M9 at the table: at 20 no-trump the declarer asks the friend (panel or
``/mighty asklead``), the friend answers in secret (``/mighty lead`` or the panel), the
declarer must lead the named suit; nothing public tells who answered."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.games.mighty.panel import decode_button
from bot.games.mighty.table import LEAD_ASKED
from bot.games.words import TURN_MARK
from engine.cards import Suit, parse_card
from engine.game import IllegalAction, Play
from engine.mighty import ASK_LEAD, PASS, Discard, FriendCall, MightyBid, NameLead
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import field, make_bot, table_message
from tests.engine.mighty.util import build_deal
from tests.mighty_bot.harness import MightyDriver, find_id, five_at, fixed_deals
from tests.mighty_bot.test_refusals import Refusals

DEAL = build_deal({0: "A♠ JK A♥ 2♥ 2♣ 3♣", 1: "3♥", 2: "4♥ K♦", 3: "5♥", 4: "6♥"})
"""Seat 0 declares 20 no-trump and calls K♦, held by seat 2 (the friend)."""


async def test_M9_ask_answer_and_lead_without_naming_the_friend(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = await five_at(double, run_bot, tmp_path / "bot.sqlite3", monkeypatch, DEAL)
    bot, users = driver.bot, driver.users
    r = Refusals(bot, double, users)
    game = driver.game
    await driver.perform(0, MightyBid.of(20, None), panel=False)
    for seat in (1, 2, 3, 4):
        await driver.perform(seat, PASS, panel=False)
    await driver.perform(0, Discard(game.kitty), panel=True)
    await r.slash(0, "asklead", "not", "call a friend")
    await driver.perform(0, FriendCall.of(parse_card("K♦")), panel=False)
    await r.slash(0, "lead", "asked you to name", suit="hearts")

    # The declarer asks through the panel; the turn is now secret.
    panel = await driver.panel(users[1])
    assert find_id(panel, "ask") is None
    before = double.public_mark()
    await driver.perform(0, ASK_LEAD, panel=True)
    await double.settle()
    assert game.secret_turn and game.to_act == 2
    table = table_message(double)
    assert TURN_MARK not in table.current.text()  # nobody is marked to act
    assert LEAD_ASKED in field(table, "Trick 1/10")
    for seat in (0, 1, 3):
        shown = await driver.panel(users[seat])
        assert "The friend is naming the suit of the first lead" in shown.embeds[0]["description"]
        assert not any(find_id(shown, f"l{x}") for x in "shdc")
    friend_panel = await driver.panel(users[2])
    assert all(find_id(friend_panel, f"l{x}") for x in "shdc")
    await r.slash(1, "lead", "not your turn", suit="hearts")
    await r.slash(0, "play", "not your turn", card="2♣")
    await r.slash(0, "asklead", "not your turn")
    await r.slash(2, "play", "name the suit", card="K♦")

    # The friend answers with /mighty lead.
    await driver.perform(2, NameLead.of(Suit.CLUBS), panel=False)
    await double.settle()
    assert not game.secret_turn and game.to_act == 0
    during = double.public_payloads(since=before)
    assert during and any("The friend asked for ♣" in t for t in during)
    mentions = [f"<@{u.id}>" for u in users[1:]]
    for text in during:
        counts = {text.count(m) for m in mentions}
        assert len(counts) == 1, text  # the defenders and the friend alike
    assert "The friend asked for ♣ clubs." in field(table_message(double), "Trick 1/10")

    # The declarer must lead a club, and may not ask again.
    await r.slash(0, "play", "asked for ♣: lead a ♣", card="A♥")
    await r.slash(0, "asklead", "already asked")
    await driver.perform(0, Play.of(parse_card("2♣")), panel=True)
    assert game.trick == [parse_card("2♣")]


def test_M9_panel_payloads() -> None:
    assert decode_button("ask") is ASK_LEAD
    assert decode_button("lh") is NameLead.of(Suit.HEARTS)
    with pytest.raises(IllegalAction):
        decode_button("ln")


def _alike(texts: list[str], names: list[str]) -> None:
    """Every text names the four seats besides the declarer equally often."""
    for text in texts:
        assert len({text.count(n) for n in names}) == 1, text


async def test_M9_an_ai_friend_answers_in_secret(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fixed_deals(monkeypatch, [DEAL], first_dealer=0)
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    await run_bot(bot)
    ana = double.add_user("ana")
    await double.slash(ana, double.channel, "mighty", "start", hands=1, turn_timer=60)
    await double.slash(ana, double.channel, "mighty", "addbot", count=4)
    await double.slash(ana, double.channel, "mighty", "deal")
    driver = MightyDriver(bot, double, [ana] * 5, lambda g, s: PASS)
    game = driver.game
    await driver.perform(0, MightyBid.of(20, None), panel=False)
    await double.settle()
    await driver.perform(0, Discard(game.kitty), panel=False)
    await driver.perform(0, FriendCall.of(parse_card("K♦")), panel=False)
    table = driver.table
    names = [s.name for s in table.rec.seats[1:]]
    before = double.public_mark()
    await driver.perform(0, ASK_LEAD, panel=False)
    await double.settle()
    assert game.lead_suit is Suit.HEARTS  # the AI friend's longest suit
    for _ in range(100):  # the table edit may wait out the channel's rate limit
        during = double.public_payloads(since=before)
        if any("The friend asked for ♥" in t for t in during):
            break
        await double.settle(quiet=0.1)
    assert any("The friend asked for ♥" in t for t in during)
    assert any("Turn timer" in t for t in during if LEAD_ASKED in t)  # the secret turn's timer
    _alike(during, names)


async def test_M9_a_friend_who_runs_out_of_time_is_not_told_apart(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The AI answers for a member friend whose timer ran out, and the table says only
    what it says for any answer (no "time ran out", which would tell a member apart)."""
    driver = await five_at(double, run_bot, tmp_path / "bot.sqlite3", monkeypatch, DEAL,
                           turn_timer=2)
    users = driver.users
    game = driver.game
    await driver.perform(0, MightyBid.of(20, None), panel=False)
    for seat in (1, 2, 3, 4):
        await driver.perform(seat, PASS, panel=False)
    await driver.perform(0, Discard(game.kitty), panel=False)
    await driver.perform(0, FriendCall.of(parse_card("K♦")), panel=False)
    before = double.public_mark()
    await driver.perform(0, ASK_LEAD, panel=False)
    deadline = driver.table.rec.deadline
    assert deadline is not None
    await asyncio.sleep(max(0.0, deadline - time.time()) + 0.3)
    await double.settle()
    assert game.lead_suit is not None and not game.secret_turn
    during = double.public_payloads(since=before)
    assert any("The friend asked for" in t for t in during)
    assert not any("Time ran out" in t for t in during)
    _alike(during, [f"<@{u.id}>" for u in users[1:]])
