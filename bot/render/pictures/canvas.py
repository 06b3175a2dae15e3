"""Drawing helpers shared by every picture: smooth rounded shapes, text placed by its
ink box, colours, and the PNG encoding."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.render.pictures import sprites
from bot.render.pictures.fonts import Script, font, run_width, runs
from bot.render.pictures.png import png

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA

SUPERSAMPLE: Final = 4
"""Shapes are drawn this many times larger, then scaled down, for smooth edges."""

WHITE: Final = (255, 255, 255)
INK: Final = (26, 26, 26)
GOLD: Final = (244, 196, 48)
PALE: Final = (214, 226, 218)
MUTED: Final = (150, 170, 158)


def hex_rgb(code: str) -> RGB:
    """``"#C8102E"`` as a colour."""
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


@lru_cache(maxsize=256)
def rounded(
    size: tuple[int, int], radius: int, fill: Colour, outline: Colour | None = None,
    width: int = 0,
) -> Image.Image:
    """A smooth RGBA rounded rectangle of ``size`` with an optional ``outline`` of
    ``width`` pixels (cached: treat the result as read-only)."""
    s = SUPERSAMPLE
    w, h = size
    big = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    box = (0, 0, w * s - 1, h * s - 1)
    if outline is not None and width > 0:
        draw.rounded_rectangle(box, radius * s, fill=outline)
        inner = (width * s, width * s, (w - width) * s - 1, (h - width) * s - 1)
        draw.rounded_rectangle(inner, max(0, radius - width) * s, fill=fill)
    else:
        draw.rounded_rectangle(box, radius * s, fill=fill)
    return big.reduce(s)


@lru_cache(maxsize=64)
def disc(diameter: int, fill: Colour, outline: Colour | None = None, width: int = 0) -> Image.Image:
    """A smooth RGBA disc (cached: treat the result as read-only)."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (diameter * s, diameter * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    box = (0, 0, diameter * s - 1, diameter * s - 1)
    if outline is not None and width > 0:
        draw.ellipse(box, fill=outline)
        inner = (width * s, width * s, (diameter - width) * s - 1, (diameter - width) * s - 1)
        draw.ellipse(inner, fill=fill)
    else:
        draw.ellipse(box, fill=fill)
    return big.reduce(s)


def paste(base: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Blend the RGBA ``sprite`` (cached, read-only) onto the RGB ``base`` centred at
    ``centre``."""
    Region(base).paste(sprite, centre)


Box = tuple[int, int, int, int]


class Region:
    """Where a picture is drawn: ``image`` (RGB) holds the picture's pixels from
    ``origin`` on (the whole picture by default), and the drawing calls take the
    picture's coordinates. :attr:`extent` is the box all that was drawn covers (None:
    nothing yet); a region without an image only measures it
    (:mod:`bot.render.pictures.tiles`). Pillow's core (``Image.im``) does the pasting, as
    ``Image.paste`` does once it has checked its arguments (:mod:`~bot.render.pictures.sprites`).
    """

    __slots__ = ("_core", "_x", "_y", "extent")

    def __init__(self, image: Image.Image | None, origin: tuple[int, int] = (0, 0)) -> None:
        if image is not None:
            image.load()
        self._core = None if image is None else image.im
        self._x, self._y = origin
        self.extent: Box | None = None

    def _cover(self, x: int, y: int, w: int, h: int) -> None:
        e = self.extent
        self.extent = (x, y, x + w, y + h) if e is None else \
            (min(e[0], x), min(e[1], y), max(e[2], x + w), max(e[3], y + h))

    def paste(self, sprite: Image.Image, centre: tuple[float, float]) -> None:
        """Blend the RGBA ``sprite`` (cached, read-only) centred at ``centre``."""
        x = round(centre[0] - sprite.width / 2)
        y = round(centre[1] - sprite.height / 2)
        self._cover(x, y, sprite.width, sprite.height)
        if self._core is not None:
            sprites.paste(self._core, sprite, (x - self._x, y - self._y))

    def _fill(self, fill: RGB, x: int, y: int, mask: Image.Image) -> None:
        self._cover(x, y, mask.width, mask.height)
        if self._core is not None:
            x, y = x - self._x, y - self._y
            self._core.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB,
             anchor: str = "mm") -> None:
        """Draw ``text`` at ``xy`` with Pillow's ``anchor`` (``mm``: centred)."""
        if text:
            mask, left, top = _lettering(text, size, anchor)
            self._fill(fill, round(xy[0]) + left, round(xy[1]) + top, mask)

    def ink_centre(self, xy: tuple[float, float], text: str, size: int, fill: RGB) -> None:
        """Draw ``text`` with its ink box (not its line box) centred at ``xy``: symbols
        and digits sit where the eye expects them."""
        mask, _, _ = _lettering(text, size, "la")
        self._fill(fill, round(xy[0] - mask.width / 2), round(xy[1] - mask.height / 2), mask)


@lru_cache(maxsize=4096)
def _lettering(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` and its offset from the anchor point (cached: the
    same names and numbers come back picture after picture). Text of one run of Latin
    is laid out by Pillow; other text run by run (:func:`~bot.render.pictures.fonts.runs`), each
    in its script's font, on the Latin font's baseline."""
    parts = runs(text)
    if len(parts) == 1 and parts[0][0] == "latin":
        f = font(size)
        box = f.getbbox(text, anchor=anchor)
        left, top = math.floor(box[0]), math.floor(box[1])
        mask = Image.new("L", (max(1, math.ceil(box[2]) - left),
                               max(1, math.ceil(box[3]) - top)))
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
        return mask, left, top
    placed: list[tuple[Image.Image, float, int, int]] = []
    pen = 0.0
    for script, part in parts:
        mask, left, top = _run(part, size, script)
        placed.append((mask, pen, left, top))
        pen += run_width(part, size, script)
    ink = (min(at + left for _, at, left, _ in placed), min(top for *_, top in placed),
           max(at + left + m.width for m, at, left, _ in placed),
           max(top + m.height for m, _, _, top in placed))
    x0 = {"l": 0.0, "m": -pen / 2, "r": -pen}[anchor[0]]
    ascent, descent = font(size).getmetrics()
    y0 = {"a": ascent, "m": (ascent - descent) / 2, "s": 0.0, "d": -descent,
          "t": -ink[1], "b": -ink[3]}[anchor[1]]
    left, top = math.floor(ink[0] + x0), math.floor(ink[1] + y0)
    whole = Image.new("L", (max(1, math.ceil(ink[2] + x0) - left),
                            max(1, math.ceil(ink[3] + y0) - top)))
    for mask, at, run_left, run_top in placed:
        whole.paste(255, (round(at + x0) + run_left - left, round(y0) + run_top - top), mask)
    return whole, left, top


@lru_cache(maxsize=1024)
def _run(part: str, size: int, script: Script) -> tuple[Image.Image, int, int]:
    """One run's coverage mask and its offset from its pen point on the baseline."""
    f = font(size, script)
    box = f.getbbox(part, anchor="ls")
    left, top = math.floor(box[0]), math.floor(box[1])
    mask = Image.new("L", (max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top)))
    ImageDraw.Draw(mask).text((-left, -top), part, font=f, fill=255, anchor="ls")
    return mask, left, top


def text_at(
    image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB,
    anchor: str = "mm",
) -> None:
    """Draw ``text`` at ``xy`` with Pillow's ``anchor`` (``mm``: centred)."""
    Region(image).text(xy, text, size, fill, anchor)


def ink_centre(image: Image.Image, xy: tuple[float, float], text: str, size: int,
               fill: RGB) -> None:
    """:meth:`Region.ink_centre` on the whole of ``image``."""
    Region(image).ink_centre(xy, text, size, fill)


def encode(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """The PNG of ``image``: reduced to 256 colours (flat art loses nothing visible),
    those of ``palette`` (a mode ``P`` image) when given, else chosen for this image,
    and written by :func:`~bot.render.pictures.png.png` (deflated by ISA-L, a fifth of
    the time of Pillow's PNG at zlib level 1; ``bench/render.py``). A mode ``P``
    image is written as it is."""
    if image.mode == "P":  # already on its palette (:mod:`~bot.render.pictures.tiles`)
        return png(image)
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    if palette is None:
        reduced = rgb.quantize(256, method=Image.Quantize.FASTOCTREE)
    else:
        reduced = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    return png(reduced)
