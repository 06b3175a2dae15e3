"""The public table message: the lobby, the table embed frame, the final standings.

Game-specific fields come from the table's adapter; this module adds what every game
shares (title, seats, the "Scores" field, the footer). Only public data is used. Texts
are in the language being spoken (the table's, for the table message).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from typing import Any

import discord

from bot.ai_players import LEVEL_LABELS
from bot.games.adapter import Field, GameAdapter
from bot.i18n import N_, _, _n
from bot.storage.tables import SeatRecord
from engine.cards import Card, Suit, sort_hand
from engine.game import Game

FIELD_LIMIT = 1024
TURN_MARK = "▶"
"""Stands right before the seat to act wherever the table or a panel names it: the one
sign, in every language, of whose turn it is."""
COLOUR = discord.Colour.dark_green()
LAST_TRICK = "{cards} → {winner}"
LAST_TRICK_LINE = N_("Last trick: {trick}")
NO_CARD_YET = N_("No card played yet.")
"""A trick field before its first card (translated where shown)."""
WON_TRICK = N_("{winner} won the last trick with {card}: {trick}")
GREYED_OUT = N_("Greyed out: {reason}.")
# TRANSLATORS: {when} is a Discord relative time ("in 30 seconds"), shown in the reader's language.
TURN_TIMER = N_("Turn timer: the AI plays for this seat {when}.")


def seat_label(seat: SeatRecord) -> str:
    """A member's mention (marked while away), or the AI player's name marked as AI
    with its level."""
    if seat.user_id is not None:
        member = f"<@{seat.user_id}>"
        return _("{member} (away: the AI plays)", member=member) if seat.away else member
    level = LEVEL_LABELS.get(seat.level)
    return _("🤖 {name} (AI, {level})", name=seat.name,
             level=_(level) if level else seat.level)


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


def trick_line(plays: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> str:
    """A trick's cards by seat, in the order played: ``@ana 3♣ · @bo 8♣``."""
    return " · ".join(f"{labels[p['seat']]} {p['card']}" for p in plays)


def last_trick_text(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """The last completed trick by seat and its winner (a view's ``last_trick``)."""
    return LAST_TRICK.format(cards=trick_line(last["cards"], labels),
                             winner=labels[last["winner"]])


def last_trick_line(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """``Last trick: @ana 3♣ · @bo 8♣ → @bo``, for the table's trick field."""
    return _(LAST_TRICK_LINE, trick=last_trick_text(last, labels))


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


def won_trick_line(last: Mapping[str, Any], labels: Sequence[str]) -> str:
    """For a panel: who won the last trick, with which card, and the trick by seat."""
    winner = last["winner"]
    card = next(p["card"] for p in last["cards"] if p["seat"] == winner)
    return _(WON_TRICK, winner=labels[winner], card=card, trick=trick_line(last["cards"], labels))


def greyed_out(reasons: Sequence[str]) -> list[str]:
    """One line per reason some of a panel's buttons are disabled (each said once)."""
    return [_(GREYED_OUT, reason=reason) for reason in dict.fromkeys(reasons)]


def hand_text(cards: Sequence[Card], trump: Suit | None, name: Callable[[Card], str] = str) -> str:
    """A private hand, one line per suit, sorted by suit then rank with the trump suit
    first, bold and marked (PRODUCT "What players see"); ``name`` writes each card."""
    lines = []
    for suit, group in groupby(sort_hand(cards, trump), key=lambda c: c.suit):
        text = " ".join(name(c) for c in group)
        lines.append(_("**{cards}** ← trump", cards=text) if trump is not None and suit is trump
                     else text)
    return "\n".join(lines) or _("No cards left in this hand.")
