"""The shared trick core (K9, M11, M14)."""

from __future__ import annotations

from engine.cards import Suit, parse_cards
from engine.tricks import follow_options, must_follow, winning_position


def test_follow_options_and_must_follow() -> None:
    hand = parse_cards("A♠ 2♠ K♥")
    assert follow_options(hand, Suit.SPADES) == parse_cards("A♠ 2♠")
    assert follow_options(hand, Suit.CLUBS) == hand
    assert follow_options(hand, None) == hand
    assert must_follow(hand, Suit.SPADES, parse_cards("K♥")[0])
    assert not must_follow(hand, Suit.CLUBS, parse_cards("K♥")[0])


def test_winning_position() -> None:
    trick = parse_cards("K♥ 2♣ A♥ 7♥")
    assert winning_position(trick, Suit.HEARTS, Suit.CLUBS) == 1
    assert winning_position(trick, Suit.HEARTS, None) == 2
    assert winning_position(parse_cards("5♦ A♠ 9♦"), Suit.DIAMONDS, None) == 2
    assert winning_position(parse_cards("3♣ 2♣ 4♣"), Suit.CLUBS, Suit.CLUBS) == 2
