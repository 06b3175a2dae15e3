"""Settings and ``python -m bot`` without a token (PRODUCT "Configuration")."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import run
from bot.config import Settings
from testkit.double import Double

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")}
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
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    settings = Settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("./data/bot.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_dotenv_and_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
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
