"""Component custom_ids: written and read here only, strictly (ASCII digits, known
words, bounded lengths), so that nothing a modified client sends can reach a handler
in a shape it does not expect.

- ``t:<table>:<what>``: a lobby or table button (join, leave, addbot, deal, cancel,
  hand);
- ``p:<table>:<seat>``: a private panel's Refresh button, which also marks the message
  it sits on as that seat's panel (only such a message is ever redrawn as a panel);
- ``p:<table>:<seat>:hint``: a private panel's Hint button (answers privately, changes
  nothing);
- ``g:<table>:again``: a closed table's Play again button (its record, in storage,
  carries the seats, options and host);
- ``h:<page>:<game or all>:<member or 0>``: a history page's Prev/Next;
- ``r:<game>:<hand>:<trick>``: a replay viewer's page (``game`` a recorded game's id;
  trick 0 is the hand's bids or auction);
- ``a:<table>:<version>:<payload>``: a game action from a private panel, drawn at table
  ``version`` (a click on an older version is refused as stale); a select menu's
  custom_id has the same form, and its picked values come with the interaction.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

LOBBY_WHATS: Final = ("join", "leave", "addbot", "deal", "cancel")
"""The lobby's buttons: they act only while the table is in the lobby."""
TABLE_WHATS: Final = (*LOBBY_WHATS, "hand")
MAX_VALUES: Final = 25
"""Discord's cap on the options of one select menu, hence on the values of one pick."""

_TABLE = re.compile(r"t:([0-9]{1,19}):(" + "|".join(TABLE_WHATS) + ")", re.ASCII)
_PANEL = re.compile(r"p:([0-9]{1,19}):([0-9])(:hint)?", re.ASCII)
_ACTION = re.compile(r"a:([0-9]{1,19}):([0-9]{1,9}):([A-Za-z0-9_]{1,24})", re.ASCII)
_AGAIN = re.compile(r"g:([0-9]{1,19}):again", re.ASCII)
_HISTORY = re.compile(r"h:([0-9]{1,4}):([a-z]{1,16}):([0-9]{1,19})", re.ASCII)
_REPLAY = re.compile(r"r:([0-9]{1,19}):([0-9]{1,3}):([0-9]{1,2})", re.ASCII)
ALL_GAMES: Final = "all"
_VALUE = re.compile(r"[A-Za-z0-9_]{1,24}", re.ASCII)


@dataclass(frozen=True, slots=True)
class TableButton:
    """A lobby or table button."""

    table_id: int
    what: str


@dataclass(frozen=True, slots=True)
class PanelButton:
    """A private panel's Refresh button (or, with ``hint``, its Hint button), drawn
    for ``seat``."""

    table_id: int
    seat: int
    hint: bool = False


@dataclass(frozen=True, slots=True)
class ActionButton:
    """A panel's game button (``values`` None) or select menu (the picked ``values``)."""

    table_id: int
    version: int
    payload: str
    values: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class AgainButton:
    """A closed table's Play again button."""

    table_id: int


@dataclass(frozen=True, slots=True)
class HistoryButton:
    """A history page: ``game`` and ``member`` are its filters (None: any)."""

    page: int
    game: str | None
    member: int | None


@dataclass(frozen=True, slots=True)
class ReplayButton:
    """A replay viewer's page."""

    game_id: int
    hand: int
    trick: int


TableComponent = TableButton | PanelButton | ActionButton | AgainButton
"""The components that belong to one table."""
Component = TableComponent | HistoryButton | ReplayButton


def table_button(table_id: int, what: str) -> str:
    return f"t:{table_id}:{what}"


def panel_button(table_id: int, seat: int) -> str:
    return f"p:{table_id}:{seat}"


def hint_button(table_id: int, seat: int) -> str:
    return f"p:{table_id}:{seat}:hint"


def again_button(table_id: int) -> str:
    return f"g:{table_id}:again"


def history_button(page: int, game: str | None, member: int | None) -> str:
    return f"h:{page}:{game or ALL_GAMES}:{member or 0}"


def replay_button(game_id: int, hand: int, trick: int) -> str:
    return f"r:{game_id}:{hand}:{trick}"


def action_button(table_id: int, version: int, payload: str) -> str:
    return f"a:{table_id}:{version}:{payload}"


def parse(data: Mapping[str, Any]) -> Component | None:
    """The component an interaction's ``data`` names, or None for anything that is not
    exactly one of ours (unknown, malformed, over-long, or with values we never offer)."""
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or len(custom_id) > 100:
        return None
    if match := _TABLE.fullmatch(custom_id):
        return TableButton(int(match[1]), match[2])
    if match := _PANEL.fullmatch(custom_id):
        return PanelButton(int(match[1]), int(match[2]), match[3] is not None)
    if match := _AGAIN.fullmatch(custom_id):
        return AgainButton(int(match[1]))
    if match := _HISTORY.fullmatch(custom_id):
        game = None if match[2] == ALL_GAMES else match[2]
        return HistoryButton(int(match[1]), game, int(match[3]) or None)
    if match := _REPLAY.fullmatch(custom_id):
        return ReplayButton(int(match[1]), int(match[2]), int(match[3]))
    match = _ACTION.fullmatch(custom_id)
    if match is None:
        return None
    raw = data.get("values")
    if raw is None:
        return ActionButton(int(match[1]), int(match[2]), match[3])
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_VALUES or not all(
        isinstance(v, str) and _VALUE.fullmatch(v) for v in raw
    ):
        return None
    return ActionButton(int(match[1]), int(match[2]), match[3], tuple(raw))


def custom_ids_of(components: Any) -> list[str]:
    """Every custom_id in a message's component rows (discord.py objects)."""
    found: list[str] = []
    for row in components or ():
        for item in getattr(row, "children", ()) or ():
            custom_id = getattr(item, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
    return found
