"""Shared pytest set-up: the Discord double's fixtures (``double``, ``run_bot``), and the
bot running against it (``bot``) with four members (``users``); a module needing other
members or bot settings overrides the fixture.

Every test's server gives the bot's role exactly the invite's permissions
(:data:`bot.permissions.INVITE`), and its @everyone role grants nothing the bot needs but
seeing the channel, so that what the bot may do comes from the invite alone."""

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import CardBot
from bot.permissions import INVITE
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from tests.backends import postgres_server, postgres_url, storage_at  # noqa: F401 (fixtures)
from tests.bot.harness import members, started_bot

pytest_plugins = ["testkit.double.fixtures"]

EVERYONE = discord.Permissions(view_channel=True, read_message_history=True,
                               use_application_commands=True)
"""What @everyone may do in the tests' servers: members see the channel and use commands."""


@pytest.fixture
def double_options() -> dict[str, Any]:
    return {"bot_permissions": INVITE, "everyone_permissions": EVERYONE}


@pytest.fixture
async def bot(double: Double, run_bot: RunBot, tmp_path: Path) -> CardBot:
    return await started_bot(double, run_bot, tmp_path / "bot.sqlite3")


@pytest.fixture
def users(double: Double) -> list[FakeUser]:
    return members(double, 4)
