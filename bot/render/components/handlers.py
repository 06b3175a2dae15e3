"""What a component's handler calls: the shared handlers behind every command and button
(:class:`bot.interactions.controller.Controller` has them all), declared here so that a
component class can name its handler without importing the interactions layer above."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

Interaction = discord.Interaction[Any]
TableOp = Callable[[Interaction, Any], Awaitable[None]]
"""A handler of one open table (a :class:`bot.tables.table.Table`, which this layer does
not import)."""


class ComponentHandlers(Protocol):
    """The handlers a click reaches, each the one a slash command reaches too."""

    async def in_lobby(
        self, interaction: Interaction, table_id: int, what: str, op: TableOp,
    ) -> None: ...

    async def join(self, interaction: Interaction, table: Any) -> None: ...

    async def leave(self, interaction: Interaction, table: Any) -> None: ...

    async def add_bots(self, interaction: Interaction, table: Any) -> None: ...

    async def deal(self, interaction: Interaction, table: Any) -> None: ...

    async def end(self, interaction: Interaction, table: Any) -> None: ...

    async def hand_button(self, interaction: Interaction, table_id: int) -> None: ...

    async def panel_button(self, interaction: Interaction, table_id: int) -> None: ...

    async def hint_button(self, interaction: Interaction, table_id: int) -> None: ...

    async def action_button(
        self, interaction: Interaction, table_id: int, version: int, payload: str,
        values: tuple[str, ...] | None = None,
    ) -> None: ...

    async def play_again(self, interaction: Interaction, table_id: int) -> None: ...

    async def history(
        self, interaction: Interaction, game: str | None, member: int | None, page: int = 0,
        *, update: bool = False,
    ) -> None: ...

    async def replay(
        self, interaction: Interaction, game_id: int, hand: int = 0, trick: int = 0,
        *, update: bool = False,
    ) -> None: ...

    async def night_history(
        self, interaction: Interaction, game: str | None, member: int | None, page: int = 0,
        *, update: bool = False,
    ) -> None: ...
