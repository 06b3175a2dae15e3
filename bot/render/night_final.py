"""A game night's final standings (docs/nights.md "The night's end"): the message posted
once in the night's channel when the night ends, with its chart of each member's
running total over the rounds, from the night's standings only (public data), in the
language being spoken. Names in the embed are mentions, which embeds never ping; the
chart draws display names."""

from __future__ import annotations

from functools import partial
from typing import Final

import discord

from bot.i18n import N_, _, _n, current
from bot.nights import standings
from bot.render.embeds import COLOUR, clip
from bot.render.leaderboard import add_lines
from bot.render.night_message import points_text
from bot.render.pictures import night_picture, words_for
from bot.render.table_pictures import Draw
from bot.storage.nights import NightRecord

OVER: Final = N_("The game night “{title}” is over: here are its final standings.")


def final_embed(night: NightRecord) -> discord.Embed:
    """The night's final standings: places, points and games of each member, the
    winners marked."""
    table = standings(night.state)
    winners = [f"<@{m.user_id}>" for m in table.winners]
    about = [_("Hosted by {host} · rounds played: {rounds}", host=f"<@{night.host_id}>",
               rounds=table.rounds)]
    about.append(_n("Winner: {names}", "Winners: {names}", len(winners), names=", ".join(winners))
                 if winners else _("No winner: nobody scored."))
    embed = discord.Embed(title=clip(_("Final standings: {title}", title=night.title), 256),
                          description="\n".join(about), colour=COLOUR)
    won = {m.user_id for m in table.winners}
    lines = [_("**{place}.** {member} · {points} points", place=m.place,
               member=("🏆 " if m.user_id in won else "") + f"<@{m.user_id}>",
               points=points_text(m.total))
             + " · " + _n("{count} game", "{count} games", m.games)
             + (" " + _("(left)") if m.left else "") for m in table.members]
    add_lines(embed, _("Standings"), lines or [_("Nobody has joined yet.")])
    return embed


def final_drawing(night: NightRecord) -> Draw | None:
    """The night's chart, to draw off the event loop, in the language being spoken;
    None before any round was seated (nothing to chart)."""
    table = standings(night.state)
    if not table.rounds or not table.members:
        return None
    winners = [i for i, m in enumerate(table.members) if m in table.winners]
    return partial(night_picture, night.title, [m.name for m in table.members],
                   [m.running for m in table.members], winners, words=words_for(current()))
