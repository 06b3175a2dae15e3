"""The Discord permissions the bot needs in a table's channel, declared once (README
"Getting a token and inviting the bot", "Troubleshooting").

The invite link asks for exactly :data:`INVITE` (a test checks the README against it).
A channel is checked against :data:`NEEDS` when a table opens there, before each table
message update (:mod:`bot.tables.channel_access`), at start-up and by ``/cardnight check``.
Interaction answers (private panels, refusals) are Discord webhooks and need none of
these; the table message, its picture and the turn pings are the bot's own messages
and need them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import discord

from bot.i18n import N_, _


@dataclass(frozen=True)
class Need:
    """One permission the bot needs in a table's channel."""

    flag: str
    """Its :class:`discord.Permissions` attribute."""
    name: str
    """Discord's English name for it (logs and the README)."""
    label: str
    """The same name, for members (a catalog text)."""
    lack: str
    """What goes wrong without it, for members (a catalog text)."""
    essential: bool
    """Whether the table message cannot be shown at all without it (else the table only
    loses its pictures)."""
    posting_only: bool = False
    """Whether only a new message needs it (the bot may still edit its own)."""


NEEDS: Final[tuple[Need, ...]] = (
    Need("view_channel", "View Channels", N_("View Channels"),
         N_("I cannot see this channel, so I cannot show a table here."), True),
    Need("send_messages", "Send Messages", N_("Send Messages"),
         N_("I cannot post the table message or the turn pings here."), True,
         posting_only=True),
    Need("embed_links", "Embed Links", N_("Embed Links"),
         N_("I cannot show the table here: it is an embed."), True),
    Need("attach_files", "Attach Files", N_("Attach Files"),
         N_("I cannot attach the table and score pictures here: the table goes on "
            "text-only."), False),
)

INVITE: Final = discord.Permissions(**{need.flag: True for need in NEEDS})
"""The permissions the invite link asks for: every need, nothing more."""
SCOPES: Final = "bot+applications.commands"


def invite_url(application_id: int | str) -> str:
    """The link that adds the bot to a server with :data:`INVITE`."""
    return ("https://discord.com/oauth2/authorize"
            f"?client_id={application_id}&scope={SCOPES}&permissions={INVITE.value}")


def lacking(permissions: discord.Permissions) -> list[Need]:
    """The needs ``permissions`` leaves out, in :data:`NEEDS` order."""
    return [need for need in NEEDS if not getattr(permissions, need.flag)]


def blocking(permissions: discord.Permissions) -> list[Need]:
    """The missing needs without which no table message can be shown."""
    return [need for need in lacking(permissions) if need.essential]


def can_post(permissions: discord.Permissions) -> bool:
    """Whether the bot may post a plain message (a turn ping) with ``permissions``."""
    return permissions.view_channel and permissions.send_messages


def labels(needs: list[Need]) -> str:
    """The needs' names in the language being spoken, in bold, comma separated."""
    return ", ".join(f"**{_(need.label)}**" for need in needs)


def in_channel(client: discord.Client, channel_id: int) -> discord.Permissions | None:
    """The bot's permissions in a server channel, as the gateway told them (roles and
    overwrites); None when the channel is not known (yet)."""
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    me = channel.guild.me
    return None if me is None else channel.permissions_for(me)
