"""Shared pytest set-up: the Discord double's fixtures (``double``, ``run_bot``), and the
bot running against it (``bot``) with four members (``users``); a module needing other
members or bot settings overrides the fixture."""

from pathlib import Path

import pytest

from bot.client import CardBot
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from tests.backends import postgres_server, postgres_url, storage_at  # noqa: F401 (fixtures)
from tests.bot.harness import members, started_bot

pytest_plugins = ["testkit.double.fixtures"]


@pytest.fixture
async def bot(double: Double, run_bot: RunBot, tmp_path: Path) -> CardBot:
    return await started_bot(double, run_bot, tmp_path / "bot.sqlite3")


@pytest.fixture
def users(double: Double) -> list[FakeUser]:
    return members(double, 4)
