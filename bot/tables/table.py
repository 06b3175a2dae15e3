"""One table at runtime: its stored record, its engine game, its lock and its message;
what a request it turns down says, and what an accepted action or a panel answer holds."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.adapter import GameAdapter, Panel
from bot.i18n import Lang, _, language_of
from bot.render.table_pictures import Draw
from bot.storage.tables import SeatRecord, Snapshot, TableRecord
from engine.game import Action, Game


class Refusal(Exception):
    """A request the table turns down; ``message`` tells the member what to do instead."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(slots=True)
class LivePanel:
    """A member's live private panel: the interaction whose token can still edit or
    delete it (for 15 minutes from ``opened``), its message and the hand picture it
    shows (by key)."""

    interaction: Any
    message_id: int
    opened: float
    picture_key: str | None = None


@dataclass(slots=True)
class MemberPanel:
    """A member's private panel as the table stood when it was built (under the lock):
    the panel, the seat and table version it is drawn for, whether it offers a hint,
    and how to draw its hand picture (from the seat's view) when the table shows
    pictures."""

    panel: Panel
    seat: int
    version: int
    hint: bool
    picture: Draw | None = None


@dataclass(slots=True)
class Accepted:
    """An accepted action: the public phrase, the actor's own phrase, whether the game
    ended with it, and the actor's panel when the answer shows it (built in the same
    lock section as the action)."""

    seat: int
    text: str
    finished: bool
    own: str = ""
    panel: MemberPanel | None = None


class TableMessage(Protocol):
    """The table's channel message as the runtime drives it
    (:class:`bot.tables.publisher.Publisher`)."""

    @property
    def jump_url(self) -> str | None:
        """A link to the message, once it is posted."""

    @property
    def busy(self) -> bool:
        """Whether an update is pending or in flight."""

    def schedule(self, *, repost: bool = False) -> None:
        """Show the table as it is now (``repost``: as a new message at the bottom)."""

    async def flush(self) -> None:
        """Wait until no update is pending or in flight."""

    def told_of_pictures(self) -> None:
        """The host already knows the table is text-only (told when it opened)."""


class Table:
    """A table's runtime state. Every change happens under :attr:`lock`."""

    def __init__(self, rec: TableRecord, adapter: GameAdapter, game: Game | None) -> None:
        self.rec = rec
        self.adapter = adapter
        self.game = game
        self.lock = asyncio.Lock()
        self.note: str | None = None
        self.seq = 0
        """The last sequence number in the action log (``version`` counts only turns)."""
        self.snapshot: Snapshot | None = None
        """The engine state last stored (at most once per hand)."""
        self.since: list[tuple[int, Action]] = []
        """The actions stored after :attr:`snapshot`: with it, they rebuild the game."""
        self.publisher: TableMessage | None = None
        self.ping_message_id: int | None = None
        self.panels: dict[int, LivePanel] = {}
        """Each member's live panel, by member id (in memory only: after a restart the
        first panel a member touches becomes live)."""
        self.picture_failed = False
        """Whether drawing a picture of this table failed once (logged only once)."""
        self.ai_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> int:
        return self.rec.id

    @property
    def language(self) -> Lang:
        """The table's language (its ``language`` option): its message, pings and notes."""
        return language_of(self.rec.settings.get("language"))

    @property
    def seats(self) -> list[SeatRecord]:
        return self.rec.seats

    @property
    def is_open(self) -> bool:
        return self.rec.status in ("lobby", "running")

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds, if any."""
        for i, seat in enumerate(self.rec.seats):
            if seat.user_id == user_id:
                return i
        return None

    def running_game(self) -> Game:
        """The engine game; :class:`Refusal` when the table has not been dealt yet."""
        if self.rec.status == "lobby" or self.game is None:
            raise Refusal(_("The game has not started yet: the host starts it with `deal`."),
                          "lobby")
        if self.rec.status != "running":
            raise Refusal(_("This table is closed. Open a new one with `start`."), "closed")
        return self.game

    def stored_game(self) -> Game | None:
        """The game as storage has it: the snapshot with the actions stored after it."""
        if self.snapshot is None:
            return None
        game = self.adapter.load(self.snapshot.state)
        for seat, action in self.since:
            game.apply(seat, action)
        return game

    def stop_tasks(self) -> None:
        for task in (self.ai_task, self.timer_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self.ai_task = self.timer_task = None
