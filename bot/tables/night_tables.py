"""Seating a game night's round (docs/nights.md "Seating the tables"): the host seats
everyone who joined, balanced by the server's ratings of the running season
(:mod:`bot.nights.seating`), and each table opens as a normal table of its game,
already seated (members in the seating's order, AI players in the other seats) and
dealt at once. The first table plays in the night's own channel, the others in the
channels the host names (remembered for the next rounds); every channel is checked
before anything changes. A round whose tables could not all open (a failure, a
restart in between) opens the rest when the host seats again."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, Final

from bot.games.registry import game_named
from bot.i18n import N_, _
from bot.nights import NightError
from bot.permissions import blocking, in_channel, labels
from bot.storage.nights import NightRecord
from bot.storage.ratings import Skill
from bot.storage.tables import SeatRecord, TableRecord
from bot.tables.ai_players import ai_name
from bot.tables.lobby import LobbyJobs, TableExists
from bot.tables.nights import NightService
from bot.tables.server_settings import ServerSettings
from bot.tables.table import Refusal
from engine.ai.levels import DEFAULT_LEVEL

MAX_TABLES: Final = 6
"""The most tables a round seats: the night's channel and five named (``table2`` …)."""
ONLY_HOST_SEAT = N_("Only the host ({host}) seats the night's rounds.")
NEED_CHANNELS = N_("This round seats {count} tables, and each plays in its own channel: the "
                   "first here, the others in the channels `/night seat` names as `table2` to "
                   "`table{count}` (still missing: {missing}).")
TOO_MANY = N_("This round would seat {count} tables, more than the {most} channels a night "
              "can use: fewer members, or games with more seats, make fewer tables.")
TWICE = N_("Each table needs its own channel, and {channel} is named twice.")
HOLDS_TABLE = N_("{channel} already holds a table: its game ends there first, or name "
                 "another channel.")
UNSEEN = N_("I cannot see {channel}: name a channel of this server where I can post.")
NO_ACCESS = N_("I cannot run a table in {channel}: I am missing {permissions} there. Ask a "
               "server manager to grant them to my role there, or name another channel.")


class NightTableJobs(LobbyJobs):
    """The game nights' tables, in the table service."""

    nights: NightService
    settings: ServerSettings

    async def seat_round(
        self, channel_id: int, user_id: int, named: Mapping[int, int],
    ) -> NightRecord:
        """Seat the next round of the channel's night (its host), or open the tables
        of the latest round still to open; ``named``: the channels of tables 2 … by
        table number."""
        async with self.nights.lock:
            night = await self.nights.in_channel(channel_id)
            if user_id != night.host_id:
                raise Refusal(_(ONLY_HOST_SEAT, host=f"<@{night.host_id}>"), "not_host")
            state = night.state
            if not state.unopened:
                try:
                    state = state.seat_next(night.settings, _sizes(night.settings.games),
                                            await self._ratings(night),
                                            self._seeds.getrandbits(63))
                except NightError as exc:
                    raise self.nights.refusal(exc) from None
            assert state.current is not None
            remembered = dict(enumerate(night.settings.channels, 2)) | dict(named)
            channels = self._channels(night, len(state.current.tables), remembered)
            night = await self.nights.save(dataclasses.replace(
                night, state=state,
                settings=night.settings.model_copy(update={"channels": _in_order(remembered)})))
            for index in night.state.unopened:
                night = await self._open_table(night, index, channels[index])
        return night

    def _channels(
        self, night: NightRecord, count: int, remembered: Mapping[int, int],
    ) -> list[int]:
        """The channel of each of the round's ``count`` tables, every one checked."""
        if count > MAX_TABLES:
            raise Refusal(_(TOO_MANY, count=count, most=MAX_TABLES), "too_many_tables")
        missing = [f"`table{n}`" for n in range(2, count + 1) if n not in remembered]
        if missing:
            raise Refusal(_(NEED_CHANNELS, count=count, missing=", ".join(missing)),
                          "channels_needed")
        channels = [night.channel_id, *(remembered[n] for n in range(2, count + 1))]
        for i, channel in enumerate(channels):
            where = f"<#{channel}>"
            if channel in channels[:i]:
                raise Refusal(_(TWICE, channel=where), "channel_twice")
            if self.registry.in_channel(channel) is not None:
                raise Refusal(_(HOLDS_TABLE, channel=where), "table_exists")
            permissions = in_channel(self.registry.client, channel)
            if permissions is None:
                raise Refusal(_(UNSEEN, channel=where), "unknown_channel")
            if missing_here := blocking(permissions):
                raise Refusal(_(NO_ACCESS, channel=where, permissions=labels(missing_here)),
                              "missing_permissions")
        return channels

    async def _ratings(self, night: NightRecord) -> dict[int, float]:
        """Each member's rating of the running season, the mean over the night's games
        (a fresh rating where they have none)."""
        members = night.state.active
        totals = dict.fromkeys(members, 0.0)
        for game in night.settings.games:
            skills = await self.storage.skills(night.guild_id, game, members)
            for m in members:
                totals[m] += skills.get(m, Skill()).mu
        return {m: total / len(night.settings.games) for m, total in totals.items()}

    async def _open_table(self, night: NightRecord, index: int, channel_id: int) -> NightRecord:
        """Open the round's table ``index`` in ``channel_id``, seated, and deal it."""
        played = night.state.current
        assert played is not None
        seated = played.tables[index]
        adapter = game_named(seated.game)
        if adapter is None:
            raise Refusal(_("This game is not offered any more."), "unknown_game")
        names = {m.user_id: m.name for m in night.state.members}
        settings: dict[str, Any] = {**adapter.defaults(),
                                    **await self.settings.defaults(night.guild_id, adapter),
                                    "language": night.settings.language}
        host = night.host_id if night.host_id in seated.members else seated.members[0]
        rec = TableRecord(guild_id=night.guild_id, channel_id=channel_id, game=adapter.name,
                          host_id=host, settings=settings,
                          seats=[SeatRecord(names[m], m) for m in seated.members],
                          created_at=night.updated_at, updated_at=night.updated_at)
        for _seat in range(seated.ai_seats):
            rec.seats.append(SeatRecord(ai_name(rec), None, True, level=DEFAULT_LEVEL))
        try:
            table = await self._open(adapter, rec)
        except TableExists:
            raise Refusal(_(HOLDS_TABLE, channel=f"<#{channel_id}>"), "table_exists") from None
        night = await self.nights.save(dataclasses.replace(
            night, state=night.state.opened(played.number, index, table.id)))
        await self.deal(table, host)
        return night


def _in_order(channels: Mapping[int, int]) -> tuple[int, ...]:
    """The channels of tables 2, 3, … as far as they are named without a gap."""
    kept: list[int] = []
    while len(kept) + 2 in channels:
        kept.append(channels[len(kept) + 2])
    return tuple(kept)


def _sizes(games: Collection[str]) -> dict[str, range]:
    """The numbers of seats each game is played at (none for a game no longer known)."""
    sizes = {}
    for name in games:
        adapter = game_named(name)
        sizes[name] = range(0) if adapter is None else \
            range(adapter.min_seats, adapter.max_seats + 1)
    return sizes
