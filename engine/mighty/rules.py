"""Mighty's rule arithmetic: bids (M4), deal-miss value (M5), contract changes (M7),
the special cards (M10) and the settlement of a hand (M16). Pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import ACE, CARDS, JOKER, Card, CardParseError, Suit, card
from engine.game import IllegalAction
from engine.i18n import N_

PLAYERS: Final = 5
HAND_SIZE: Final = 10
KITTY_SIZE: Final = 3
TRICKS: Final = 10
MIN_BID: Final = 13
MAX_BID: Final = 20
TOTAL_POINTS: Final = 20
DEFAULT_HANDS: Final = 10

Trump = Suit | None
"""A trump suit, or None for no-trump."""

NOTRUMP_LABEL: Final = "notrump"
_NOTRUMP_WORDS: Final = frozenset({"notrump", "no-trump", "no trump", "nt", "none", "no_trump"})

POINTS_OF: Final = tuple(c.is_point for c in CARDS)
"""``POINTS_OF[card.index]`` is 1 for a point card (A K Q J 10, M1), else 0."""


def trump_name(trump: Trump) -> str:
    """Name of a trump in sentences."""
    return "no-trump" if trump is None else trump.label


def parse_trump(text: str) -> Trump:
    """Read a trump label; raise :class:`CardParseError` when it names none."""
    if isinstance(text, str) and " ".join(text.strip().lower().split()) in _NOTRUMP_WORDS:
        return None
    try:
        return Suit.from_label(text)
    except CardParseError:
        raise CardParseError(
            str(text), "a trump: spades, hearts, diamonds, clubs or notrump",
            N_("{text} is not a trump: spades, hearts, diamonds, clubs or notrump"),
        ) from None


def mighty_card(trump: Trump) -> Card:
    """The Mighty: A♠, or A♦ when spades are trump (M10)."""
    return card(ACE, Suit.DIAMONDS) if trump is Suit.SPADES else card(ACE, Suit.SPADES)


def joker_caller(trump: Trump) -> Card:
    """The joker-caller: 3♣, or 3♠ when clubs are trump (M10)."""
    return card(3, Suit.SPADES) if trump is Suit.CLUBS else card(3, Suit.CLUBS)


def beats(points: int, trump: Trump, standing: tuple[int, Trump] | None) -> bool:
    """True when the bid (points, trump) beats the standing bid (M4): a higher number,
    or the same number in no-trump over a suit. Suits have no order."""
    if standing is None:
        return True
    number, standing_trump = standing
    return points > number or (
        points == number and trump is None and standing_trump is not None
    )


def format_bid(points: int, trump: Trump) -> str:
    """``15 ♠`` or ``15 no-trump``."""
    return f"{points} {'no-trump' if trump is None else trump.symbol}"


# --- deal-miss (M5) -----------------------------------------------------------------

DEALMISS_LIMIT_HALVES: Final = 1
"""A deal-miss needs a hand worth at most ½ (counted in halves)."""


def _dealmiss_halves_of(c: Card) -> int:
    if c is JOKER:
        return -2
    if c.rank == ACE and c.suit is Suit.SPADES:
        return 0
    if c.rank > 10:
        return 2
    return 1 if c.rank == 10 else 0


_DEALMISS_HALVES: Final = tuple(_dealmiss_halves_of(c) for c in CARDS)


def dealmiss_halves(hand: Sequence[Card]) -> int:
    """The deal-miss value of a hand in halves (M5): A♠ 0, joker −1, other A K Q J +1,
    every 10 +½, other cards 0."""
    return sum(_DEALMISS_HALVES[c.index] for c in hand)


def format_halves(halves: int) -> str:
    """``2``, ``½``, ``1½``, ``−1``, ``−½``."""
    sign = "−" if halves < 0 else ""
    whole, half = divmod(abs(halves), 2)
    if half == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}½"


# --- final contract (M7) --------------------------------------------------------------


def contract_change_error(bid: tuple[int, Trump], new: tuple[int, Trump]) -> str | None:
    """Why the final contract ``new`` may not replace the winning ``bid`` (M7), in
    English, or None (:func:`contract_refusal`)."""
    refusal = contract_refusal(bid, new)
    return None if refusal is None else refusal.reason


def contract_refusal(bid: tuple[int, Trump], new: tuple[int, Trump]) -> IllegalAction | None:
    """The refusal of the final contract ``new`` after the winning ``bid`` (M7), or None.

    Raising the number is always allowed up to 20. Suit→other suit and no-trump→suit
    need at least +2 (from 19, 20 is enough; impossible at 20); suit→no-trump needs at
    least +1 (free at 20). The refusal names the trumps by their labels (``spades``,
    ``no-trump``) in ``from_trump`` and ``to_trump``."""
    number, trump = bid
    points, new_trump = new
    if not MIN_BID <= points <= MAX_BID:
        return _refusal(N_("a contract is a number from {low} to {high}"),
                        low=MIN_BID, high=MAX_BID)
    if points < number:
        return _refusal(N_("the contract may not go below the bid of {number}"), number=number)
    if new_trump is trump:
        if points == number:
            return _refusal(N_("that is the contract already: call your friend to keep it"))
        return None
    names = {"from_trump": trump_name(trump), "to_trump": trump_name(new_trump)}
    if new_trump is None:
        need = number + 1 if number < MAX_BID else MAX_BID
    elif number == MAX_BID:
        return _refusal(N_("changing {from_trump} to {to_trump} is impossible at {high}"),
                        high=MAX_BID, **names)
    else:
        need = min(number + 2, MAX_BID)
    if points < need:
        return _refusal(N_("changing {from_trump} to {to_trump} needs {need} or more"),
                        need=need, **names)
    return None


def _refusal(template: str, **params: object) -> IllegalAction:
    return IllegalAction("bad_contract_change", template, **params)


# --- settlement (M16) ---------------------------------------------------------------

SOLO_NONE: Final = "none"
SOLO_OPEN: Final = "open"
SOLO_SECRET: Final = "secret"
SOLO_FIRST_TRICK: Final = "first_trick"


@dataclass(frozen=True, slots=True)
class Settlement:
    """The score of one hand (M16). ``base`` and ``value`` (S) are not negative; the
    sign is in ``scores``."""

    points: int
    success: bool
    base: int
    doublings: tuple[str, ...]
    multiplier: int
    value: int
    scores: tuple[int, ...]


def settle(
    declarer: int, friend: int | None, contract: int, trump: Trump, points: int, solo: str
) -> Settlement:
    """Score a hand (M16): ``points`` is P (the declarer's side, discards included).

    Made (P ≥ B): S = 2·(B − 13) + (P − B); failed: S = B − P. S doubles for a no-trump
    contract, an open "no friend" solo, a run (P = 20) and a back-run (P ≤ 9). With a
    friend: declarer ±2S, friend ±S, each defender ∓S; solo: declarer ±4S, others ∓S."""
    success = points >= contract
    base = 2 * (contract - MIN_BID) + (points - contract) if success else contract - points
    doublings = tuple(
        name
        for name, applies in (
            ("notrump", trump is None),
            ("no_friend", solo == SOLO_OPEN),
            ("run", points == TOTAL_POINTS),
            ("back_run", points <= 9),
        )
        if applies
    )
    multiplier = 1 << len(doublings)
    value = base * multiplier
    signed = value if success else -value
    scores = [-signed] * PLAYERS
    if friend is None:
        scores[declarer] = 4 * signed
    else:
        scores[declarer] = 2 * signed
        scores[friend] = signed
    return Settlement(points, success, base, doublings, multiplier, value, tuple(scores))
