"""A game night's message (docs/nights.md): its title and host, the members in it,
and the standings so far (places shared on equal totals, points to one decimal),
from the night's record only, in the language being spoken."""

from __future__ import annotations

from fractions import Fraction

import discord
from babel.numbers import format_decimal

from bot.i18n import _, current
from bot.nights import standings
from bot.render.embeds import COLOUR, clip
from bot.render.leaderboard import add_lines, title
from bot.storage.nights import NightRecord


def points_text(points: Fraction) -> str:
    """Points rounded to one decimal, written the way the language writes them."""
    return format_decimal(float(points), format="#,##0.0", locale=current().locale)


def night_embed(night: NightRecord) -> discord.Embed:
    """The night as it stands: who is in it and the standings."""
    games = ", ".join(title(g) for g in night.settings.games)
    rounds = night.settings.rounds
    about = _("Hosted by {host} · games: {games} · rounds: {rounds}", host=f"<@{night.host_id}>",
              games=games, rounds=rounds if rounds is not None else _("open-ended"))
    if night.status == "ended":
        about += "\n" + _("This game night is over.")
    embed = discord.Embed(title=clip(_("Game night: {title}", title=night.title), 256),
                          description=about, colour=COLOUR)
    table = standings(night.state)
    lines = [_("**{place}.** {member} · {points} points", place=m.place,
               member=f"<@{m.user_id}>", points=points_text(m.total))
             + (" " + _("(left)") if m.left else "") for m in table.members]
    add_lines(embed, _("Standings"), lines or [_("Nobody has joined yet.")])
    return embed
