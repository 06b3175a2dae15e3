"""AI players decide from their seat's view only, always legally, at every level."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai.decide import LevelPolicy, decide, policy_for
from engine.ai.levels import LEVELS
from engine.cards import parse_card
from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty.game import MightyGame
from engine.registry import game_named


def _advance(game: Game, steps: int, rng: random.Random) -> None:
    policy = LevelPolicy(game.name, "normal")
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            return
        game.apply(seat, policy.choose(game.view(seat), game.legal_actions(seat), rng))


def _holdings(game: Game) -> list[list[str]]:
    if isinstance(game, KachufulGame):
        return [[str(c) for c in game.cards_of(s)] for s in range(game.players)]
    assert isinstance(game, MightyGame)
    return [[str(c) for c in game.hands[s]] for s in range(game.players)]


def _permuted(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game with cards hidden from ``seat`` swapped between two other seats (same
    suit, not yet played, so every past action stays legal); None when no swap exists."""
    doc: dict[str, Any] = game.record(expand_deals=True)  # type: ignore[attr-defined]
    number = game.current.number if isinstance(game, KachufulGame) else len(game.records) - 1  # type: ignore[attr-defined]
    deal = doc["deals"][number]
    held = _holdings(game)
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


@pytest.mark.parametrize("name", ["kachuful", "mighty"])
def test_decisions_depend_only_on_the_seats_view(name: str) -> None:
    """Permuting the cards hidden from a seat never changes its decision (fixed seed)."""
    rng = random.Random(11)
    checked = 0
    for trial in range(12):
        game: Game = KachufulGame({"players": 4}, seed=trial) if name == "kachuful" \
            else MightyGame({"hands": 1}, seed=trial)
        _advance(game, rng.randrange(0, 40), rng)
        seat = game.to_act
        if seat is None:
            continue
        other = _permuted(game, seat, rng)
        if other is None:
            continue
        assert _holdings(other) != _holdings(game)
        assert other.view(seat) == game.view(seat)
        for level in LEVELS:
            ours = decide(name, level, game.view(seat), game.legal_actions(seat), trial, None)
            theirs = decide(name, level, other.view(seat), other.legal_actions(seat), trial, None)
            assert ours == theirs
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize(
    ("game", "levels"),
    [
        (KachufulGame({"players": 4, "start_size": 5}, seed=3), ["easy", "normal", "hard", "hard"]),
        (
            KachufulGame({"players": 3, "start_size": 4, "trump": "turned", "forehead": True,
                          "blind_bids": True, "scoring": "penalty"}, seed=4),
            ["hard", "easy", "normal"],
        ),
        (MightyGame({"hands": 2}, seed=5), ["hard", "normal", "easy", "hard", "normal"]),
    ],
)
def test_mixed_levels_play_legal_games_to_the_end(game: Game, levels: list[str]) -> None:
    """A small tournament for legality only (apply refuses any illegal action)."""
    policies = [LevelPolicy(game.name, lv, None, worlds=12) for lv in levels]
    rng = random.Random(0)
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        action = policies[seat].choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)
    assert game.results().over


def test_levels_are_policies_through_policy_for() -> None:
    for name in ("kachuful", "mighty"):
        for level in LEVELS:
            assert isinstance(policy_for(name, level), LevelPolicy)


def test_decide_refuses_unknown_game_level_or_empty_legal() -> None:
    game = KachufulGame({"players": 3}, seed=1)
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions(seat)
    with pytest.raises(ValueError, match="unknown game"):
        decide("poker", "normal", view, legal, 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        decide("kachuful", "expert", view, legal, 1)
    with pytest.raises(ValueError, match="no legal action"):
        decide("kachuful", "normal", view, [], 1)


def test_hard_takes_the_only_sensible_last_trick() -> None:
    """One card left: every level plays it at once."""
    game = KachufulGame({"players": 3, "start_size": 1, "schedule": "descending"}, seed=2)
    while game.phase == "bidding":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act
    assert seat is not None
    card = game.cards_of(seat)[0]
    for level in LEVELS:
        action = decide("kachuful", level, game.view(seat), game.legal_actions(seat), 0)
        assert getattr(action, "card", None) is parse_card(str(card))
