"""Building and changing the double's world (guilds, channels, roles, members, permissions);
each change reaches a connected bot as the gateway event Discord would send."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from .errors import ApiError
from .permissions import (
    DM_PERMISSIONS,
    MEMBER_OVERWRITE,
    ROLE_OVERWRITE,
    Overwrite,
    PermissionsLike,
    value_of,
)
from .world import DM_CHANNEL, Channel, FakeUser, Guild, Member, Role

if TYPE_CHECKING:
    from .clock import Clock, Snowflakes
    from .gateway import Gateway

Json = dict[str, Any]
OverwriteTarget = Role | FakeUser | Member
"""Whom a channel overwrite is for: a role (the guild's `everyone` role for @everyone), or a
user / member."""


class WorldEdits:
    """Mixed into `Double`, which provides the state below."""

    clock: Clock
    ids: Snowflakes
    gateway: Gateway
    started_at: float
    owner: FakeUser
    bot_user: FakeUser
    bot_permissions: int
    everyone_permissions: int
    guild: Guild
    guilds: list[Guild]
    users: dict[int, FakeUser]
    channels: dict[int, Channel]
    dm_channels: dict[int, Channel]
    pending_events: list[tuple[str, Json]]

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> Guild:
        """A guild (add it before the bot connects) where @everyone holds
        `everyone_permissions` and the bot's role `bot_permissions`; ``shard=(i, n)``: one
        whose events go to shard ``i`` of ``n``."""
        guild_id = self.ids.next() if shard is None else self.ids.next_in_shard(*shard)
        everyone = Role(guild_id, "@everyone", self.everyone_permissions, 0)
        guild = Guild(guild_id, name, self.owner.id, everyone)
        bot_role = Role(self.ids.next(), self.bot_user.name, self.bot_permissions, 1)
        guild.roles.append(bot_role)
        self.guilds.append(guild)
        joined = self.clock.iso(self.started_at)
        guild.members[self.owner.id] = Member(self.owner, guild, [], joined)
        guild.members[self.bot_user.id] = Member(self.bot_user, guild, [bot_role], joined)
        return guild

    def add_channel(self, name: str, guild: Guild | None = None) -> Channel:
        """A text channel (announced with CHANNEL_CREATE if a bot is connected)."""
        guild = guild or self.guild
        channel = Channel(self.ids.next(), name, guild, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self._announce("CHANNEL_CREATE", channel.payload())
        return channel

    def add_role(
        self,
        name: str,
        permissions: PermissionsLike = 0,
        guild: Guild | None = None,
        *,
        mentionable: bool = False,
    ) -> Role:
        guild = guild or self.guild
        role = Role(self.ids.next(), name, value_of(permissions), len(guild.roles) + 1,
                    mentionable=mentionable)
        guild.roles.append(role)
        self._announce("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_user(
        self,
        name: str,
        *,
        roles: list[Role] | None = None,
        guild: Guild | None = None,
        bot: bool = False,
    ) -> FakeUser:
        """A user who is a member of `guild` (default: the default guild)."""
        user = FakeUser(self.ids.next(), name, bot=bot)
        self.users[user.id] = user
        self.add_member(user, roles=roles, guild=guild)
        return user

    def add_member(
        self, user: FakeUser, *, roles: list[Role] | None = None, guild: Guild | None = None
    ) -> Member:
        guild = guild or self.guild
        member = Member(user, guild, list(roles or []), self.clock.iso())
        guild.members[user.id] = member
        self._announce("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)})
        return member

    def member(self, user: FakeUser, guild: Guild | None = None) -> Member:
        return (guild or self.guild).members[user.id]

    def guild_by_id(self, guild_id: int) -> Guild:
        for guild in self.guilds:
            if guild.id == guild_id:
                return guild
        raise ApiError(404, 10004, "Unknown Guild", violation=False)

    def dm_channel(self, user: FakeUser) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), user.name, None, type=DM_CHANNEL, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # -- permissions ----
    def bot_role(self, guild: Guild | None = None) -> Role:
        """The bot's own role in `guild` (it starts with `bot_permissions`)."""
        return self.member(self.bot_user, guild).roles[0]

    def set_role_permissions(self, role: Role, permissions: PermissionsLike) -> None:
        """Give `role` (`guild.everyone` for @everyone) these guild permissions
        (GUILD_ROLE_UPDATE)."""
        role.permissions = value_of(permissions)
        guild = self._guild_of(role)
        self._announce("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()})

    def set_overwrite(
        self,
        channel: Channel,
        target: OverwriteTarget,
        *,
        allow: PermissionsLike = 0,
        deny: PermissionsLike = 0,
        announce: bool = True,
    ) -> None:
        """Set `channel`'s overwrite for a role or a member (CHANNEL_UPDATE; with
        ``announce=False`` the bot is not told, as when its cache is stale)."""
        if isinstance(target, Role):
            key, kind = target.id, ROLE_OVERWRITE
        else:
            key = target.user.id if isinstance(target, Member) else target.id
            kind = MEMBER_OVERWRITE
        channel.overwrites[key] = Overwrite(key, kind, value_of(allow), value_of(deny))
        if announce:
            self._announce("CHANNEL_UPDATE", channel.payload())

    def clear_overwrite(self, channel: Channel, target: OverwriteTarget) -> None:
        """Remove `channel`'s overwrite for a role or a member (CHANNEL_UPDATE)."""
        user = target.user if isinstance(target, Member) else target
        channel.overwrites.pop(user.id, None)
        self._announce("CHANNEL_UPDATE", channel.payload())

    def permissions_in(self, channel: Channel, user: FakeUser | None = None) -> int:
        """What `user` (default: the bot) may really do in `channel`: overwrites and implicit
        denials applied, as the double enforces it and discord.py's `permissions_for` computes
        it."""
        user = user or self.bot_user
        if channel.guild is None:
            return DM_PERMISSIONS
        return channel.guild.members[user.id].permissions_in(channel, effective=True)

    def _guild_of(self, role: Role) -> Guild:
        return next(g for g in self.guilds if role is g.everyone or role in g.roles)

    # -- announcing ----
    def _announce(self, event: str, data: Json) -> None:
        """Send a world change to the connected bot, in order, before any later interaction."""
        if self.gateway.live:
            self.pending_events.append((event, data))
            with contextlib.suppress(RuntimeError):  # no running loop: sent with the next action
                asyncio.get_running_loop().create_task(self.flush_events())

    async def flush_events(self) -> None:
        while self.pending_events and self.gateway.live:
            event, data = self.pending_events.pop(0)
            await self.gateway.dispatch(event, data)

    async def sync(self) -> None:
        """Return once the bot has handled every gateway event sent so far."""
        await self.flush_events()
        await self.gateway.round_trip()
