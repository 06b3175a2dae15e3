"""Whist's part of the table message (RULES W1–W6): the headline with the trump and the
turned card while the dealer holds it (W3), the partnerships, the tricks each has taken
this deal, the trick in play and the last one, and the scoreboard by partnership. In
the table's language (the caller speaks it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.adapter import Field
from bot.games.words import (
    NO_CARD_YET,
    TURN_MARK,
    last_trick_line,
    seat_label,
    trick_line,
    trump_label_text,
)
from bot.i18n import _
from bot.storage.tables import SeatRecord
from engine.whist.game import WhistGame
from engine.whist.rules import PARTNERSHIPS


def partners(labels: Sequence[str], side: int) -> str:
    """The two players of partnership ``side`` (W1): ``@ana and @cy``."""
    first, second = PARTNERSHIPS[side]
    return _("{first} and {second}", first=labels[first], second=labels[second])


def trump_words(view: Mapping[str, Any]) -> str:
    """The trump in words, with the turned card while the dealer still holds it (W3)."""
    trump = trump_label_text(view["trump"])
    turned = view["turned"]
    return _("{trump} (turned {card})", trump=trump, card=turned) if turned else trump


def headline(g: WhistGame) -> str:
    """The table embed's title after the game's name."""
    v = g.view(None)
    return _("deal {number}/{deals} · trump {trump}", number=v["hand_number"],
             deals=v["hand_count"], trump=trump_words(v))


def summary_lines(g: WhistGame, labels: Sequence[str]) -> list[str]:
    """The dealer and the partnerships facing each other."""
    if g.is_over:
        return []
    v = g.view(None)
    return [_("Dealer {dealer} · {first} against {second}", dealer=labels[v["dealer"]],
              first=partners(labels, 0), second=partners(labels, 1))]


def score_lines(g: WhistGame, labels: Sequence[str]) -> list[str]:
    """One line per seat: its tricks this deal and its partnership's total (W6), the
    seat to act marked."""
    v = g.view(None)
    marks = [TURN_MARK + " " if v["to_act"] == s else "" for s in range(v["players"])]
    return [_("{mark}{label} · won {won} · {total}", mark=marks[s], label=labels[s],
              won=v["tricks_won"][s], total=v["totals"][s]) for s in range(v["players"])]


def table_fields(g: WhistGame, seats: Sequence[SeatRecord]) -> list[Field]:
    """The trump, the tricks by partnership this deal (W5), the trick in play and the
    last trick by seat, and the scoreboard by partnership (W6)."""
    v = g.view(None)
    labels = [seat_label(s) for s in seats]
    sides = range(len(PARTNERSHIPS))
    tricks = "\n".join(_("{players}: {count}", players=partners(labels, side),
                         count=v["partnership_tricks"][side]) for side in sides)
    lines = []
    if not v["over"]:
        lines.append(trick_line(v["trick"], labels) or _(NO_CARD_YET))
    if v["last_trick"] is not None:
        lines.append(last_trick_line(v["last_trick"], labels))
    board = "\n".join(_("{players}: {points}", players=partners(labels, side),
                        points=v["partnership_totals"][side]) for side in sides)
    fields = [Field(_("Trump"), trump_words(v), inline=True),
              Field(_("Tricks this deal"), tricks, inline=True)]
    if lines:
        fields.append(Field(_("Trick"), "\n".join(lines)))
    fields.append(Field(_("Scoreboard (points over six tricks)"), board))
    return fields
