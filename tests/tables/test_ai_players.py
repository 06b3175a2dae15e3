"""AI players at a table: ``addbot`` levels, their labels, storage across a restart,
decisions off the event loop, paced moves, and games with hard AI players finishing."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

import bot.tables.ai_players as ai_players
from bot.client import CardBot
from bot.storage.db import connect
from bot.storage.tables import SeatRecord
from bot.tables.ai_players import AiPlayers, Snapshot
from bot.tables.table import Table
from engine.ai.decide import decide as real_decide
from engine.game import Action
from engine.kachuful.actions import Bid
from testkit.double import Double, FakeUser
from testkit.double.commands import build_command_data
from testkit.double.harness import RunBot
from testkit.double.results import APPLICATION_COMMAND
from tests.bot.harness import (
    Driver,
    field,
    members,
    open_table,
    started_bot,
    table_id,
    table_message,
)

Calls = list[tuple[str, str]]
_ACTION = Bid.of(1)


@pytest.fixture
async def bot(double: Double, run_bot: RunBot, tmp_path: Path) -> CardBot:
    client = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    client.turns.ai.budget = 0.02
    return client


@pytest.fixture
def users(double: Double) -> list[FakeUser]:
    return members(double, 3)


@pytest.fixture
def decisions(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every AI decision's level and the thread it ran in."""
    calls: Calls = []

    def spy(game: str, level: str, view: Any, legal: Any, seed: Any, budget: Any) -> Action:
        calls.append((level, threading.current_thread().name))
        return real_decide(game, level, view, legal, seed, budget)

    monkeypatch.setattr(ai_players, "decide", spy)
    return calls


def _table(bot: CardBot, double: Double) -> Table:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    return table


def _seats(double: Double) -> str:
    return str(next(f["value"] for f in table_message(double).embeds[0]["fields"]
                    if f["name"].startswith("Seats")))


async def _play_out(double: Double, driver: Driver, bot: CardBot) -> None:
    """Members play their turns until the game is over (AI players play theirs)."""
    for _ in range(1000):
        if "game over" in table_message(double).embeds[0]["title"]:
            return
        if not await driver.step():
            await double.settle(quiet=0.05)
    raise AssertionError("the game did not finish")


async def test_addbot_levels_shown_in_the_lobby(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host = users[0]
    await open_table(double, [host], deal=False)
    easy = await double.slash(host, double.channel, "kachuful", "addbot", level="easy")
    assert easy.ephemeral and easy.content == "Added 1 AI player (easy)."
    hard = await double.slash(host, double.channel, "kachuful", "addbot", count=2, level="hard")
    assert hard.content == "Added 2 AI players (hard)."
    plain = await double.slash(host, double.channel, "kachuful", "addbot")
    assert plain.content == "Added 1 AI player (normal)."
    button = await double.click(host, table_message(double), f"t:{table_id(double)}:addbot")
    assert button.content == "Added 1 AI player (normal)."
    seats = _seats(double)
    for label in ("🤖 Ada (AI, easy)", "🤖 Boole (AI, hard)", "🤖 Curie (AI, hard)",
                  "🤖 Dijkstra (AI, normal)", "🤖 Euler (AI, normal)"):
        assert label in seats
    assert [s.level for s in _table(bot, double).seats if s.ai] == \
        ["easy", "hard", "hard", "normal", "normal"]


async def test_mighty_addbot_takes_a_level(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host = users[0]
    opened = await double.slash(host, double.channel, "mighty", "start")
    assert opened.ephemeral
    added = await double.slash(host, double.channel, "mighty", "addbot", count=4, level="hard")
    assert added.content == "Added 4 AI players (hard)."
    assert _seats(double).count("(AI, hard)") == 4


async def test_bad_level_refused_and_nothing_changes(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host = users[0]
    await open_table(double, [host], deal=False)
    table = _table(bot, double)
    before = (table.rec.version, [s.to_dict() for s in table.seats], _seats(double))
    # Discord offers only the listed choices; a stale or forged request can still differ.
    data = build_command_data(double.commands.find(None, "kachuful"), ("addbot",),
                              {"level": "easy"}, double.channel.guild)
    data["options"][0]["options"][0]["value"] = "expert"
    refused = await double.interact(APPLICATION_COMMAND, host, double.channel, data)
    assert refused.ephemeral and "“expert”" in refused.content
    assert "easy, normal or hard" in refused.content
    assert (table.rec.version, [s.to_dict() for s in table.seats], _seats(double)) == before


async def test_levels_survive_a_restart(
    double: Double, run_bot: RunBot, tmp_path: Path, users: list[FakeUser],
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    host = users[0]
    await open_table(double, [host], deal=False)
    await double.slash(host, double.channel, "kachuful", "addbot", level="hard")
    await double.slash(host, double.channel, "kachuful", "addbot", level="easy")
    await first.close()

    second = await started_bot(double, run_bot, db)
    await double.settle()
    assert [s.level for s in _table(second, double).seats if s.ai] == ["hard", "easy"]
    seats = _seats(double)
    assert "🤖 Ada (AI, hard)" in seats and "🤖 Boole (AI, easy)" in seats


async def test_old_seat_rows_load_as_normal(
    double: Double, run_bot: RunBot, tmp_path: Path, users: list[FakeUser],
) -> None:
    assert SeatRecord.from_dict({"name": "Ada", "user_id": None, "ai": True}).level == "normal"
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    host = users[0]
    await open_table(double, [host], deal=False)
    await double.slash(host, double.channel, "kachuful", "addbot", level="hard")
    await first.close()
    old_seats = [{"name": "ana", "user_id": host.id, "ai": False, "left_user_id": None},
                 {"name": "Ada", "user_id": None, "ai": True, "left_user_id": None}]
    conn = await connect(db)
    try:
        await conn.execute("UPDATE tables SET seats = ?", (json.dumps(old_seats),))
        await conn.commit()
    finally:
        await conn.close()

    second = await started_bot(double, run_bot, db)
    await double.settle()
    assert _table(second, double).seats[1].level == "normal"
    assert "🤖 Ada (AI, normal)" in _seats(double)


async def test_hard_ai_game_finishes_deciding_off_the_event_loop(
    double: Double, bot: CardBot, users: list[FakeUser], decisions: Calls,
) -> None:
    host = users[0]
    await open_table(double, [host], deal=False, start_size=2, schedule="descending")
    await double.slash(host, double.channel, "kachuful", "addbot", count=2, level="hard")
    dealt = await double.slash(host, double.channel, "kachuful", "deal")
    assert dealt.content.startswith("Dealt")
    await double.settle()
    assert "🤖 Ada (AI, hard)" in field(table_message(double), "Scores")
    await _play_out(double, Driver(double, [host]), bot)
    assert decisions and {level for level, _ in decisions} == {"hard"}
    loop_thread = threading.current_thread().name
    assert all(name != loop_thread for _, name in decisions)


async def test_mighty_game_with_hard_ai_players_finishes(
    double: Double, bot: CardBot, users: list[FakeUser], decisions: Calls,
) -> None:
    host = users[0]
    await double.slash(host, double.channel, "mighty", "start", hands=1)
    await double.slash(host, double.channel, "mighty", "addbot", count=4, level="hard")
    dealt = await double.slash(host, double.channel, "mighty", "deal")
    assert dealt.content.startswith("Dealt")
    table = _table(bot, double)
    game = table.game
    assert game is not None
    for _ in range(3000):
        await double.settle()
        if game.is_over:
            break
        if game.to_act == 0:
            await bot.service.act(table, host.id, game.legal_actions(0)[0])
        else:  # an AI player is thinking in its worker thread
            await asyncio.sleep(0.01)
    assert game.is_over and not table.is_open
    assert decisions and {level for level, _ in decisions} == {"hard"}


async def test_leaving_and_the_turn_timer_play_at_normal(
    double: Double, bot: CardBot, users: list[FakeUser], decisions: Calls,
) -> None:
    await open_table(double, users, turn_timer=1, start_size=1, schedule="descending")
    table = _table(bot, double)
    game = table.game
    assert game is not None
    await double.settle()
    for _ in range(200):  # the timer plays for the first member to act
        if decisions:
            break
        await asyncio.sleep(0.1)
    await double.settle()
    assert decisions and decisions[0][0] == "normal"
    leaver = next(u for u in users if table.seat_of(u.id) != game.to_act)
    left = await double.slash(leaver, double.channel, "kachuful", "leave")
    assert "AI player took your seat" in left.content
    seat = next(s for s in table.seats if s.left_user_id == leaver.id)
    assert seat.ai and seat.level == "normal"
    assert "(AI, normal)" in field(table_message(double), "Scores")


async def test_a_stale_decision_is_made_again(
    double: Double, bot: CardBot, users: list[FakeUser], decisions: Calls,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = users[0]
    await open_table(double, [host], deal=False, start_size=1, schedule="descending")
    await double.slash(host, double.channel, "kachuful", "addbot", count=2)
    table = _table(bot, double)
    real = bot.turns.ai.move
    moved: list[Snapshot] = []

    async def move(game_name: str, snap: Snapshot, *, paced: bool) -> Action:
        action = await real(game_name, snap, paced=paced)
        if not moved:
            table.rec.version += 1  # the table moved on while the AI was thinking
        moved.append(snap)
        return action

    monkeypatch.setattr(bot.turns.ai, "move", move)
    await double.slash(host, double.channel, "kachuful", "deal")
    await double.settle()
    assert len(moved) >= 2 and moved[1].seat == moved[0].seat
    assert moved[1].stamp != moved[0].stamp


async def test_paced_moves_pad_the_thinking_time_to_the_delay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ai = AiPlayers(delay=0.4)
    times = iter([10.0, 10.3, 20.0, 21.5])
    ai.clock = lambda: next(times)
    slept: list[float] = []
    budgets: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    def decide(*args: Any) -> Action:
        budgets.append(args[5])
        return _ACTION

    monkeypatch.setattr(ai_players, "decide", decide)
    monkeypatch.setattr(asyncio, "sleep", sleep)
    snap = Snapshot(0, "hard", (0, 0), {}, [_ACTION], "1:0")
    assert await ai.move("kachuful", snap, paced=True) is _ACTION
    assert await ai.move("kachuful", snap, paced=True) is _ACTION
    assert slept == [pytest.approx(0.1), 0.0]
    assert budgets == [0.4, 0.4]  # hard thinks no longer than the delay hides
    assert ai.moving == 0
