"""The words of hints (README "Hints"): one full sentence per reason code of
:mod:`engine.ai.hints`, with placeholders (translations come later)."""

from __future__ import annotations

from typing import Final

from engine.ai.hints import Hint

SENTENCES: Final[dict[str, str]] = {
    "look": "Look at your cards first: with them in view you can judge your bid.",
    "bid": "Bid {bid}: you hold {trumps} and {high}.",
    "blind_bid": "Bid {bid} blind, before looking: an exact blind bid scores double.",
    "forehead_bid": "Bid {bid}: you cannot see your own card, so judge by the cards the "
                    "others show.",
    "forehead_play": "Play your hidden card: it is the only card you hold.",
    "surest_winner": "Play {card}: you still need {need}, and {card} is your surest winner.",
    "cannot_win": "Play {card}: you still need {need}, and {card} saves your stronger cards "
                  "for later tricks.",
    "duck": "Play {card}: you already have the {bid} you bid, so avoid taking another.",
    "auction_bid": "Bid {points} {trump}: your hand is strongest there ({count} of its cards).",
    "auction_pass": "Pass: your longest suit has only {longest} cards, too few to declare.",
    "deal_miss": "Claim a deal miss: your hand is worth so little that it may be redealt.",
    "discard": "Discard {cards}: they are the cards least useful for your contract.",
    "contract": "Change the contract to {points} {trump}: with the kitty your hand is "
                "stronger there.",
    "friend_card": "Keep the contract at {contract} and call {card} as your friend: whoever "
                   "holds it helps you win tricks.",
    "friend_first": "Keep the contract at {contract} and call the winner of the first trick "
                    "as your friend.",
    "friend_none": "Keep the contract at {contract} and play alone: your hand is strong "
                   "enough without a friend.",
    "lead_request": "Answer the lead request as shown: it is the normal AI's choice here.",
    "mighty": "Play {card}, the mighty: it takes this trick whatever is played.",
    "joker": "Play {card}, the joker: it takes this trick unless the mighty falls.",
    "win_trick": "Play {card}: it takes this trick and its {points}.",
    "lead": "Lead {card}: the normal AI would open this trick with it.",
    "follow": "Play {card}: it keeps your stronger cards for later tricks.",
}
"""One sentence per reason code."""

HINT: Final = "💡 Hint: {sentence} (This is a hint only: nothing was played.)"
NO_HINT: Final = "There is nothing for you to decide right now, so there is no hint."
HINTS_OFF: Final = "Hints are turned off at this table."

_COUNTED: Final[dict[str, tuple[str, str]]] = {
    "need": ("1 trick", "{n} tricks"), "bid": ("1 trick", "{n} tricks"),
    "trumps": ("1 trump", "{n} trumps"), "high": ("1 ace or king", "{n} aces or kings"),
    "points": ("1 point card", "{n} point cards"),
}
"""Counted words, by placeholder (``bid`` and ``points`` only where they count)."""
_PLAIN: Final = {"auction_bid": {"points"}, "contract": {"points"}, "blind_bid": {"bid"},
                 "forehead_bid": {"bid"}}
"""Placeholders shown as bare numbers for these reasons."""


def words(found: Hint) -> str:
    """The member-facing text of a hint."""
    params: dict[str, str | int] = dict(found.params)
    plain = _PLAIN.get(found.reason, set())
    for key, (one, many) in _COUNTED.items():
        value = params.get(key)
        if isinstance(value, int) and key not in plain:
            params[key] = one if value == 1 else many.format(n=value)
    return HINT.format(sentence=SENTENCES[found.reason].format(**params))
