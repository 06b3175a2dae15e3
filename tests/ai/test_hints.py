"""Hints (docs/playing.md "Hints"): the normal AI's move with one reason, for every phase of
both games, decided from the seat's view only."""

from __future__ import annotations

import random

import pytest

from engine.ai.decide import LevelPolicy
from engine.ai.hints import REASONS, hint
from engine.game import Game, Play
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame
from engine.mighty.actions import Contract, Discard, FriendCall, MightyBid, Pass
from engine.mighty.game import MightyGame
from tests.ai.hidden import advance, hidden_swaps


def _hinted_phases(game: Game) -> dict[str, set[str]]:
    """Play ``game`` to the end by its hints; the reasons seen per kind of action (and
    per kind of decision offered: ``Contract`` when the contract may change, M7)."""
    seen: dict[str, set[str]] = {}
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        got = hint(game.name, game.view(seat), legal)
        assert got.action in legal and got.reason in REASONS
        assert got == hint(game.name, game.view(seat), legal)
        seen.setdefault(type(got.action).__name__, set()).add(got.reason)
        if any(isinstance(a, Contract) for a in legal):
            assert "contract" in got.params
            seen.setdefault(Contract.__name__, set()).add(got.reason)
        game.apply(seat, got.action)
    return seen


def test_a_hint_for_every_kachuful_phase() -> None:
    seen = _hinted_phases(KachufulGame({"players": 3, "start_size": 3,
                                        "schedule": "descending"}, seed=1))
    assert seen.keys() == {Bid.__name__, Play.__name__}
    assert seen[Bid.__name__] == {"bid"}
    assert seen[Play.__name__] & {"surest_winner", "cannot_win", "duck"}


def test_a_hint_for_every_mighty_phase() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(3):
        for kind, reasons in _hinted_phases(MightyGame({"hands": 1}, seed=seed)).items():
            seen.setdefault(kind, set()).update(reasons)
    for kind in (MightyBid, Pass, Discard, Contract, FriendCall, Play):
        assert kind.__name__ in seen, seen
    assert seen[Discard.__name__] == {"discard"}
    assert seen[FriendCall.__name__] <= {"friend_card", "friend_first", "friend_none"}


def test_the_hint_is_the_normal_ai_move() -> None:
    game = KachufulGame({"players": 4, "start_size": 5}, seed=3)
    advance(game, 9, random.Random(2))
    seat = game.to_act
    assert seat is not None
    got = hint("kachuful", game.view(seat), game.legal_actions(seat))
    policy = LevelPolicy("kachuful", "normal", seconds=None)
    assert got.action in game.legal_actions(seat)
    assert isinstance(policy.choose(game.view(seat), game.legal_actions(seat),
                                    random.Random(0)), type(got.action))


@pytest.mark.parametrize("name", ["kachuful", "mighty"])
def test_hints_never_depend_on_hidden_cards(name: str) -> None:
    """Permuting the cards hidden from a seat changes neither the hinted move nor its
    reason."""
    checked = 0
    for _trial, game, seat, other in hidden_swaps(name, random.Random(5)):
        assert hint(name, game.view(seat), game.legal_actions(seat)) == \
            hint(name, other.view(seat), other.legal_actions(seat))
        checked += 1
    assert checked >= 6
