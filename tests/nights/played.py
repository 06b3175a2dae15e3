"""Nights with games played, for the tests of a night's end: a state built from given
results (the chart's references), and rounds seated by the night's own seating and
played as real engine games, each recorded with its final state and linked to the
night in one write, as a night's table is (so ``/history`` lists them and ``/replay``
replays them)."""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Mapping, Sequence

from bot.games.registry import game_named
from bot.nights import NightMember, NightRound, NightState, NightTable, TableResult
from bot.storage import NightRecord, Storage
from bot.storage.results import FinishedGame, PlayerResult
from bot.storage.tables import SeatRecord, Snapshot, TableRecord

KACHUFUL = "kachuful"
SIZES: dict[str, Collection[int]] = {KACHUFUL: range(3, 8)}
QUICK = {"start_size": 1, "schedule": "descending"}
"""A one-hand Kachuful."""


def played_state(
    names: Sequence[str], rounds: Sequence[Sequence[Mapping[int, int]]],
    waiting: Sequence[Sequence[int]] = (),
) -> NightState:
    """A night of members 1, 2, … named ``names``, whose rounds had tables with these
    standings (each member's total in the game), and the members waiting each round."""
    members = tuple(NightMember(user_id=i, name=n) for i, n in enumerate(names, 1))
    played = tuple(
        NightRound(number=r, waiting=tuple(waiting[r - 1]) if r <= len(waiting) else (),
                   tables=tuple(NightTable(game=KACHUFUL, members=tuple(t), table_id=100 * r + i,
                                           result=TableResult(status="finished", standing=dict(t)))
                                for i, t in enumerate(tables)))
        for r, tables in enumerate(rounds, 1))
    return NightState(members=members, rounds=played)


async def play_round(storage: Storage, night: NightRecord, seed: int) -> list[int]:
    """Seat the night's next round and play each of its tables to the end (a one-hand
    Kachuful, random legal moves), recording each game with the night's new state as a
    night's table is recorded; returns the recorded games' ids. ``night`` is changed."""
    adapter = game_named(KACHUFUL)
    assert adapter is not None
    night.state = night.state.seat_next(night.settings, SIZES, {}, seed)
    number = len(night.state.rounds)
    names = {m.user_id: m.name for m in night.state.members}
    rng, ids = random.Random(seed), []
    for index, table in enumerate(night.state.rounds[-1].tables):
        now = time.time()
        rec = TableRecord(guild_id=night.guild_id, channel_id=night.channel_id + 1 + index,
                          game=KACHUFUL, host_id=table.members[0], settings=dict(QUICK),
                          seats=[SeatRecord(names[m], m) for m in table.members],
                          created_at=now, updated_at=now, status="running")
        await storage.insert_table(rec)
        night.state = night.state.opened(number, index, rec.id)
        await storage.save_night(night)
        game = adapter.new_game(QUICK, len(table.members), seed + index)
        while (seat := game.to_act) is not None:
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        totals, winners = game.results().totals, set(game.results().winners)
        rec.status = "finished"
        night.state = night.state.record(rec.id, TableResult(
            status="finished", standing={m: totals[s] for s, m in enumerate(table.members)}))
        ids.append(await storage.close_table(
            rec, snapshot=Snapshot(1, game.to_json()), night=night, result=FinishedGame(
                guild_id=night.guild_id, game=KACHUFUL, status="finished", hands_played=1,
                ended_at=time.time(), table_id=rec.id, players=[
                    PlayerResult(seat=s, user_id=m, name=names[m], score=totals[s],
                                 won=s in winners) for s, m in enumerate(table.members)])))
    return [i for i in ids if i is not None]
