"""Worlds sampled for search respect what the seat has seen (K9, M11, M13)."""

from __future__ import annotations

import random

from engine.ai.kachuful.info import info_from_view as kachuful_info
from engine.ai.lean import BIT_OF_NAME, SUIT_MASK
from engine.ai.mighty.info import KITTY
from engine.ai.mighty.info import info_from_view as mighty_info
from engine.ai.mighty.simulate import JOKER_MASK
from engine.ai.sampling import sample_world
from engine.cards import JOKER, Suit, parse_card, parse_cards
from engine.game import Play
from engine.kachuful.deal import Deal
from engine.kachuful.game import KachufulGame
from engine.mighty.actions import JOKER_DEMANDS, JOKER_LEADS, PASS, MightyBid
from engine.mighty.game import MightyGame
from tests.engine.mighty.util import build_deal, declare, finish_trick
from tests.engine.moves import play


def test_sample_world_fills_every_location_within_its_allowed_cards() -> None:
    rng = random.Random(3)
    unknown = (1 << 20) - 1
    allowed = [0xFF, (1 << 20) - 1 - 0xFF, (1 << 20) - 1]
    for _ in range(200):
        parts = sample_world(unknown, [5, 8, 7], allowed, rng)
        assert [p.bit_count() for p in parts] == [5, 8, 7]
        assert parts[0] | parts[1] | parts[2] == unknown
        assert all(p & ~a == 0 for p, a in zip(parts, allowed, strict=True))


def _kachuful_after_a_void() -> KachufulGame:
    hands = [parse_cards(h) for h in ("A♥ K♥ 2♣", "3♣ 4♣ 5♣", "Q♥ 2♦ 3♦", "J♥ 4♦ 5♦")]
    deal = Deal(tuple(tuple(h) for h in hands))
    game = KachufulGame({"players": 4, "start_size": 3, "schedule": "descending"},
                        deals=[deal, *[Deal(tuple(tuple(h[:k]) for h in hands)) for k in (2, 1)]],
                        first_dealer=3)
    for seat, bid in ((0, 1), (1, 0), (2, 1), (3, 0)):
        game.apply(seat, game.legal_actions(seat)[bid])
    game.apply(0, Play.of(parse_cards("A♥")[0]))
    game.apply(1, Play.of(parse_cards("3♣")[0]))
    return game


def test_k9_a_seat_that_did_not_follow_gets_no_card_of_the_led_suit() -> None:
    game = _kachuful_after_a_void()
    info = kachuful_info(game.view(2))
    assert info.voids[1] == 1 << 1  # hearts (suit 1)
    assert info.played[0] >> BIT_OF_NAME["A♥"] & 1
    rng = random.Random(0)
    unknown, capacity, allowed = info.hidden()
    for _ in range(100):
        parts = sample_world(unknown, capacity, allowed, rng)
        assert parts[1] & SUIT_MASK[1] == 0
        assert parts[2] == 0
        assert [p.bit_count() for p in parts[:4]] == [2, 2, 0, 3]


def test_m13_mighty_info_reads_hands_kitty_and_joker_refusal() -> None:
    game = MightyGame({"hands": 1}, seed=9)
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, MightyBid.of(13, Suit.HEARTS) if game.bid is None else PASS)
    declarer = game.declarer
    assert declarer is not None
    info = mighty_info(game.view(declarer))
    assert info.hand.bit_count() == 13
    unknown, capacity, _ = info.hidden()
    assert capacity[declarer] == 0 and capacity[KITTY] == 0
    assert unknown.bit_count() == 40
    other = (declarer + 1) % 5
    info = mighty_info(game.view(other))
    unknown, capacity, _ = info.hidden()
    assert capacity[KITTY] == 3 and unknown.bit_count() == 43
    assert bool(info.hand & JOKER_MASK) == any(c.suit is None for c in game.hands[other])


def _worlds(game: MightyGame, seat: int, n: int = 100) -> list[list[int]]:
    info = mighty_info(game.view(seat))
    unknown, capacity, allowed = info.hidden()
    rng = random.Random(seat)
    return [sample_world(unknown, capacity, allowed, rng) for _ in range(n)]


def test_m12_a_finished_trick_led_by_the_joker_shows_voids_in_the_suit_it_named() -> None:
    deal = build_deal({0: "A♥ JK", 1: "2♥ 3♠", 2: "3♥", 3: "4♥", 4: "5♥"}, avoid={2: "spades"})
    game = declare(deal)
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥", JOKER_LEADS[Suit.SPADES], "3♠")
    finish_trick(game)
    spades = SUIT_MASK[int(Suit.SPADES)]
    assert mighty_info(game.view(1)).voids[2] & spades == spades
    assert all(world[2] & spades == 0 for world in _worlds(game, 1))


def test_m13_a_demand_nobody_answered_in_a_finished_trick_places_the_joker() -> None:
    fixed = {0: "A♥ 3♣ JK", 1: "2♥ 9♣", 2: "3♥ K♣", 3: "4♥ 2♣", 4: "5♥ 7♦"}
    game = declare(build_deal(fixed, avoid={4: "clubs"}))
    demand = JOKER_DEMANDS[parse_card("3♣")]
    play(game, "A♥", "2♥", "3♥", "4♥", "5♥", demand, "9♣", "K♣", "2♣", "7♦")
    assert not game.trick and JOKER in game.hands[0]
    info = mighty_info(game.view(2))
    assert all(info.voids[s] & JOKER_MASK for s in (1, 3, 4))
    for world in _worlds(game, 2):
        assert not any(world[s] & JOKER_MASK for s in (1, 3, 4))
        assert (world[0] | world[KITTY]) & JOKER_MASK
