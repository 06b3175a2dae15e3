"""Component rows: the drawn components (:mod:`bot.render.components`) laid out in
Discord's action rows, sent as they are."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import discord

from bot.render.components.kind import Item

ROW_WIDTH: Final = 5
"""Buttons in one action row."""


def row(items: list[Item]) -> Item:
    """One action row."""
    return {"type": 1, "components": items}


def in_rows(items: list[Item]) -> list[Item]:
    """Buttons laid out :data:`ROW_WIDTH` a row."""
    return [row(items[i:i + ROW_WIDTH]) for i in range(0, len(items), ROW_WIDTH)]


class Rows(discord.ui.View):
    """Component rows sent as they are. The view is stopped at once, so discord.py never
    stores it (nor starts a timeout for it): clicks are routed by custom_id alone
    (:mod:`bot.interactions.router`), which also works after a restart."""

    def __init__(self, rows: list[Item]) -> None:
        super().__init__(timeout=None)
        self._rows = rows
        self.stop()

    @classmethod
    def of_message(cls, components: Iterable[Any]) -> Rows:
        """The rows of a message as discord.py read them."""
        return cls([row([dict(item.to_dict()) for item in found.children])
                    for found in components if isinstance(found, discord.ActionRow)])

    def to_components(self) -> list[Item]:
        return self._rows

    def disabled(self) -> Rows:
        """The same rows with every component disabled (an out-of-date panel)."""
        return Rows([row([{**item, "disabled": True} for item in found["components"]])
                     for found in self._rows])


def custom_ids_of(components: Any) -> list[str]:
    """Every custom_id in a message's component rows (discord.py objects)."""
    found: list[str] = []
    for action_row in components or ():
        for item in getattr(action_row, "children", ()) or ():
            custom_id = getattr(item, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
    return found
