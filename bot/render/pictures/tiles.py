"""A picture assembled from kept tiles, already on the palette
(:mod:`~bot.render.pictures.palette`): the table picture, from one table state to the
next, changes in a plate or two and a card, so each thing it draws (a part:
:data:`~bot.render.pictures.table.Part`) is drawn and mapped to the palette once, on
its own piece of the background, and kept; a picture pastes its parts' tiles onto the
mapped background.

The pixels are those of drawing the whole picture and then mapping it: a part's
pixels depend only on the part and the background under it, each pixel is mapped on
its own (no dithering), and parts whose boxes overlap (a played card over a seat's
plate at seven seats) are drawn together, in their order, as one tile. The kept tiles
are bounded by their pixels, least recently used dropped first; callers draw one
picture at a time (the drawing lock of :mod:`~bot.render.pictures.cache`)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Final

from PIL import Image

from bot.render.pictures import palette
from bot.render.pictures.canvas import Box, Region
from bot.render.pictures.table import Part

BUDGET: Final = 16_000_000
"""Pixels (bytes, one a pixel) of the tiles kept: about a thousand seat plates."""
EXTENTS: Final = 50_000
"""Parts whose boxes are remembered (forgotten all at once beyond that)."""


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def groups(boxes: Sequence[Box | None]) -> list[tuple[list[int], Box]]:
    """The indexes of ``boxes`` (None: draws nothing, left out) gathered where they
    overlap, directly or through others, each group with the box around it; groups in
    the order of their first member, members in order."""
    found: list[tuple[list[int], Box]] = []
    for i, box in enumerate(boxes):
        if box is None:
            continue
        members, around = [i], box
        merged = True
        while merged:
            merged = False
            for g in found:
                if _meet(g[1], around):
                    found.remove(g)
                    members, around = g[0] + members, _union(g[1], around)
                    merged = True
                    break
        found.append((sorted(members), around))
    return sorted(found)


class Tiles:
    """The tiles of pictures drawn on ``background()`` (RGB, read-only, always the same)."""

    def __init__(self, background: Callable[[], Image.Image], budget: int = BUDGET) -> None:
        self._background = background
        self._budget = budget
        self._pixels = 0
        self._kept: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._extents: dict[Part, Box | None] = {}
        self._base: Image.Image | None = None

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def pixels(self) -> int:
        """The pixels of the tiles kept."""
        return self._pixels

    def assemble(self, parts: Sequence[Part]) -> Image.Image:
        """The picture of ``parts`` (mode ``P``). Parts whose boxes overlap make one tile,
        drawn in their order."""
        full = self._background()
        if self._base is None:
            self._base = _mapped(full)
        bounds = (0, 0, full.width, full.height)
        boxes = [self._extent(part, bounds) for part in parts]
        picture = self._base.copy()
        core = picture.im
        for members, box in groups(boxes):
            tile = self._tile(tuple(parts[i] for i in members), box)
            core.paste(tile.im, box)
        return picture

    def _extent(self, part: Part, bounds: Box) -> Box | None:
        """The box ``part`` draws in, within ``bounds`` (None: nowhere)."""
        if part in self._extents:
            return self._extents[part]
        paint, args = part
        measure = Region(None)
        paint(measure, *args)
        e = measure.extent
        box = None if e is None else (max(bounds[0], e[0]), max(bounds[1], e[1]),
                                      min(bounds[2], e[2]), min(bounds[3], e[3]))
        if box is not None and (box[0] >= box[2] or box[1] >= box[3]):
            box = None
        if len(self._extents) >= EXTENTS:
            self._extents.clear()
        self._extents[part] = box
        return box

    def _tile(self, drawn: tuple[Part, ...], box: Box) -> Image.Image:
        key: Hashable = drawn[0] if len(drawn) == 1 else drawn
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        piece = self._background().crop(box)
        region = Region(piece, (box[0], box[1]))
        for paint, args in drawn:
            paint(region, *args)
        tile = self._kept[key] = _mapped(piece)
        self._pixels += tile.width * tile.height
        while self._pixels > self._budget and len(self._kept) > 1:
            dropped = self._kept.popitem(last=False)[1]
            self._pixels -= dropped.width * dropped.height
        return tile


def _mapped(image: Image.Image) -> Image.Image:
    """``image`` on the palette, each pixel to its nearest colour."""
    return image.quantize(palette=palette.palette(), dither=Image.Dither.NONE)
