"""Forged or malformed custom_ids, slow work and storage failures: every interaction is
answered once, within Discord's 3 seconds, and nothing changes that should not."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import CardBot
from bot.interactions import answers
from bot.tables.service import TableService
from testkit.double import Double, FakeUser
from testkit.double.results import MESSAGE_COMPONENT
from tests.bot.harness import (
    Driver,
    custom_ids,
    open_table,
    table_id,
    table_message,
    whose_turn,
)


async def _press(double: Double, user: FakeUser, custom_id: str):  # type: ignore[no-untyped-def]
    """A click carrying any custom_id, as a modified client could send it."""
    return await double.interact(
        MESSAGE_COMPONENT, user, double.channel,
        {"custom_id": custom_id, "component_type": 2}, message=table_message(double),
    )


async def test_a_custom_id_never_decides_who_acts(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    turn = whose_turn(double)
    assert turn is not None
    actor = next(u for u in users if u.id == turn)
    other = next(u for u in users if u.id != turn)
    panel = await Driver(double, users).panel(actor)
    button = next(c for c in custom_ids(panel) if c.startswith("a:"))
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    before = table.rec.version
    forged = await _press(double, other, button)
    assert forged.ephemeral and "not your turn" in forged.content
    stranger = await _press(double, double.add_user("eve"), button)
    assert stranger.ephemeral and "not playing at this table" in stranger.content
    assert table.rec.version == before


@pytest.mark.parametrize("custom_id", [
    "a:1:0:zz", "a:1:0:p99", "a:1:0:b999", "a:999:0:b1", "t:999:hand", "a:1:x:b1", "other",
])
async def test_malformed_custom_ids_are_refused(
    double: Double, bot: CardBot, users: list[FakeUser], custom_id: str,
) -> None:
    await open_table(double, users)
    version = bot.registry.in_channel(double.channel.id).rec.version  # type: ignore[union-attr]
    double.response_wait = 0.5
    result = await _press(double, users[0], custom_id)
    assert result.ephemeral and result.content, result
    if not custom_id.startswith(("a:1:0", "a:999", "t:999")):
        assert "no longer in use" in result.content
    assert bot.registry.in_channel(double.channel.id).rec.version == version  # type: ignore[union-attr]


async def test_slow_work_is_deferred_then_answered(
    double: Double, bot: CardBot, users: list[FakeUser], monkeypatch: pytest.MonkeyPatch,
) -> None:
    await open_table(double, users[:1], deal=False)
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.05)
    original = TableService.join

    async def slow_join(self: TableService, *args: object) -> str:
        await asyncio.sleep(0.3)
        return await original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TableService, "join", slow_join)
    result = await double.click(users[1], table_message(double), f"t:{table_id(double)}:join")
    assert result.response_type == 5 and result.ephemeral
    message = await result.wait_original()
    assert "joined" in message.content


async def test_storage_failure_changes_nothing(
    double: Double, bot: CardBot, users: list[FakeUser], monkeypatch: pytest.MonkeyPatch,
) -> None:
    await open_table(double, users)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    state, version = table.game.to_json(), table.rec.version

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(bot.storage.writer, "write", broken)  # type: ignore[attr-defined]
    turn = whose_turn(double)
    assert turn is not None
    user = next(u for u in users if u.id == turn)
    result = await double.slash(user, double.channel, "kachuful", "bid", amount=0)
    assert result.ephemeral and "could not save" in result.content
    assert table.game.to_json() == state and table.rec.version == version
    monkeypatch.undo()
    again = await double.slash(user, double.channel, "kachuful", "bid", amount=0)
    assert again.content.startswith("Done")
