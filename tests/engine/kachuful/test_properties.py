"""Property tests: random legal games under random variants (K1–K10, KV1–KV8)."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import Action, Play
from engine.kachuful import Bid, KachufulGame
from engine.replay import replay
from tests.engine.checks import (
    assert_illegal_actions_change_nothing,
    assert_record_replays,
    assert_round_trip,
)
from tests.engine.moves import random_game

_index = attrgetter("index")

FAST = settings(max_examples=40, deadline=None)


@st.composite
def configs(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(3, 7))
    return {
        "players": players,
        "start_size": draw(st.integers(1, 52 // players)),
        "schedule": draw(st.sampled_from(["full", "descending"])),
        "trump": draw(st.sampled_from(["cycle", "cycle_notrump", "turned"])),
        "scoring": draw(st.sampled_from(["classic", "penalty", "per_trick", "judgement"])),
        "hook": draw(st.booleans()),
        "blind_bids": draw(st.booleans()),
        "forehead": draw(st.booleans()),
    }


def play_checked(game: KachufulGame, rng: random.Random) -> None:
    """Random legal play (with random looks), checking invariants at every step."""
    n = game.players
    while (seat := game.to_act) is not None:
        if game.config.blind_bids and rng.random() < 0.1:
            game.reveal_hand(rng.randrange(n))
        legal = game.legal_actions(seat)
        assert legal and all(game.legal_actions(s) == [] for s in range(n) if s != seat)
        rec = game.current
        if game.phase == "bidding" and seat == rec.dealer and game.config.hook:
            forbidden = rec.size - sum(b for b in rec.bids if b is not None)
            assert all(a.amount != forbidden for a in legal if isinstance(a, Bid))
        played = sum(len(cards) for _, cards in rec.tricks) + len(game.trick)
        assert played + sum(len(game.cards_of(s)) for s in range(n)) == rec.size * n
        game.apply(seat, rng.choice(legal))


@FAST
@given(configs(), st.integers(0, 10**6))
def test_random_games_finish_and_keep_the_rules(config: dict[str, Any], seed: int) -> None:
    game = KachufulGame(config, seed=seed)
    play_checked(game, random.Random(seed))
    res = game.results()
    assert res.over and game.phase == "over" and len(game.hands) == game.hand_count
    assert res.totals == [sum(h[s] for h in res.hand_scores) for s in range(game.players)]
    assert res.winners and all(res.totals[w] == max(res.totals) for w in res.winners)
    for rec in game.hands:
        dealt = [c for hand in rec.deal.hands for c in hand]
        played = [c for _, cards in rec.tricks for c in cards]
        assert sorted(played, key=_index) == sorted(dealt, key=_index)  # conserved
        assert len(set(dealt)) == len(dealt)
        assert sum(rec.tricks_won) == rec.size == len(rec.trick_winners)
        if game.config.hook:
            assert any(b != t for b, t in zip(rec.bids, rec.tricks_won, strict=True))


@FAST
@given(configs(), st.integers(0, 10**6), st.integers(0, 400))
def test_json_round_trip_at_any_point(config: dict[str, Any], seed: int, stop: int) -> None:
    game = KachufulGame(config, seed=seed)
    rng = random.Random(seed)
    random_game(game, rng, stop_after=stop)
    if game.config.blind_bids and not game.is_over:
        game.reveal_hand(stop % game.players)
    restored = assert_round_trip(game)
    # Both go on identically.
    for seat, action in random_game(game, random.Random(stop)):
        restored.apply(seat, action)
    assert restored.results() == game.results()


@FAST
@given(configs(), st.integers(0, 10**6), st.integers(0, 400))
def test_replaying_the_record_reproduces_the_game(
    config: dict[str, Any], seed: int, stop: int
) -> None:
    game = KachufulGame(config, seed=seed)
    random_game(game, random.Random(seed), stop_after=stop)
    assert_record_replays(game, "kachuful")


@FAST
@given(st.integers(3, 7), st.integers(0, 10**6), st.integers(0, 300))
def test_illegal_actions_change_nothing(players: int, seed: int, stop: int) -> None:
    game = KachufulGame({"players": players, "blind_bids": True}, seed=seed)
    rng = random.Random(seed)
    random_game(game, rng, stop_after=stop)
    candidates: list[Action] = [Bid.of(a, b) for a in range(-1, 15) for b in (False, True)]
    candidates += [Play.of(c) for hand in game.hands[-1].deal.hands for c in hand]
    assert_illegal_actions_change_nothing(game, candidates)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
KEYS = ["game", "config", "seed", "deals", "actions", "first_dealer", "start_hand", "max_hands"]


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        JSON,
        st.fixed_dictionaries({"game": st.just("kachuful")}, optional={k: JSON for k in KEYS[1:]}),
        st.fixed_dictionaries(
            {
                "game": st.just("kachuful"),
                "config": st.fixed_dictionaries(
                    {"players": st.integers(2, 8)},
                    optional={"start_size": JSON, "trump": JSON, "hook": JSON},
                ),
                "seed": st.integers(0, 5),
                "actions": st.lists(
                    st.dictionaries(
                        st.sampled_from(["seat", "bid", "play", "blind", "look"]), JSON
                    ),
                    max_size=6,
                ),
            }
        ),
    )
)
def test_replay_input_is_refused_only_with_its_error_object(doc: object) -> None:
    out, ok = replay(doc)
    if not ok:
        assert set(out) == {"error", "code", "action_index"} and isinstance(out["error"], str)
