"""Replay documents, the part every game shares: ``{"game": name, ...setup...,
"actions": [{"seat": s, ...action...}]}``, written by :func:`replay_document` and
read back by :func:`game_from_doc`. The setup keys every game reads are
:class:`Setup`'s; a game with keys of its own extends it (``engine.kachuful.record``),
and the action notation is ``Game.parse_action``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.game import Action, Game, IllegalAction, invalid_config

OUTPUT_KEYS = frozenset({"hands", "totals", "winners", "over", "to_act", "legal"})
"""Keys of the replay output; a replay document may carry them (they are ignored), so
the output of ``simulate --json`` can be replayed as it is."""

D = TypeVar("D")
G_co = TypeVar("G_co", bound=Game, covariant=True)


class Setup(BaseModel):
    """The setup part of a replay document (``actions`` are run by the driver), the
    keys every game reads; a game with more subclasses it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str
    config: dict[str, Any] = Field(default_factory=dict)
    first_dealer: int | None = None
    seed: int | str | None = None
    deals: list[Any] | None = None
    actions: list[Any] = Field(default_factory=list)


S = TypeVar("S", bound=Setup)


def read_setup(doc: Mapping[str, Any], name: str, model: type[S]) -> S:
    """The setup of a replay document of the game ``name`` (the output keys left out);
    ``IllegalAction`` (``bad_input``) naming each key refused."""
    try:
        setup = model.model_validate({k: v for k, v in doc.items() if k not in OUTPUT_KEYS})
    except ValidationError as exc:
        raise invalid_config(exc) from None
    if setup.game != name:
        raise IllegalAction("bad_input", f"game: Input should be '{name}'")
    return setup


def read_deals(raw: list[Any] | None, read: Callable[[Any, int], D]) -> list[D] | None:
    """The deals of a setup, each read with ``read(entry, number from 1)``; None when it
    gives a seed instead."""
    return None if raw is None else [read(entry, k) for k, entry in enumerate(raw, 1)]


class SetUp(Protocol[G_co]):
    """A game class that takes :class:`Setup`'s keys."""

    @property
    def name(self) -> str: ...

    def __call__(
        self, config: Mapping[str, Any], *, seed: int | str | None,
        deals: Sequence[Any] | None, first_dealer: int | None,
    ) -> G_co: ...


def game_from_doc(
    doc: Mapping[str, Any], game: SetUp[G_co], read_deal: Callable[[Any, int], object],
) -> G_co:
    """The game a replay document sets up, before its actions, for a game whose setup is
    :class:`Setup`'s keys; ``IllegalAction`` (``bad_input``) for a bad config or deal."""
    setup = read_setup(doc, game.name, Setup)
    return game(setup.config, seed=setup.seed, deals=read_deals(setup.deals, read_deal),
                first_dealer=setup.first_dealer)


def replay_document(
    game: Game, config: Mapping[str, Any], first_dealer: int, seed: int | str | None,
    deals: Callable[[], list[Any]], expand_deals: bool,
    actions: Sequence[tuple[int, Action]], **setup: Any,
) -> dict[str, Any]:
    """``game``'s replay document (:meth:`Game.record`): its name, settings and first
    dealer; its seed, or, without one or with ``expand_deals``, its deals as ``deals()``
    writes them; the ``setup`` keys of its own; and its actions so far."""
    doc: dict[str, Any] = {"game": game.name, "config": dict(config),
                           "first_dealer": first_dealer}
    if seed is not None and not expand_deals:
        doc["seed"] = seed
    else:
        doc["deals"] = deals()
    doc.update(setup)
    doc["actions"] = [{"seat": s, **game.encode_action(a)} for s, a in actions]
    return doc


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
        except IllegalAction as exc:
            raise ReplayError(exc, index) from None
