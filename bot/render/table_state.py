"""What the table message and a table's pictures read of a table: the runtime's
:class:`bot.tables.table.Table` is one, so drawing a table never needs the runtime."""

from __future__ import annotations

from typing import Protocol

from bot.games.adapter import GameAdapter
from bot.i18n import Lang
from bot.storage.tables import SeatRecord, TableRecord
from engine.game import Game


class TableState(Protocol):
    """A table as the renderers see it: its stored record, its game and adapter, the
    note of its last change; :attr:`picture_failed` is set once a picture of it failed
    (logged only once)."""

    picture_failed: bool

    @property
    def id(self) -> int: ...

    @property
    def rec(self) -> TableRecord: ...

    @property
    def adapter(self) -> GameAdapter: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def note(self) -> str | None: ...

    @property
    def language(self) -> Lang: ...

    @property
    def seats(self) -> list[SeatRecord]: ...
