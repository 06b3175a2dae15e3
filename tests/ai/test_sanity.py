"""Scripted positions for what players of card-game bots complain about most: bidding
badly, not taking the tricks they need, playing against their partner. Each case sets
up a position and checks the kind of decision ``normal`` and ``hard`` make there."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.ai.decide import LevelPolicy
from engine.cards import deck53, parse_card, parse_cards
from engine.game import Action, Play
from engine.kachuful.actions import Bid
from engine.kachuful.deal import Deal
from engine.kachuful.game import KachufulGame
from engine.mighty.actions import FriendCall
from engine.mighty.deals import Deal as MightyDeal
from engine.mighty.game import MightyGame

LEVELS = ("normal", "hard")

# --- Kachuful -------------------------------------------------------------------------


def kachuful_position(
    hands: Sequence[str], turned: str, moves: Sequence[int | str], scoring: str = "classic"
) -> KachufulGame:
    """A 4-player one-hand game (trump: the turned card's suit, KV4; seat 0 deals, seat 1
    bids and leads first) after ``moves``: bids (ints) and plays (card names) in turn."""
    size = len(hands[0].split())
    config = {
        "players": 4,
        "start_size": size,
        "schedule": "descending",
        "trump": "turned",
        "scoring": scoring,
    }
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned))
    game = KachufulGame(config, deals=[deal], first_dealer=0, max_hands=1)
    for move in moves:
        seat = game.to_act
        assert seat is not None
        action = Bid.of(move) if isinstance(move, int) else Play.of(parse_card(move))
        game.apply(seat, action)
    return game


def kachuful_choice(game: KachufulGame, level: str) -> Action:
    seat = game.to_act
    assert seat is not None
    policy = LevelPolicy("kachuful", level, seconds=None)
    return policy.choose(game.view(seat), game.legal_actions(seat), random.Random(7))


def played(action: Action) -> str:
    assert isinstance(action, Play)
    return str(action.card)


@pytest.mark.parametrize("level", LEVELS)
def test_k9_needing_every_trick_leads_the_winners_from_the_top(level: str) -> None:
    """Bid 3 with A♠ K♠ 4♠: cash the top spades first; the 4♠ can only win last."""
    hands = ["5♣ 9♦ 3♦", "A♠ K♠ 4♠", "7♣ 8♦ 3♠", "Q♣ J♦ 6♠"]
    game = kachuful_position(hands, "2♥", [3, 0, 0, 1])
    assert played(kachuful_choice(game, level)) in {"A♠", "K♠"}


@pytest.mark.parametrize("level", LEVELS)
def test_k10_a_bid_made_sheds_high_cards(level: str) -> None:
    """Seat 2 made its bid of 1 with A♠; void in spades it throws the A♣, which would
    take an unwanted trick later, not the Q♦."""
    hands = ["10♠ 6♠ 6♣ 7♦", "K♠ 4♠ 8♣ 9♦", "A♠ A♣ Q♦ 2♦", "J♠ 5♠ 4♣ 5♦"]
    moves = [1, 1, 0, 0, "K♠", "A♠", "J♠", "10♠", "2♦", "5♦", "7♦", "9♦", "4♠"]
    game = kachuful_position(hands, "2♥", moves)
    assert game.to_act == 2
    assert played(kachuful_choice(game, level)) == "A♣"


@pytest.mark.parametrize("level", LEVELS)
def test_kv5_per_trick_takes_a_trick_that_costs_nothing(level: str) -> None:
    """Seat 2 bid 0 and was forced to take a trick: under per-trick scoring every further
    trick is a point, so last to play it takes the spade trick with the A♠."""
    hands = ["5♦ 6♣ J♠ 3♠", "3♦ 9♠ 8♣ 7♣", "A♦ 2♣ A♠ 2♠", "4♦ K♣ 10♠ 4♣"]
    moves = [1, 0, 1, 1, "3♦", "A♦", "4♦", "5♦", "2♣", "K♣", "6♣", "8♣", "10♠", "J♠", "9♠"]
    game = kachuful_position(hands, "2♥", moves, scoring="per_trick")
    assert game.to_act == 2
    assert played(kachuful_choice(game, level)) == "A♠"


@pytest.mark.parametrize("level", LEVELS)
def test_k8_hooked_dealer_with_the_trump_ace_does_not_bid_zero(level: str) -> None:
    """The hook forbids the dealer's 1; the A♥ (trump) takes a trick whatever happens, so
    0 is a sure miss: bid 2."""
    hands = ["A♥ 7♣", "K♠ 4♦", "9♠ 8♦", "Q♣ J♦"]
    game = kachuful_position(hands, "2♥", [1, 0, 0])
    assert game.forbidden_bid() == 1
    action = kachuful_choice(game, level)
    assert isinstance(action, Bid)
    assert action.amount == 2


# --- Mighty ---------------------------------------------------------------------------

PASSES: list[dict[str, object]] = [{"pass": True}] * 4


def mighty_position(
    hands: dict[int, str], kitty: str, moves: Sequence[dict[str, object]]
) -> MightyGame:
    """A one-hand match (seat 0 deals and speaks first, M4) after ``moves`` in record
    notation, each by the seat to act. Seats get the cards listed, then the lowest cards
    left (clubs, diamonds, hearts, spades within a rank) up to ten; the kitty likewise."""
    listed = {s: parse_cards(h) for s, h in hands.items()}
    rest = [c for c in deck53() if all(c not in cs for cs in listed.values())]
    rest = [c for c in rest if c not in parse_cards(kitty)]
    rest.sort(key=lambda c: (c.rank, -int(c.suit) if c.suit is not None else 0))
    full = []
    for seat in range(5):
        own = listed.get(seat, [])
        full.append(tuple(own + rest[: 10 - len(own)]))
        del rest[: 10 - len(own)]
    deal = MightyDeal(tuple(full), tuple(parse_cards(kitty)))
    game = MightyGame({"hands": 1}, deals=[deal], first_dealer=0)
    for move in moves:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, MightyGame.parse_action(move))
    return game


def mighty_choice(game: MightyGame, level: str, legal: Sequence[Action] | None = None) -> Action:
    seat = game.to_act
    assert seat is not None
    policy = LevelPolicy("mighty", level, seconds=None)
    options = game.legal_actions(seat) if legal is None else legal
    return policy.choose(game.view(seat), options, random.Random(7))


def _friend_leads_hearts(declarer: str) -> MightyGame:
    """Spades trump; the declarer (seat 0) called A♣, which seat 1 showed on trick 1; seat
    1 leads A♥ to trick 2 and the others follow low, the declarer last to play."""
    hands = {
        0: declarer,
        1: "A♣ A♥ J♣ 10♣ 9♣",
        2: "K♥ 2♥ 5♣ A♠",
        3: "4♥ 6♣ JK",
        4: "5♥ 7♣ A♦",
    }
    moves = [
        {"bid": [13, "spades"]}, *PASSES,
        {"discard": ["7♦", "8♦", "9♦"]},
        {"friend": "A♣"},
        {"play": "4♣"}, {"play": "A♣"}, {"play": "5♣"}, {"play": "6♣"}, {"play": "7♣"},
        {"play": "A♥"}, {"play": "2♥"}, {"play": "4♥"}, {"play": "5♥"},
    ]
    game = mighty_position(hands, "7♦ 8♦ 9♦", moves)
    assert game.to_act == 0
    assert game.view(0)["friend"] == 1
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_m14_declarer_does_not_overtake_its_revealed_friend(level: str) -> None:
    """Void in hearts, the declarer lets the friend's A♥ win rather than ruff it."""
    game = _friend_leads_hearts("K♠ Q♠ J♠ 10♠ 9♠ 4♣ 2♦ 3♦ 5♦ 6♦")
    assert played(mighty_choice(game, level)) in {"2♦", "3♦", "5♦", "6♦"}


@pytest.mark.parametrize("level", LEVELS)
def test_m15_point_cards_go_to_a_trick_the_side_wins(level: str) -> None:
    """Following the friend's winning A♥, the declarer adds its Q♥ (a point), not 3♥."""
    game = _friend_leads_hearts("K♠ Q♠ J♠ 10♠ 9♠ 4♣ Q♥ 3♥ 5♦ 6♦")
    assert played(mighty_choice(game, level)) == "Q♥"


@pytest.mark.parametrize("level", LEVELS)
def test_m12_joker_stays_out_of_trick_one(level: str) -> None:
    """On trick 1 the joker has no power: void in the led clubs, seat 1 keeps it."""
    hands = {
        0: "5♣ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ 8♠ 7♠",
        1: "JK 2♥ 3♥ 9♠ 10♠ 2♦ 3♦ 4♦ 5♦ 6♦",
    }
    moves = [{"bid": [13, "hearts"]}, *PASSES, {"discard": ["8♠", "7♠", "2♠"]},
             {"friend": "A♥"}, {"play": "5♣"}]
    game = mighty_position(hands, "2♠ 3♠ 4♠", moves)
    assert game.to_act == 1
    assert played(mighty_choice(game, level)) != "JK"


@pytest.mark.parametrize("level", LEVELS)
def test_m13_leading_the_joker_caller_demands_a_defenders_joker(level: str) -> None:
    """An open solo: every other seat is a defender and the joker is out, so the declarer
    leading the joker-caller (3♣, hearts trump) demands it."""
    hands = {0: "A♣ 3♣ A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ A♠", 3: "JK"}
    moves = [{"bid": [13, "hearts"]}, *PASSES, {"discard": ["2♠", "3♠", "4♠"]},
             {"friend": "none"}, {"play": "A♣"}]
    game = mighty_position(hands, "2♠ 3♠ 4♠", moves)
    while game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.view(0)["trick_number"] == 2
    callers = [a for a in game.legal_actions(0) if isinstance(a, Play) and str(a.card) == "3♣"]
    assert len(callers) == 2
    action = mighty_choice(game, level, callers)
    assert isinstance(action, Play) and action.call_joker


@pytest.mark.parametrize("level", LEVELS)
def test_m8_declarer_calls_a_friend_card_it_lacks(level: str) -> None:
    """Holding the Mighty, the joker and the K-Q-J of trumps, the declarer calls a card
    held by someone else (the A♥), never one of its own."""
    hands = {0: "A♠ JK K♥ Q♥ J♥ 10♥ 9♥ A♣ K♣ 2♦"}
    moves = [{"bid": [14, "hearts"]}, *PASSES, {"discard": ["2♦", "3♠", "4♠"]}]
    game = mighty_position(hands, "2♠ 3♠ 4♠", moves)
    calls = [a for a in game.legal_actions(0) if isinstance(a, FriendCall)]
    action = mighty_choice(game, level, calls)
    assert isinstance(action, FriendCall)
    target = action.target
    assert not isinstance(target, str)
    assert target not in game.hands[0]
    assert str(target) not in {"2♦", "3♠", "4♠"}
