"""What the bot can and cannot do in each channel with an open table: ``/cardnight
check`` (server managers) and the start-up log (README "Troubleshooting"), from the
needs of :mod:`bot.permissions`."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

import discord

from bot.i18n import N_, _, _n
from bot.permissions import NEEDS, in_channel, lacking
from bot.tables.table import Table

log = logging.getLogger(__name__)

FIELDS_SHOWN = 24
"""Channels shown at most (one embed field each; Discord allows 25)."""
GRANTED, MISSING = "✅", "❌"

TITLE = N_("What I can do in this server's table channels")
INTRO = N_("Each permission I need, for every channel with an open table and for this "
           "one. {missing} marks a missing one, with what goes wrong without it.")
ALL_GRANTED = N_("Everything I need is granted here.")
UNKNOWN = N_("I cannot find this channel: it was deleted, or I cannot see it at all.")
FIELD = N_("#{channel} · {game} table")
FIELD_HERE = N_("#{channel} · this channel")
MANAGERS_ONLY = N_("Only members with the Manage Server permission can run this check.")


@dataclass(frozen=True)
class ChannelCheck:
    """One channel: its table (None: the channel the check was asked in) and the bot's
    permissions there (None: the channel is not known)."""

    channel_id: int
    table: Table | None
    permissions: discord.Permissions | None


def checks(client: discord.Client, tables: Iterable[Table],
           here: ChannelCheck | None = None) -> list[ChannelCheck]:
    """The channels of ``tables`` (and ``here`` first, unless it has one of them)."""
    found = [ChannelCheck(t.rec.channel_id, t, in_channel(client, t.rec.channel_id))
             for t in sorted(tables, key=lambda t: t.rec.channel_id)]
    if here is not None and all(c.channel_id != here.channel_id for c in found):
        found.insert(0, here)
    return found


def log_checks(client: discord.Client, tables: Iterable[Table]) -> None:
    """One warning for each open table whose channel lacks something (English)."""
    for check in checks(client, tables):
        assert check.table is not None
        if check.permissions is None:
            log.warning("table %s: channel %s is not known (deleted, or not visible)",
                        check.table.id, check.channel_id)
            continue
        missing = lacking(check.permissions)
        if missing:
            log.warning("table %s in channel %s: missing %s", check.table.id,
                        check.channel_id, ", ".join(need.name for need in missing))


def report(client: discord.Client, found: list[ChannelCheck]) -> discord.Embed:
    """The check as an embed, in the language being spoken."""
    embed = discord.Embed(title=_(TITLE), description=_(INTRO, missing=MISSING))
    for check in found[:FIELDS_SHOWN]:
        channel = client.get_channel(check.channel_id)
        name = getattr(channel, "name", None) or str(check.channel_id)
        title = (_(FIELD_HERE, channel=name) if check.table is None
                 else _(FIELD, channel=name, game=check.table.adapter.title))
        embed.add_field(name=title, value=_lines(check.permissions), inline=False)
    if len(found) > FIELDS_SHOWN:
        more = len(found) - FIELDS_SHOWN
        embed.set_footer(text=_n("… and {count} more channel with a table.",
                                 "… and {count} more channels with a table.", more))
    return embed


def _lines(permissions: discord.Permissions | None) -> str:
    if permissions is None:
        return _(UNKNOWN)
    lines = []
    for need in NEEDS:
        if getattr(permissions, need.flag):
            lines.append(f"{GRANTED} {_(need.label)}")
        else:
            lines.append(f"{MISSING} **{_(need.label)}**: {_(need.lack)}")
    if not lacking(permissions):
        lines.append(_(ALL_GRANTED))
    return "\n".join(lines)
