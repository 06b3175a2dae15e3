"""The turn ping waits ``PING_DELAY`` seconds into a turn: a member who acts sooner is
never pinged, one who does not is pinged once, and that ping goes as soon as they act."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.client import CardBot
from testkit.double import Double, FakeUser, StoredMessage
from testkit.double.harness import RunBot
from tests.bot.harness import Driver, make_bot, members, open_table, whose_turn

DELAY = 0.4


def _pings(double: Double) -> list[StoredMessage]:
    return [m for m in double.messages() if "your turn" in m.content]


async def test_a_quick_member_is_not_pinged_and_a_slow_one_is(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot: CardBot = await run_bot(make_bot(double, tmp_path / "bot.sqlite3", ping_delay=DELAY))
    four: list[FakeUser] = members(double, 4)
    await open_table(double, four)
    driver = Driver(double, four)
    for _ in range(3):  # three members acting at once, each well within the delay
        assert await driver.step()
    await double.settle(quiet=0.05)
    assert _pings(double) == []

    await asyncio.sleep(DELAY + 0.3)  # the fourth takes their time
    await double.settle(quiet=0.05)
    pings = _pings(double)
    turn = whose_turn(double)
    assert len(pings) == 1 and turn is not None and f"<@{turn}>" in pings[0].content
    assert not pings[0].deleted

    assert await driver.step()
    await double.settle(quiet=0.05)
    assert pings[0].deleted  # gone once they acted, at once
    assert [m for m in double.all_messages() if "your turn" in m.content] == pings
    assert bot.settings.ping_delay == DELAY
