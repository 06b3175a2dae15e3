"""Games with the cards hidden from one seat swapped between the others, for the tests
that a decision or a hint depends on that seat's view only."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.ai.decide import LevelPolicy
from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty.game import MightyGame
from engine.registry import game_named


def advance(game: Game, steps: int, rng: random.Random) -> None:
    policy = LevelPolicy(game.name, "normal")
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            return
        game.apply(seat, policy.choose(game.view(seat), game.legal_actions(seat), rng))


def holdings(game: Game) -> list[list[str]]:
    if isinstance(game, KachufulGame):
        return [[str(c) for c in game.cards_of(s)] for s in range(game.players)]
    assert isinstance(game, MightyGame)
    return [[str(c) for c in game.hands[s]] for s in range(game.players)]


def permuted(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game with cards hidden from ``seat`` swapped between two other seats (same
    suit, not yet played, so every past action stays legal); None when no swap exists."""
    doc: dict[str, Any] = game.record(expand_deals=True)  # type: ignore[attr-defined]
    number = game.current.number if isinstance(game, KachufulGame) else len(game.records) - 1  # type: ignore[attr-defined]
    deal = doc["deals"][number]
    held = holdings(game)
    skip: set[str] = {"JK", "A♠", "A♦", "3♣", "3♠"}
    if isinstance(game, MightyGame):
        if game.friend_call is not None and not isinstance(game.friend_call, str):
            skip.add(str(game.friend_call))
        if game.declarer is not None:
            held[game.declarer] = []
    others = [s for s in range(game.players) if s != seat and held[s]]
    pairs = [
        (a, b, x, y)
        for a in others for b in others if a < b
        for x in held[a] for y in held[b]
        if x[-1] == y[-1] and x not in skip and y not in skip
    ]
    if not pairs:
        return None
    for a, b, x, y in rng.sample(pairs, min(3, len(pairs))):
        ha, hb = deal["hands"][a], deal["hands"][b]
        if x in ha and y in hb:
            ha[ha.index(x)], hb[hb.index(y)] = y, x
    other = game_named(doc["game"]).spec.from_replay(doc)
    for act in doc["actions"]:
        other.apply(act["seat"], type(other).parse_action(act))
    return other


def hidden_swaps(name: str, rng: random.Random) -> Iterator[tuple[int, Game, int, Game]]:
    """(trial, game, seat, the game with cards hidden from ``seat`` swapped) for twelve
    seeded games of ``name`` played a random number of ``normal`` moves in, where a seat
    is to act and a swap exists."""
    for trial in range(12):
        game: Game = KachufulGame({"players": 4}, seed=trial) if name == "kachuful" \
            else MightyGame({"hands": 1}, seed=trial)
        advance(game, rng.randrange(0, 40), rng)
        seat = game.to_act
        if seat is None:
            continue
        other = permuted(game, seat, rng)
        if other is not None:
            yield trial, game, seat, other
