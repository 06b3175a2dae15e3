"""What a replay of a Whist game may show (:class:`~engine.descriptor.Reveal`): all
52 cards are dealt and every one is played (W2, W4), so once the game is over each
seat's thirteen cards as dealt are public; the replay file holds the deals played up
to the last scored one, which reproduce its totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.descriptor import Reveal


class WhistReveal(Reveal):
    """A finished game's deals to everyone; the scored deals in the file."""

    def dealt(self, doc: Mapping[str, Any], deal: int, finished: bool) -> list[list[str]] | None:
        return [list(h) for h in doc["deals"][deal]["hands"]] if finished else None

    def document(
        self, doc: Mapping[str, Any], deals: int | None, played: Mapping[int, list[list[str]]],
        summaries: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        return {**doc, "deals": doc["deals"][:deals]}


REVEAL: Final = WhistReveal()
"""Whist's replays (``GameDescriptor.reveal``)."""
