"""The fake Discord world: users, guilds, roles, channels, members, and their wire payloads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .permissions import Overwrite, base_permissions, implicit, with_overwrites

if TYPE_CHECKING:
    from .messages import StoredMessage

Json = dict[str, Any]

TEXT_CHANNEL = 0
DM_CHANNEL = 1


@dataclass(eq=False)
class FakeUser:
    """A Discord account the test acts as (or the bot's own user)."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The language of the user's Discord client (each interaction's ``locale``)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int
    mentionable: bool = False
    """Whether anyone may ping the role (else only holders of MENTION_EVERYONE)."""

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": self.mentionable,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM channel; `messages` holds every message ever posted in it,
    `overwrites` its permission overwrites by role or user id."""

    id: int
    name: str
    guild: Guild | None
    position: int = 0
    type: int = TEXT_CHANNEL
    recipient: FakeUser | None = None
    messages: list[StoredMessage] = field(default_factory=list)
    overwrites: dict[int, Overwrite] = field(default_factory=dict)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> Json:
        if self.type == DM_CHANNEL:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
            }
        assert self.guild is not None
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites.values()],
            "topic": None,
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: FakeUser
    guild: Guild
    roles: list[Role]
    joined_at: str
    nick: str | None = None

    @property
    def permissions(self) -> int:
        """Guild-level permissions (no channel overwrites)."""
        return base_permissions(
            self.guild.everyone.permissions,
            (role.permissions for role in self.roles),
            owner=self.guild.owner_id == self.user.id,
        )

    def permissions_in(self, channel: Channel, *, effective: bool = False) -> int:
        """Permissions in `channel` with its overwrites, as interaction payloads carry them;
        `effective`: also with the implicit denials, i.e. what Discord lets the member do."""
        value = with_overwrites(
            self.permissions,
            channel.overwrites,
            everyone_id=self.guild.everyone.id,
            role_ids=[role.id for role in self.roles],
            member_id=self.user.id,
        )
        return implicit(value) if effective else value

    def payload(self, *, permissions: int | None = None) -> Json:
        data: Json = {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "roles": [str(role.id) for role in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    everyone: Role
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"
    """The server's preferred locale (``guild_locale``; Community servers choose it)."""

    def channel(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def role(self, name: str) -> Role:
        for role in self.roles:
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")

    def payload(self, joined_at: str) -> Json:
        """The GUILD_CREATE payload: full roles, channels and members."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.everyone.payload()] + [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [member.payload() for member in self.members.values()],
            "channels": [channel.payload() for channel in self.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
