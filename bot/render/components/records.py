"""The recorded games' buttons: a history page's Prev/Next (of games, or of game nights)
and a replay viewer's pages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final, Self

from bot.render.components.handlers import ComponentHandlers, Interaction
from bot.render.components.kind import Component

ALL_GAMES: Final = "all"
"""A history page's game filter when it has none."""


def _page_template(prefix: str) -> re.Pattern[str]:
    return re.compile(rf"{prefix}:([0-9]{{1,4}}):([a-z]{{1,16}}):([0-9]{{1,19}})", re.ASCII)


@dataclass(frozen=True, slots=True)
class _HistoryPage(Component):
    """``<prefix>:<page>:<game or all>:<member or 0>``: a page of a history; ``game``
    and ``member`` are its filters (None: any)."""

    page: int
    game: str | None
    member: int | None

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        game = None if match[2] == ALL_GAMES else match[2]
        return cls(int(match[1]), game, int(match[3]) or None)

    @property
    def custom_id(self) -> str:
        prefix = self.template.pattern.partition(":")[0]
        return f"{prefix}:{self.page}:{self.game or ALL_GAMES}:{self.member or 0}"


@dataclass(frozen=True, slots=True)
class HistoryButton(_HistoryPage):
    """``h:<page>:<game or all>:<member or 0>``: a page of the recorded games."""

    template: ClassVar = _page_template("h")

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.history(interaction, self.game, self.member, self.page, update=True)


@dataclass(frozen=True, slots=True)
class NightHistoryButton(_HistoryPage):
    """``hn:<page>:<game or all>:<member or 0>``: a page of the finished game nights
    (``/history nights:True``)."""

    template: ClassVar = _page_template("hn")

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.night_history(interaction, self.game, self.member, self.page,
                                     update=True)


@dataclass(frozen=True, slots=True)
class ReplayButton(Component):
    """``r:<game>:<hand>:<trick>``: a replay viewer's page (``game_id`` a recorded
    game's id; trick 0 is the hand's bids or auction)."""

    game_id: int
    hand: int
    trick: int
    template: ClassVar = re.compile(r"r:([0-9]{1,19}):([0-9]{1,3}):([0-9]{1,2})", re.ASCII)

    @classmethod
    def read(cls, match: re.Match[str], values: object) -> Self:
        return cls(int(match[1]), int(match[2]), int(match[3]))

    @property
    def custom_id(self) -> str:
        return f"r:{self.game_id}:{self.hand}:{self.trick}"

    async def handle(self, handlers: ComponentHandlers, interaction: Interaction) -> None:
        await handlers.replay(interaction, self.game_id, self.hand, self.trick, update=True)

