"""A server's game nights (docs/nights.md "A night"): opening one in a channel, members
joining and leaving it, a finished table's result going into its night, ending it;
each night's message kept in step (:mod:`bot.tables.night_publisher`). One change at a
time (:attr:`NightService.lock`); storage keeps one open night per channel and per
member of a server, and each refusal says why in the member's language. Seating a
round's tables is the table service's (:mod:`bot.tables.night_tables`)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable

from bot.i18n import N_, _
from bot.nights import NightError, NightSettings, NightState, TableResult
from bot.storage import ChannelTaken, Storage
from bot.storage.interface import InAnotherNight
from bot.storage.nights import NightRecord
from bot.storage.results import FinishedGame
from bot.tables.night_finals import ended_now
from bot.tables.night_publisher import NightPublisher
from bot.tables.registry import TableRegistry
from bot.tables.table import Refusal

log = logging.getLogger(__name__)

NO_NIGHT = N_("There is no game night in this channel. Start one with `/night start`.")
NIGHT_HERE = N_("This channel already has a game night. Join it with `/night join`.")
IN_ANOTHER = N_("You are in another game night on this server (<#{channel}>). Leave it with "
                "`/night leave` there first: a member plays one night at a time.")
ONLY_HOST_END = N_("Only the host ({host}) or someone with Manage Messages can end this night.")
REFUSED = {
    "already_joined": N_("You are in this game night already."),
    "not_joined": N_("You are not in this game night."),
    "night_full": N_("This game night is full."),
    "round_running": N_("A table of this round is still playing: the next round is seated "
                        "once every table has finished."),
    "rounds_done": N_("This game night has played all its rounds: its host ends it with "
                      "`/night end`."),
    "too_few": N_("Too few members have joined for a table of this night's games."),
}
_Change = Callable[[NightRecord], NightState]


class NightService:
    """Opens, changes and ends the game nights of the servers of ``registry``'s shards,
    one change at a time; the open ones are read from storage once, then kept by
    channel, each with its message."""

    def __init__(
        self, storage: Storage, registry: TableRegistry,
        finals: Callable[[NightRecord], None],
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.shards = registry.shards
        self.finals = finals
        """Posts an ended night's final standings (:mod:`bot.tables.night_finals`)."""
        self.lock = asyncio.Lock()
        """Held by every change of a night (taken after a table's lock, never before)."""
        self._open: dict[int, NightRecord] | None = None
        self._messages: dict[int, NightPublisher] = {}

    async def start(
        self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, title: str,
        settings: NightSettings,
    ) -> NightRecord:
        """Open a night in the channel, the host its first member."""
        now = time.time()
        night = NightRecord(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, title=title,
            settings=settings, state=NightState().join(host_id, host_name),
            created_at=now, updated_at=now)
        async with self.lock:
            try:
                await self.storage.insert_night(night)
            except ChannelTaken:
                raise Refusal(_(NIGHT_HERE), "night_exists") from None
            except InAnotherNight as exc:
                raise await self._elsewhere(exc) from None
            await self._keep(night)
        return night

    async def join(self, channel_id: int, user_id: int, name: str) -> NightRecord:
        return await self._change(channel_id, lambda n: n.state.join(user_id, name))

    async def leave(self, channel_id: int, user_id: int) -> NightRecord:
        return await self._change(channel_id, lambda n: n.state.leave(user_id))

    async def end(self, channel_id: int, user_id: int, can_manage: bool) -> NightRecord:
        """End the channel's night (its host, or Manage Messages): everyone holding it
        is free again."""
        async with self.lock:
            night = await self.in_channel(channel_id)
            if user_id != night.host_id and not can_manage:
                raise Refusal(_(ONLY_HOST_END, host=f"<@{night.host_id}>"), "not_host")
            now = time.time()
            ended = ended_now(night, now)
            await self.storage.save_night(ended)
            del (await self._nights())[channel_id]
            self._closed(ended)
        self.finals(ended)
        return ended

    async def in_channel(self, channel_id: int) -> NightRecord:
        """The channel's open night; :class:`Refusal` when it has none."""
        found = (await self._nights()).get(channel_id)
        if found is None:
            raise Refusal(_(NO_NIGHT), "no_night")
        return found

    async def by_id(self, night_id: int) -> NightRecord | None:
        """The open night with this id."""
        return next((n for n in (await self._nights()).values() if n.id == night_id), None)

    def of_table(self, table_id: int) -> NightRecord | None:
        """The open night a table belongs to (the nights are loaded by then: seating
        or restoring loaded them)."""
        return next((n for n in (self._open or {}).values()
                     if n.state.table(table_id) is not None), None)

    async def save(self, night: NightRecord) -> NightRecord:
        """Store a changed night and show it (lock held)."""
        night.updated_at = time.time()
        await self.storage.save_night(night)
        await self._keep(night)
        return night

    @contextlib.asynccontextmanager
    async def recording(
        self, table_id: int, result: FinishedGame | None,
    ) -> AsyncIterator[NightRecord | None]:
        """A table closes with ``result`` (None: it closed before the deal): the body
        gets the table's open night with that result in its state (None when the
        table is of no open night, or its result is in already), to store it with the
        table's closing in one transaction; once the body is through, the night is
        kept and shown, or ended once it has played every round it was to. The
        table's lock is held; this takes the nights' lock, only for a night's table (a
        table joins a night before it opens, never after)."""
        if self.of_table(table_id) is None:
            yield None
            return
        async with self.lock:
            night = self.of_table(table_id)
            changed = None if night is None else _recorded(night, table_id, result)
            yield changed
            if changed is not None:
                await self._keep(changed)
                await self._end_if_played(changed)

    async def restore(self) -> list[NightRecord]:
        """The open nights after a restart, each message shown again as it stands."""
        nights = list((await self._nights()).values())
        for night in nights:
            self._show(night)
        return nights

    async def _keep(self, night: NightRecord) -> None:
        (await self._nights())[night.channel_id] = night
        self._show(night)

    def _show(self, night: NightRecord) -> None:
        publisher = self._messages.get(night.id)
        if publisher is None:
            publisher = NightPublisher(self.registry, night, self._latest(night.id),
                                       self._placed)
            self._messages[night.id] = publisher
            self.registry.watch(publisher)
        publisher.schedule(night)

    def _latest(self, night_id: int) -> Callable[[], NightRecord | None]:
        def latest() -> NightRecord | None:
            return next((n for n in (self._open or {}).values() if n.id == night_id), None)
        return latest

    async def _placed(self, night: NightRecord, message_id: int) -> NightRecord:
        """The night's message is now ``message_id``: stored with the night."""
        async with self.lock:
            latest = self._latest(night.id)() or night
            placed = dataclasses.replace(latest, message_id=message_id)
            await self.storage.save_night(placed)
            if latest.status == "open":
                (await self._nights())[placed.channel_id] = placed
        return placed

    async def _nights(self) -> dict[int, NightRecord]:
        if self._open is None:
            self._open = {n.channel_id: n for n in await self.storage.open_nights(self.shards)}
        return self._open

    async def _change(self, channel_id: int, change: _Change) -> NightRecord:
        async with self.lock:
            night = await self.in_channel(channel_id)
            try:
                changed = dataclasses.replace(night, state=change(night), updated_at=time.time())
            except NightError as exc:
                raise self.refusal(exc) from None
            try:
                await self.storage.save_night(changed)
            except InAnotherNight as exc:
                raise await self._elsewhere(exc) from None
            await self._keep(changed)
        return changed

    @staticmethod
    def refusal(exc: NightError) -> Refusal:
        """What a refused change of a night tells the member."""
        return Refusal(_(REFUSED.get(exc.code, NO_NIGHT)), exc.code)

    # --- the night's end once its rounds are played (docs/nights.md "The night's end")

    async def recorded(self, night: NightRecord) -> NightRecord:
        """The channel's night as storage has it now that a table's result went in with
        it (:meth:`~bot.storage.Storage.close_table`): kept, or ended when it has played
        every round it was to play (:meth:`_end_if_played`)."""
        async with self.lock:
            held = (await self._nights()).get(night.channel_id)
            if held is None or held.id != night.id:
                return night  # ended meanwhile
            await self._keep(night)
            return await self._end_if_played(night)

    async def restore_finals(self) -> int:
        """At start-up: post the final standings still to post, and end the open nights
        that played every round they were to (the bot stopped before ending them);
        returns how many are posted."""
        pending = await self.storage.pending_night_finals(self.shards)
        for night in pending:
            self.finals(night)
        async with self.lock:
            played = [await self._end_if_played(n) for n in list((await self._nights()).values())]
        return len(pending) + sum(n.status == "ended" for n in played)

    async def _end_if_played(self, night: NightRecord) -> NightRecord:
        """The open night kept (the lock held), or ended when it has played every round
        it was to: its final standings marked still to post in the ending write, then
        posted."""
        if not night.state.all_played(night.settings):
            return night
        ended = ended_now(night)
        await self.storage.save_night(ended)
        del (await self._nights())[night.channel_id]
        self._closed(ended)
        self.finals(ended)
        return ended

    def _closed(self, ended: NightRecord) -> None:
        """The ended night's message shows it over, its last update."""
        self._show(ended)
        self._messages.pop(ended.id, None)

    async def _elsewhere(self, exc: InAnotherNight) -> Refusal:
        other = await self.storage.night(exc.night_id)
        return Refusal(_(IN_ANOTHER, channel=0 if other is None else other.channel_id),
                       "in_another_night")


def _recorded(
    night: NightRecord, table_id: int, result: FinishedGame | None,
) -> NightRecord | None:
    """The night with its table's result (a finished game's members by their standing
    in it, a member it does not name placed last); None when it is in already."""
    place = night.state.table(table_id)
    assert place is not None
    table = night.state.rounds[place[0] - 1].tables[place[1]]
    if table.result is not None:
        return None
    if result is None or result.status != "finished":
        outcome = TableResult(status="abandoned")
    else:
        standing = {p.user_id: result.standing(p) for p in result.players
                    if p.user_id in table.members}
        last = min(standing.values(), default=0) - 1
        outcome = TableResult(status="finished",
                              standing={m: standing.get(m, last) for m in table.members})
    try:
        state = night.state.record(table_id, outcome)
    except NightError:
        log.exception("night %s: could not record table %s", night.id, table_id)
        return None
    return dataclasses.replace(night, state=state, updated_at=time.time())
