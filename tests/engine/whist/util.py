"""Building Whist games from explicit cards (the moves: :mod:`tests.engine.moves`)."""

from __future__ import annotations

from engine.cards import parse_card, parse_cards
from engine.whist import Deal, WhistGame


def deal(*hands: str, turned: str) -> Deal:
    """A deal from one text hand per seat: ``deal("K♥ A♠ ...", ..., turned="4♣")``."""
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned))


def one_deal(*hands: str, turned: str, dealer: int = 0) -> WhistGame:
    """A one-deal game of the given hands."""
    return WhistGame({"deals": 1}, deals=[deal(*hands, turned=turned)], first_dealer=dealer)


EXAMPLE = (
    "8♣ 4♣ J♠ 8♠ 2♠ Q♥ 10♥ 7♥ 3♥ A♦ 7♦ 4♦ 3♦",
    "J♣ 5♣ K♠ 5♠ 4♠ 3♠ K♥ J♥ 9♥ 2♥ K♦ 5♦ 2♦",
    "A♣ K♣ 10♣ 7♣ 6♣ 2♣ A♠ Q♠ 9♠ Q♦ J♦ 10♦ 6♦",
    "Q♣ 9♣ 3♣ 10♠ 7♠ 6♠ A♥ 8♥ 6♥ 5♥ 4♥ 9♦ 8♦",
)
"""The hands of the worked example (RULES W7), seat 0 dealing and turning up 4♣."""
