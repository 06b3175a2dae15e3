"""A table's standing with its channel's permissions (:mod:`bot.permissions`): whether
its message can be shown at all and whether it may carry pictures; what is missing is
told to the host once, in plain words, instead of failing silently (README
"Troubleshooting").

Without Attach Files the table goes on text-only and the host is told in the channel;
without a permission the table message needs (View Channels, Send Messages, Embed
Links) nothing can be posted there, so the host is told by direct message, and the
game, which is kept, shows again once the permission is granted. What the gateway's
cache cannot tell (a channel not known yet) is learnt from Discord's refusal (403,
code 50013).
"""

from __future__ import annotations

import logging

import discord

from bot.games.options import table_option
from bot.i18n import N_, _, speaking
from bot.permissions import NEEDS, Need, blocking, in_channel, labels
from bot.tables.table import Refusal, Table

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013
"""Discord's error code for a request the bot's permissions do not allow."""
ATTACH = next(need for need in NEEDS if need.flag == "attach_files")
ESSENTIAL = [need for need in NEEDS if need.essential]

TELL_PICTURES = N_(
    "{host} I cannot attach pictures in this channel: I am missing the {permission} "
    "permission here, so this table goes on text-only. A server manager can grant it to my "
    "role in the channel's settings; `/cardnight check` shows what I can do in each channel "
    "with a table.")
TELL_BLOCKED = N_(
    "I cannot show your {game} table in {channel}: I am missing {permissions} there. The "
    "game is kept and shows again as soon as a server manager grants them to my role; "
    "`/cardnight check` shows what I can do there.")


OPEN_BLOCKED = N_(
    "I cannot run a table in this channel: I am missing {permissions} here. Ask a server "
    "manager to grant them to my role, or start the table in another channel.")
OPEN_TEXT_ONLY = N_(
    "Pictures are off at this table: I am missing the {permission} permission in this "
    "channel, so the game runs text-only.")


def check_opening(permissions: discord.Permissions) -> None:
    """Refuse to open a table where its message could not be shown."""
    missing = blocking(permissions)
    if missing:
        raise Refusal(_(OPEN_BLOCKED, permissions=labels(missing)), "missing_permissions")


def opening_note(table: Table, permissions: discord.Permissions) -> str | None:
    """What the host of a table just opened should know about its channel (told once:
    the table will not tell it again)."""
    if permissions.attach_files or not table_option(table.rec.settings, "images"):
        return None
    if table.publisher is not None:
        table.publisher.told_of_pictures()
    return _(OPEN_TEXT_ONLY, permission=labels([ATTACH]))


def refused_for_permissions(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a request for the bot's permissions."""
    return exc.status == 403 and exc.code == MISSING_PERMISSIONS


class ChannelAccess:
    """One table's channel permissions, with what its host has been told."""

    def __init__(self, client: discord.Client, table: Table) -> None:
        self._client = client
        self._table = table
        self._told: set[str] = set()
        """The missing permissions the host has been told of (told again once a
        permission that came back goes missing again)."""
        self._refused: tuple[int | None] | None = None
        """The permissions the cache showed when Discord refused a picture here (None:
        no refusal since they last changed)."""

    def _permissions(self) -> discord.Permissions | None:
        return in_channel(self._client, self._table.rec.channel_id)

    def blocked(self, *, posting: bool) -> list[Need]:
        """Every missing permission the table message needs, when one of them stops
        the update at hand (``posting``: a new message, else an edit of the shown one);
        empty when it can go ahead."""
        permissions = self._permissions()
        if permissions is None:
            return []
        missing = blocking(permissions)
        self._told -= {need.flag for need in ESSENTIAL if need not in missing}
        stopping = [need for need in missing if posting or not need.posting_only]
        return missing if stopping else []

    def pictures_allowed(self) -> bool:
        """Whether the table message may carry a picture here: as the cache says,
        unless Discord refused one while the cache said the same."""
        permissions = self._permissions()
        seen = None if permissions is None else permissions.value
        if self._refused is not None:
            if self._refused == (seen,):
                return False
            self._refused = None  # the permissions changed since: believe them again
        if permissions is None or permissions.attach_files:
            self._told.discard(ATTACH.flag)
            return True
        return False

    def refuse_pictures(self) -> None:
        """Discord refused a picture here although the cache allowed it: text-only
        until the permissions change."""
        permissions = self._permissions()
        self._refused = (None if permissions is None else permissions.value,)

    def told_of_pictures(self) -> None:
        """The host already knows the table is text-only (told when it opened)."""
        self._told.add(ATTACH.flag)

    async def tell_pictures(self) -> None:
        """Tell the host, in the channel and once, that the table is text-only."""
        if ATTACH.flag in self._told:
            return
        self._told.add(ATTACH.flag)
        table = self._table
        log.warning("table %s: no Attach Files in channel %s; text-only", table.id,
                    table.rec.channel_id)
        host = discord.Object(table.rec.host_id)
        channel = self._client.get_partial_messageable(table.rec.channel_id,
                                                       guild_id=table.rec.guild_id)
        with speaking(table.language):
            text = _(TELL_PICTURES, host=f"<@{host.id}>", permission=labels([ATTACH]))
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[host]))
        except discord.HTTPException as exc:
            log.info("could not tell the host of table %s about its pictures: %s",
                     table.id, exc)

    async def tell_blocked(self, missing: list[Need]) -> None:
        """Tell the host, by direct message and once, that the table cannot be shown
        (``missing``: the permissions lacking; empty when Discord did not say)."""
        missing = missing or ESSENTIAL
        fresh = {need.flag for need in missing} - self._told
        if not fresh:
            return
        self._told |= fresh
        table = self._table
        log.warning("table %s: missing %s in channel %s; its message cannot be shown",
                    table.id, ", ".join(need.name for need in missing), table.rec.channel_id)
        try:
            user = await self._client.fetch_user(table.rec.host_id)
            with speaking(table.language):
                text = _(TELL_BLOCKED, game=table.adapter.title,
                         channel=f"<#{table.rec.channel_id}>", permissions=labels(missing))
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not tell the host of table %s why it cannot be shown: %s",
                     table.id, exc)
