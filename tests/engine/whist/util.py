"""Building Whist games from explicit cards, and driving them through the public API."""

from __future__ import annotations

import random

from engine.cards import parse_card, parse_cards
from engine.game import Action, Event, Play
from engine.whist import Deal, WhistGame


def deal(*hands: str, turned: str) -> Deal:
    """A deal from one text hand per seat: ``deal("K♥ A♠ ...", ..., turned="4♣")``."""
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned))


def one_deal(*hands: str, turned: str, dealer: int = 0) -> WhistGame:
    """A one-deal game of the given hands."""
    return WhistGame({"deals": 1}, deals=[deal(*hands, turned=turned)], first_dealer=dealer)


def play(game: WhistGame, *cards: str) -> list[Event]:
    """Cards played in turn by whoever is to act."""
    events: list[Event] = []
    for text in cards:
        seat = game.to_act
        assert seat is not None
        events += game.apply(seat, Play.of(parse_card(text)))
    return events


def random_game(
    game: WhistGame, rng: random.Random, stop_after: int | None = None
) -> list[tuple[int, Action]]:
    """Random legal plays until the end (or ``stop_after`` plays); returns them."""
    done: list[tuple[int, Action]] = []
    while (seat := game.to_act) is not None and (stop_after is None or len(done) < stop_after):
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        done.append((seat, action))
    return done


EXAMPLE = (
    "8♣ 4♣ J♠ 8♠ 2♠ Q♥ 10♥ 7♥ 3♥ A♦ 7♦ 4♦ 3♦",
    "J♣ 5♣ K♠ 5♠ 4♠ 3♠ K♥ J♥ 9♥ 2♥ K♦ 5♦ 2♦",
    "A♣ K♣ 10♣ 7♣ 6♣ 2♣ A♠ Q♠ 9♠ Q♦ J♦ 10♦ 6♦",
    "Q♣ 9♣ 3♣ 10♠ 7♠ 6♠ A♥ 8♥ 6♥ 5♥ 4♥ 9♦ 8♦",
)
"""The hands of the worked example (RULES W7), seat 0 dealing and turning up 4♣."""
