"""What a game registers (OpenSpiel's ``register_game``): one :class:`GameDescriptor`
per game, exported by its package (``engine.kachuful.descriptor.KACHUFUL``) and listed
once in :mod:`engine.registry`. The command line and the AI players find a game
through its descriptor only.

A descriptor also declares the facts in which games differ that the engine's shared
code reads: its hints' reasons (:class:`~engine.ai.reasons.HintReasons`). A runtime
that needs more per game (the bot's adapter, storage name, words) keeps its own
descriptor referring to this one; the engine never imports it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.ai.budget import Budget
from engine.ai.policy import Policy
from engine.ai.reasons import HintReasons
from engine.game import Action, Event, Game, IllegalAction
from engine.record import run_actions

G = TypeVar("G", bound=Game)

Decider = Callable[[str, Mapping[str, Any], Sequence[Action], random.Random, Budget], Action]
"""``decide(level, view, legal, rng, budget)``: the AI player of a level of
``engine.ai.levels.LEVELS`` choosing one of ``legal`` from its seat's view."""


class GameSpec(Protocol[G]):
    """What a game offers ``python -m engine replay`` and ``simulate``."""

    def from_replay(self, doc: Mapping[str, Any]) -> G:
        """The game described by a replay document's setup (config, deals or seed,
        first dealer ...), before its actions; raise :class:`IllegalAction` (code
        ``bad_input``) for a bad config or deal. Unknown keys other than
        :data:`engine.record.OUTPUT_KEYS` should be refused."""
        ...

    def new_game(self, players: int, seed: int, options: Mapping[str, str]) -> G:
        """A fresh seeded game for ``simulate``; ``options`` are ``--option key=value``
        pairs as text. Raise :class:`IllegalAction` (``bad_input``) for bad ones."""
        ...

    def hand_summaries(self, game: G) -> list[dict[str, Any]]:
        """One summary per hand dealt so far (the replay output's ``hands``)."""
        ...

    def replay_legal(self, game: G, seat: int) -> Sequence[Action]:
        """The legal actions listed in the replay output."""
        ...

    def describe(self, game: G, event: Event) -> str | None:
        """One line of the ``simulate`` log for a public event of ``game`` (just
        applied), or None to skip it."""
        ...


@dataclass(frozen=True, eq=False)
class GameDescriptor(Generic[G]):
    """One game, as registered. Compared and hashed by identity (one per game)."""

    name: str
    """The ``game`` of a replay document and of ``simulate GAME`` (``kachuful``)."""
    title: str
    """The game's name for people (``Kachuful``)."""
    game: type[G]
    """The engine class (:class:`engine.game.Game`)."""
    default_players: int
    """The table size ``simulate`` uses without ``--players``."""
    spec: GameSpec[G]
    """Replay documents and ``simulate`` (:class:`GameSpec`)."""
    decide: Decider
    """The AI player of the levels ``easy``, ``normal`` and ``hard``."""
    policies: Mapping[str, Callable[[], Policy]]
    """Further AI levels by name (``simple``); ``random`` comes with every game."""
    hints: HintReasons
    """The reasons of the hints (:mod:`engine.ai.hints`)."""

    def load(self, doc: Any) -> G:
        """The game a replay document (a saved game) describes, its actions applied;
        :class:`IllegalAction` (``bad_input``) for a bad document, or
        :class:`engine.record.ReplayError` naming the first refused action."""
        if not isinstance(doc, Mapping):
            raise IllegalAction("bad_input", "a saved game is one JSON object")
        game = self.spec.from_replay(doc)
        run_actions(game, doc.get("actions", []))
        return game

    def from_json(self, text: str) -> G:
        """Restore a state written by :meth:`Game.to_json`; raise :class:`IllegalAction`
        (``bad_input`` or the refused action's code) for text that holds no valid game."""
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise IllegalAction("bad_input", f"not a saved game: {exc}") from None
        return self.load(doc)
