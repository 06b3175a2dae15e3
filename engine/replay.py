"""The game-agnostic replay and simulation drivers behind ``python -m engine``: each
game is found by name in :mod:`engine.registry`, its document read by its
:class:`~engine.descriptor.GameSpec` (see :mod:`engine.record` for the format)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.ai.policy import Policy
from engine.descriptor import GameDescriptor
from engine.game import Event, Game, IllegalAction
from engine.record import ReplayError
from engine.registry import GAMES, game_named


def game_for(name: Any) -> GameDescriptor[Any]:
    """The game named ``name``; ``IllegalAction('bad_input')`` naming the games known."""
    try:
        return game_named(name)
    except ValueError:
        names = ", ".join(sorted(g.name for g in GAMES))
        raise IllegalAction("bad_input", f"'game' must be one of: {names}") from None


def error(exc: IllegalAction, index: int | None) -> dict[str, Any]:
    """The error object printed for a refused input."""
    return {"error": exc.reason, "code": exc.code, "action_index": index}


def replay(doc: Any) -> tuple[dict[str, Any], bool]:
    """Run a replay document; return the output object and whether it succeeded."""
    if not isinstance(doc, Mapping):
        return error(IllegalAction("bad_input", "the file must hold one JSON object"), None), False
    try:
        info = game_for(doc.get("game"))
        game = info.load(doc)
    except ReplayError as exc:
        return error(exc, exc.index), False
    except IllegalAction as exc:
        return error(exc, None), False
    return summary(info, game), True


def summary(info: GameDescriptor[Any], game: Game) -> dict[str, Any]:
    """The replay output for ``game`` in its current state."""
    res = game.results()
    seat = game.to_act
    legal = (
        []
        if seat is None
        else [type(game).encode_action(a) for a in info.spec.replay_legal(game, seat)]
    )
    return {
        "hands": info.spec.hand_summaries(game),
        "totals": res.totals,
        "winners": res.winners,
        "over": res.over,
        "to_act": seat,
        "legal": legal,
    }


def play_out(
    game: Game, policy: Policy, rng: random.Random, on_events: Callable[[list[Event]], None]
) -> None:
    """Play ``game`` to the end, every seat choosing with ``policy`` from its own view."""
    while (seat := game.to_act) is not None:
        action = policy.choose(game.view(seat), game.legal_actions(seat), rng)
        on_events(game.apply(seat, action))
