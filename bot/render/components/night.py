"""A game night's message's buttons (docs/nights.md "The night message")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final, Self

import discord

from bot.i18n import N_, _
from bot.render.components.handlers import ComponentHandlers, Interaction
from bot.render.components.kind import Item, Labelled

NIGHT: Final = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "standings": (N_("Standings"), discord.ButtonStyle.secondary),
    "seat": (N_("Seat the next round"), discord.ButtonStyle.primary),
}
"""The night message's buttons, in the order they are drawn, with their labels and
styles (Seat is the host's)."""


@dataclass(frozen=True, slots=True)
class NightButton(Labelled):
    """``n:<night>:<what>``: a button of a night's message (:data:`NIGHT`), the same
    handler as ``/night <what>``; once the night has ended it says so."""

    night_id: int
    what: str
    template: ClassVar = re.compile(r"n:([0-9]{1,19}):(" + "|".join(NIGHT) + ")", re.ASCII)

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]), match[2])

    @property
    def custom_id(self) -> str:
        return f"n:{self.night_id}:{self.what}"

    def drawn(self, enabled: bool = True) -> Item:
        label, style = NIGHT[self.what]
        return self.button(_(label), style, enabled)

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.night_button(interaction, self.night_id, self.what)
