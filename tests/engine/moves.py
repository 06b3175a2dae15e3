"""Playing any game through its public API, for the games' tests: cards played in turn
by whoever is to act, random legal actions, and an AI policy's to the end."""

from __future__ import annotations

import random

from engine.ai.policy import Policy
from engine.cards import parse_card
from engine.game import Action, Event, Game, Play


def play(game: Game, *moves: str | Play) -> list[Event]:
    """Cards played in turn by whoever is to act (``"3♣"`` or a :class:`Play`)."""
    events: list[Event] = []
    for move in moves:
        seat = game.to_act
        assert seat is not None
        events += game.apply(seat, move if isinstance(move, Play) else Play.of(parse_card(move)))
    return events


def random_game(
    game: Game, rng: random.Random, stop_after: int | None = None
) -> list[tuple[int, Action]]:
    """Random legal actions until the end (or ``stop_after`` actions); returns them."""
    done: list[tuple[int, Action]] = []
    while (seat := game.to_act) is not None and (stop_after is None or len(done) < stop_after):
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        done.append((seat, action))
    return done


def play_out_checked(game: Game, policy: Policy, rng: random.Random) -> None:
    """``policy`` chooses every action to the end of the game, each one legal."""
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        action = policy.choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)
    assert game.results().over
