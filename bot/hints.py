"""The words of hints (README "Hints"): one full sentence per reason code of
:mod:`engine.ai.hints`, with placeholders, translated when shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bot.i18n import N_, _, _n
from engine.ai.hints import Hint

SENTENCES: Final[dict[str, str]] = {
    "look": N_("Look at your cards first: with them in view you can judge your bid."),
    "bid": N_("Bid {bid}: you hold {trumps} and {high}."),
    "blind_bid": N_("Bid {bid} blind, before looking: an exact blind bid scores double."),
    "forehead_bid": N_("Bid {bid}: you cannot see your own card, so judge by the cards the "
                    "others show."),
    "forehead_play": N_("Play your hidden card: it is the only card you hold."),
    "surest_winner": N_("Play {card}: you still need {need}, and {card} is your surest winner."),
    "cannot_win": N_("Play {card}: you still need {need}, and {card} saves your stronger cards "
                  "for later tricks."),
    "duck": N_("Play {card}: you already have the {bid} you bid, so avoid taking another."),
    "auction_bid": N_("Bid {points} {trump}: your hand is strongest there ({count} of its cards)."),
    "auction_pass": N_("Pass: your longest suit has only {longest} cards, too few to declare."),
    "deal_miss": N_("Claim a deal miss: your hand is worth so little that it may be redealt."),
    "discard": N_("Discard {cards}: they are the cards least useful for your contract."),
    "contract": N_("Change the contract to {points} {trump}: with the kitty your hand is "
                "stronger there."),
    "friend_card": N_("Keep the contract at {contract} and call {card} as your friend: whoever "
                   "holds it helps you win tricks."),
    "friend_first": N_("Keep the contract at {contract} and call the winner of the first trick "
                    "as your friend."),
    "friend_none": N_("Keep the contract at {contract} and play alone: your hand is strong "
                   "enough without a friend."),
    "lead_request": N_("Answer the lead request as shown: it is the normal AI's choice here."),
    "mighty": N_("Play {card}, the mighty: it takes this trick whatever is played."),
    "joker": N_("Play {card}, the joker: it takes this trick unless the mighty falls."),
    "win_trick": N_("Play {card}: it takes this trick and its {points}."),
    "lead": N_("Lead {card}: the normal AI would open this trick with it."),
    "follow": N_("Play {card}: it keeps your stronger cards for later tricks."),
}
"""One sentence per reason code."""

HINT: Final = N_("💡 Hint: {sentence} (This is a hint only: nothing was played.)")
NO_HINT: Final = N_("There is nothing for you to decide right now, so there is no hint.")
HINTS_OFF: Final = N_("Hints are turned off at this table.")

def _tricks(count: int) -> str:
    return _n("{count} trick", "{count} tricks", count)


_COUNTED: Final[dict[str, Callable[[int], str]]] = {
    "need": _tricks, "bid": _tricks,
    "trumps": lambda count: _n("{count} trump", "{count} trumps", count),
    "high": lambda count: _n("{count} ace or king", "{count} aces or kings", count),
    "points": lambda count: _n("{count} point card", "{count} point cards", count),
}
"""Counted words, by placeholder (``bid`` and ``points`` only where they count)."""
_PLAIN: Final = {"auction_bid": {"points"}, "contract": {"points"}, "blind_bid": {"bid"},
                 "forehead_bid": {"bid"}}
"""Placeholders shown as bare numbers for these reasons."""


def words(found: Hint) -> str:
    """The member-facing text of a hint, in the language being spoken."""
    params: dict[str, str | int] = dict(found.params)
    plain = _PLAIN.get(found.reason, set())
    for key, counted in _COUNTED.items():
        value = params.get(key)
        if isinstance(value, int) and key not in plain:
            params[key] = counted(value)
    return _(HINT, sentence=_(SENTENCES[found.reason], **params))
