"""A server's game nights (docs/nights.md "A night"): opening one in a channel, members
joining and leaving it, ending it. One change at a time per night; storage keeps one
open night per channel and per member of a server, and each refusal says why in the
member's language."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable

from bot.i18n import N_, _
from bot.nights import NightError, NightSettings, NightState
from bot.shards import Shards
from bot.storage import ChannelTaken, Storage
from bot.storage.interface import InAnotherNight
from bot.storage.nights import NightRecord
from bot.tables.night_finals import ended_now
from bot.tables.table import Refusal

NO_NIGHT = N_("There is no game night in this channel. Start one with `/night start`.")
NIGHT_HERE = N_("This channel already has a game night. Join it with `/night join`.")
IN_ANOTHER = N_("You are in another game night on this server (<#{channel}>). Leave it with "
                "`/night leave` there first: a member plays one night at a time.")
ONLY_HOST_END = N_("Only the host ({host}) or someone with Manage Messages can end this night.")
REFUSED = {
    "already_joined": N_("You are in this game night already."),
    "not_joined": N_("You are not in this game night."),
    "night_full": N_("This game night is full."),
}
_Change = Callable[[NightRecord], NightState]


class NightService:
    """Opens, changes and ends the game nights of ``shards``' servers, one change at a
    time; the open ones are read from storage once, then kept by channel."""

    def __init__(
        self, storage: Storage, shards: Shards, finals: Callable[[NightRecord], None],
    ) -> None:
        self.storage = storage
        self.shards = shards
        self.finals = finals
        """Posts an ended night's final standings (:mod:`bot.tables.night_finals`)."""
        self._lock = asyncio.Lock()
        self._open: dict[int, NightRecord] | None = None

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
        async with self._lock:
            try:
                await self.storage.insert_night(night)
            except ChannelTaken:
                raise Refusal(_(NIGHT_HERE), "night_exists") from None
            except InAnotherNight as exc:
                raise await self._elsewhere(exc) from None
            (await self._nights())[channel_id] = night
        return night

    async def join(self, channel_id: int, user_id: int, name: str) -> NightRecord:
        return await self._change(channel_id, lambda n: n.state.join(user_id, name))

    async def leave(self, channel_id: int, user_id: int) -> NightRecord:
        return await self._change(channel_id, lambda n: n.state.leave(user_id))

    async def end(self, channel_id: int, user_id: int, can_manage: bool) -> NightRecord:
        """End the channel's night (its host, or Manage Messages): everyone holding it
        is free again."""
        async with self._lock:
            night = await self.in_channel(channel_id)
            if user_id != night.host_id and not can_manage:
                raise Refusal(_(ONLY_HOST_END, host=f"<@{night.host_id}>"), "not_host")
            now = time.time()
            ended = ended_now(night, now)
            await self.storage.save_night(ended)
            del (await self._nights())[channel_id]
        self.finals(ended)
        return ended

    async def in_channel(self, channel_id: int) -> NightRecord:
        """The channel's open night; :class:`Refusal` when it has none."""
        found = (await self._nights()).get(channel_id)
        if found is None:
            raise Refusal(_(NO_NIGHT), "no_night")
        return found

    async def _nights(self) -> dict[int, NightRecord]:
        if self._open is None:
            self._open = {n.channel_id: n for n in await self.storage.open_nights(self.shards)}
        return self._open

    async def _change(self, channel_id: int, change: _Change) -> NightRecord:
        async with self._lock:
            night = await self.in_channel(channel_id)
            try:
                changed = dataclasses.replace(night, state=change(night), updated_at=time.time())
            except NightError as exc:
                raise Refusal(_(REFUSED.get(exc.code, NO_NIGHT)), exc.code) from None
            try:
                await self.storage.save_night(changed)
            except InAnotherNight as exc:
                raise await self._elsewhere(exc) from None
            (await self._nights())[channel_id] = changed
        return changed

    # --- the night's end once its rounds are played (docs/nights.md "The night's end")

    async def recorded(self, night: NightRecord) -> NightRecord:
        """The channel's night as storage has it now that a table's result went in with
        it (:meth:`~bot.storage.Storage.close_table`): kept, or ended when it has played
        every round it was to play (:meth:`_end_if_played`)."""
        async with self._lock:
            held = (await self._nights()).get(night.channel_id)
            if held is None or held.id != night.id:
                return night  # ended meanwhile
            (await self._nights())[night.channel_id] = night
            return await self._end_if_played(night)

    async def restore_finals(self) -> int:
        """At start-up: post the final standings still to post, and end the open nights
        that played every round they were to (the bot stopped before ending them);
        returns how many are posted."""
        pending = await self.storage.pending_night_finals(self.shards)
        for night in pending:
            self.finals(night)
        async with self._lock:
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
        self.finals(ended)
        return ended

    async def _elsewhere(self, exc: InAnotherNight) -> Refusal:
        other = await self.storage.night(exc.night_id)
        return Refusal(_(IN_ANOTHER, channel=0 if other is None else other.channel_id),
                       "in_another_night")
