"""What a replay of a Mighty game may show (:class:`~engine.descriptor.Reveal`): the
kitty and the discards of a hand (M6) to its declarer only, who held them; and a replay
file with no card that was not played. Each deal in the file is rebuilt from public
cards: each hand as its cards were played, the kitty being the three cards never
played (which the tricks show to everyone), a hand never played (all passed) dealt in
deck order and a deal-miss hand (M5) as it was shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.cards import NAMES, deck53
from engine.descriptor import Privy, Reveal
from engine.mighty.rules import HAND_SIZE, PLAYERS


class MightyReveal(Reveal):
    """The kitty and discards to the declarer; deals rebuilt from public cards."""

    def privy(
        self, doc: Mapping[str, Any], deal: int, actions: Sequence[Mapping[str, Any]],
        summary: Mapping[str, Any],
    ) -> Privy | None:
        discards = [list(a["discard"]) for a in actions if "discard" in a]
        declarer = summary.get("declarer")
        return Privy(declarer if isinstance(declarer, int) else None,
                     list(doc["deals"][deal]["kitty"]), discards[-1] if discards else None)

    def document(
        self, doc: Mapping[str, Any], deals: int | None, played: Mapping[int, list[list[str]]],
        summaries: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        count = len(doc["deals"]) if deals is None else deals
        rebuilt = [_deal(played.get(d), summaries[d] if d < len(summaries) else {})
                   for d in range(count)]
        return {**doc, "deals": rebuilt}


REVEAL: Final = MightyReveal()
"""Mighty's replays (``GameDescriptor.reveal``)."""


def _deal(played: list[list[str]] | None, summary: Mapping[str, Any]) -> dict[str, Any]:
    """A deal from public cards: as played, else as shown, else in deck order."""
    hands: list[list[str]] = [list(h) for h in played] if played else [[] for _ in range(PLAYERS)]
    shown = summary.get("shown_hand")
    claimant = summary.get("claimant")
    if not played and shown and isinstance(claimant, int):
        hands[claimant] = list(shown)
    used = {c for h in hands for c in h}
    rest = [NAMES[c.index] for c in deck53() if NAMES[c.index] not in used]
    if played:
        return {"hands": hands, "kitty": rest}
    for hand in hands:
        while len(hand) < HAND_SIZE:
            hand.append(rest.pop(0))
    return {"hands": hands, "kitty": rest}
