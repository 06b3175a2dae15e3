"""Component rows for the lobby, the table and the private panels, built as plain data
with the custom_ids of :mod:`bot.render.custom_ids` (read back by
:mod:`bot.interactions.router`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.adapter import Panel, Select
from bot.i18n import N_, _
from bot.render import custom_ids as ids

PANEL_ROWS = 5
ROW_WIDTH = 5
MAX_PANEL_BUTTONS = PANEL_ROWS * ROW_WIDTH - 1
"""Game buttons a panel may hold: 25 components less the refresh button (a Hint button
is added only where it leaves every game button in place)."""

_LABELS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "addbot": (N_("Add bot"), discord.ButtonStyle.secondary),
    "deal": (N_("Deal"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
    "hand": (N_("My hand"), discord.ButtonStyle.primary),
    "refresh": (N_("Refresh"), discord.ButtonStyle.secondary),
    "hint": (N_("Hint"), discord.ButtonStyle.secondary),
    "again": (N_("Play again"), discord.ButtonStyle.success),
}
"""The shared buttons' labels (translated when drawn: the table's buttons in the table's
language, a panel's in the member's) and styles."""


class Rows(discord.ui.View):
    """Component rows built as plain data and sent as they are. The view is stopped at
    once, so discord.py never stores it (nor starts a timeout for it): clicks are routed
    by custom_id alone (:mod:`bot.interactions.router`), which also works after a restart."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._rows = rows
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows

    def disabled(self) -> Rows:
        """The same rows with every component disabled (an out-of-date panel)."""
        return Rows([{**row, "components": [{**item, "disabled": True}
                                            for item in row["components"]]}
                     for row in self._rows])


def _button(custom_id: str, label: str, style: discord.ButtonStyle,
            enabled: bool = True) -> dict[str, Any]:
    return {"type": 2, "custom_id": custom_id, "label": label[:80], "style": style.value,
            "disabled": not enabled}


def _labelled(custom_id: str, what: str) -> dict[str, Any]:
    """One of the shared buttons (:data:`_LABELS`), in the language being spoken."""
    label, style = _LABELS[what]
    return _button(custom_id, _(label), style)


def _rows(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": buttons[i:i + ROW_WIDTH]}
            for i in range(0, len(buttons), ROW_WIDTH)]


def _table_buttons(table_id: int, whats: tuple[str, ...]) -> Rows:
    return Rows(_rows([_labelled(ids.table_button(table_id, w), w) for w in whats]))


def lobby_view(table_id: int) -> discord.ui.View:
    return _table_buttons(table_id, ids.LOBBY_WHATS)


def table_view(table_id: int) -> discord.ui.View:
    return _table_buttons(table_id, ("hand",))


def final_view(table_id: int) -> discord.ui.View:
    """The closed table's Play again button."""
    return Rows(_rows([_labelled(ids.again_button(table_id), "again")]))


def _select(custom_id: str, select: Select) -> dict[str, Any]:
    options = [{"label": label[:100], "value": value[:100], "default": chosen}
               for label, value, chosen in select.options[:25]]
    return {"type": 1, "components": [{
        "type": 3, "custom_id": custom_id, "placeholder": select.placeholder[:150],
        "min_values": select.min_values, "max_values": select.max_values,
        "options": options, "disabled": not select.enabled,
    }]}


def panel_view(
    table_id: int, seat: int, version: int, panel: Panel, *, hint: bool = False,
) -> Rows:
    """The panel's game buttons, five per row, then its select menus (one row each), then
    the refresh button (and, with ``hint``, the Hint button when there is room for it)
    on its own row (or the last button row when the rows run out)."""
    selects = [s for s in panel.selects if s.options][:PANEL_ROWS - 1]
    room = min(MAX_PANEL_BUTTONS, (PANEL_ROWS - len(selects)) * ROW_WIDTH - 1)
    hint = hint and len(panel.buttons) < room
    room -= int(hint)
    buttons = [_button(ids.action_button(table_id, version, payload), label, style, enabled)
               for label, payload, enabled, style in panel.buttons[:room]]
    rows = _rows(buttons)
    tail = [_labelled(ids.panel_button(table_id, seat), "refresh")]
    if hint:
        tail.append(_labelled(ids.hint_button(table_id, seat), "hint"))
    menus = [_select(ids.action_button(table_id, version, s.payload), s) for s in selects]
    if len(rows) + len(menus) < PANEL_ROWS:
        return Rows([*rows, *menus, {"type": 1, "components": tail}])
    rows[-1]["components"].extend(tail)
    return Rows([*rows, *menus])

