"""Bots in processes of their own, against a Discord double in this process.

``python -m testkit.process --api URL --gateway URL`` runs the production entry point
(``python -m bot``: settings from the environment, exit statuses, signals) with
discord.py pointed at the double. :class:`BotProcess` starts such a process (or any
other command), waits until it is ready, and stops, kills or reaps it, with its CPU time
and peak memory.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import discord
import yarl

from bot.app import main as bot_main

from .double import Double

ROOT = Path(__file__).resolve().parents[1]
READY_TIMEOUT = 60.0


def point_at(api: str, gateway: str) -> None:
    """Send discord.py's REST calls and gateway connections to a double."""
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def bot_command(double: Double) -> list[str]:
    """The command running ``python -m bot`` against ``double``."""
    return [sys.executable, "-m", "testkit.process", "--api", double.api_url,
            "--gateway", double.gateway_url]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _status_mb(pid: int, field: str) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    return _status_mb(pid, "VmHWM")


def rss_mb(pid: int) -> float:
    """The process's resident memory now (VmRSS), in MB."""
    return _status_mb(pid, "VmRSS")


class BotProcess:
    """A child process running ``command`` with ``env`` added to this one's; its output
    goes to ``log``. :meth:`start` waits until ``ready()`` holds (or the log shows
    ``ready_text``)."""

    def __init__(
        self, command: Sequence[str], *, env: dict[str, str] | None = None,
        log: Path, ready: Callable[[], bool] | None = None, ready_text: str = "ready as",
    ) -> None:
        self.command = list(command)
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
        self.log = log
        self.ready = ready
        self.ready_text = ready_text
        self.proc: subprocess.Popen[bytes] | None = None

    def launch(self) -> subprocess.Popen[bytes]:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=out,
                                         stderr=subprocess.STDOUT)
        return self.proc

    async def start(self, timeout: float = READY_TIMEOUT) -> BotProcess:
        """Launch and wait until ready; RuntimeError (with the log's end) if it exits."""
        proc = self.launch()
        deadline = time.monotonic() + timeout
        while not self._ready():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the bot did not start: {self.output()[-2000:]}")
            await asyncio.sleep(0.05)
        return self

    def _ready(self) -> bool:
        if self.ready is not None:
            return self.ready()
        return self.ready_text in self.output()

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def wait(self, timeout: float = 30.0) -> int:
        """The exit status, once the process has ended."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                raise TimeoutError("the bot process did not end")
            await asyncio.sleep(0.05)
        return self.proc.returncode

    async def stop(self) -> None:
        """SIGTERM (a clean stop), SIGKILL if that takes more than 5 s."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            await self.wait(5.0)
        except TimeoutError:
            self.kill()

    def kill(self) -> None:
        """SIGKILL: the process dies at once, as on a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    @property
    def cpu(self) -> float:
        assert self.proc is not None
        return cpu_seconds(self.proc.pid)

    @property
    def peak_mb(self) -> float:
        assert self.proc is not None
        return peak_rss_mb(self.proc.pid)

    @property
    def rss_mb(self) -> float:
        assert self.proc is not None
        return rss_mb(self.proc.pid)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="python -m bot against a Discord double")
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    args = parser.parse_args(argv)
    point_at(args.api, args.gateway)
    return bot_main()


if __name__ == "__main__":
    sys.exit(main())
