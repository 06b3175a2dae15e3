"""What a replay of a Kachuful game may show (:class:`~engine.descriptor.Reveal`): every
card dealt is played (K9), so once the game is over each hand as dealt is public, and
the replay file holds the deals of the hands scored, which reproduce its totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.descriptor import Reveal


class KachufulReveal(Reveal):
    """A finished game's hands as dealt, to everyone; the scored hands' deals in the
    file."""

    def dealt(self, doc: Mapping[str, Any], deal: int, finished: bool) -> list[list[str]] | None:
        return [list(h) for h in doc["deals"][deal]["hands"]] if finished else None

    def document(
        self, doc: Mapping[str, Any], deals: int | None, played: Mapping[int, list[list[str]]],
        summaries: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        return {**doc, "deals": doc["deals"][:deals]}


REVEAL: Final = KachufulReveal()
"""Kachuful's replays (``GameDescriptor.reveal``)."""
