"""What a game registers (OpenSpiel's ``register_game``): one :class:`GameDescriptor`
per game, exported by its package (``engine.kachuful.descriptor.KACHUFUL``) and listed
once in :mod:`engine.registry`. The command line and the AI players find a game
through its descriptor only.

A descriptor also declares the facts in which games differ that the engine's shared
code reads: its hints' reasons (:class:`~engine.ai.reasons.HintReasons`) and what a
replay of a recorded game may show (:class:`Reveal`). A runtime that needs more per
game (the bot's adapter, storage name, words) keeps its own descriptor referring to
this one; the engine never imports it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from engine.ai.budget import Budget
from engine.ai.policy import Policy
from engine.ai.reasons import HintReasons
from engine.game import Action, Event, Game, GameConfig, IllegalAction
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


def one_option_config(
    title: str, players: int, seats: int, options: Mapping[str, str], key: str,
) -> dict[str, int]:
    """The config a ``simulate`` of ``players`` asks with ``options`` (as
    :meth:`GameSpec.new_game` takes them) of a game for exactly ``seats`` players whose
    one option is the whole number ``key`` (``--option hands=N``); ``bad_input`` for
    other players or options."""
    if players != seats:
        raise IllegalAction("bad_input", f"{title} is for exactly {seats} players")
    config: dict[str, int] = {}
    for name, value in options.items():
        if name != key:
            raise IllegalAction("bad_input", f"{name}: is not an option here (only {key}=N)")
        if not (value.isascii() and value.isdigit()):
            raise IllegalAction("bad_input", f"{key}: a whole number, not {value!r}")
        config[key] = int(value)
    return config


@dataclass(frozen=True, slots=True)
class Privy:
    """Cards of one hand that one seat saw and the others never did (Mighty's kitty and
    discards, seen by its declarer)."""

    seat: int | None
    """The seat that may see them again (None: nobody)."""
    kitty: list[str]
    discards: list[str] | None


class Reveal:
    """What a replay of a recorded game may show beyond its public views and hand
    summaries (docs/playing.md "/replay"), read from its replay document with the deals
    written out (``Game.record(expand_deals=True)``). This base, a game's default, shows
    nothing that was hidden: no hand as dealt, no seat's private cards, and a replay file
    that names the game only."""

    def dealt(self, doc: Mapping[str, Any], deal: int, finished: bool) -> list[list[str]] | None:
        """Each seat's cards of deal ``deal`` (from 0) as dealt, when everyone may see
        them (``finished``: the game is over); None when not."""
        return None

    def privy(
        self, doc: Mapping[str, Any], deal: int, actions: Sequence[Mapping[str, Any]],
        summary: Mapping[str, Any],
    ) -> Privy | None:
        """The cards of deal ``deal`` that one seat alone may see again, from its
        ``actions`` and its hand's ``summary``; None when there are none."""
        return None

    def document(
        self, doc: Mapping[str, Any], deals: int | None, played: Mapping[int, list[list[str]]],
        summaries: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        """The replay document anyone may have, from ``doc`` with its actions cut after
        the last scored hand: ``deals`` is how many deals there were up to that cut
        (None: every deal, the game being over), ``played`` each seat's cards as played,
        ``summaries`` the hand summaries, both by deal."""
        return {"game": doc["game"]}


CONCEALED: Final = Reveal()
"""The replays of a game that declares no :class:`Reveal`: nothing that was hidden."""


class PlayedOut(Reveal):
    """The replays of a game in which every card dealt is played (Kachuful's K9,
    Whist's W2 and W4): once the game is over, each hand as dealt is public, and the
    replay file holds the deals played up to the last scored one, which reproduce its
    totals."""

    def dealt(self, doc: Mapping[str, Any], deal: int, finished: bool) -> list[list[str]] | None:
        return [list(h) for h in doc["deals"][deal]["hands"]] if finished else None

    def document(
        self, doc: Mapping[str, Any], deals: int | None, played: Mapping[int, list[list[str]]],
        summaries: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        return {**doc, "deals": doc["deals"][:deals]}


PLAYED_OUT: Final = PlayedOut()
"""The :class:`PlayedOut` replays (``GameDescriptor.reveal``)."""


@dataclass(frozen=True, eq=False)
class GameDescriptor(Generic[G]):
    """One game, as registered. Compared and hashed by identity (one per game)."""

    title: str
    """The game's name for people (``Kachuful``)."""
    game: type[G]
    """The engine class (:class:`engine.game.Game`)."""
    config: type[GameConfig]
    """The game's settings (what its class reads of its ``config``)."""
    players: range
    """How many players the game is for (Kachuful: ``range(3, 8)``)."""
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
    reveal: Reveal = CONCEALED
    """What a replay may show (:class:`Reveal`; by default nothing that was hidden)."""

    @property
    def name(self) -> str:
        """The ``game`` of a replay document and of ``simulate GAME`` (``kachuful``): its
        class's."""
        return self.game.name

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
