"""The table message: coalesced edits, 429s waited out, re-posts before the one-hour
edit cap (error 30046), always ending on the latest state."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.client import CardBot
from bot.games.kachuful import KACHUFUL
from bot.render import table_message as table_render
from bot.render.table_message import Payload
from bot.storage.tables import TableRecord
from bot.tables.coalesced import REPOST_AGE
from bot.tables.publisher import Publisher
from bot.tables.table import Table
from testkit.double import Double, FakeUser
from tests.bot.harness import Driver, field, open_table, table_message

EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


def _bids_shown(bot: CardBot, double: Double) -> str:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    expected = next(f for f in table_render.render(table).embeds[0].fields
                    if f.name == "Scores")
    return str(expected.value)


async def test_rate_limited_edits_are_waited_out(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    double.rate_limits.inject(EDIT_ROUTE, retry_after=0.05, times=3)
    driver = Driver(double, users)
    for _ in range(6):
        assert await driver.step()
    await double.settle()
    assert double.rate_limits.hits[EDIT_ROUTE] >= 1
    assert field(table_message(double), "Scores") == _bids_shown(bot, double)


async def test_old_table_message_is_reposted_and_points_to_the_new_one(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    old = await open_table(double, users)
    bot.registry.clock = double.clock.now
    double.clock.advance(REPOST_AGE + 60)
    assert await Driver(double, users).step()
    await double.settle(quiet=0.1)
    new = table_message(double)
    assert new.id != old.id
    assert old.content.startswith("This table moved") and str(new.id) in old.content
    assert old.embeds == [] and old.components == []
    assert field(new, "Scores") == _bids_shown(bot, double)


async def test_edit_cap_error_leads_to_a_new_message(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    old = await open_table(double, users)
    double.old_message_edit_cap = 0
    double.clock.advance(2 * 3600)  # the bot's own clock still thinks the message is young
    assert await Driver(double, users).step()
    await double.settle(quiet=0.2)
    codes = [v.code for v in double.take_violations()]
    assert 30046 in codes
    new = table_message(double)
    assert new.id != old.id
    assert field(new, "Scores") == _bids_shown(bot, double)


class _Channel:
    def __init__(self) -> None:
        self.edits: list[int] = []
        self.gate = asyncio.Event()

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class _Message:
            async def edit(self, **kwargs: Any) -> None:
                await channel.gate.wait()
                channel.edits.append(kwargs["embeds"][0].description)

        return _Message()


class _Client:
    def __init__(self, channel: _Channel) -> None:
        self.channel = channel

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> _Channel:
        return self.channel

    def get_channel(self, channel_id: int) -> None:
        return None  # not in the gateway's cache: the publisher tries and learns


class _Storage:
    async def save_message(self, rec: TableRecord) -> None:
        raise AssertionError("no re-post expected")


async def test_bursts_collapse_to_the_latest_state(monkeypatch: pytest.MonkeyPatch) -> None:
    channel = _Channel()
    state = {"n": 0}

    def render(table: Table) -> Payload:
        return Payload([discord.Embed(description=str(state["n"]))], None)

    monkeypatch.setattr(table_render, "render", render)
    rec = TableRecord(guild_id=2, channel_id=1, game="kachuful", host_id=3, settings={},
                      seats=[], created_at=0.0, updated_at=0.0, message_id=99)
    table = Table(rec, KACHUFUL, None)
    publisher = Publisher(_Client(channel), table, _Storage())  # type: ignore[arg-type]
    for n in range(1, 11):
        state["n"] = n
        publisher.schedule()
        await asyncio.sleep(0)
    channel.gate.set()
    await publisher.flush()
    assert channel.edits[-1] == "10"
    assert len(channel.edits) <= 2


async def test_deleted_table_message_is_posted_again(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    old = await open_table(double, users)
    await double.delete_message(old)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None and table.game.to_act is not None
    bid = await double.slash(users[table.game.to_act], double.channel, "kachuful", "bid",
                             amount=0)
    assert bid.content.startswith("Done")
    await double.settle(quiet=0.1)
    new = table_message(double)
    assert new.id != old.id and not new.deleted
    assert field(new, "Scores") == _bids_shown(bot, double)
    double.take_violations()  # the edit of the deleted message was refused (404)
