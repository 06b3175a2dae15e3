"""The components members click, one class per kind, each holding its fields, its
custom-id template, its parser and its handler (:mod:`bot.render.components.kind`),
and the rows they are drawn in (:mod:`bot.render.components.rows`). Custom ids are
written and read here only, strictly (ASCII digits, known words, bounded lengths, at
most 100 characters), so that nothing a modified client sends can reach a handler in a
shape it does not expect; :func:`parse` answers None for anything else.

- the table message (:mod:`~bot.render.components.table`): :class:`LobbyButton`
  ``t:<table>:<what>``, :class:`HandButton` ``t:<table>:hand``, :class:`AgainButton`
  ``g:<table>:again``;
- a private panel (:mod:`~bot.render.components.panel`): :class:`RefreshButton`
  ``p:<table>:<seat>``, :class:`HintButton` ``p:<table>:<seat>:hint``, and the game's
  own :class:`ActionButton` and :class:`ActionSelect` ``a:<table>:<version>:<payload>``
  (a select's picked values come with the interaction);
- the recorded games (:mod:`~bot.render.components.records`): :class:`HistoryButton`
  ``h:<page>:<game or all>:<member or 0>``, :class:`NightHistoryButton`
  ``hn:<page>:<game or all>:<member or 0>``, :class:`ReplayButton`
  ``r:<game>:<hand>:<trick>``.

A game never writes a custom id: its adapter's panel lists buttons as
``(label, payload, enabled, style)`` and select menus as
:class:`~bot.games.adapter.Select` (its own ``payload``), payloads of at most 24
letters, digits or ``_``, which come back to its ``decode_button`` and
``decode_select``. A new kind is one more class here: a frozen dataclass with a
``template`` whose prefix (before the first ``:``) files it, ``read``, ``custom_id``
and ``handle`` (calling one of :class:`~bot.render.components.handlers.ComponentHandlers`).
"""

from __future__ import annotations

from bot.render.components.handlers import ComponentHandlers
from bot.render.components.kind import MAX_ID, Component, Item, Labelled, kinds, parse
from bot.render.components.panel import (
    MAX_VALUES,
    Action,
    ActionButton,
    ActionSelect,
    HintButton,
    RefreshButton,
)
from bot.render.components.records import (
    ALL_GAMES,
    HistoryButton,
    NightHistoryButton,
    ReplayButton,
)
from bot.render.components.rows import ROW_WIDTH, Rows, custom_ids_of, in_rows, row
from bot.render.components.table import LOBBY, AgainButton, HandButton, LobbyButton

TableComponent = LobbyButton | HandButton | AgainButton | RefreshButton | HintButton | Action
"""The components that belong to one table."""

__all__ = [
    "ALL_GAMES", "LOBBY", "MAX_ID", "MAX_VALUES", "ROW_WIDTH", "Action", "ActionButton",
    "ActionSelect", "AgainButton", "Component", "ComponentHandlers", "HandButton",
    "HintButton", "HistoryButton", "Item", "Labelled", "LobbyButton", "NightHistoryButton",
    "RefreshButton", "ReplayButton", "Rows", "TableComponent", "custom_ids_of", "in_rows",
    "kinds", "parse", "row",
]
