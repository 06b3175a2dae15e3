"""The public table message: the lobby, the table embed frame, the final standings.

Game-specific fields come from the table's adapter; this module adds what every game
shares (title, seats, the "Scores" field, the footer). Only public data is used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

import discord

from bot.games.adapter import Field, GameAdapter
from bot.storage.tables import SeatRecord
from engine.cards import Card, Suit, sort_hand
from engine.game import Game

FIELD_LIMIT = 1024
TURN_MARK = "▶"
"""Stands right before the seat to act wherever the table or a panel names it: the one
sign, in every language, of whose turn it is."""
COLOUR = discord.Colour.dark_green()


def seat_label(seat: SeatRecord) -> str:
    """A member's mention (marked while away), or the AI player's name marked as AI
    with its level."""
    if seat.user_id is not None:
        return f"<@{seat.user_id}> (away: the AI plays)" if seat.away else f"<@{seat.user_id}>"
    return f"🤖 {seat.name} (AI, {seat.level})"


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
    embed = discord.Embed(
        title=f"{adapter.title} — lobby",
        description=(
            f"Host: <@{host_id}>\n{settings_text}\n\n"
            f"{adapter.min_seats}–{adapter.max_seats} players. Join, then the host deals."
        ),
        colour=COLOUR,
    )
    lines = [f"{i + 1}. {seat_label(s)}" for i, s in enumerate(seats)] or ["(empty)"]
    embed.add_field(name=f"Seats ({len(seats)}/{adapter.max_seats})", value=clip("\n".join(lines)))
    return embed


def scores_field(game: Game, seats: Sequence[SeatRecord]) -> Field:
    """The "Scores" field: one line per seat, the mention (or AI name) first, the total last."""
    res = game.results()
    lines = []
    for i, s in enumerate(seats):
        crown = " 🏆" if i in res.winners else ""
        lines.append(f"{seat_label(s)}{crown} — {res.totals[i]}")
    return Field("Scores", "\n".join(lines))


def table_embed(
    adapter: GameAdapter, game: Game, seats: Sequence[SeatRecord], note: str | None,
    deadline: float | None,
) -> discord.Embed:
    embed = discord.Embed(title=f"{adapter.title} — {adapter.headline(game)}", colour=COLOUR)
    parts = []
    if note:
        parts.append(note)
    if deadline is not None and not game.is_over:
        parts.append(f"Turn timer: the AI plays for this seat <t:{int(deadline)}:R>.")
    if parts:
        embed.description = clip("\n".join(parts), 4096)
    add_fields(embed, [*adapter.table_fields(game, seats), scores_field(game, seats)])
    return embed


def final_embed(
    adapter: GameAdapter, game: Game, seats: Sequence[SeatRecord], abandoned: bool,
) -> discord.Embed:
    """The closing message: winners (or "ended early"), the last hand's fields, the
    final "Scores"."""
    res = game.results()
    if abandoned:
        title, head = f"{adapter.title} — ended early", "The table was ended; scores so far:"
    else:
        names = ", ".join(seat_label(seats[i]) for i in res.winners)
        plural = "s" if len(res.winners) > 1 else ""
        title, head = f"{adapter.title} — game over", f"🏆 Winner{plural}: {names}"
    embed = discord.Embed(title=title, description=clip(head, 4096), colour=discord.Colour.gold())
    return add_fields(embed, [*adapter.table_fields(game, seats), scores_field(game, seats)])


def hand_text(cards: Sequence[Card], trump: Suit | None, name: Callable[[Card], str] = str) -> str:
    """A private hand, one line per suit, sorted by suit then rank with the trump suit
    first, bold and marked (PRODUCT "What players see"); ``name`` writes each card."""
    lines = []
    for suit, group in groupby(sort_hand(cards, trump), key=lambda c: c.suit):
        text = " ".join(name(c) for c in group)
        lines.append(f"**{text}** ← trump" if trump is not None and suit is trump else text)
    return "\n".join(lines) or "No cards left in this hand."
