"""Whist's hint reasons (``GameDescriptor.hints``; W4): why the ``normal`` AI plays its
card, read from the seat's own view. Leading: a side ace, else a low card of the
longest side suit, else a trump. Following: the card wins the trick, the partner is
already winning it (so the lowest card is thrown), or nothing can win it (so the
lowest goes); a card the seat alone may play is said to be the only one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.ai.reasons import HintReasons, Params, beats, suit_of
from engine.cards import ACE, parse_card
from engine.game import Action, Play
from engine.i18n import N_
from engine.tricks import winning_position
from engine.whist.rules import partnership

SENTENCES: Final[dict[str, str]] = {
    "only": N_("Play {card}: it is the only card you may play."),
    "lead_ace": N_("Lead {card}: an ace of a side suit should take the trick."),
    "lead_long": N_("Lead {card}: a low card of your longest side suit, keeping its high "
                    "cards for later tricks."),
    "lead_trump": N_("Lead {card}: you hold only trumps, so lead the lowest."),
    "win": N_("Play {card}: it wins the trick as cheaply as you can."),
    "partner": N_("Play {card}: your partner is winning the trick, so throw your lowest."),
    "lowest": N_("Play {card}: you cannot win this trick, so throw your lowest."),
}
"""The sentence of each reason code."""


class WhistReasons(HintReasons):
    """Why the ``normal`` AI plays a card."""

    sentences = SENTENCES

    def reason(self, view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
        if not isinstance(action, Play):
            raise ValueError(f"no hint reason for {action!r}")
        card = action.card
        params: Params = {"card": str(card)}
        if len(view.get("legal") or ()) <= 1:
            return "only", params
        trump = suit_of(view.get("trump"))
        trick = view.get("trick") or []
        if not trick:
            if card.suit is trump:
                return "lead_trump", params
            return ("lead_ace" if card.rank == ACE else "lead_long"), params
        cards = [parse_card(p["card"]) for p in trick]
        ahead = int(trick[winning_position(cards, cards[0].suit, trump)]["seat"])
        if partnership(ahead) == partnership(int(view["seat"])):
            return "partner", params
        return ("win" if beats(card, cards, trump) else "lowest"), params


REASONS: Final = WhistReasons()
"""Whist's hint reasons."""
