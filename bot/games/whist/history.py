"""How a replayed Whist deal is headed (docs/playing.md "/replay"): its dealer, the trump
and the card turned for it (W3), and the tricks and points of each partnership (W5), from
the deal's public summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.words import trump_label_text
from bot.i18n import _, _n
from engine.whist.rules import PARTNERSHIPS


def replay_head(summary: Mapping[str, Any], names: Sequence[str]) -> str:
    """The head of a replayed deal, in the language being spoken (``names`` by seat)."""
    dealer = summary.get("dealer")
    tricks = summary.get("partnership_tricks") or [0, 0]
    scores = summary.get("scores") or [0] * len(names)
    head = _("Dealer {dealer} · trump {trump} (turned {card})",
             dealer=names[dealer] if isinstance(dealer, int) else "—",
             trump=trump_label_text(summary.get("trump")), card=summary.get("turned") or "—")
    sides = [_n("{first} and {second}: {count} trick · points {points}",
                "{first} and {second}: {count} tricks · points {points}", tricks[side],
                first=names[a], second=names[b], points=scores[a])
             for side, (a, b) in enumerate(PARTNERSHIPS)]
    return "\n".join([head, *sides])
