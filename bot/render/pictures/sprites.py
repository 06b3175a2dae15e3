"""Pasting a sprite (a cached, read-only RGBA image: a card, a plate, a disc) fast.

Each sprite is cut once into its fully opaque parts, copied as they are, and the rest,
blended through its alpha. The pixels are those of blending it whole (a blend at full
alpha is a copy), for a tenth of the time of a card (`docs/benchmarks.md`). A rounded
card is cut into its middle band, the middle of its top and bottom bands, and four
corners: three copies and four small blends. The parts are pasted by Pillow's core
(``Image.im``), as ``Image.paste`` itself does once it has checked its arguments: the
checks, made once here, cost more than the copying of a card's band."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from PIL import Image

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Piece = tuple[Image.Image, int, int, bool]
"""A part of a sprite: its image, its offset in the sprite, whether it is blended."""
Paste = tuple["ImagingCore", int, int, int, int, "ImagingCore | None"]
"""A part ready for the core: its pixels, its box in the sprite, its mask (None: copied)."""

SMALL: Final = 8192
"""Sprites of fewer pixels are blended whole: a paste's own cost (some microseconds)
then outweighs the blending it would save."""
LIMIT: Final = 4096
"""Sprites whose cuts are kept, least recently pasted dropped first (each cut holds
its sprite, so a sprite's id is never reused while its cut is kept)."""
_CUTS: OrderedDict[int, tuple[Image.Image, tuple[Piece, ...], tuple[Paste, ...]]] = \
    OrderedDict()


def pieces(sprite: Image.Image) -> tuple[Piece, ...]:
    """The parts of ``sprite`` (cut on its first paste; callers draw one at a time,
    under the drawing lock of :mod:`bot.render.pictures.cache`)."""
    return _kept(sprite)[1]


def _kept(sprite: Image.Image) -> tuple[Image.Image, tuple[Piece, ...], tuple[Paste, ...]]:
    key = id(sprite)
    kept = _CUTS.get(key)
    if kept is not None and kept[0] is sprite:
        _CUTS.move_to_end(key)
        return kept
    cut = _cut(sprite)
    for piece, *_ in cut:
        piece.load()
    ready = tuple((p.im, dx, dy, p.width, p.height, p.im if blended else None)
                  for p, dx, dy, blended in cut)
    kept = _CUTS[key] = (sprite, cut, ready)
    while len(_CUTS) > LIMIT:
        _CUTS.popitem(last=False)
    return kept


def _opaque(alpha: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return alpha.crop(box).getextrema()[0] == 255


def _span(opaque: Sequence[bool]) -> tuple[int, int] | None:
    """The one run of True in ``opaque`` (start, end), or None when there is none or
    more than one."""
    if True not in opaque:
        return None
    start = opaque.index(True)
    end = len(opaque) - opaque[::-1].index(True)
    return (start, end) if all(opaque[start:end]) else None


def _cut(sprite: Image.Image) -> tuple[Piece, ...]:
    w, h = sprite.size
    if sprite.mode != "RGBA":
        raise ValueError(f"a sprite is of mode RGBA, not {sprite.mode}")
    if w * h < SMALL:
        return ((sprite, 0, 0, True),)
    alpha = sprite.getchannel("A")
    rows = _span([_opaque(alpha, (0, y, w, y + 1)) for y in range(h)])
    if rows is None:
        return ((sprite, 0, 0, True),)
    top, bottom = rows
    out: list[Piece] = [(sprite.crop((0, top, w, bottom)), 0, top, False)]
    for y0, y1 in ((0, top), (bottom, h)):
        if y0 == y1:
            continue
        columns = _span([_opaque(alpha, (x, y0, x + 1, y1)) for x in range(w)])
        left, right = columns if columns is not None else (0, 0)
        for x0, x1, blended in ((0, left, True), (left, right, False), (right, w, True)):
            if x0 < x1 and (not blended or alpha.crop((x0, y0, x1, y1)).getextrema()[1]):
                out.append((sprite.crop((x0, y0, x1, y1)), x0, y0, blended))
    return tuple(out)


def paste(base: ImagingCore, sprite: Image.Image, at: tuple[int, int]) -> None:
    """Blend ``sprite`` onto the RGB image whose core (``Image.im``, loaded and
    writable) is ``base``, with its top-left corner at ``at``."""
    x, y = at
    for core, dx, dy, w, h, mask in _kept(sprite)[2]:
        left, top = x + dx, y + dy
        if mask is None:
            base.paste(core, (left, top, left + w, top + h))
        else:
            base.paste(core, (left, top, left + w, top + h), mask)
