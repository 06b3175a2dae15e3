"""Buttons that survive restarts: ``discord.ui.DynamicItem`` whose custom_ids carry the
table and the action (never who acts: that is always the clicking member).

- ``t:<table>:<what>`` — lobby and table buttons (join, leave, addbot, deal, cancel,
  hand) and the panel's refresh;
- ``a:<table>:<version>:<payload>`` — a game action from a private panel, drawn at
  table ``version`` (a click on an older version is refused as stale).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.games import Panel

if TYPE_CHECKING:
    from bot.client import CardBot

TABLE_WHATS = ("join", "leave", "addbot", "deal", "cancel", "hand", "refresh")
PANEL_ROWS = 5
ROW_WIDTH = 5
MAX_PANEL_BUTTONS = PANEL_ROWS * ROW_WIDTH - 1
"""Game buttons a panel may hold: 25 components less the refresh button."""

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "addbot": ("Add bot", discord.ButtonStyle.secondary),
    "deal": ("Deal", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
    "hand": ("My hand", discord.ButtonStyle.primary),
    "refresh": ("Refresh", discord.ButtonStyle.secondary),
}


def _client(interaction: discord.Interaction[Any]) -> CardBot:
    return interaction.client  # type: ignore[no-any-return]


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"t:(?P<table>[0-9]{1,19}):(?P<what>" + "|".join(TABLE_WHATS) + ")",
):
    """A lobby or table button, or a panel's refresh."""

    def __init__(self, table_id: int, what: str, row: int | None = None) -> None:
        label, style = _LABELS[what]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"t:{table_id}:{what}", row=row)
        )
        self.table_id = table_id
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> TableButton:
        return cls(int(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _client(interaction).controller.table_button(interaction, self.table_id, self.what)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"a:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<payload>[A-Za-z0-9_]{1,24})",
):
    """A game action on a private panel."""

    def __init__(
        self, table_id: int, version: int, payload: str, label: str = "?", enabled: bool = True,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, disabled=not enabled, row=row,
            custom_id=f"a:{table_id}:{version}:{payload}",
        ))
        self.table_id = table_id
        self.version = version
        self.payload = payload

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), match["payload"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _client(interaction).controller.action_button(
            interaction, self.table_id, self.version, self.payload
        )


def _view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def lobby_view(table_id: int) -> discord.ui.View:
    return _view([TableButton(table_id, w) for w in ("join", "leave", "addbot", "deal", "cancel")])


def table_view(table_id: int) -> discord.ui.View:
    return _view([TableButton(table_id, "hand")])


def panel_view(table_id: int, version: int, panel: Panel) -> discord.ui.View:
    """The panel's game buttons, five per row, then the refresh button."""
    buttons = panel.buttons[:MAX_PANEL_BUTTONS]
    items: list[discord.ui.Item[Any]] = [
        ActionButton(table_id, version, payload, label, enabled, style, row=i // ROW_WIDTH)
        for i, (label, payload, enabled, style) in enumerate(buttons)
    ]
    refresh_row = min(PANEL_ROWS - 1, (len(buttons) + ROW_WIDTH - 1) // ROW_WIDTH)
    items.append(TableButton(table_id, "refresh", row=refresh_row))
    return _view(items)


DYNAMIC_ITEMS = (TableButton, ActionButton)
