"""``python -m bot.records.migrate_db``: an SQLite database with finished and open tables copied
into a real PostgreSQL server, twice; the bot then resumes the open table there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.records.migrate_db import copy
from bot.storage import StartRefused
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.backends import StorageAt
from tests.bot.harness import Driver, members, open_table, started_bot, table_message

ROOT = Path(__file__).resolve().parents[2]


async def _row_counts(at: StorageAt) -> dict[str, int]:
    storage = await at.open()
    try:
        return {t: int((await storage.db.sql.fetch(f"SELECT COUNT(*) FROM {t}"))[0][0])
                for t in ("tables", "actions", "snapshots", "games", "game_players", "ratings",
                          "guild_settings")}
    finally:
        await storage.close()


async def test_copy_twice_then_resume_on_postgres(
    double: Double, run_bot: RunBot, tmp_path: Path, postgres_url: str,
) -> None:
    path = tmp_path / "bot.sqlite3"
    lite, pg = StorageAt("sqlite", path), StorageAt("postgres", path, postgres_url)
    users = members(double, 4)
    first = await started_bot(double, run_bot, lite)
    await first.storage.save_guild_settings(double.guild.id, {"language": "ko"})
    await open_table(double, users, start_size=1, schedule="descending")
    driver = Driver(double, users)
    while await driver.step():
        pass
    await open_table(double, users, start_size=2, schedule="descending")
    for _ in range(5):
        assert await driver.step()
    state = first.registry.tables()[0].game.to_json()  # type: ignore[union-attr]
    with pytest.raises(StartRefused, match="another process already runs the bot"):
        await copy(path, postgres_url)  # not while a bot runs on the file
    await first.close()

    counts = await copy(path, postgres_url)
    assert counts["tables"] == 2 and counts["games"] == 1 and counts["ratings"] == 4
    assert await _row_counts(pg) == await _row_counts(lite)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    again = subprocess.run(
        [sys.executable, "-m", "bot.records.migrate_db", "--from", str(path), "--to", postgres_url],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("copied ")
    assert await _row_counts(pg) == await _row_counts(lite)  # the second copy adds nothing

    second = await started_bot(double, run_bot, pg)
    [table] = second.registry.tables()
    assert table.id == 2 and table.game is not None and table.game.to_json() == state
    assert await second.storage.guild_settings(double.guild.id) == {"language": "ko"}
    while await driver.step():
        pass
    assert "게임 종료" in table_message(double).embeds[0]["title"]  # "game over": the copied
    # server language (Korean) speaks at the resumed table
    board = await second.storage.leaderboard(double.guild.id, "kachuful")
    assert board.games_recorded == 2
    await open_table(double, users, deal=False)
    opened = second.registry.in_channel(double.channel.id)
    assert opened is not None and opened.id == 3  # new ids follow the copied ones
