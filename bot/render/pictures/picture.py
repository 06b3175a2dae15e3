"""What a picture function returns, the one error it raises, and what a picture's scene
is (what its drawing reads); pictures are made from scenes by
:func:`bot.render.pictures.cache.produce`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

DESCRIPTION_LIMIT: Final = 1024
"""Discord's cap on an attachment's description (its alt text)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn picture: the attachment's ``filename`` and PNG ``data``, its alt text
    ``description`` (at most 1024 characters) and ``key``, a digest of everything drawn
    (equal keys, equal pictures: the runtime can skip re-sending an unchanged one)."""

    filename: str
    data: bytes
    description: str
    key: str


class PictureError(Exception):
    """A picture could not be drawn (bad input, or a failure while drawing). The caller
    shows the text alone; the game goes on."""


class Scene(Protocol):
    """A picture's scene: a frozen dataclass of plain data, all that its drawing reads,
    with the alt text."""

    @property
    def description(self) -> str: ...


def clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
