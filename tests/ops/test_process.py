"""``python -m bot`` as a service: with ``METRICS_PORT`` and ``LOG_FORMAT=json`` it
serves ``/healthz`` and ``/metrics`` (the container's probe says healthy), writes only
JSON lines without the token, and stops cleanly on SIGTERM; a port in use stops it at
once with exit status 2 and one sentence."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

from testkit.double import Double
from testkit.process import ROOT, BotProcess, bot_command
from tests.ops.helpers import as_counted, free_port, get, rest_counts

UNSET = {"DATABASE_URL": "", "SHARD_COUNT": "", "SHARD_IDS": "", "DEV_GUILD_ID": "",
         "METRICS_HOST": ""}
"""Settings a developer's environment may hold, cleared (blank is unset)."""


async def test_the_entry_point_serves_health_and_metrics(double: Double, tmp_path: Path) -> None:
    port = free_port()
    env = {**UNSET, "DISCORD_TOKEN": double.token, "DATABASE_PATH": str(tmp_path / "bot.db"),
           "METRICS_PORT": str(port), "METRICS_HOST": "127.0.0.1", "LOG_FORMAT": "json",
           "LOG_LEVEL": "INFO"}
    bot = BotProcess(bot_command(double), env=env, log=tmp_path / "bot.log")
    await bot.start()
    try:
        assert await get(port, "/healthz") == (200, "ok\n")
        probe = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "bot.ops.probe"], cwd=tmp_path,
            env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, capture_output=True,
            text=True, timeout=60)
        assert probe.returncode == 0, probe.stderr
        await double.settle()
        status, text = await get(port, "/metrics")
        assert status == 200
        assert rest_counts(text) == as_counted(double.calls)
    finally:
        await bot.stop()
    assert await bot.wait() == 0
    lines = bot.output().splitlines()
    entries = [json.loads(line) for line in lines]
    assert any(e["message"].startswith("serving /metrics and /healthz on 127.0.0.1:")
               for e in entries)
    assert any(e["message"].startswith("ready as") for e in entries)
    assert double.token not in bot.output()


def test_a_metrics_port_in_use_stops_the_bot_with_one_sentence(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, **UNSET, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x",
               "METRICS_HOST": "127.0.0.1", "METRICS_PORT": str(port)}
        proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert lines == [line for line in lines if "METRICS_PORT" in line] and len(lines) == 1
    assert f"127.0.0.1:{port}" in lines[0] and "Traceback" not in proc.stderr
