"""The path every picture takes: inputs → scene (exactly what is drawn, as plain data)
→ cache → drawing → PNG. The cache is a bounded, thread-safe LRU keyed by a digest of
a picture's scene, so one state is drawn once."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final, TypeVar

from PIL import Image

from bot.ops import metrics
from bot.render.pictures.canvas import encode
from bot.render.pictures.picture import Picture, PictureError, Scene, clip

VERSION: Final = 1
"""Bump when the drawing changes, so that keys of old pictures no longer match."""


def digest(kind: str, scene: Any) -> str:
    """A hex digest of ``kind`` and the frozen dataclass ``scene``, from its ``repr``:
    scenes hold only strings, numbers, booleans, None, tuples and other such dataclasses,
    whose reprs are unambiguous (a tenth of the time of canonical JSON)."""
    if not dataclasses.is_dataclass(scene):
        raise TypeError(f"a scene is a dataclass, not {type(scene).__name__}")
    return hashlib.sha1(repr((VERSION, kind, scene)).encode()).hexdigest()


class PictureCache:
    """The last ``maxsize`` pictures by key, least recently used dropped first."""

    def __init__(self, maxsize: int = 512) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self._items: OrderedDict[str, Picture] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> Picture | None:
        with self._lock:
            picture = self._items.get(key)
            if picture is not None:
                self._items.move_to_end(key)
            return picture

    def put(self, key: str, picture: Picture) -> None:
        with self._lock:
            self._items[key] = picture
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


CACHE: Final = PictureCache()
"""The process-wide cache the picture functions use unless told otherwise."""


S = TypeVar("S", bound=Scene)
_DRAWING: Final = threading.Lock()
"""One drawing at a time: the shared fonts and sprite caches are not made for threads
(encoding, which touches neither, runs outside it)."""


def produce(
    kind: str, scene: Callable[[], S], draw: Callable[[S], Image.Image],
    cache: PictureCache | None, palette: Callable[[], Image.Image] | None = None,
) -> Picture:
    """Build the scene, then the picture ``kind``.png from the cache or by drawing it,
    its colours mapped onto ``palette()`` if given (else chosen for this picture); a
    drawing's time (waiting for the drawing lock included) goes to
    ``cardnight_picture_draw_seconds``. Any failure becomes :class:`PictureError`."""
    try:
        built = scene()
        key = digest(kind, built)
        if cache is not None and (hit := cache.get(key)) is not None:
            return hit
        started = time.perf_counter()
        with _DRAWING:
            image = draw(built)
            colours = None if palette is None else palette()
        data = encode(image, colours)  # mapping and deflating let go of the interpreter lock
        metrics.picture_drawn(kind, time.perf_counter() - started)
        picture = Picture(f"{kind}.png", data, clip(built.description), key)
    except PictureError:
        raise
    except Exception as exc:
        raise PictureError(f"could not draw the {kind} picture: {exc!r}") from exc
    if cache is not None:
        cache.put(key, picture)
    return picture
