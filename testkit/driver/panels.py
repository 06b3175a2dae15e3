"""Reading what the bot shows by its structure, never by its wording: component
custom_ids (:mod:`bot.render.components`: ``t:<table>:<what>``, ``p:<table>:<seat>``,
``a:<table>:<version>:<payload>``) and the turn mark (:data:`bot.games.words.TURN_MARK`
right before the mention of the member to act)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.games.words import TURN_MARK
from bot.render import components as ids
from testkit.double import Channel, Double, InteractionResult, StoredMessage
from testkit.double.limits import walk_components

Json = dict[str, Any]
MessageLike = StoredMessage | InteractionResult

TURN = re.compile(re.escape(TURN_MARK) + r" <@!?([0-9]+)>")
"""The member to act, wherever the table or a panel names them."""
BUTTON, MENU = 2, 3
"""Component types: a button, a string select menu."""


def components(message: MessageLike) -> Iterator[Json]:
    """Every component of the message that has a custom_id, row by row."""
    for _, component in walk_components(message.components):
        if isinstance(component.get("custom_id"), str):
            yield component


def custom_ids(message: MessageLike, *, enabled: bool = True) -> list[str]:
    """The custom_ids of the message's components (only the enabled ones by default)."""
    return [c["custom_id"] for c in components(message)
            if not (enabled and c.get("disabled"))]


def texts(message: MessageLike) -> Iterator[str]:
    """The embeds' descriptions and field values (where the turn mark may stand)."""
    for embed in message.embeds:
        if embed.get("description"):
            yield str(embed["description"])
        for item in embed.get("fields") or []:
            yield str(item.get("value", ""))


def turn_of(message: MessageLike) -> int | None:
    """The member the message marks as the one to act, or None (nobody, an AI player,
    or a turn kept secret)."""
    for text in texts(message):
        if match := TURN.search(text):
            return int(match[1])
    return None


def parsed(custom_id: str, values: Iterable[str] | None = None) -> ids.Component | None:
    """A custom_id read as the bot reads it."""
    data: Json = {"custom_id": custom_id}
    if values is not None:
        data["values"] = list(values)
    return ids.parse(data)


def table_id_of(message: MessageLike) -> int | None:
    """The table a message's components belong to."""
    for custom_id in custom_ids(message, enabled=False):
        component = parsed(custom_id)
        if isinstance(component, ids.TableComponent):
            return component.table_id
    return None


def refresh_id(message: MessageLike) -> str | None:
    """The custom_id of a private panel's Refresh button (``p:<table>:<seat>``)."""
    return next((c for c in custom_ids(message, enabled=False)
                 if isinstance(parsed(c), ids.RefreshButton)), None)


def is_panel(message: MessageLike | None) -> bool:
    """Whether ``message`` is a private panel (it carries a Refresh button)."""
    return message is not None and refresh_id(message) is not None


def superseded(message: MessageLike | None) -> bool:
    """Whether ``message`` is a panel the bot redrew as out of date (a newer panel of
    the member's is live): its Refresh button is disabled."""
    refresh = None if message is None else refresh_id(message)
    return refresh is not None and message is not None and \
        refresh not in custom_ids(message)


@dataclass(frozen=True, slots=True)
class Control:
    """A game action component of a panel: a button, or a select menu with its
    option ``values``."""

    custom_id: str
    table_id: int
    version: int
    payload: str
    menu: bool
    enabled: bool
    values: tuple[str, ...] = ()
    min_values: int = 1
    max_values: int = 1


def controls(message: MessageLike, *, enabled: bool = True) -> list[Control]:
    """The message's game action components, in the order they are drawn (only the
    enabled ones by default)."""
    out = []
    for c in components(message):
        action = parsed(c["custom_id"])
        if not isinstance(action, ids.Action) or (enabled and c.get("disabled")):
            continue
        out.append(Control(
            c["custom_id"], action.table_id, action.version, action.payload,
            c.get("type") == MENU, not c.get("disabled"),
            tuple(str(o["value"]) for o in c.get("options") or []),
            int(c.get("min_values", 1)), int(c.get("max_values", 1)),
        ))
    return out


def first(found: Iterable[Control], payload: str, *, prefix: bool = False) -> Control | None:
    """The first of ``found`` whose payload is ``payload`` (or starts with it)."""
    for control in found:
        if control.payload == payload or (prefix and control.payload.startswith(payload)):
            return control
    return None


def find_control(message: MessageLike, payload: str, *, prefix: bool = False) -> Control | None:
    """The enabled control of the message whose payload is ``payload`` (or starts with it)."""
    return first(controls(message), payload, prefix=prefix)


@dataclass(frozen=True)
class Panel:
    """A member's private panel as the driver reads it."""

    message: StoredMessage
    table_id: int | None
    seat: int | None
    controls: tuple[Control, ...]
    """The enabled game action components."""
    waiting_for: int | None
    """The member the panel marks as the one to act (None on one's own turn)."""

    @classmethod
    def read(cls, message: StoredMessage) -> Panel:
        refresh = refresh_id(message)
        button = None if refresh is None else parsed(refresh)
        seat = button.seat if isinstance(button, ids.RefreshButton) else None
        return cls(message, table_id_of(message), seat, tuple(controls(message)),
                   turn_of(message))

    @property
    def version(self) -> int | None:
        """The table version the panel was drawn at (when it shows a game action)."""
        drawn = controls(self.message, enabled=False)
        return drawn[0].version if drawn else None

    def find(self, payload: str, *, prefix: bool = False) -> Control | None:
        """The enabled control whose payload is ``payload`` (or starts with it)."""
        return first(self.controls, payload, prefix=prefix)

    def turns(self, turnless: Iterable[str] = ()) -> list[Control]:
        """The enabled controls that make a turn (not those named in ``turnless``)."""
        skip = set(turnless)
        return [c for c in self.controls if c.payload not in skip]


def table_message(double: Double, channel: Channel | None = None) -> StoredMessage:
    """The latest public message of the channel with an embed (the table, lobby or
    standings)."""
    for message in reversed(double.messages(channel)):
        if message.embeds:
            return message
    raise AssertionError("no table message")


def table_id(double: Double, channel: Channel | None = None) -> int:
    """The table of the channel's table message."""
    found = table_id_of(table_message(double, channel))
    if found is None:
        raise AssertionError("the table message has no table button")
    return found


def whose_turn(double: Double, channel: Channel | None = None) -> int | None:
    """The member the channel's table message marks as the one to act, or None."""
    try:
        return turn_of(table_message(double, channel))
    except AssertionError:
        return None
