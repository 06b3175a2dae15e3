"""The component rows of the lobby, the table and the private panels, built from the
component kinds of :mod:`bot.render.components` (read back by
:mod:`bot.interactions.router`)."""

from __future__ import annotations

from bot.games.adapter import Panel
from bot.render.components import (
    LOBBY,
    ROW_WIDTH,
    ActionButton,
    ActionSelect,
    AgainButton,
    HandButton,
    HintButton,
    LobbyButton,
    RefreshButton,
    Rows,
    in_rows,
    row,
)

PANEL_ROWS = 5
MAX_PANEL_BUTTONS = PANEL_ROWS * ROW_WIDTH - 1
"""Game buttons a panel may hold: 25 components less the refresh button (a Hint button
is added only where it leaves every game button in place)."""


def lobby_view(table_id: int) -> Rows:
    return Rows(in_rows([LobbyButton(table_id, what).drawn() for what in LOBBY]))


def table_view(table_id: int) -> Rows:
    return Rows(in_rows([HandButton(table_id).drawn()]))


def final_view(table_id: int) -> Rows:
    """The closed table's Play again button."""
    return Rows(in_rows([AgainButton(table_id).drawn()]))


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
    rows = in_rows([ActionButton(table_id, version, payload).button(label, style, enabled)
                    for label, payload, enabled, style in panel.buttons[:room]])
    tail = [RefreshButton(table_id, seat).drawn()]
    if hint:
        tail.append(HintButton(table_id, seat).drawn())
    menus = [ActionSelect(table_id, version, s.payload).menu(s) for s in selects]
    if len(rows) + len(menus) < PANEL_ROWS:
        return Rows([*rows, *menus, row(tail)])
    rows[-1]["components"].extend(tail)
    return Rows([*rows, *menus])
