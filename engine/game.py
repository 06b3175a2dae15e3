"""The one small interface every game implements (OpenSpiel-style).

A game is a plain, mutable, deterministic state machine over seats ``0..players-1``
(clockwise: seat 1 sits left of seat 0). Callers ask whose turn it is, list the legal
actions of a seat, and apply one; an illegal action raises :class:`IllegalAction` and
changes nothing. ``view(seat)`` returns exactly what that seat may see (RULES "Who may
see what"); ``to_json`` writes the whole state as a replay document, which the game's
descriptor (:mod:`engine.registry`) reads back with ``from_json``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.cards import CARDS, Card, Suit
from engine.i18n import N_


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is stable and machine-readable
    (``not_your_turn``, ``must_follow_suit`` ...); ``reason`` is a sentence for people,
    in English. Given ``params``, ``reason`` is a :meth:`str.format` template marked
    with :func:`engine.i18n.N_` (``N_("you do not hold {card}")``, ``card="2♣"``: cards
    in C2 notation); the bot translates :attr:`template` and formats it with
    :attr:`params` (:func:`bot.i18n.reason`)."""

    def __init__(self, code: str, reason: str, **params: object) -> None:
        text = reason.format(**params) if params else reason
        super().__init__(text)
        self.code = code
        self.reason = text
        self.template = reason if params else reason.replace("{", "{{").replace("}", "}}")
        self.params = params


class Action:
    """Base of every action type. Actions are immutable values."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card. ``suit`` is the suit a led Mighty joker names (M12); ``call_joker``
    demands the joker when leading the joker-caller (M13). Kachuful uses neither."""

    card: Card
    suit: Suit | None = None
    call_joker: bool = False

    @staticmethod
    def of(card: Card) -> Play:
        """The interned plain play of ``card`` (no allocation on the hot path)."""
        return _PLAYS[card.index]


_PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)


@dataclass(slots=True)
class Event:
    """Something that happened, for the table to narrate. ``kind`` is one of the game's
    event kinds (``dealt``, ``bid``, ``card_played``, ``trick_won``, ``hand_scored``,
    ``game_over`` ...); ``data`` is JSON-able and public unless ``private_to`` names the
    only seat that may see it. Events are read-only by convention (not frozen, so that
    the hot path creates them cheaply)."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    private_to: int | None = None


@dataclass(frozen=True, slots=True)
class Results:
    """Scores so far: one list per scored hand, the running totals, and the winners
    (every seat sharing the best total; empty until the game is over)."""

    hand_scores: list[list[int]]
    totals: list[int]
    winners: list[int]
    over: bool


class Game(ABC):
    """The interface every game implements."""

    name: ClassVar[str]

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The current phase, e.g. ``bidding``, ``playing``, ``over``."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when it is not their turn)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` and change nothing
        when the rules refuse it."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-able data; ``None`` is the public view."""

    @abstractmethod
    def results(self) -> Results:
        """Per-hand scores, totals and winners."""

    @abstractmethod
    def opening_events(self) -> list[Event]:
        """What happened before the first action (the draw for dealer, the first deal)."""

    @abstractmethod
    def record(self, expand_deals: bool = False) -> dict[str, Any]:
        """The replay document of this game: its setup (seed, or explicit deals with
        ``expand_deals``) and every action so far."""

    def to_json(self) -> str:
        """The whole state as JSON: the replay document, which restores it exactly
        (``GameDescriptor.from_json``)."""
        return json.dumps(self.record(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    @abstractmethod
    def parse_action(cls, data: Mapping[str, Any]) -> Action:
        """Read an action in the replay notation (``{"bid": 2}``, ``{"play": "K♥"}``);
        raise :class:`IllegalAction` with code ``bad_input`` when it names none."""

    @classmethod
    @abstractmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        """The replay notation of ``action`` (inverse of :meth:`parse_action`)."""


C_co = TypeVar("C_co", covariant=True)
H_co = TypeVar("H_co", covariant=True)


class Viewed(Protocol[C_co, H_co]):
    """What every game's view module (``engine/<game>/view.py``) reads of its game,
    with settings of type ``C_co`` and the deal in play recorded as an ``H_co``; the
    module's own ``Seen`` adds the rest. A Protocol, so that the game may import its
    view module and not the other way round."""

    @property
    def name(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def config(self) -> C_co: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def current(self) -> H_co: ...

    def results(self) -> Results: ...

    def legal_actions(self, seat: int) -> list[Action]: ...


def invalid_config(exc: ValidationError) -> IllegalAction:
    """A ``bad_input`` refusal that names each rejected setting of a pydantic config."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "is not an option here"
        parts.append(f"{where}: {msg}" if where else msg)
    return IllegalAction("bad_input", "; ".join(parts))


class GameConfig(BaseModel):
    """Base of each game's settings: validated at the edge, frozen once the game starts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def parse(cls, data: Any) -> Self:
        """Validate settings from outside (None means all defaults); raise
        ``IllegalAction('bad_input')`` naming each bad setting."""
        if isinstance(data, cls):
            return data
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise IllegalAction("bad_input", N_("the config must be an object of settings"))
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise invalid_config(exc) from None
