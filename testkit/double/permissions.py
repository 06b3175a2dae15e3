"""Discord's permission flags and how a member's permissions in a channel are computed
(discord-api-docs `topics/permissions.mdx`: "Permission Overwrites", "Implicit Permissions").

Values agree with discord.py's `Permissions`, so `channel.permissions_for(guild.me)` in a bot
matches what the double enforces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

Json = dict[str, Any]
PermissionsLike = int | discord.Permissions
"""A permission set as tests give it: a bit field or a `discord.Permissions`."""

ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
PIN_MESSAGES = 1 << 51

ALL_PERMISSIONS = discord.Permissions.all().value
"""What the guild owner and ADMINISTRATOR get (discord.py's `Permissions.all()`)."""
CHANNEL_PERMISSIONS = discord.Permissions.all_channel().value
"""The permissions that apply in a channel: all lost where VIEW_CHANNEL is."""
EVERYONE_PERMISSIONS = 1_071_698_660_929
"""What @everyone may do in a fresh server (view, send, embed, attach, read history, mention
@everyone, use commands...; not MANAGE_MESSAGES nor PIN_MESSAGES)."""
DM_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | ADD_REACTIONS | EMBED_LINKS | ATTACH_FILES
    | READ_MESSAGE_HISTORY | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS | PIN_MESSAGES
)
"""The bot's permissions in a DM with a user: the text permissions, and what
`app_permissions` always holds in a DM with the bot (`interactions/receiving-and-responding.mdx`:
ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, USE_EXTERNAL_EMOJIS); no MANAGE_MESSAGES."""

NAMES = {
    ADMINISTRATOR: "ADMINISTRATOR",
    VIEW_CHANNEL: "VIEW_CHANNEL",
    SEND_MESSAGES: "SEND_MESSAGES",
    SEND_TTS_MESSAGES: "SEND_TTS_MESSAGES",
    MANAGE_MESSAGES: "MANAGE_MESSAGES",
    EMBED_LINKS: "EMBED_LINKS",
    ATTACH_FILES: "ATTACH_FILES",
    READ_MESSAGE_HISTORY: "READ_MESSAGE_HISTORY",
    MENTION_EVERYONE: "MENTION_EVERYONE",
    PIN_MESSAGES: "PIN_MESSAGES",
}

ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1


def value_of(permissions: PermissionsLike) -> int:
    return permissions.value if isinstance(permissions, discord.Permissions) else int(permissions)


def names(value: int) -> str:
    """The flags of `value` by Discord's names, e.g. "SEND_MESSAGES | EMBED_LINKS"."""
    return " | ".join(NAMES.get(bit, f"1 << {bit.bit_length() - 1}")
                      for bit in (1 << n for n in range(value.bit_length())) if value & bit)


@dataclass(frozen=True)
class Overwrite:
    """A channel's permission overwrite for one role (@everyone: the guild's id) or member."""

    id: int
    type: int
    allow: int
    deny: int

    def payload(self) -> Json:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow),
                "deny": str(self.deny)}


def base_permissions(everyone: int, roles: Iterable[int], *, owner: bool) -> int:
    """Guild-level permissions: @everyone's, or-ed with the member's roles; the owner and
    ADMINISTRATOR get everything (`compute_base_permissions`)."""
    value = everyone
    for role in roles:
        value |= role
    return ALL_PERMISSIONS if owner or value & ADMINISTRATOR else value


def with_overwrites(
    base: int,
    overwrites: Mapping[int, Overwrite],
    *,
    everyone_id: int,
    role_ids: Iterable[int],
    member_id: int,
) -> int:
    """`compute_overwrites`: the @everyone overwrite (deny, then allow), the member's role
    overwrites together (deny, then allow), then the member's own (deny, then allow);
    ADMINISTRATOR bypasses them all."""
    if base & ADMINISTRATOR:
        return ALL_PERMISSIONS
    value = base
    everyone = overwrites.get(everyone_id)
    if everyone is not None:
        value = value & ~everyone.deny | everyone.allow
    allow = deny = 0
    for role_id in role_ids:
        role = overwrites.get(role_id)
        if role is not None and role.type == ROLE_OVERWRITE:
            allow |= role.allow
            deny |= role.deny
    value = value & ~deny | allow
    member = overwrites.get(member_id)
    if member is not None and member.type == MEMBER_OVERWRITE:
        value = value & ~member.deny | member.allow
    return value


def implicit(value: int) -> int:
    """What a member can really do ("Implicit Permissions"): without VIEW_CHANNEL nothing in
    the channel; without SEND_MESSAGES no MENTION_EVERYONE, SEND_TTS_MESSAGES, ATTACH_FILES
    nor EMBED_LINKS."""
    if not value & VIEW_CHANNEL:
        return value & ~CHANNEL_PERMISSIONS
    if not value & SEND_MESSAGES:
        return value & ~(MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS)
    return value
