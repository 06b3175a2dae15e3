"""The cards that may be played (M9, M11, M13), on bit-mask hands."""

from __future__ import annotations

from engine.bits import NO_TRUMP, SUIT_MASK
from engine.mighty.core.masks import JOKER_MASK


def lead_mask(hand: int, trick_no: int, trump: int, named: int = -1) -> int:
    """Cards that may lead (M11): in trick 1 no trump while holding another card, and a
    card of the suit the friend ``named`` when asked (M9) while holding one. The Mighty
    and the joker are no trumps."""
    if trick_no == 1:
        if trump != NO_TRUMP:
            side = hand & ~SUIT_MASK[trump]
            if side:
                hand = side
        if named >= 0:
            asked = hand & SUIT_MASK[named]
            if asked:
                return asked
    return hand


def follow_mask(hand: int, led: int, mighty: int, demanded: bool) -> int:
    """Cards that may follow (M11, M13): a demanded joker (or the Mighty instead); else
    the led suit if held, plus the Mighty and the joker; else anything. ``led`` is -1
    after a powerless joker lead: the second card sets the suit, so anything goes."""
    if demanded and hand & JOKER_MASK:
        return JOKER_MASK | (hand & (1 << mighty))
    if led < 0:
        return hand
    same = hand & SUIT_MASK[led]
    if not same:
        return hand
    return same | (hand & ((1 << mighty) | JOKER_MASK))


def can_demand(trick_no: int) -> bool:
    """The joker-caller may demand the joker when it leads tricks 2–10 (M13)."""
    return trick_no > 1
