"""The game-agnostic replay and simulation drivers behind ``python -m engine``.

Each game supplies a :class:`GameSpec` (registered in :func:`registry`). A replay
document is ``{"game": name, ...setup..., "actions": [{"seat": s, ...action...}]}``;
the setup keys belong to the game, the action notation to ``Game.parse_action``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.ai.policy import Policy
from engine.game import Action, Event, Game, IllegalAction

OUTPUT_KEYS = frozenset({"hands", "totals", "winners", "over", "to_act", "legal"})
"""Keys of the replay output; a replay document may carry them (they are ignored), so
the output of ``simulate --json`` can be replayed as it is."""


class GameSpec(Protocol):
    """What a game offers the replay and simulation commands."""

    @property
    def name(self) -> str:
        """The ``game`` value of a replay document (``kachuful``)."""
        ...

    @property
    def default_players(self) -> int:
        """The table size ``simulate`` uses without ``--players``."""
        ...

    def from_replay(self, doc: Mapping[str, Any]) -> Game:
        """The game described by a replay document's setup (config, deals or seed,
        first dealer ...), before its actions; raise :class:`IllegalAction` (code
        ``bad_input``) for a bad config or deal. Unknown keys other than
        :data:`OUTPUT_KEYS` should be refused."""
        ...

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> Game:
        """A fresh seeded game for ``simulate``; ``options`` are ``--option key=value``
        pairs as text. Raise :class:`IllegalAction` (``bad_input``) for bad ones."""
        ...

    def hand_summaries(self, game: Game) -> list[dict[str, Any]]:
        """One summary per hand dealt so far (the replay output's ``hands``)."""
        ...

    def replay_legal(self, game: Game, seat: int) -> Sequence[Action]:
        """The legal actions listed in the replay output."""
        ...

    def describe(self, event: Event) -> str | None:
        """One line of the ``simulate`` log for a public event, or None to skip it."""
        ...


SPEC_MODULES: dict[str, str] = {
    "kachuful": "engine.kachuful.spec",
    "mighty": "engine.mighty.spec",
}
"""Each game's name and the module whose ``SPEC`` is its :class:`GameSpec`; a module
is imported only when its game is asked for."""


def _load(name: str) -> GameSpec:
    spec: GameSpec = importlib.import_module(SPEC_MODULES[name]).SPEC
    return spec


def registry() -> dict[str, GameSpec]:
    """Every game, by name."""
    return {name: _load(name) for name in SPEC_MODULES}


def spec_for(name: Any) -> GameSpec:
    """The spec named ``name``; ``IllegalAction('bad_input')`` naming the games known."""
    if not isinstance(name, str) or name not in SPEC_MODULES:
        names = ", ".join(sorted(SPEC_MODULES))
        raise IllegalAction("bad_input", f"'game' must be one of: {names}")
    return _load(name)


class ReplayError(IllegalAction):
    """An action of a replay document refused; ``index`` is its position (from 0)."""

    def __init__(self, exc: IllegalAction, index: int) -> None:
        super().__init__(exc.code, exc.reason)
        self.index = index


def run_actions(game: Game, actions: Any) -> None:
    """Apply recorded actions ``[{"seat": s, ...}, ...]`` in order; raise
    :class:`ReplayError` at the first refused one (``IllegalAction`` if not a list)."""
    if not isinstance(actions, list):
        raise IllegalAction("bad_input", "'actions' must be a list")
    for index, raw in enumerate(actions):
        try:
            if not isinstance(raw, Mapping):
                raise IllegalAction("bad_input", "an action must be a JSON object")
            seat = raw.get("seat")
            if type(seat) is not int or not 0 <= seat < game.players:
                raise IllegalAction(
                    "bad_input", f"'seat' must be a seat number from 0 to {game.players - 1}"
                )
            game.apply(seat, type(game).parse_action(raw))
        except ReplayError:
            raise
        except IllegalAction as exc:
            raise ReplayError(exc, index) from None


def error(exc: IllegalAction, index: int | None) -> dict[str, Any]:
    """The error object printed for a refused input."""
    return {"error": exc.reason, "code": exc.code, "action_index": index}


def replay(doc: Any) -> tuple[dict[str, Any], bool]:
    """Run a replay document; return the output object and whether it succeeded."""
    if not isinstance(doc, Mapping):
        return error(IllegalAction("bad_input", "the file must hold one JSON object"), None), False
    try:
        spec = spec_for(doc.get("game"))
        game = spec.from_replay(doc)
        run_actions(game, doc.get("actions", []))
    except ReplayError as exc:
        return error(exc, exc.index), False
    except IllegalAction as exc:
        return error(exc, None), False
    return summary(spec, game), True


def summary(spec: GameSpec, game: Game) -> dict[str, Any]:
    """The replay output for ``game`` in its current state."""
    res = game.results()
    seat = game.to_act
    legal = (
        [] if seat is None else [type(game).encode_action(a) for a in spec.replay_legal(game, seat)]
    )
    return {
        "hands": spec.hand_summaries(game),
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
