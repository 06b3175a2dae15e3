"""Cards, decks, notation and the forgiving card parser (RULES C1, C2).

Cards are flyweights: there is exactly one :class:`Card` object per card, so the hot
path compares them by identity and reads plain slot attributes. ``Card.index`` is a
dense integer (0..52) for tables and bit masks: ``suit * 13 + (rank - 2)``, with the
joker at 52.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from engine.i18n import N_


class Suit(IntEnum):
    """The four suits. They are equal in rank (C1): the order here is storage only."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The lower-case English name, as used in JSON (``"spades"``)."""
        return self.name.lower()

    @classmethod
    def from_label(cls, text: str) -> Suit:
        """Parse a suit from its name, letter or symbol; raise :class:`CardParseError`."""
        suit = _SUIT_WORDS.get(_normalise(text))
        if suit is None:
            raise CardParseError(text, "a suit: spades, hearts, diamonds or clubs (♠ ♥ ♦ ♣)",
                                 N_("{text} is not a suit: spades, hearts, diamonds or clubs "
                                    "(♠ ♥ ♦ ♣)"))
        return suit


_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

ACE: Final = 14
KING: Final = 13
QUEEN: Final = 12
JACK: Final = 11
TEN: Final = 10
JOKER_RANK: Final = 15
RANKS: Final = tuple(range(14, 1, -1))
"""Ranks high to low: A K Q J 10 9 … 2 (C1)."""

_RANK_NAMES: Final = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


class CardParseError(ValueError):
    """Input that names no card (or suit); the message says what was expected (C2).
    ``template`` is the message as a sentence marked with :func:`engine.i18n.N_`
    (``{text}`` the input, quoted) and ``params`` its parameters, for the bot to
    translate; without one the English message stands as it is."""

    def __init__(self, text: str, expected: str, template: str | None = None) -> None:
        self.text = text
        self.expected = expected
        shown = text if len(text) <= 40 else text[:37] + "..."
        self.params: dict[str, object] = {"text": repr(shown)}
        escaped = expected.replace("{", "{{").replace("}", "}}")
        self.template = template or "{text} is not " + escaped
        super().__init__(self.template.format(**self.params))


class Card:
    """One playing card. Never construct: use :data:`CARDS`, :func:`card` or :func:`parse_card`."""

    __slots__ = ("index", "rank", "suit")

    suit: Suit | None
    rank: int
    index: int

    def __init__(self, suit: Suit | None, rank: int, index: int) -> None:
        self.suit = suit
        self.rank = rank
        self.index = index

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_point(self) -> bool:
        """A, K, Q, J or 10: a Mighty point card (M1)."""
        return self.suit is not None and self.rank >= TEN

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_NAMES.get(self.rank, str(self.rank)) + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self!s})"

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_at, (self.index,))


def _build() -> tuple[Card, ...]:
    cards = [Card(suit, rank, suit * 13 + rank - 2) for suit in Suit for rank in range(2, 15)]
    cards.append(Card(None, JOKER_RANK, 52))
    return tuple(cards)


CARDS: Final = _build()
"""Every card, indexed by ``Card.index``; ``CARDS[52]`` is the joker."""
JOKER: Final = CARDS[52]
NAMES: Final = tuple(str(c) for c in CARDS)
"""The C2 notation of every card, indexed by ``Card.index`` (no formatting on the hot path)."""

# --- bit numbering ------------------------------------------------------------------
# The masks of the rules cores and the AI's search number cards rank-major,
# ``bit = (rank - 2) * 4 + suit`` (the joker is 52): a hand is one int whose lowest set
# bit is its lowest-ranked card and whose highest set bit its highest-ranked card.

JOKER_BIT: Final = 52
SUIT_MASK: Final = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
"""Bits of each suit (index by suit number)."""
BIT_OF_CARD: Final = tuple(
    JOKER_BIT if c.suit is None else (c.rank - 2) * 4 + int(c.suit) for c in CARDS
)
"""The bit of each card, by ``Card.index``."""
CARD_OF_BIT: Final = tuple(CARDS[BIT_OF_CARD.index(b)] for b in range(53))
"""The card of each bit."""


def _card_at(index: int) -> Card:
    return CARDS[index]


def card(rank: int, suit: Suit) -> Card:
    """The card of this rank (2..14) and suit."""
    return CARDS[suit * 13 + rank - 2]


def deck52() -> list[Card]:
    """A fresh 52-card French deck (C1), in index order."""
    return list(CARDS[:52])


def deck53() -> list[Card]:
    """The 52 cards and the joker (C1, M1)."""
    return list(CARDS)


def shuffled(cards: Iterable[Card], seed: int | random.Random) -> list[Card]:
    """The cards shuffled by ``random.Random(seed)`` (or the given generator)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out = list(cards)
    rng.shuffle(out)
    return out


# --- notation -----------------------------------------------------------------------

_SUIT_WORDS: Final = {
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS,
    "spade": Suit.SPADES, "spades": Suit.SPADES,
    "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
    "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS,
    "club": Suit.CLUBS, "clubs": Suit.CLUBS,
}
_RANK_WORDS: Final = {
    "a": ACE, "ace": ACE, "k": KING, "king": KING, "q": QUEEN, "queen": QUEEN,
    "j": JACK, "jack": JACK, "t": TEN, "10": TEN, "ten": TEN,
    **{str(r): r for r in range(2, 10)},
}
_JOKER_WORDS: Final = frozenset({"jk", "joker", "🃏", "jo", "jkr"})
_EXPECTED: Final = (
    "a card: a rank (A K Q J 10 9 … 2, or T) and a suit (♠ ♥ ♦ ♣ or s h d c), "
    "e.g. A♠, 10h, qc, or JK for the joker"
)
_NOT_A_CARD: Final = N_(
    "{text} is not a card: a rank (A K Q J 10 9 … 2, or T) and a suit (♠ ♥ ♦ ♣ or s h d c), "
    "e.g. A♠, 10h, qc, or JK for the joker"
)
_CARD_RE: Final = re.compile(
    r"^(ace|king|queen|jack|ten|10|[2-9akqjt])\s*(?:of\s*)?"
    r"(spades?|hearts?|diamonds?|clubs?|[shdc♠♥♦♣♤♡♢♧])$"
)


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    # Drop variation selectors (A♠️) and other invisible format characters.
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Mn", "Cf"))
    return " ".join(text.strip().lower().split())


def trump_label(trump: Suit | None) -> str:
    """The JSON name of a trump: ``spades`` … ``clubs``, or ``notrump`` for None."""
    return "notrump" if trump is None else trump.label


def parse_card(text: str) -> Card:
    """Read one card from forgiving input (C2): ``A♠``, ``A♠️``, ``as``, ``a s``, ``10h``,
    ``Th``, ``Q♣``, ``joker``, ``jk``. Raises :class:`CardParseError` and nothing else."""
    if not isinstance(text, str):
        raise CardParseError(repr(text), _EXPECTED, _NOT_A_CARD)
    norm = _normalise(text)
    if norm in _JOKER_WORDS:
        return JOKER
    m = _CARD_RE.match(norm.replace(" ", ""))
    if m is None:
        raise CardParseError(text, _EXPECTED, _NOT_A_CARD)
    rank = _RANK_WORDS[m.group(1)]
    suit = _SUIT_WORDS[m.group(2)]
    return card(rank, suit)


def parse_cards(text: str | Sequence[str]) -> list[Card]:
    """Several cards, from a list or from text separated by spaces or commas."""
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
        out: list[Card] = []
        i = 0
        while i < len(parts):
            # "a s" style: a rank followed by a lone suit word.
            if i + 1 < len(parts):
                try:
                    out.append(parse_card(parts[i] + parts[i + 1]))
                    rank, suit = _normalise(parts[i]), _normalise(parts[i + 1])
                    if rank in _RANK_WORDS and suit in _SUIT_WORDS:
                        i += 2
                        continue
                    out.pop()
                except CardParseError:
                    pass
            out.append(parse_card(parts[i]))
            i += 1
        return out
    if not isinstance(text, Sequence):
        raise CardParseError(repr(text), "cards: text such as 'A♠ 10h qc', or a list of cards",
                             N_("{text} is not cards: text such as 'A♠ 10h qc', or a list of "
                                "cards"))
    return [parse_card(t) for t in text]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in C2 notation separated by spaces: ``A♠ 10♥ JK``."""
    return " ".join(str(c) for c in cards)


def _hand_order(trump: Suit | None) -> dict[Card, int]:
    def key(c: Card) -> int:
        if c.suit is None:
            return 1000
        group = -1 if c.suit is trump else int(c.suit)
        return (group + 1) * 20 + (ACE - c.rank)

    return {c: key(c) for c in CARDS}


_HAND_ORDERS: Final = {trump: _hand_order(trump) for trump in (None, *Suit)}


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Sorted by suit then rank high to low; the trump suit first, the joker last."""
    return sorted(cards, key=_HAND_ORDERS[trump].__getitem__)
