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


class Rows(discord.ui.View):
    """Component rows built as plain data and sent as they are. The view is stopped at
    once, so discord.py never stores it: clicks are dispatched by custom_id alone
    (:class:`TableButton`, :class:`ActionButton`), which also works after a restart."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._rows = rows
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows


def _button(custom_id: str, label: str, style: discord.ButtonStyle,
            enabled: bool = True) -> dict[str, Any]:
    return {"type": 2, "custom_id": custom_id, "label": label[:80], "style": style.value,
            "disabled": not enabled}


def _rows(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": buttons[i:i + ROW_WIDTH]}
            for i in range(0, len(buttons), ROW_WIDTH)]


def _table_buttons(table_id: int, whats: tuple[str, ...]) -> Rows:
    return Rows(_rows([_button(f"t:{table_id}:{w}", *_LABELS[w]) for w in whats]))


def lobby_view(table_id: int) -> discord.ui.View:
    return _table_buttons(table_id, ("join", "leave", "addbot", "deal", "cancel"))


def table_view(table_id: int) -> discord.ui.View:
    return _table_buttons(table_id, ("hand",))


def panel_view(table_id: int, version: int, panel: Panel) -> discord.ui.View:
    """The panel's game buttons, five per row, then the refresh button on its own row
    (or the last row when the game buttons fill four rows and more)."""
    buttons = [_button(f"a:{table_id}:{version}:{payload}", label, style, enabled)
               for label, payload, enabled, style in panel.buttons[:MAX_PANEL_BUTTONS]]
    rows = _rows(buttons)
    refresh = _button(f"t:{table_id}:refresh", *_LABELS["refresh"])
    if len(rows) < PANEL_ROWS:
        rows.append({"type": 1, "components": [refresh]})
    else:
        rows[-1]["components"].append(refresh)
    return Rows(rows)


DYNAMIC_ITEMS = (TableButton, ActionButton)
