"""How a replayed Kachuful hand is headed (docs/playing.md "/replay"): its dealer, size
and trump, and every bid (K7; blind ones marked, KV7), from the hand's public summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.words import trump_label_text
from bot.i18n import _, _n


def replay_head(summary: Mapping[str, Any], names: Sequence[str]) -> str:
    """The head of a replayed hand, in the language being spoken (``names`` by seat)."""
    bids = ", ".join(_("{player} {bid} blind", player=n, bid=b) if bl else f"{n} {b}"
                     for n, b, bl in zip(names, summary.get("bids") or [],
                                         summary.get("blind") or [], strict=False))
    dealer = summary.get("dealer")
    size = summary.get("size")
    return _n("Dealer {dealer} · {count} card each · trump {trump}\nBids: {bids}",
              "Dealer {dealer} · {count} cards each · trump {trump}\nBids: {bids}",
              size if isinstance(size, int) else 0,
              dealer=names[dealer] if isinstance(dealer, int) else "—",
              trump=trump_label_text(summary.get("trump")), bids=bids)
