"""Settings and ``python -m bot`` without a token (PRODUCT "Configuration")."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import NoVoiceWarning, run
from bot.config import Settings
from bot.storage import SqliteStorage
from testkit.double import Double

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL",
            "SHARD_COUNT", "SHARD_IDS", "EXTRA_GAMES")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in SETTINGS}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_missing_token_exits_2_with_one_sentence(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]


def test_bad_log_level_exits_2_without_traceback(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path,
                          env=_env(DISCORD_TOKEN="x", LOG_LEVEL="loud"),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "LOG_LEVEL" in proc.stderr


def test_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for key in SETTINGS:
        monkeypatch.delenv(key, raising=False)
    settings = Settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("./data/bot.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.extra_games == ()


def test_extra_games_are_a_comma_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EXTRA_GAMES", " whist, ,other ")
    assert Settings().extra_games == ("whist", "other")


def test_dotenv_and_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for key in SETTINGS:
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc\nDATABASE_PATH=db/x.sqlite3\nDEV_GUILD_ID=\nLOG_LEVEL=debug\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    settings = Settings()
    assert settings.discord_token == "abc"
    assert settings.database_path == Path("db/x.sqlite3")
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"


async def test_sigterm_closes_the_bot_cleanly(double: Double, tmp_path: Path) -> None:
    settings = Settings(_env_file=None, discord_token=double.token,  # type: ignore[call-arg]
                        database_path=tmp_path / "bot.sqlite3")
    running = asyncio.create_task(run(settings))
    for _ in range(500):
        if double.gateway.identifies and double.commands.global_commands:
            break
        await asyncio.sleep(0.02)
    assert double.gateway.identifies == 1
    os.kill(os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(running, 15)
    assert (tmp_path / "bot.sqlite3").exists()


def _refusal(tmp_path: Path, **env: str) -> str:
    """``python -m bot`` stops at once with exit status 2 and one line: that line."""
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path,
                          env=_env(DISCORD_TOKEN="x", **env),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def test_shard_settings() -> None:
    def shards(**values: object) -> tuple[int, tuple[int, ...]]:
        got = Settings(_env_file=None, **values).shards  # type: ignore[arg-type]
        return got.count, got.ids

    assert shards() == (1, (0,))
    assert shards(shard_count="2") == (2, (0, 1))  # SQLite: one process, every shard
    url = "postgresql://bot@127.0.0.1/cards"
    assert shards(shard_count="4", shard_ids="3, 1", database_url=url) == (4, (3, 1))
    assert shards(shard_count="", shard_ids=None, database_url=" ") == (1, (0,))


def test_unusable_shard_settings_stop_with_one_sentence(tmp_path: Path) -> None:
    url = "postgresql://bot@127.0.0.1:1/cards"
    assert "SHARD_IDS must be between 0 and 1" in _refusal(
        tmp_path, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="2")
    assert "SHARD_IDS must be shard numbers" in _refusal(
        tmp_path, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="zero")
    assert "SHARD_IDS needs SHARD_COUNT" in _refusal(tmp_path, DATABASE_URL=url, SHARD_IDS="0")
    assert "DATABASE_URL must be a postgresql" in _refusal(tmp_path, DATABASE_URL="mysql://x")
    assert "one SQLite file serves one process running every shard" in _refusal(
        tmp_path, SHARD_COUNT="2", SHARD_IDS="1")


async def test_a_second_process_on_one_sqlite_file_stops(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    running = await SqliteStorage.open(path, exclusive=True)  # as a running bot holds it
    try:
        line = await asyncio.to_thread(_refusal, tmp_path, DATABASE_PATH=str(path))
    finally:
        await running.close()
    assert line.startswith(f"another process already runs the bot on {path}")
    assert "PostgreSQL (DATABASE_URL)" in line

def test_voice_warnings_stay_out_of_the_log() -> None:
    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("discord.client", logging.WARNING, __file__, 1, message, None,
                                 None)

    quiet = NoVoiceWarning()
    assert not quiet.filter(record("PyNaCl is not installed, voice will NOT be supported"))
    assert not quiet.filter(record("davey is not installed, voice will NOT be supported"))
    assert quiet.filter(record("Shard ID None has connected to Gateway"))


def test_an_unreachable_database_stops_with_status_1(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path,
                          env=_env(DISCORD_TOKEN="x", DATABASE_URL="postgresql://bot@127.0.0.1:1/x"),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "could not open the database at DATABASE_URL" in proc.stderr
    assert "Traceback" not in proc.stderr
