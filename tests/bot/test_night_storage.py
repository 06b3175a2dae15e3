"""Game nights in storage, on a real SQLite file and a real PostgreSQL server: a night's
record and state round trip, one open night per member per server and one per channel
(held by the host and every member who has not left), a finished game linked to its
night and round in the same transaction as the night's new state, the ended nights
for /history, and the nights a restarted process restores."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection

import pytest

from bot.nights import NightSettings, NightState, TableResult
from bot.shards import Shards
from bot.storage import ChannelTaken, InAnotherNight, NightRecord
from bot.storage.results import FinishedGame, PlayerResult
from bot.storage.store import SqlStorage
from bot.storage.tables import SeatRecord, TableRecord
from tests.backends import StorageAt

SIZES: dict[str, Collection[int]] = {"kachuful": range(3, 8), "mighty": (5,)}
HOST, ANA, BO, CY, DI = 10, 11, 12, 13, 14


def night_of(*members: int, guild: int = 1, channel: int = 50, host: int = HOST) -> NightRecord:
    state = NightState()
    for m in members:
        state = state.join(m, f"member {m}")
    return NightRecord(guild_id=guild, channel_id=channel, host_id=host, title="Friday cards",
                       settings=NightSettings(games=("kachuful", "mighty"), rounds=3),
                       state=state, created_at=1000.0, updated_at=1000.0)


@pytest.fixture
async def storage(storage_at: StorageAt) -> AsyncIterator[SqlStorage]:
    opened = await storage_at.open()
    try:
        yield opened
    finally:
        await opened.close()


async def test_a_night_round_trips_and_restores(storage_at: StorageAt) -> None:
    storage = await storage_at.open()
    night = night_of(HOST, ANA, BO)
    await storage.insert_night(night)
    night.state = night.state.seat_next(night.settings, SIZES, {ANA: 20.0}, seed=4)
    night.message_id, night.updated_at = 777, 1001.0
    await storage.save_night(night)
    await storage.close()

    storage = await storage_at.open()  # as after a restart
    try:
        assert await storage.open_nights() == [night]
        assert await storage.night(night.id) == night
        assert await storage.night(night.id + 1) is None
        for member in (HOST, ANA, BO):
            assert await storage.member_night(1, member) == night.id
        assert await storage.member_night(2, ANA) is None
    finally:
        await storage.close()


async def test_one_open_night_per_member_per_server(storage: SqlStorage) -> None:
    first = night_of(ANA, BO)
    await storage.insert_night(first)
    second = night_of(CY, host=DI, channel=51)
    await storage.insert_night(second)
    joining = second.state.join(ANA, "Ana")
    second.state = joining
    with pytest.raises(InAnotherNight) as refused:
        await storage.save_night(second)
    assert (refused.value.user_id, refused.value.night_id) == (ANA, first.id)
    stored = await storage.night(second.id)
    assert stored is not None and ANA not in stored.state.active  # nothing was written
    with pytest.raises(InAnotherNight) as hosting:  # a host holds their night too
        await storage.insert_night(night_of(CY, host=HOST, channel=52))
    assert hosting.value.user_id in (HOST, CY)
    await storage.insert_night(night_of(ANA, guild=2, channel=60))  # another server

    first.state = first.state.leave(ANA)
    await storage.save_night(first)
    await storage.save_night(second)  # Ana left the first night: she may join this one
    assert await storage.member_night(1, ANA) == second.id
    assert await storage.member_night(1, BO) == first.id


async def test_an_ended_night_frees_its_members_and_its_channel(storage: SqlStorage) -> None:
    night = night_of(ANA, BO)
    await storage.insert_night(night)
    with pytest.raises(ChannelTaken):
        await storage.insert_night(night_of(CY, host=DI))  # the same channel
    night.status, night.ended_at, night.final_pending = "ended", 2000.0, True
    await storage.save_night(night)
    assert await storage.member_night(1, ANA) is None
    assert await storage.pending_night_finals() == [night]
    assert await storage.open_nights() == []
    again = night_of(ANA, BO)
    await storage.insert_night(again)
    assert await storage.member_night(1, ANA) == again.id
    night.final_pending = False
    await storage.save_night(night)
    assert await storage.pending_night_finals() == []


async def test_a_finished_game_joins_its_night_and_round_in_one_write(
    storage: SqlStorage,
) -> None:
    night = night_of(ANA, BO, CY)
    await storage.insert_night(night)
    night.state = night.state.seat_next(
        NightSettings(games=("kachuful",)), SIZES, {}, seed=0)
    rec = TableRecord(guild_id=1, channel_id=70, game="kachuful", host_id=ANA, settings={},
                      seats=[SeatRecord(f"member {m}", m) for m in (ANA, BO, CY)],
                      created_at=1000.0, updated_at=1000.0, status="running")
    await storage.insert_table(rec)
    night.state = night.state.opened(1, 0, rec.id)
    await storage.save_night(night)

    rec.status = "finished"
    scores = {ANA: 30, BO: 20, CY: 10}
    night.state = night.state.record(rec.id, TableResult(status="finished", standing=scores))
    result = FinishedGame(
        guild_id=1, game="kachuful", status="finished", hands_played=3, ended_at=1500.0,
        table_id=rec.id, players=[
            PlayerResult(seat=i, user_id=m, name=f"member {m}", score=scores[m], won=m == ANA)
            for i, m in enumerate((ANA, BO, CY))])
    game_id = await storage.close_table(rec, result=result, night=night)
    [game] = await storage.night_games(1, night.id)
    assert (game.game_id, game.night_id, game.night_round) == (game_id, night.id, 1)
    assert await storage.night_games(2, night.id) == []  # another server's night
    stored = await storage.night(night.id)
    assert stored is not None and stored.state == night.state
    games, _ = await storage.history(1, None, None, 0, 10)
    assert [(g.night_id, g.night_round) for g in games] == [(night.id, 1)]


async def test_ended_nights_page_latest_first(storage: SqlStorage) -> None:
    ended = []
    for i, channel in enumerate((80, 81, 82)):
        night = night_of(ANA + i, host=HOST + 100 * i, channel=channel)
        await storage.insert_night(night)
        night.status, night.ended_at = "ended", 3000.0 + i
        await storage.save_night(night)
        ended.append(night)
    await storage.insert_night(night_of(DI, host=DI, channel=83))  # still open
    page, total = await storage.nights(1, 0, 2)
    assert total == 3 and [n.id for n in page] == [ended[2].id, ended[1].id]
    rest, _ = await storage.nights(1, 2, 2)
    assert [n.id for n in rest] == [ended[0].id]
    assert await storage.nights(2, 0, 5) == ([], 0)


async def test_open_nights_of_a_process_are_its_shards_servers(storage: SqlStorage) -> None:
    guilds = [(n << 22) | 5 for n in (10, 11, 12, 13)]  # shards 0, 1, 0, 1 of 2
    for channel, guild in enumerate(guilds, 1):
        await storage.insert_night(night_of(ANA, guild=guild, channel=channel))
    found = {n.guild_id for n in await storage.open_nights(Shards(2, (1,)))}
    assert found == {guilds[1], guilds[3]}
    assert len(await storage.open_nights()) == 4
