"""The AI's greedy playout (K9, K10) ends as the game does when the game is driven
move by move by the same policy. Following, trick winners and scores are the rules
core's own (tested against recorded games in ``tests/engine/kachuful/test_core.py``)."""

from __future__ import annotations

import random
from typing import Any

from engine.ai.kachuful.simulate import (
    ALL_CARDS,
    greedy_card,
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
    """Play ``game`` to the end with random legal actions, now and then checking a greedy
    playout from the position reached; return the number of playouts checked."""
    checked = 0
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        if game.phase == "bidding":
            game.apply(seat, rng.choice([a for a in legal if isinstance(a, Bid) and not a.blind]))
            continue
        if rng.random() < 0.02:
            view = game.view(seat)
            trick = [BIT_OF_NAME[e["card"]] for e in view["trick"]]
            _check_playout(game, _trump(view), trick, list(view["tricks_won"]), view)
            checked += 1
        game.apply(seat, rng.choice(legal))
    return checked


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


def test_k9_k10_greedy_playouts_agree_with_the_game() -> None:
    rng = random.Random(2024)
    checked = sum(_check_game(KachufulGame(CONFIGS[i % len(CONFIGS)], seed=i), rng)
                  for i in range(60))
    assert checked > 100
