"""The table message's buttons: the lobby's, My hand, and a closed table's Play again."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final, Self

import discord

from bot.i18n import N_, _
from bot.render.components.handlers import ComponentHandlers, Interaction, TableOp
from bot.render.components.kind import Item, Labelled

LOBBY: Final = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "addbot": (N_("Add bot"), discord.ButtonStyle.secondary),
    "deal": (N_("Deal"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
}
"""The lobby's buttons, in the order they are drawn, with their labels and styles."""


@dataclass(frozen=True, slots=True)
class LobbyButton(Labelled):
    """``t:<table>:<what>``: a lobby button (:data:`LOBBY`); it acts only while the
    table is in the lobby."""

    table_id: int
    what: str
    template: ClassVar = re.compile(r"t:([0-9]{1,19}):(" + "|".join(LOBBY) + ")", re.ASCII)

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]), match[2])

    @property
    def custom_id(self) -> str:
        return f"t:{self.table_id}:{self.what}"

    def drawn(self) -> Item:
        label, style = LOBBY[self.what]
        return self.button(_(label), style)

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        ops: dict[str, TableOp] = {"join": handlers.join, "leave": handlers.leave,
                                   "addbot": handlers.add_bots, "deal": handlers.deal,
                                   "cancel": handlers.end}
        await handlers.in_lobby(interaction, self.table_id, self.what, ops[self.what])


@dataclass(frozen=True, slots=True)
class HandButton(Labelled):
    """``t:<table>:hand``: the table's My hand (the panel as a new private message)."""

    table_id: int
    template: ClassVar = re.compile(r"t:([0-9]{1,19}):hand", re.ASCII)
    label: ClassVar = N_("My hand")
    style: ClassVar = discord.ButtonStyle.primary

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]))

    @property
    def custom_id(self) -> str:
        return f"t:{self.table_id}:hand"

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.hand_button(interaction, self.table_id)


@dataclass(frozen=True, slots=True)
class AgainButton(Labelled):
    """``g:<table>:again``: a closed table's Play again (its record, in storage, carries
    the seats, options and host)."""

    table_id: int
    template: ClassVar = re.compile(r"g:([0-9]{1,19}):again", re.ASCII)
    label: ClassVar = N_("Play again")
    style: ClassVar = discord.ButtonStyle.success

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]))

    @property
    def custom_id(self) -> str:
        return f"g:{self.table_id}:again"

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.play_again(interaction, self.table_id)
