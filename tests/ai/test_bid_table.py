"""``hard``'s learned bid table for short Kachuful hands (K7, K8): shipped with its
seed, a distribution of tricks for every short hand, and legal bids that read the
scoring and the hook (docs/ai.md)."""

from __future__ import annotations

import json
import random
from importlib.resources import files

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.kachuful import bid_table
from engine.ai.kachuful.info import info_from_view
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame
from tests.ai.test_sanity import kachuful_choice, kachuful_position


def test_the_shipped_table_names_its_seed_and_counts_every_trick_count() -> None:
    data = json.loads(files("engine.ai.kachuful").joinpath("bid_table.json").read_text("utf-8"))
    assert isinstance(data["seed"], int) and data["hands_per_size"] > 0
    assert data["levels"] == list(bid_table.LEVELS)
    for cell, counts in data["cells"].items():
        size = int(cell.split(",")[0])
        assert 1 <= size <= bid_table.MAX_SIZE
        assert len(counts) == size + 1 and all(c >= 0 for c in counts)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 3), bids=st.integers(0, 3),
       scoring=st.sampled_from(["classic", "penalty", "per_trick", "judgement"]))
def test_a_short_hand_gets_a_distribution_and_a_legal_bid(
    seed: int, size: int, bids: int, scoring: str
) -> None:
    config = {"players": 4, "start_size": size, "schedule": "descending", "trump": "turned",
              "scoring": scoring}
    game = KachufulGame(config, seed=seed, max_hands=1)
    rng = random.Random(seed)
    for _ in range(bids):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.to_act
    assert seat is not None
    info = info_from_view(game.view(seat))
    assert bid_table.applies(info)
    dist = bid_table.tricks_distribution(info)
    assert len(dist) == size + 1 and abs(sum(dist) - 1) < 1e-9 and min(dist) > 0
    legal = sorted({a.amount for a in game.legal_actions(seat) if isinstance(a, Bid)})
    assert bid_table.table_bid(info, legal) in legal


def test_longer_hands_and_other_tables_are_left_to_the_search() -> None:
    info = info_from_view(KachufulGame({"players": 4, "start_size": 4}, seed=1).view(1))
    assert not bid_table.applies(info)
    info = info_from_view(KachufulGame({"players": 5, "start_size": 2,
                                        "schedule": "descending"}, seed=1).view(1))
    assert not bid_table.applies(info)


def test_one_card_the_trump_ace_bids_one_and_a_low_side_card_bids_nothing() -> None:
    """Seat 1 speaks first: with the A♥ (trump) it takes the trick whatever happens; with
    the 3♣ it almost never does."""
    for card, bid in (("A♥", 1), ("3♣", 0)):
        game = kachuful_position(["7♦", card, "9♠", "Q♦"], "2♥", [])
        action = kachuful_choice(game, "hard")
        assert isinstance(action, Bid) and action.amount == bid
