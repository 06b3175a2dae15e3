"""Building Kachuful games from explicit cards (the moves: :mod:`tests.engine.moves`)."""

from __future__ import annotations

from typing import Any

from engine.cards import parse_card, parse_cards
from engine.game import Event
from engine.kachuful import Bid, Deal, KachufulGame


def deal(*hands: str, turned: str | None = None) -> Deal:
    """A deal from one text hand per seat: ``deal("K♥ A♠", "2♣ 5♠", ...)``."""
    return Deal(
        tuple(tuple(parse_cards(h)) for h in hands),
        None if turned is None else parse_card(turned),
    )


def one_hand(
    *hands: str, dealer: int = 0, turned: str | None = None, **config: Any
) -> KachufulGame:
    """A one-hand game of the size of the given hands, at the first schedule index of
    that size (so the trump is the cycle's at that index unless set otherwise)."""
    players = len(hands)
    size = len(parse_cards(hands[0]))
    game_config = {"players": players, **config}
    start = config.get("start_size", 52 // players) - size
    return KachufulGame(
        game_config,
        deals=[deal(*hands, turned=turned)],
        first_dealer=dealer,
        start_hand=start,
        max_hands=1,
    )


def bid_all(game: KachufulGame, *bids: int) -> list[Event]:
    """The bids in turn order from the seat to act."""
    events: list[Event] = []
    for amount in bids:
        seat = game.to_act
        assert seat is not None
        events += game.apply(seat, Bid.of(amount))
    return events
