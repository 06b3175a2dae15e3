"""Pytest fixtures: `double` (fails the test at teardown if the bot broke a Discord rule or
left an interaction unanswered; built with the keyword arguments of `double_options`, which a
module may override, e.g. ``{"bot_permissions": discord.Permissions.text()}``) and `run_bot`
(starts clients, stops them at teardown).

Use them with `pytest_plugins = ["testkit.double.fixtures"]` in the root conftest, or
`from testkit.double.fixtures import double, double_options, run_bot` in a test module.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from .harness import ClientT, RunBot, RunningBot, start_bot, stop_bot
from .server import Double


@pytest.fixture
def double_options() -> dict[str, Any]:
    """Keyword arguments for `Double(...)` (none: the bot is an administrator)."""
    return {}


@pytest.fixture
async def double(double_options: dict[str, Any]) -> AsyncIterator[Double]:
    async with Double(**double_options) as fake:
        yield fake
        fake.assert_clean()


@pytest.fixture
async def run_bot(double: Double) -> AsyncIterator[RunBot]:
    """`await run_bot(client)`: connect a client to the double and wait for on_ready."""
    running: list[RunningBot] = []

    async def start(client: ClientT) -> ClientT:
        running.append(await start_bot(double, client))
        return client

    yield start
    for item in reversed(running):
        if not item.client.is_closed():
            await stop_bot(item)
