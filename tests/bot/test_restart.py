"""A bot stopped at any moment resumes every table as it was, and old buttons keep
working (PRODUCT "Promises")."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

from bot.client import CardBot
from bot.storage.tables import load_table
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.backends import open_sqlite
from tests.bot.harness import (
    Driver,
    custom_ids,
    members,
    open_table,
    started_bot,
    table_message,
    table_shows,
)


def _game(bot: CardBot, double: Double):  # type: ignore[no-untyped-def]
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    return table.game


async def test_restart_mid_trick_then_finish_with_an_old_button(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    users = members(double, 4)
    await open_table(double, users, start_size=3)
    driver = Driver(double, users)
    game = _game(first, double)
    while not (game.phase == "playing" and len(game.view(None)["trick"]) == 2):
        assert await driver.step()
    to_act = users[game.to_act]
    panel = await driver.panel(to_act)
    button = next(c for c in custom_ids(panel) if c.startswith("a:"))
    state = game.to_json()
    await first.close()

    second = await started_bot(double, run_bot, db)
    assert _game(second, double).to_json() == state
    pressed = await double.click(to_act, panel, button)
    assert pressed.response_type == 7 and pressed.content.startswith("Done"), pressed
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
    conn = await open_sqlite(db)
    try:
        rec = await load_table(conn, 1)
        assert rec is not None and rec.status == "finished"
    finally:
        await conn.close()


async def test_the_heap_alive_at_start_is_kept_out_of_collections(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    """What is alive once the bot is set up (libraries, catalogs, restored tables) is
    frozen out of later garbage collections, and given back when the bot closes."""
    bot = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    assert gc.get_freeze_count() > 10_000
    await bot.close()
    assert gc.get_freeze_count() == 0


async def test_turn_timer_deadline_survives_a_restart(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    users = members(double, 3)
    await open_table(double, users, turn_timer=1)
    assert "<t:" in table_message(double).embeds[0]["description"]
    conn = await open_sqlite(db)
    try:
        rec = await load_table(conn, 1)
        assert rec is not None and rec.deadline is not None
        assert rec.deadline > time.time()
    finally:
        await conn.close()
    await first.close()
    await asyncio.sleep(max(0.0, rec.deadline - time.time()) + 0.1)

    second = await started_bot(double, run_bot, db)
    table = second.registry.in_channel(double.channel.id)
    assert table is not None
    for _ in range(100):
        if table.rec.version >= 1:
            break
        await asyncio.sleep(0.05)
    assert table.rec.version >= 1
    assert await table_shows(double, "Time ran out")


async def test_turn_timer_deadline_stands_when_a_player_opens_their_hand(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    users = members(double, 3)
    await open_table(double, users, turn_timer=30)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    deadline, shown = table.rec.deadline, table_message(double).embeds[0]["description"]
    assert deadline is not None
    await asyncio.sleep(1.05)  # the timestamp shown has a resolution of one second
    await Driver(double, users).panel(users[table.game.to_act])  # looking is not a turn
    await double.settle()
    assert table.rec.deadline == deadline
    assert f"<t:{int(deadline)}:R>" in table_message(double).embeds[0]["description"]
    assert f"<t:{int(deadline)}:R>" in shown
