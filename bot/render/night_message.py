"""A game night's message (docs/nights.md "The night message"): its title and host,
the round with its tables (links to their table messages, game, players), who is
waiting, and the standings so far (places shared on equal totals, points to one
decimal), with the Join, Leave, Standings and Seat buttons; from the night's record
only, in the language being spoken."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import discord
from babel.numbers import format_decimal

from bot.i18n import _, _n, current
from bot.nights import NightRound, NightTable, standings
from bot.render.components import NIGHT, NightButton, Rows, in_rows
from bot.render.embeds import COLOUR, clip
from bot.render.leaderboard import add_lines, title
from bot.render.table_message import Payload
from bot.storage.nights import NightRecord


def points_text(points: Fraction) -> str:
    """Points rounded to one decimal, written the way the language writes them."""
    return format_decimal(float(points), format="#,##0.0", locale=current().locale)


def night_embed(night: NightRecord) -> discord.Embed:
    """The night as it stands: who is in it and the standings."""
    embed = _head(night)
    _add_standings(embed, night)
    return embed


def _head(night: NightRecord) -> discord.Embed:
    """The night's title, host, games and rounds."""
    games = ", ".join(title(g) for g in night.settings.games)
    rounds = night.settings.rounds
    about = _("Hosted by {host} · games: {games} · rounds: {rounds}", host=f"<@{night.host_id}>",
              games=games, rounds=rounds if rounds is not None else _("open-ended"))
    if night.status == "ended":
        about += "\n" + _("This game night is over.")
    return discord.Embed(title=clip(_("Game night: {title}", title=night.title), 256),
                         description=about, colour=COLOUR)


def _add_standings(embed: discord.Embed, night: NightRecord) -> None:
    table = standings(night.state)
    lines = [_("**{place}.** {member} · {points} points", place=m.place,
               member=f"<@{m.user_id}>", points=points_text(m.total))
             + (" " + _("(left)") if m.left else "") for m in table.members]
    add_lines(embed, _("Standings"), lines or [_("Nobody has joined yet.")])


def can_seat(night: NightRecord) -> bool:
    """Whether the host may seat now: the night is open and no round is being played
    (or the latest round has tables still to open), with rounds left to play."""
    state = night.state
    if night.status != "open":
        return False
    if state.unopened:
        return True
    return not state.round_running and not state.all_played(night.settings)


def night_message(night: NightRecord, links: Mapping[int, str]) -> Payload:
    """The night's channel message; ``links``: where each open table's message is, by
    table id."""
    embed = _head(night)
    if night.status == "open":
        embed.description = f"{embed.description}\n{_status(night)}"
    played = night.state.current
    if played is not None:
        heading = _("Round {number} of {rounds}", number=played.number,
                    rounds=night.settings.rounds) if night.settings.rounds is not None \
            else _("Round {number}", number=played.number)
        tables = [_table_line(i, t, links) for i, t in enumerate(played.tables, 1)]
        add_lines(embed, heading, [*tables, *_waiting_lines(night, played)])
    _add_standings(embed, night)
    rows = [NightButton(night.id, what).drawn(what != "seat" or can_seat(night))
            for what in NIGHT]
    return Payload([embed], Rows(in_rows(rows)))


def _status(night: NightRecord) -> str:
    """What happens next in the open night."""
    state = night.state
    if state.unopened:
        return _("Some tables of this round could not open: the host presses **Seat the next "
                 "round** (or `/night seat`) again.")
    if state.round_running:
        return _("Round {number} is being played.", number=len(state.rounds))
    if state.current is None:
        return _("Members join with **Join**; the host seats the first round with **Seat the "
                 "next round** (or `/night seat`).")
    return _("Round {number} is over: the host seats the next round with **Seat the next "
             "round** (or `/night seat`).", number=len(state.rounds))


def _table_line(index: int, table: NightTable, links: Mapping[int, str]) -> str:
    members = ", ".join(f"<@{m}>" for m in table.members)
    if table.ai_seats:
        members += " " + _n("(+{count} AI player)", "(+{count} AI players)", table.ai_seats)
    game = title(table.game)
    url = None if table.table_id is None else links.get(table.table_id)
    where = f"[{game}]({url})" if url else game
    if table.result is None:
        done = _("playing") if table.table_id is not None else _("not open yet")
    else:
        done = _("finished") if table.result.status == "finished" else _("abandoned")
    return _("{index}. {table} · {members} · {state}", index=index, table=where,
             members=members, state=done)


def _waiting_lines(night: NightRecord, played: NightRound) -> list[str]:
    """Who sits this round out, and who joined since it was seated."""
    active = night.state.active
    seated = {m for t in played.tables for m in t.members}
    out = [m for m in played.waiting if m in active]
    since = [m for m in active if m not in seated and m not in played.waiting]
    lines = []
    if out:
        lines.append(_("Sitting this round out: {members}",
                       members=", ".join(f"<@{m}>" for m in out)))
    if since:
        lines.append(_("Joined since the round was seated: {members}",
                       members=", ".join(f"<@{m}>" for m in since)))
    return lines

