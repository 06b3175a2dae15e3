"""Cards, notation and the forgiving parser (C1, C2)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    CARDS,
    JOKER,
    NAMES,
    CardParseError,
    Suit,
    card,
    deck52,
    deck53,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
    sort_hand,
)


def test_C1_decks() -> None:
    assert len(deck52()) == 52 and len(set(deck52())) == 52 and JOKER not in deck52()
    assert deck53()[-1] is JOKER and len(deck53()) == 53
    assert all(c.index == i for i, c in enumerate(CARDS))
    assert card(14, Suit.SPADES).is_point and not card(9, Suit.SPADES).is_point
    assert shuffled(deck52(), 3) == shuffled(deck52(), random.Random(3))


@pytest.mark.parametrize(
    "text",
    ["A♠", "A♠️", "as", "AS", "a s", "ace of spades", " a♤ ", "Ace Spades"],
)
def test_C2_forgiving_input(text: str) -> None:
    assert parse_card(text) is card(14, Suit.SPADES)


def test_C2_notation() -> None:
    assert [str(parse_card(t)) for t in ("10h", "Th", "td", "Q♣", "qc", "joker", "jk")] == [
        "10♥",
        "10♥",
        "10♦",
        "Q♣",
        "Q♣",
        "JK",
        "JK",
    ]
    assert tuple(str(c) for c in CARDS) == NAMES
    assert format_cards(parse_cards("a s, 10h 2c")) == "A♠ 10♥ 2♣"
    with pytest.raises(CardParseError) as err:
        parse_card("11h")
    assert "a card: a rank" in str(err.value)


def test_sort_hand_trumps_first_then_suits_high_to_low() -> None:
    hand = parse_cards("2♠ A♥ K♠ JK 3♣ 10♣")
    assert format_cards(sort_hand(hand)) == "K♠ 2♠ A♥ 10♣ 3♣ JK"
    assert format_cards(sort_hand(hand, Suit.CLUBS)) == "10♣ 3♣ K♠ 2♠ A♥ JK"


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.text(), st.text(alphabet="akqjt1023456789shdc♠♥♦♣ ,of"), st.none(), st.integers())
)
def test_parser_raises_only_its_typed_error(text: object) -> None:
    for parse in (parse_card, parse_cards):
        with contextlib.suppress(CardParseError):
            parse(text)  # type: ignore[arg-type]
