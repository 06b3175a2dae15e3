"""A picture assembled from kept tiles, already on the palette
(:mod:`~bot.render.pictures.palette`): the table picture, from one table state to the
next, changes in a plate or two and a card, so each thing it draws (a part:
:data:`~bot.render.pictures.table.Part`) is drawn and mapped to the palette once, on
its own piece of the background, and kept; a picture pastes its parts' tiles onto the
mapped background.

The pixels are those of drawing the whole picture and then mapping it: a part's
pixels depend only on the part and the background under it, each pixel is mapped on
its own (no dithering), and the parts' boxes do not overlap. Where two boxes would
overlap, the picture is drawn whole instead. The kept tiles are bounded by their
pixels, least recently used dropped first; callers draw one picture at a time (the
drawing lock of :mod:`~bot.render.pictures.cache`)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Final

from PIL import Image

from bot.render.pictures import palette
from bot.render.pictures.canvas import Box, Region
from bot.render.pictures.table import Part

Tile = tuple[Box, Image.Image | None]
"""A part's box on the picture and its pixels on the palette (None: it draws nothing)."""

BUDGET: Final = 16_000_000
"""Pixels (bytes, one a pixel) of the tiles kept: about three thousand seat plates."""


def _apart(boxes: Sequence[Box]) -> bool:
    """Whether no two of ``boxes`` share a pixel."""
    ordered = sorted(boxes)
    for i, (_, y0, x1, y1) in enumerate(ordered):
        for u0, v0, _, v1 in ordered[i + 1:]:
            if u0 >= x1:
                break
            if v0 < y1 and y0 < v1:
                return False
    return True


class Tiles:
    """The tiles of pictures drawn on ``background()`` (RGB, read-only, always the same)."""

    def __init__(self, background: Callable[[], Image.Image], budget: int = BUDGET) -> None:
        self._background = background
        self._budget = budget
        self._pixels = 0
        self._kept: OrderedDict[Hashable, Tile] = OrderedDict()
        self._base: Image.Image | None = None

    def __len__(self) -> int:
        return len(self._kept)

    def assemble(self, parts: Sequence[Part]) -> Image.Image | None:
        """The picture of ``parts`` (mode ``P``), or None when their boxes overlap."""
        tiles = [self._tile(part) for part in parts]
        shown = [(box, tile) for box, tile in tiles if tile is not None]
        if not _apart([box for box, _ in shown]):
            return None
        if self._base is None:
            self._base = _mapped(self._background())
        picture = self._base.copy()
        core = picture.im
        for box, tile in shown:
            core.paste(tile.im, box)
        return picture

    def _tile(self, part: Part) -> Tile:
        kept = self._kept.get(part)
        if kept is not None:
            self._kept.move_to_end(part)
            return kept
        paint, args = part
        measure = Region(None)
        paint(measure, *args)
        tile = self._draw(part, measure.extent)
        self._kept[part] = tile
        self._pixels += _size(tile)
        while self._pixels > self._budget and len(self._kept) > 1:
            self._pixels -= _size(self._kept.popitem(last=False)[1])
        return tile

    def _draw(self, part: Part, extent: Box | None) -> Tile:
        full = self._background()
        if extent is not None:
            x0, y0 = max(0, extent[0]), max(0, extent[1])
            x1, y1 = min(full.width, extent[2]), min(full.height, extent[3])
            if x0 < x1 and y0 < y1:
                piece = full.crop((x0, y0, x1, y1))
                paint, args = part
                paint(Region(piece, (x0, y0)), *args)
                return (x0, y0, x1, y1), _mapped(piece)
        return (0, 0, 0, 0), None


def _size(tile: Tile) -> int:
    return 0 if tile[1] is None else tile[1].width * tile[1].height


def _mapped(image: Image.Image) -> Image.Image:
    """``image`` on the palette, each pixel to its nearest colour."""
    return image.quantize(palette=palette.palette(), dither=Image.Dither.NONE)
