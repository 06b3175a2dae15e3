"""The rules core against recorded games (K7–K10, KV3–KV7): random seeded games
recorded in ``recorded_games.json`` (the replay document, the legal cards at every
play, each hand's bids, trick winners and scores) replay alike through the core alone
and through the public interface, and the AI's playouts reach the same trick winners."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.ai.kachuful.simulate import random_playout
from engine.cards import BIT_OF_CARD, parse_card
from engine.game import Play
from engine.kachuful.core import HandCore
from engine.kachuful.descriptor import KACHUFUL
from engine.kachuful.game import KachufulGame
from engine.kachuful.record import game_from_doc
from engine.kachuful.spec import SPEC
from engine.kachuful.trick import BEATS, legal_mask, trick_winner
from tests.engine.checks import mask_deal

RECORDED = Path(__file__).with_name("recorded_games.json")


@cache
def recorded() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return games


def _bit(name: str) -> int:
    return BIT_OF_CARD[parse_card(name).index]


def _mask(cards: Any) -> int:
    return sum(1 << BIT_OF_CARD[c.index] for c in cards)


def _summary(game: KachufulGame) -> list[dict[str, Any]]:
    keys = ("bids", "blind", "tricks", "trick_winners", "scores")
    return [{k: s[k] for k in keys} for s in SPEC.hand_summaries(game)]


@pytest.mark.parametrize("number", range(6))
def test_K9_K10_core_replays_recorded_games(number: int) -> None:
    """A bare :class:`HandCore` per hand, fed the recorded actions, lists the recorded
    legal cards and reaches the recorded trick winners and scores."""
    doc = recorded()[number]
    replay = doc["replay"]
    setup = game_from_doc(replay)
    scoring = setup.config.scoring
    finished = KACHUFUL.from_json(json.dumps(replay))
    actions = iter(replay["actions"])
    legal = iter(doc["legal"])
    for rec, deal, expected in zip(finished.hands, setup.all_deals(), doc["hands"], strict=True):
        trump = -1 if rec.trump is None else int(rec.trump)
        core = HandCore(setup.players, rec.size, rec.dealer, trump, setup.config.hook,
                        [_mask(h) for h in deal.hands])
        while not core.over:
            step = next(actions)
            seat = step["seat"]
            assert seat == core.to_act
            if "bid" in step:
                core.bid_range(step["bid"])
                core.bid(seat, step["bid"], step.get("blind", False))
                continue
            allowed = sum(1 << _bit(name) for name in next(legal))
            assert core.legal(seat) == allowed
            assert core.refusal(seat, _bit(step["play"])) is None
            core.play(seat, _bit(step["play"]))
        assert core.winners == expected["trick_winners"]
        assert core.won == expected["tricks"]
        assert core.scores(scoring) == expected["scores"]
    assert next(actions, None) is None


@pytest.mark.parametrize("number", range(6))
def test_public_interface_replays_recorded_games(number: int) -> None:
    """The game lists the recorded legal cards in the recorded order, and its replay
    ends with the recorded hands and totals."""
    doc = recorded()[number]
    replay = doc["replay"]
    game = game_from_doc(replay)
    legal = iter(doc["legal"])
    for step in replay["actions"]:
        seat = step["seat"]
        action = game.parse_action({k: v for k, v in step.items() if k != "seat"})
        if type(action) is Play:
            assert [str(a.card) for a in game.legal_actions(seat)] == next(legal)
        game.apply(seat, action)
    assert game.is_over
    assert _summary(game) == doc["hands"]
    assert game.results().totals == doc["totals"]


def test_K9_core_trick_rules_on_recorded_tricks() -> None:
    """Every recorded trick: each card was legal from the cards its player held, and
    :func:`trick_winner` and the :data:`BEATS` table name the recorded winner."""
    checked = 0
    for doc in recorded():
        game = KACHUFUL.from_json(json.dumps(doc["replay"]))
        n = game.players
        for rec in game.hands:
            trump = -1 if rec.trump is None else int(rec.trump)
            held = [_mask(h) for h in rec.deal.hands]
            for (leader, cards), winner in zip(rec.tricks, rec.trick_winners, strict=True):
                bits = [BIT_OF_CARD[c.index] for c in cards]
                for i, b in enumerate(bits):
                    seat = (leader + i) % n
                    assert legal_mask(held[seat], bits[0] & 3 if i else -1) >> b & 1
                    held[seat] ^= 1 << b
                assert (leader + trick_winner(bits, trump)) % n == winner
                best = bits[0]
                for b in bits[1:]:
                    if BEATS[trump][best] >> b & 1:
                        best = b
                assert bits.index(best) == trick_winner(bits, trump)
                checked += 1
    assert checked == sum(sum(len(h["trick_winners"]) for h in d["hands"]) for d in recorded())


def test_K9_random_playouts_follow_suit_and_count_every_trick() -> None:
    """The AI's random playout (the core's following and winners) deals out every card
    and gives each trick to one seat."""
    rng = random.Random(5)
    for _ in range(200):
        _, hands = mask_deal(rng, 52, 4, 13)
        won = random_playout(list(hands), rng.randrange(4), rng.randrange(-1, 4), rng)
        assert sum(won) == 13
