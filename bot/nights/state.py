"""A night's settings and state as pydantic models, which go to JSON and back without
loss (as the engine's games do), and the changes a night goes through.

Members join (and may leave and come back); the host seats a round once the previous
one is complete (:mod:`bot.nights.seating`); each table of the round gets the id of
the table opened for it, and its result when its game ends. Every change returns a new
state; a refused one raises :class:`~bot.nights.errors.NightError`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Final, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.nights.errors import NightError
from bot.nights.seating import TableSizes, seat

MAX_MEMBERS: Final = 50
"""The most members a night takes (members who left included)."""
MAX_ROUNDS: Final = 20
"""The most rounds a night plays, open-ended or not."""
GAME_NAME: Final = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
"""A game's storage name (``kachuful``)."""


class NightSettings(BaseModel):
    """What the host chose at the start: the games allowed (in the host's order), the
    number of rounds (None: open-ended, until the host ends the night), whether AI
    players may fill seats, and the night's language (its message and its tables');
    and the channels of a round's second, third … tables (the first plays in the
    night's own channel), as the host last named them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    games: tuple[str, ...] = Field(min_length=1)
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    ai_fill: bool = False
    language: str = Field(default="en", pattern=r"^[a-z]{2}(-[A-Z]{2})?$")
    channels: tuple[int, ...] = Field(default=(), max_length=MAX_MEMBERS)

    @field_validator("games")
    @classmethod
    def _game_names(cls, games: tuple[str, ...]) -> tuple[str, ...]:
        if any(not GAME_NAME.match(g) for g in games):
            raise ValueError("a game is named by its storage name")
        if len(set(games)) != len(games):
            raise ValueError("each game is allowed once")
        return games


class NightMember(BaseModel):
    """A member who joined the night, with the name shown for them; ``left``: they
    left it (their finished games still count)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    user_id: int
    name: str = Field(min_length=1, max_length=100)
    left: bool = False


class TableResult(BaseModel):
    """How a table of the night ended: ``finished`` with each member's ``standing``
    in the game (higher is better; a member who left it placed last), or ``abandoned``
    (no standing: it scores nothing)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Literal["finished", "abandoned"]
    standing: dict[int, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _standing_when_finished(self) -> Self:
        if (self.status == "finished") != bool(self.standing):
            raise ValueError("a finished table has a standing, an abandoned one none")
        return self


class NightTable(BaseModel):
    """A table of a round: its game, members in seat order, AI seats, the id of the
    table opened for it (None until then) and its result (None while it plays)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str = Field(pattern=GAME_NAME.pattern)
    members: tuple[int, ...] = Field(min_length=1)
    ai_seats: int = Field(default=0, ge=0)
    table_id: int | None = None
    result: TableResult | None = None


class NightRound(BaseModel):
    """One round: its tables and the members waiting it out."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    tables: tuple[NightTable, ...] = Field(min_length=1)
    waiting: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        """Every table of the round has its result."""
        return all(t.result is not None for t in self.tables)

    @model_validator(mode="after")
    def _each_member_once(self) -> Self:
        everyone = [m for t in self.tables for m in t.members] + list(self.waiting)
        if len(set(everyone)) != len(everyone):
            raise ValueError("a member has one place in a round")
        return self


class NightState(BaseModel):
    """Everything that happened in a night: its members in the order they joined, and
    its rounds in order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    members: tuple[NightMember, ...] = Field(default=(), max_length=MAX_MEMBERS)
    rounds: tuple[NightRound, ...] = Field(default=(), max_length=MAX_ROUNDS)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        ids = [m.user_id for m in self.members]
        if len(set(ids)) != len(ids):
            raise ValueError("a member joins a night once")
        if [r.number for r in self.rounds] != list(range(1, len(self.rounds) + 1)):
            raise ValueError("rounds are numbered from 1")
        known = set(ids)
        for r in self.rounds:
            if not known.issuperset([*(m for t in r.tables for m in t.members), *r.waiting]):
                raise ValueError("only the night's members are seated")
            for t in r.tables:
                if t.result is not None and t.result.standing.keys() - set(t.members):
                    raise ValueError("a table's standing is of its members")
        return self

    # --- reading ---------------------------------------------------------------------

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> NightState:
        return cls.model_validate_json(text)

    def member(self, user_id: int) -> NightMember | None:
        return next((m for m in self.members if m.user_id == user_id), None)

    @property
    def active(self) -> tuple[int, ...]:
        """The members who have not left, in the order they joined."""
        return tuple(m.user_id for m in self.members if not m.left)

    @property
    def current(self) -> NightRound | None:
        """The latest round (None before the first is seated)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def round_running(self) -> bool:
        """A table of the latest round is still playing."""
        return self.current is not None and not self.current.complete

    @property
    def waiting(self) -> tuple[int, ...]:
        """The members without a table in play, in the order they joined."""
        playing = set() if self.current is None else {
            m for t in self.current.tables if t.result is None for m in t.members}
        return tuple(m for m in self.active if m not in playing)

    @property
    def unopened(self) -> tuple[int, ...]:
        """The indexes of the latest round's tables not opened yet."""
        return () if self.current is None else tuple(
            i for i, t in enumerate(self.current.tables) if t.table_id is None)

    def table(self, table_id: int) -> tuple[int, int] | None:
        """The round number and index of the night's table with this id."""
        for r in self.rounds:
            for i, t in enumerate(r.tables):
                if t.table_id == table_id:
                    return r.number, i
        return None

    def all_played(self, settings: NightSettings) -> bool:
        """The night has played every round it was to play (never when open-ended)."""
        return (settings.rounds is not None and len(self.rounds) == settings.rounds
                and not self.round_running)

    # --- changes ---------------------------------------------------------------------

    def join(self, user_id: int, name: str) -> NightState:
        """The member joins (or comes back to) the night."""
        found = self.member(user_id)
        if found is not None and not found.left:
            raise NightError("already_joined")
        if found is None:
            if len(self.members) >= MAX_MEMBERS:
                raise NightError("night_full")
            joined = (*self.members, NightMember(user_id=user_id, name=name))
            return self.model_copy(update={"members": joined})
        return self._with_member(found.model_copy(update={"left": False, "name": name}))

    def leave(self, user_id: int) -> NightState:
        """The member leaves the night: seated at no later round; a game they are
        playing goes on (their place in it is the game's to record)."""
        found = self.member(user_id)
        if found is None or found.left:
            raise NightError("not_joined")
        return self._with_member(found.model_copy(update={"left": True}))

    def seat_next(
        self, settings: NightSettings, sizes: TableSizes, ratings: Mapping[int, float],
        seed: int,
    ) -> NightState:
        """The next round seated (:func:`bot.nights.seating.seat`) for the members who
        have not left; ``sizes`` gives the seats of each allowed game."""
        if self.round_running:
            raise NightError("round_running")
        if len(self.rounds) >= (settings.rounds or MAX_ROUNDS):
            raise NightError("rounds_done")
        last = self.current
        seating = seat(
            self.active, sizes={g: sizes[g] for g in settings.games},
            ai_fill=settings.ai_fill, ratings=ratings, seed=seed,
            previous=[] if last is None else [t.members for t in last.tables],
            byes=Counter(m for r in self.rounds for m in r.waiting),
            played=Counter(t.game for r in self.rounds for t in r.tables),
        )
        seated = NightRound(
            number=len(self.rounds) + 1, waiting=seating.waiting,
            tables=tuple(NightTable(game=t.game, members=t.members, ai_seats=t.ai_seats)
                         for t in seating.tables),
        )
        return self.model_copy(update={"rounds": (*self.rounds, seated)})

    def opened(self, round_number: int, index: int, table_id: int) -> NightState:
        """The table at ``index`` of round ``round_number`` is open, as ``table_id``."""
        if not (1 <= round_number <= len(self.rounds)
                and 0 <= index < len(self.rounds[round_number - 1].tables)):
            raise NightError("unknown_table")
        return self._with_table(round_number, index, table_id=table_id)

    def record(self, table_id: int, result: TableResult) -> NightState:
        """The result of the night's table ``table_id``. A finished table's standing
        names each of its members."""
        place = self.table(table_id)
        if place is None:
            raise NightError("unknown_table")
        table = self.rounds[place[0] - 1].tables[place[1]]
        if table.result is not None:
            raise NightError("already_recorded")
        if result.status == "finished" and set(result.standing) != set(table.members):
            raise NightError("bad_result")
        return self._with_table(*place, result=result)

    def _with_member(self, member: NightMember) -> NightState:
        members = tuple(member if m.user_id == member.user_id else m for m in self.members)
        return self.model_copy(update={"members": members})

    def _with_table(self, round_number: int, index: int, **change: object) -> NightState:
        old = self.rounds[round_number - 1]
        tables = list(old.tables)
        tables[index] = tables[index].model_copy(update=change)
        rounds = list(self.rounds)
        rounds[round_number - 1] = old.model_copy(update={"tables": tuple(tables)})
        return self.model_copy(update={"rounds": tuple(rounds)})
