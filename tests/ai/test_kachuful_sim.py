"""The lean Kachuful simulator agrees with the engine (K9, K10): legal moves, trick
winners, scores, and the greedy playout replayed move by move."""

from __future__ import annotations

import random
from typing import Any

from engine.ai.kachuful.simulate import (
    ALL_CARDS,
    greedy_card,
    legal_mask,
    playout,
    trick_winner,
    wants,
)
from engine.ai.lean import BIT_OF_CARD, BIT_OF_NAME, NO_TRUMP
from engine.cards import Suit
from engine.game import Play
from engine.kachuful.actions import Bid
from engine.kachuful.descriptor import KACHUFUL
from engine.kachuful.game import KachufulGame
from engine.kachuful.scoring import hand_score

CONFIGS: list[dict[str, object]] = [
    {"players": 4},
    {"players": 3, "trump": "cycle_notrump", "scoring": "penalty"},
    {"players": 5, "trump": "turned", "scoring": "per_trick", "start_size": 4},
    {"players": 7, "scoring": "judgement", "hook": False, "schedule": "descending"},
    {"players": 6, "trump": "cycle_notrump", "start_size": 3},
]


def _mask(names: list[str]) -> int:
    m = 0
    for name in names:
        m |= 1 << BIT_OF_NAME[name]
    return m


def _trump(view: dict[str, object]) -> int:
    label = view["trump"]
    return NO_TRUMP if label == "notrump" else int(Suit.from_label(str(label)))


def _hands(game: KachufulGame) -> list[int]:
    return [_mask([str(c) for c in game.cards_of(s)]) for s in range(game.players)]


def _check_game(game: KachufulGame, rng: random.Random) -> int:
    """Play ``game`` to the end with random legal actions, checking the lean rules at
    every play; return the number of hands checked."""
    hands_done = 0
    n = game.players
    won = [0] * n
    trick: list[int] = []
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        view = game.view(seat)
        if view["phase"] == "bidding":
            choices = [a for a in legal if isinstance(a, Bid) and not a.blind]
            game.apply(seat, rng.choice(choices))
            won = [0] * n
            trick = []
            continue
        trump = _trump(view)
        hand = _mask(view["hand"])
        led = trick[0] & 3 if trick else -1
        engine_legal = {BIT_OF_CARD[a.card.index] for a in legal if isinstance(a, Play)}
        lean = legal_mask(hand, led)
        assert engine_legal == {b for b in range(52) if lean >> b & 1}
        if rng.random() < 0.02:
            _check_playout(game, trump, trick, won, view)
        card = rng.choice(sorted(engine_legal))
        trick.append(card)
        before = len(game.current.tricks)
        bids = list(view["bids"])
        plays = [a for a in legal if isinstance(a, Play)]
        game.apply(seat, next(a for a in plays if BIT_OF_CARD[a.card.index] == card))
        if len(trick) == n:
            leader = (seat + 1) % n
            winner = (leader + trick_winner(trick, trump)) % n
            past = game.hands[-1] if len(game.hands[-1].tricks) == before + 1 else game.hands[-2]
            assert past.trick_winners[-1] == winner
            won[winner] += 1
            trick = []
            if sum(won) == past.size:
                scoring = game.config.scoring
                expect = [
                    hand_score(scoring, bids[s], won[s], bool(past.blind[s])) for s in range(n)
                ]
                assert game.results().hand_scores[hands_done] == expect
                hands_done += 1
    return hands_done


def _check_playout(
    game: KachufulGame, trump: int, trick: list[int], won: list[int], view: dict[str, Any]
) -> None:
    """The lean playout and the engine, both driven by :func:`greedy_card`, end alike."""
    n = game.players
    bids = list(view["bids"])
    leader = view["leader"]
    greedy = game.config.scoring == "per_trick"
    gone = _mask([e["card"] for t in view["tricks"] for e in t["cards"]])
    if view["turned"]:
        gone |= _mask([view["turned"]])
    lean_won = playout(_hands(game), leader, list(trick), trump, list(won), bids, greedy, gone)
    gone |= _mask([e["card"] for e in view["trick"]])
    clone = KACHUFUL.from_json(game.to_json())
    number = clone.current.number
    tricks = list(won)
    cur = list(trick)
    while clone.to_act is not None and clone.current.number == number:
        s = clone.to_act
        hand = _mask(clone.view(s)["hand"])
        led = cur[0] & 3 if cur else -1
        best = cur[trick_winner(cur, trump)] if cur else -1
        want = wants(tricks[s], bids[s], greedy)
        live = ALL_CARDS & ~(hand | gone)
        card = greedy_card(hand, led, best, trump, want, len(cur) == n - 1, live)
        cur.append(card)
        gone |= 1 << card
        clone.apply(s, Play.of(next(c for c in clone.cards_of(s) if BIT_OF_CARD[c.index] == card)))
        if len(cur) == n:
            tricks[clone.hands[number].trick_winners[-1]] += 1
            cur = []
    assert tricks == lean_won


def test_k9_k10_lean_simulator_agrees_with_engine_on_random_games() -> None:
    rng = random.Random(2024)
    hands = 0
    for i in range(130):
        config = CONFIGS[i % len(CONFIGS)]
        hands += _check_game(KachufulGame(config, seed=i), rng)
    assert hands == 2002
