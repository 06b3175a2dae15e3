"""Checks shared by the games' property tests: the JSON round trip and the replay of a
game's record reproduce the game; illegal actions change nothing. Also random deals as
bit masks, for the rules cores and the AI's playouts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from engine.game import Action, Game, IllegalAction
from engine.registry import game_named
from engine.replay import replay, summary

G = TypeVar("G", bound=Game)


def mask_deal(rng: random.Random, cards: int, seats: int, size: int) -> tuple[list[int], list[int]]:
    """Card bits ``0..cards-1`` shuffled, and the first ``seats`` hands of ``size``
    cards as bit masks (the rest of the deck is left over)."""
    deck = list(range(cards))
    rng.shuffle(deck)
    hands = [sum(1 << b for b in deck[s * size:(s + 1) * size]) for s in range(seats)]
    return deck, hands


def assert_round_trip(game: G) -> G:
    """The game restored from its JSON: the same JSON, views and results; returned to go on."""
    text = game.to_json()
    restored = game_named(game.name).from_json(text)
    assert restored.to_json() == text
    for seat in [None, *range(game.players)]:
        assert restored.view(seat) == game.view(seat)
    assert restored.results() == game.results()
    return restored


def assert_record_replays(game: Game, name: str) -> None:
    """The game's record, with its deals given in full or by seed, replays to the same summary."""
    info = game_named(name)
    for record in (game.record(expand_deals=True), game.record()):
        out, ok = replay(record)
        assert ok and out == summary(info, game)


def assert_illegal_actions_change_nothing(game: Game, candidates: Sequence[Action]) -> None:
    """Every candidate not legal for a seat is refused with ``IllegalAction`` (nothing
    else), and the game and every seat's view stay as they were."""
    seats = range(game.players)
    before = game.to_json(), [game.view(s) for s in seats]
    for seat in seats:
        legal = game.legal_actions(seat)
        for action in candidates:
            if action in legal:
                continue
            try:
                game.apply(seat, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} accepted for seat {seat}")
    assert (game.to_json(), [game.view(s) for s in seats]) == before
