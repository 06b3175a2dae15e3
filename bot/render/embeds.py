"""The public table message: the lobby, the table embed frame, the final standings.

Game-specific fields come from the table's adapter; this module adds what every game
shares (title, seats, the "Scores" field, the footer). Only public data is used. Texts
are in the language being spoken (the table's, for the table message).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.adapter import Field, GameAdapter
from bot.games.words import seat_label
from bot.i18n import N_, _, _n
from bot.storage.tables import SeatRecord
from engine.game import Game

FIELD_LIMIT = 1024
COLOUR = discord.Colour.dark_green()
# TRANSLATORS: {when} is a Discord relative time ("in 30 seconds"), shown in the reader's language.
TURN_TIMER = N_("Turn timer: the AI plays for this seat {when}.")


def clip(text: str, limit: int = FIELD_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (Discord's field value cap)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def add_fields(embed: discord.Embed, fields: Sequence[Field]) -> discord.Embed:
    for f in fields:
        embed.add_field(name=f.name[:256], value=clip(f.value or "—"), inline=f.inline)
    return embed


def lobby_embed(
    adapter: GameAdapter, settings_text: str, seats: Sequence[SeatRecord], host_id: int,
) -> discord.Embed:
    host = _("Host: {member}", member=f"<@{host_id}>")
    players = _("{least}–{most} players. Join, then the host deals.",
                least=adapter.min_seats, most=adapter.max_seats)
    embed = discord.Embed(title=_("{game} — lobby", game=adapter.title),
                          description=f"{host}\n{settings_text}\n\n{players}", colour=COLOUR)
    lines = [f"{i + 1}. {seat_label(s)}" for i, s in enumerate(seats)] or [_("(empty)")]
    embed.add_field(name=_("Seats ({seated}/{seats})", seated=len(seats), seats=adapter.max_seats),
                    value=clip("\n".join(lines)))
    return embed


def scores_field(adapter: GameAdapter, game: Game, seats: Sequence[SeatRecord]) -> Field:
    """The "Scores" field: one line per seat, the mention (or AI name) first (after the
    turn mark when it is theirs), the total last; the game's own lines when it has them
    (:meth:`GameAdapter.score_lines`). Once the game is over, winners are crowned."""
    res = game.results()
    labels = [seat_label(s) + (" 🏆" if res.over and i in res.winners else "")
              for i, s in enumerate(seats)]
    lines = adapter.score_lines(game, labels) or [
        f"{label} — {res.totals[i]}" for i, label in enumerate(labels)]
    return Field(_("Scores"), "\n".join(lines))


def table_embed(
    adapter: GameAdapter, game: Game, seats: Sequence[SeatRecord], note: str | None,
    deadline: float | None,
) -> discord.Embed:
    """The running table: the headline as title; the last action, the game's summary
    lines and the turn timer as description; the game's fields and the "Scores"."""
    embed = discord.Embed(title=f"{adapter.title} — {adapter.headline(game)}", colour=COLOUR)
    labels = [seat_label(s) for s in seats]
    parts = [note] if note else []
    parts.extend(adapter.summary(game, labels))
    if deadline is not None and not game.is_over:
        parts.append(_(TURN_TIMER, when=f"<t:{int(deadline)}:R>"))
    if parts:
        embed.description = clip("\n".join(parts), 4096)
    add_fields(embed, [scores_field(adapter, game, seats), *adapter.table_fields(game, seats)])
    return embed


def final_embed(
    adapter: GameAdapter, game: Game, seats: Sequence[SeatRecord], abandoned: bool,
) -> discord.Embed:
    """The closing message: winners (or "ended early"), the last hand's fields, the
    final "Scores"."""
    res = game.results()
    if abandoned:
        title = _("{game} — ended early", game=adapter.title)
        head = _("The table was ended; scores so far:")
    else:
        names = ", ".join(seat_label(seats[i]) for i in res.winners)
        title = _("{game} — game over", game=adapter.title)
        head = _n("🏆 Winner: {names}", "🏆 Winners: {names}", len(res.winners), names=names)
    embed = discord.Embed(title=title, description=clip(head, 4096), colour=discord.Colour.gold())
    return add_fields(embed, [scores_field(adapter, game, seats),
                              *adapter.table_fields(game, seats)])
