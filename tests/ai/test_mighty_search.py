"""The Mighty ``hard`` search's pieces: worlds weighed by the cards played (M11–M14),
playouts as the seats see the table (M8), and the pruning of candidates."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.budget import Budget
from engine.ai.decide import LevelPolicy
from engine.ai.lean import BIT_OF_NAME
from engine.ai.mighty.info import info_from_view
from engine.ai.mighty.player import _move
from engine.ai.mighty.simulate import Table, Trick, playout
from engine.ai.mighty.strategies import World, _pick, hard_play
from engine.game import Play
from engine.mighty.game import MightyGame
from tests.engine.checks import mask_deal


def _mask(names: list[str]) -> int:
    m = 0
    for n in names:
        m |= 1 << BIT_OF_NAME[n]
    return m


def test_m11_m14_the_true_deal_explains_normal_players_fully() -> None:
    """Among ``normal`` players, the real hands (and discards) of every play are worth
    1: the greedy replay of each seat's past cards, with its knowledge then, matches."""
    checked = 0
    for seed in range(6):
        game = MightyGame({"hands": 2}, seed=seed)
        policy = LevelPolicy("mighty", "normal", None)
        rng = random.Random(seed)
        while (seat := game.to_act) is not None:
            view = game.view(seat)
            if game.phase == "playing":
                info = info_from_view(view)
                hands = [_mask(game.view(s)["hand"]) for s in range(5)]
                assert game.declarer is not None
                pile = 0 if seat == game.declarer else _mask(game.view(game.declarer)["discards"])
                assert info.plausibility(hands, pile) == 1.0
                checked += 1
            game.apply(seat, policy.choose(view, game.legal_actions(seat), rng))
    assert checked > 100


def test_m8_playout_with_a_secret_friend_scores_a_whole_hand() -> None:
    """Seats that do not know the friend still play out all ten tricks and the point
    cards all end up captured or buried."""
    rng = random.Random(3)
    for _ in range(50):
        deck, hands = mask_deal(rng, 53, 5, 10)
        called = next(b for b in deck[10:50])
        friend = next(s for s in range(5) if hands[s] >> called & 1)
        table = Table(rng.randrange(-1, 4), 0, 13, friend, False, False)
        captured = [0] * 5
        playout(table, hands, Trick(1, 0, []), captured, friend, called)
        assert hands == [0] * 5
        assert 0 <= sum(captured) <= 20


def test_pruning_keeps_the_best_and_stops_early() -> None:
    """A candidate far ahead wins and the others stop being simulated."""
    calls = [0, 0, 0]

    def worlds() -> list[World]:
        return [([0] * 5, 0, 1.0) for _ in range(300)]

    def score(world: World, i: int) -> float:
        calls[i] += 1
        return [1.0, 5.0, 2.0][i] + random.Random(sum(calls)).random()

    assert _pick(3, iter(worlds()), score) == 1
    assert calls[0] < 300 and calls[2] < 300


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30))
def test_m11_hard_play_is_legal_and_a_function_of_the_seed(seed: int, moves: int) -> None:
    """Without a clock, ``hard`` plays a legal card and the same one for the same seed."""
    game = MightyGame({"hands": 1}, seed=seed)
    policy = LevelPolicy("mighty", "normal", None)
    rng = random.Random(seed)
    while (seat := game.to_act) is not None and (game.phase != "playing" or moves):
        if game.phase == "playing":
            moves -= 1
        game.apply(seat, policy.choose(game.view(seat), game.legal_actions(seat), rng))
    if seat is None:
        return
    info = info_from_view(game.view(seat))
    legal = [_move(a) for a in game.legal_actions(seat) if isinstance(a, Play)]
    budget = Budget(None, 20)
    first = hard_play(info, legal, random.Random(seed), budget)
    assert first in legal
    assert hard_play(info, legal, random.Random(seed), budget) == first
