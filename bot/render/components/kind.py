"""The base of every component kind and the registry that reads a custom_id back.

A kind is one small frozen class holding its fields, its custom-id ``template`` (a
regex read with ``fullmatch``: ASCII digits, known words, bounded lengths), the
``custom_id`` it writes, its parser (:meth:`Component.read`) and its handler
(:meth:`Component.handle`). Defining the class registers it under the prefix before
its first ``:``; :func:`parse` looks that prefix up and tries only the (at most two)
templates filed under it.

Why a registry of our own rather than discord.py's ``DynamicItem``: discord.py finds a
dynamic item by trying every registered template in turn (going on past a match), then
runs it as a task of its view store, and an id that matches none would need a second
path for the catch-all refusal. ``bench/routing.py`` prints the routing cost of a click
both ways; measured on two shared cores, the prefix lookup took 30 µs a click against 33
for every template in turn (the former parser's shape) and 101 with discord.py's task.
The lookup is the cheaper, keeps one path for every click (the router, which answers
each interaction exactly once), and reads the ids on messages sent before a restart the
same way.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Self

import discord

from bot.i18n import _
from bot.render.components.handlers import ComponentHandlers, Interaction

MAX_ID: Final = 100
"""Discord's cap on a custom_id's length."""
Item = dict[str, Any]
"""One component as Discord's API takes it."""

_KINDS: dict[str, tuple[type[Component], ...]] = {}
"""The kinds by prefix, in the order they were defined."""
_NAMED: dict[str, dict[str, type[Component]]] = {}


class Component(ABC):
    """A kind of component: subclasses are frozen dataclasses naming their
    ``template`` (whose text up to the first ``:`` is the prefix they are filed under)."""

    __slots__ = ()
    template: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "template" in cls.__dict__:
            prefix = cls.template.pattern.partition(":")[0]
            named = _NAMED.setdefault(prefix, {})
            named[cls.__qualname__] = cls  # the slotted dataclass replaces its draft
            _KINDS[prefix] = tuple(named.values())

    @classmethod
    @abstractmethod
    def read(cls, match: re.Match[str], values: object) -> Self | None:
        """The component a matched custom_id names, given the interaction's ``values``
        (None for a button); None when they are not what this kind is sent with."""

    @property
    @abstractmethod
    def custom_id(self) -> str:
        """The custom_id this component is drawn with (read back by :meth:`read`)."""

    @abstractmethod
    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        """Answer a click on this component."""

    def button(self, label: str, style: discord.ButtonStyle, enabled: bool = True) -> Item:
        """This component drawn as a button."""
        return {"type": 2, "custom_id": self.custom_id, "label": label[:80],
                "style": style.value, "disabled": not enabled}


class Labelled(Component):
    """A kind always drawn with the same label (translated when drawn: the table's
    buttons in the table's language, a panel's in the member's) and style."""

    __slots__ = ()
    label: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def drawn(self) -> Item:
        return self.button(_(self.label), self.style)


def kinds() -> tuple[type[Component], ...]:
    """Every registered kind, in the order they were defined."""
    return tuple(kind for filed in _KINDS.values() for kind in filed)


def parse(data: Mapping[str, Any]) -> Component | None:
    """The component an interaction's ``data`` names, or None for anything that is not
    exactly one of ours (unknown, malformed, over-long, or with values we never offer)."""
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or len(custom_id) > MAX_ID:
        return None
    values = data.get("values")
    for kind in _KINDS.get(custom_id.partition(":")[0], ()):
        if (match := kind.template.fullmatch(custom_id)) and (
                found := kind.read(match, values)) is not None:
            return found
    return None
