"""A private panel's components: its Refresh and Hint buttons, and the game's own
buttons and select menus (the adapter's :class:`~bot.games.adapter.Panel`, whose
payloads ride in the custom_id)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final, Self

import discord

from bot.games.adapter import Select
from bot.i18n import N_
from bot.render.components.handlers import ComponentHandlers, Interaction
from bot.render.components.kind import Component, Item, Labelled
from bot.render.components.rows import row

MAX_VALUES: Final = 25
"""Discord's cap on the options of one select menu, hence on the values of one pick."""
_ACTION: Final = re.compile(r"a:([0-9]{1,19}):([0-9]{1,9}):([A-Za-z0-9_]{1,24})", re.ASCII)
_VALUE: Final = re.compile(r"[A-Za-z0-9_]{1,24}", re.ASCII)


@dataclass(frozen=True, slots=True)
class SeatButton(Labelled):
    """A button of one seat's panel: ``p:<table>:<seat>``, then its ``suffix``."""

    table_id: int
    seat: int
    suffix: ClassVar[str] = ""
    style: ClassVar = discord.ButtonStyle.secondary

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]), int(match[2]))

    @property
    def custom_id(self) -> str:
        return f"p:{self.table_id}:{self.seat}{self.suffix}"


@dataclass(frozen=True, slots=True)
class RefreshButton(SeatButton):
    """``p:<table>:<seat>``: a panel's Refresh, which also marks the message it sits on
    as that seat's panel (only such a message is ever redrawn as a panel)."""

    template: ClassVar = re.compile(r"p:([0-9]{1,19}):([0-9])", re.ASCII)
    label: ClassVar = N_("Refresh")

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.panel_button(interaction, self.table_id)


@dataclass(frozen=True, slots=True)
class HintButton(SeatButton):
    """``p:<table>:<seat>:hint``: a panel's Hint (answers privately, changes nothing)."""

    template: ClassVar = re.compile(r"p:([0-9]{1,19}):([0-9]):hint", re.ASCII)
    suffix: ClassVar = ":hint"
    label: ClassVar = N_("Hint")

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.hint_button(interaction, self.table_id)


@dataclass(frozen=True, slots=True)
class Action(Component):
    """``a:<table>:<version>:<payload>``: a game action from a private panel, drawn at
    table ``version`` (a click on an older version is refused as stale). Only the
    member seated at the table acts, whatever the custom_id says (the handler finds the
    seat from who clicked)."""

    table_id: int
    version: int
    payload: str

    @property
    def custom_id(self) -> str:
        return f"a:{self.table_id}:{self.version}:{self.payload}"


@dataclass(frozen=True, slots=True)
class ActionButton(Action):
    """A game button (a card, a bid, pass ...): sent with no values."""

    template: ClassVar = _ACTION

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self | None:
        return cls(int(match[1]), int(match[2]), match[3]) if values is None else None

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.action_button(interaction, self.table_id, self.version, self.payload)


@dataclass(frozen=True, slots=True)
class ActionSelect(Action):
    """A game select menu (Kachuful's bid, Mighty's discards or friend ...): sent with
    the picked ``values`` (empty when drawn), each one of the words we offer."""

    values: tuple[str, ...] = ()
    template: ClassVar = _ACTION

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self | None:
        if not isinstance(values, list) or not 1 <= len(values) <= MAX_VALUES or not all(
                isinstance(v, str) and _VALUE.fullmatch(v) for v in values):
            return None
        return cls(int(match[1]), int(match[2]), match[3], tuple(values))

    def menu(self, select: Select) -> Item:
        """This menu drawn on a row of its own, with the adapter's options (at most
        :data:`MAX_VALUES`)."""
        options = [{"label": label[:100], "value": value[:100], "default": chosen}
                   for label, value, chosen in select.options[:MAX_VALUES]]
        return row([{
            "type": 3, "custom_id": self.custom_id, "placeholder": select.placeholder[:150],
            "min_values": select.min_values, "max_values": select.max_values,
            "options": options, "disabled": not select.enabled,
        }])

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.action_button(interaction, self.table_id, self.version, self.payload,
                                     self.values)
