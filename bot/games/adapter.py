"""Per-game adapters: what the shared runtime needs to know about one game."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, TypeVar

import discord

from bot.games import options as table_options
from bot.games.commands import Command, Moves
from bot.games.options import SHARED, TableOption
from bot.games.scene import PLAIN, GameScene
from bot.i18n import N_, _, reason
from bot.storage.tables import SeatRecord
from engine.cards import CARDS, Card, parse_card
from engine.descriptor import GameDescriptor
from engine.game import Action, Game, IllegalAction, Play

_NUMBER: Final = re.compile(r"[0-9]{1,9}", re.ASCII)


def number(text: str, limit: int) -> int | None:
    """``text`` as a whole number below ``limit`` when it is written in ASCII digits
    only (``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses)."""
    if not _NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if value < limit else None


ActionFor = Callable[[Game, int], Action]
"""An action that depends on the game and the acting seat (resolved under the lock)."""
G = TypeVar("G", bound=Game)


def game_as(game: Game, kind: type[G]) -> G:
    """``game`` as its engine class ``kind`` (a table's adapter only gets its own game)."""
    if not isinstance(game, kind):
        raise TypeError(f"not a {kind.__name__}: {game!r}")
    return game


def card_payload(card: Card) -> str:
    """The payload of a panel button that plays ``card``: ``p`` and its index in
    :data:`engine.cards.CARDS` (read back by :func:`card_play`)."""
    return f"p{card.index}"


def card_play(payload: str) -> Play | None:
    """The plain play a card button's payload names (:func:`card_payload`), else None."""
    index = number(payload[1:], len(CARDS)) if payload[:1] == "p" else None
    return None if index is None else Play.of(CARDS[index])


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True, slots=True)
class Select:
    """A select menu of a panel: its ``payload`` (as for a button), the ``options`` as
    ``(label, value, chosen)`` (at most 25), and how many values one pick takes. A pick
    goes to :meth:`GameAdapter.decode_select` with the chosen values."""

    payload: str
    placeholder: str
    options: list[tuple[str, str, bool]]
    min_values: int = 1
    max_values: int = 1
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class Draft:
    """A menu pick that is not an action yet (e.g. the points of a bid before its trump):
    the panel is drawn again with ``text`` remembered in its components."""

    text: str


@dataclass(slots=True)
class Panel:
    """A private hand panel: text, buttons (each ``(label, payload, enabled, style)``,
    laid out five per row by the runtime) and select menus (one row each, below)."""

    embed: discord.Embed
    buttons: list[tuple[str, str, bool, discord.ButtonStyle]] = field(default_factory=list)
    selects: list[Select] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class GameTable(Generic[G]):
    """A game's part of its table message and private panels, as functions of its own
    engine class ``game``; declared on its adapter (:attr:`GameAdapter.table`)."""

    game: type[G]
    headline: Callable[[G], str]
    """The table embed's title suffix, e.g. ``hand 7/25``."""
    summary: Callable[[G, Sequence[str]], list[str]]
    """Lines of the table embed's description after the last action (public view
    only; the labels by seat)."""
    score_lines: Callable[[G, Sequence[str]], list[str] | None]
    """The "Scores" field's lines, one per seat, each starting with its label (the turn
    mark before it) and ending with the total; None for the shared ones."""
    fields: Callable[[G, Sequence[SeatRecord]], list[Field]]
    """The table embed's fields, before the shared "Scores" field (public view only)."""
    panel: Callable[[G, int, Sequence[SeatRecord]], Panel]
    """The private panel of a seat: its cards and its legal actions as buttons."""

    def of(self, game: Game) -> G:
        return game_as(game, self.game)


class GameAdapter(ABC):
    """The small per-game part of a table: the engine, lobby options, the table
    embed's game fields, the private panel and the words for actions and refusals."""

    engine: ClassVar[GameDescriptor[Any]]
    """The engine's descriptor of the game (its name and title, class, settings, players,
    replay spec and AI levels)."""
    table: ClassVar[GameTable[Any]]
    """The game's part of the table message and of the private panels."""
    net_scores: ClassVar[bool] = False
    """Whether scores are balances that sum to zero (Mighty, M3): records and pictures
    then show them signed, and records as net units rather than averages."""
    scene: ClassVar[GameScene] = PLAIN
    """What the pictures draw for the game (:mod:`bot.games.scene`; by default nothing
    beyond the shared table)."""
    command_description: ClassVar[str]
    """The game's command group's description (``N_("Play Kachuful")``)."""
    own_options: ClassVar[tuple[TableOption, ...]] = ()
    """The game's own table options (``bot/games/<game>/options.py``); :attr:`options`
    adds the shared ones."""

    @property
    def name(self) -> str:
        """The game's name in commands and storage (the engine's)."""
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def min_seats(self) -> int:
        return self.engine.players.start

    @property
    def max_seats(self) -> int:
        return self.engine.players.stop - 1

    @property
    def options(self) -> tuple[TableOption, ...]:
        """Every table option of the game, its own first, in the order of its commands
        and lobby summary (:mod:`bot.games.options`)."""
        return (*self.own_options, *SHARED)

    def defaults(self) -> dict[str, Any]:
        """Every option at its own default."""
        return table_options.defaults(self.options)

    def engine_options(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The options of ``settings`` that configure the engine's game (those set)."""
        return {o.name: settings[o.name] for o in self.own_options
                if o.engine and settings.get(o.name) is not None}

    def engine_config(self, settings: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The engine's config for these lobby options and ``players`` seats: by
        default the engine options set (a game for exactly so many players)."""
        return self.engine_options(settings)

    def commands(self, moves: Moves) -> list[Command]:
        """The game's own slash commands (:mod:`bot.games.commands`), beside the table
        commands every game has; none by default."""
        return []

    def describe_settings(self, settings: Mapping[str, Any]) -> str:
        """The lobby's one-line summary of the chosen options."""
        return table_options.summary(self.options, settings)

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> None:
        """Raise :class:`IllegalAction` when an option holds a value it does not take,
        or the options cannot be played by ``players`` (by the fewest the game is for
        when None)."""
        table_options.check(self.options, settings)
        self.engine.config.parse(self.engine_config(settings, players or self.min_seats))

    def new_game(self, settings: Mapping[str, Any], players: int, seed: int) -> Game:
        """A fresh game for ``players`` seats."""
        game: Game = self.engine.game(self.engine_config(settings, players), seed=seed)
        return game

    def load(self, state: str) -> Game:
        """Restore a stored engine state."""
        game: Game = self.engine.from_json(state)
        return game

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        """An action from the action log's notation."""
        action: Action = self.engine.game.parse_action(data)
        return action

    def encode_action(self, action: Action) -> dict[str, Any]:
        """An action in the action log's notation."""
        encoded: dict[str, Any] = self.engine.game.encode_action(action)
        return encoded

    def table_fields(self, game: Game, seats: Sequence[SeatRecord]) -> list[Field]:
        """The table embed's fields, before the shared "Scores" field (public view only)."""
        return self.table.fields(self.table.of(game), seats)

    def headline(self, game: Game) -> str:
        """The table embed's title suffix, e.g. ``hand 7/25``."""
        return self.table.headline(self.table.of(game))

    def summary(self, game: Game, labels: Sequence[str]) -> list[str]:
        """Lines of the table embed's description after the last action (public view
        only; ``labels`` by seat)."""
        return self.table.summary(self.table.of(game), labels)

    def score_lines(self, game: Game, labels: Sequence[str]) -> list[str] | None:
        """The "Scores" field's lines (:attr:`GameTable.score_lines`)."""
        return self.table.score_lines(self.table.of(game), labels)

    def panel(self, game: Game, seat: int, seats: Sequence[SeatRecord]) -> Panel:
        """The private panel of ``seat``: its cards and its legal actions as buttons."""
        return self.table.panel(self.table.of(game), seat, seats)

    def parse_play(self, text: str) -> Action | ActionFor:
        """The action ``play card:<text>`` asks for; ``CardParseError`` for no card."""
        return Play.of(parse_card(text))

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        """The cards ``seat`` may play now (C2 names, each once), for autocomplete and
        the hand picture."""
        names: list[str] = []
        for a in game.legal_actions(seat):
            if isinstance(a, Play) and str(a.card) not in names:
                names.append(str(a.card))
        return names

    def look_action(self, game: Game, seat: int) -> Action | None:
        """The action that records ``seat`` opening its hand, when opening the panel
        should count as looking now (None when already looked, or while the panel
        offers a blind bid instead); None by default (a game without looking)."""
        return None

    def is_turn(self, action: Action) -> bool:
        """False for actions that are not a turn (looking at one's hand); every action
        is one by default."""
        return True

    @abstractmethod
    def decode_button(self, payload: str) -> Action | ActionFor:
        """The action a panel button's payload names (or how to find it from the game and
        seat); :class:`IllegalAction` ``bad_input`` when it names none."""

    def decode_select(self, payload: str, values: Sequence[str]) -> Action | ActionFor | Draft:
        """The action (or the :class:`Draft`) a pick of ``values`` in the panel's select
        menu ``payload`` names; :class:`IllegalAction` ``bad_input`` when it names none."""
        raise IllegalAction("bad_input", N_("{game} panels have no menus"), game=self.title)

    def draft_panel(
        self, game: Game, seat: int, seats: Sequence[SeatRecord], draft: str,
    ) -> Panel:
        """The panel of ``seat`` with a pending menu pick (see :class:`Draft`); games
        without drafts show the plain panel."""
        return self.panel(game, seat, seats)

    def hidden_actor(self, game: Game) -> str | None:
        """While whose turn it is must stay secret (Mighty's friend naming the first
        lead, M9), the words that stand for the seat to act ("The friend"): the runtime
        then names nobody, pings nobody and keeps the turn timer alike for every seat.
        None (the default): the turn is public."""
        return None

    @abstractmethod
    def describe_action(self, action: Action) -> str:
        """A short public phrase for an accepted action (``bid 2``, ``played K♥``)."""

    def describe_own(self, action: Action) -> str:
        """The phrase for the actor's own confirmation ("Done: you …"); the public one
        unless it names the actor in the third person."""
        return self.describe_action(action)

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str | None:
        """The head of a replayed hand from its public ``summary`` (the engine's hand
        summary; ``names`` by seat), in the language being spoken; None (the default)
        for none."""
        return None

    def replay_trick_note(
        self, summary: Mapping[str, Any], trick: Mapping[str, Any], names: Sequence[str],
    ) -> str | None:
        """A line under a replayed ``trick`` (as the public view's ``last_trick``) of the
        hand ``summary`` tells, e.g. whom it revealed; None (the default) for none."""
        return None

    def refusal(self, exc: IllegalAction) -> str:
        """The words shown for a refused action: what happened and what to do instead;
        the game's own words for its own refusals (:meth:`own_refusal`), else the
        shared ones."""
        said = self.reason_words(exc)
        said = said[:1].upper() + said[1:]
        own = self.own_refusal(exc, said)
        if own is not None:
            return own
        if exc.code == "not_your_turn":
            return _("It is not your turn: the table message shows whose turn it is.")
        if exc.code == "must_follow_suit":
            return _("{reason}: you hold a card of the suit led, so play one of those.",
                     reason=said)
        return _("{reason}.", reason=said)

    def reason_words(self, exc: IllegalAction) -> str:
        """The engine's reason for a refusal, in the language being spoken."""
        return reason(exc)

    def own_refusal(self, exc: IllegalAction, said: str) -> str | None:
        """The game's own words for the refusal ``exc`` (``said``: its reason, from a
        capital letter), or None for the shared ones; none by default."""
        return None

    @abstractmethod
    def rules_card(self) -> str:
        """A short rules text for ``rules``."""


