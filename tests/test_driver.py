"""The shared panel driver (``testkit.driver``): its payload mappings agree with how the
bot reads its panels, and it follows turns from panel to panel, secret ones included."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from bot.client import CardBot
from bot.games.kachuful import KACHUFUL as KACHUFUL_ADAPTER
from bot.games.mighty import MIGHTY as MIGHTY_ADAPTER
from bot.storage.tables import load_table
from engine.cards import CARDS, JOKER, Suit, parse_card
from engine.game import Action, Play
from engine.kachuful.actions import LOOK, Bid
from engine.mighty import ASK_LEAD, DEAL_MISS, PASS, Discard, FriendCall, MightyBid, NameLead
from engine.mighty.actions import BIDS, CONTRACTS, JOKER_DEMANDS, JOKER_LEADS
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from testkit.driver import KACHUFUL, MIGHTY, Control, Driver, GameMoves, Panel
from tests.backends import open_sqlite
from tests.bot.harness import open_table
from tests.mighty_bot.harness import five_at
from tests.mighty_bot.test_lead_request import DEAL


def menus(**values: list[str]) -> Panel:
    """A panel offering menus with these values (and no message behind it)."""
    shown = tuple(Control(f"a:1:1:{name}", 1, 1, name, True, True, tuple(v))
                  for name, v in values.items())
    return Panel(cast(Any, None), 1, 0, shown, None)


def decoded(adapter: Any, moves: GameMoves, action: Action, panel: Panel) -> Any:
    """What the bot makes of the last step of the driver's move for ``action``."""
    plan = moves.plan(action, panel)
    assert plan is not None, action
    assert moves.action(plan) == action
    last = plan[-1]
    if last.values is None:
        return adapter.decode_button(last.payload)
    return adapter.decode_select(last.payload, last.values)


def test_kachuful_moves_are_what_the_bot_reads() -> None:
    actions: list[Action] = [LOOK, *(Bid.of(n, blind) for n in range(14) for blind in (0, 1))]
    actions += [Play.of(c) for c in CARDS[:52]]
    for action in actions:
        assert decoded(KACHUFUL_ADAPTER, KACHUFUL, action, menus()) == action
    assert KACHUFUL.command(Bid.of(3)) is not None and KACHUFUL.command(Bid.of(3, True)) is None


def test_mighty_moves_are_what_the_bot_reads() -> None:
    calls = [FriendCall.of(c) for c in CARDS] + [FriendCall.of("first"), FriendCall.of("none")]
    panel = menus(C=[f"{c.points}{'shdcn'[4 if c.trump is None else int(c.trump)]}"
                     for c in CONTRACTS],
                  F=[f"c{c.index}" for c in CARDS] + ["first", "none"])
    actions: list[Action] = [PASS, DEAL_MISS, ASK_LEAD, *BIDS, *CONTRACTS, *calls]
    actions += [NameLead.of(s) for s in Suit] + [Play.of(c) for c in CARDS]
    actions += [*JOKER_DEMANDS.values(), *JOKER_LEADS.values()]
    actions.append(Discard((JOKER, parse_card("2♠"), parse_card("K♥"))))
    for action in actions:
        assert decoded(MIGHTY_ADAPTER, MIGHTY, action, panel) == action, action
        assert MIGHTY.command(action) is not None
    assert MIGHTY.plan(FriendCall.of("first"), menus()) is None  # not in the menu: a command


def test_the_lead_spades_button_is_what_the_bot_reads() -> None:
    action = NameLead.of(Suit.SPADES)
    assert decoded(MIGHTY_ADAPTER, MIGHTY, action, menus()) == action


async def test_a_kachuful_table_played_out_by_following_panels(
    double: Double, bot: CardBot, users: list[FakeUser], tmp_path: Path,
) -> None:
    three = users[:3]
    await open_table(double, three, start_size=2, schedule="descending")
    driver = Driver(double, three, KACHUFUL, follow="panels", open_by="command", seed=3)
    moves = 0
    while await driver.step():
        moves += 1
    assert moves == (3 + 2 * 3) + (3 + 1 * 3)  # the bids and cards of a hand of 2, then 1
    await double.settle()
    conn = await open_sqlite(tmp_path / "bot.sqlite3")
    try:
        record = await load_table(conn, 1)
    finally:
        await conn.close()
    assert record is not None and record.status == "finished"


async def test_the_friend_answering_in_secret_is_found_by_its_panel(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    harness = await five_at(double, run_bot, tmp_path / "bot.sqlite3", monkeypatch, DEAL)
    users = harness.users
    game = harness.game
    await harness.perform(0, MightyBid.of(20, None), panel=True)
    for seat in (1, 2, 3, 4):
        await harness.perform(seat, PASS, panel=False)
    await harness.perform(0, Discard(game.kitty), panel=True)
    await harness.perform(0, FriendCall.of(parse_card("K♦")), panel=True)
    await harness.perform(0, ASK_LEAD, panel=True)
    assert game.secret_turn and game.to_act == 2

    # No panel and no table message names the friend: the driver asks every panel.
    driver = Driver(double, users, MIGHTY, follow="panels", open_by="command",
                    choose=lambda t: "lh" if t.panel.find("lh") else MIGHTY.pick(t.panel, t.rng))
    answered = await driver.step()
    assert answered is not None and answered.user is users[2]
    assert not game.secret_turn and game.to_act == 0 and game.lead_suit is Suit.HEARTS
    followed = await driver.step()
    assert followed is not None and followed.user is users[0]
