"""What a picture function returns, the one error it raises, and the path every picture
takes: inputs → scene (exactly what is drawn, as plain data) → cache → drawing → PNG."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from PIL import Image

from bot.pictures.cache import PictureCache, digest
from bot.pictures.canvas import encode

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


S = TypeVar("S", bound=Scene)
_DRAWING: Final = threading.Lock()
"""One drawing at a time: the shared fonts and sprite caches are not made for threads
(encoding, which touches neither, runs outside it)."""


def clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def produce(
    kind: str, scene: Callable[[], S], draw: Callable[[S], Image.Image],
    cache: PictureCache | None, palette: Callable[[], Image.Image] | None = None,
) -> Picture:
    """Build the scene, then the picture ``kind``.png from the cache or by drawing it,
    its colours mapped onto ``palette()`` if given (else chosen for this picture).
    Any failure becomes :class:`PictureError`."""
    try:
        built = scene()
        key = digest(kind, built)
        if cache is not None and (hit := cache.get(key)) is not None:
            return hit
        with _DRAWING:
            image = draw(built)
            colours = None if palette is None else palette()
        data = encode(image, colours)  # Pillow encodes without the interpreter lock
        picture = Picture(f"{kind}.png", data, clip(built.description), key)
    except PictureError:
        raise
    except Exception as exc:
        raise PictureError(f"could not draw the {kind} picture: {exc!r}") from exc
    if cache is not None:
        cache.put(key, picture)
    return picture
