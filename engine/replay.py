"""``python -m engine replay``: run a game file and report it as JSON.

The driver is game-agnostic; each game supplies a :class:`GameSpec` (registered in
:data:`GAMES`) that builds the game from the file and summarises its hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.game import Action, Game, IllegalAction


class GameSpec(Protocol):
    """What a game offers the replay and simulation commands."""

    name: str

    def from_replay(self, doc: Mapping[str, Any]) -> Game:
        """The game described by a replay file (config, deals or seed, first dealer ...);
        raise :class:`IllegalAction` (code ``bad_input``) for a bad config or deal."""
        ...

    def hand_summaries(self, game: Game) -> list[dict[str, Any]]:
        """One summary per hand dealt so far (the replay output's ``hands``)."""
        ...

    def replay_legal(self, game: Game, seat: int) -> Sequence[Action]:
        """The legal actions listed in the replay output."""
        ...


def _registry() -> dict[str, GameSpec]:
    from engine.kachuful.spec import SPEC as KACHUFUL

    games: dict[str, GameSpec] = {KACHUFUL.name: KACHUFUL}
    try:
        from engine.mighty.spec import SPEC as MIGHTY
    except ImportError:  # pragma: no cover - until Mighty lands
        return games
    games[MIGHTY.name] = MIGHTY
    return games


def error(exc: IllegalAction, index: int | None) -> dict[str, Any]:
    return {"error": exc.reason, "code": exc.code, "action_index": index}


def replay(doc: Any) -> tuple[dict[str, Any], bool]:
    """Run a replay document; return the output object and whether it succeeded."""
    if not isinstance(doc, Mapping):
        return error(IllegalAction("bad_input", "the file must hold one JSON object"), None), False
    games = _registry()
    spec = games.get(doc.get("game"))  # type: ignore[arg-type]
    if spec is None:
        names = ", ".join(sorted(games))
        reason = f"'game' must be one of: {names}"
        return error(IllegalAction("bad_input", reason), None), False
    try:
        game = spec.from_replay(doc)
    except IllegalAction as exc:
        return error(exc, None), False
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        return error(IllegalAction("bad_input", "'actions' must be a list"), None), False
    for index, raw in enumerate(actions):
        try:
            if not isinstance(raw, Mapping):
                raise IllegalAction("bad_input", "an action must be a JSON object")
            seat = raw.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
                raise IllegalAction(
                    "bad_input", f"'seat' must be a seat number from 0 to {game.players - 1}"
                )
            game.apply(seat, type(game).parse_action(raw))
        except IllegalAction as exc:
            return error(exc, index), False
    return summary(spec, game), True


def summary(spec: GameSpec, game: Game) -> dict[str, Any]:
    """The replay output for ``game`` in its current state."""
    res = game.results()
    seat = game.to_act
    legal = [] if seat is None else [type(game).encode_action(a) for a in spec.replay_legal(game, seat)]
    return {
        "hands": spec.hand_summaries(game),
        "totals": res.totals,
        "winners": res.winners,
        "over": res.over,
        "to_act": seat,
        "legal": legal,
    }
