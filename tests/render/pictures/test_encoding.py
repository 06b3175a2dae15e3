"""The fast paths of the pictures keep every pixel: the PNG written by ``png.py`` and the
sprites pasted in parts by ``sprites.py``."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.render.pictures import palette, sprites
from bot.render.pictures.canvas import disc, encode, rounded
from bot.render.pictures.cards import back, face
from bot.render.pictures.hand import _dimmed
from bot.render.pictures.png import png
from bot.render.pictures.table import PLATE, PLATE_EDGE, PLATE_FILL


def _scene() -> Image.Image:
    """A picture with flat colours, gradients and anti-aliased edges."""
    image = Image.new("RGB", (300, 200), (19, 38, 28))
    for x in range(300):
        image.paste((x % 256, (3 * x) % 256, 90), (x, 150, x + 1, 200))
    image.paste(face("Q♥", 96, "classic"), (10, 10), face("Q♥", 96, "classic"))
    return image


def test_the_png_holds_the_pixels_and_palette_of_the_picture() -> None:
    reduced = _scene().quantize(palette=palette.palette(), dither=Image.Dither.NONE)
    data = png(reduced)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    read = Image.open(io.BytesIO(data))
    read.load()
    assert read.mode == "P" and read.size == reduced.size
    assert read.tobytes() == reduced.tobytes()
    assert read.getpalette() == reduced.getpalette()
    assert png(reduced) == data  # the same picture, the same bytes


@pytest.mark.parametrize("chosen", [True, False], ids=["fixed palette", "own palette"])
def test_encoding_keeps_what_pillow_s_png_showed(chosen: bool) -> None:
    image = _scene()
    colours = palette.palette() if chosen else None
    ours = Image.open(io.BytesIO(encode(image, colours))).convert("RGB")
    reduced = (image.quantize(palette=colours, dither=Image.Dither.NONE) if chosen
               else image.quantize(256, method=Image.Quantize.FASTOCTREE))
    theirs = io.BytesIO()
    reduced.save(theirs, "PNG", compress_level=1)
    assert ImageChops.difference(ours, Image.open(theirs).convert("RGB")).getbbox() is None


def test_only_a_palette_picture_is_written() -> None:
    with pytest.raises(ValueError, match="mode P"):
        png(Image.new("RGB", (4, 4)))


SPRITES = {
    "card": lambda: face("10♠", 96, "four_color"),
    "dimmed card": lambda: _dimmed("A♦", 96, "classic"),
    "back": lambda: back(96),
    "plate (translucent)": lambda: rounded(PLATE, 12, PLATE_FILL, PLATE_EDGE, 2),
    "kitty frame": lambda: rounded((104, 142), 14, (59, 167, 240)),
    "disc": lambda: disc(104, (246, 241, 227), (244, 196, 48), 3),
    "small card": lambda: face("K♣", 32, "classic"),
}


@pytest.mark.parametrize("name", list(SPRITES))
@pytest.mark.parametrize("at", [(7, 9), (-20, -15), (250, 120)], ids=["inside", "over the "
                         "top left", "over the bottom right"])
def test_a_sprite_pasted_in_parts_blends_like_the_whole(name: str, at: tuple[int, int]) -> None:
    sprite = SPRITES[name]()
    whole, parts = _scene(), _scene()
    whole.paste(sprite, at, sprite)
    parts.load()
    sprites.paste(parts.im, sprite, at)
    assert whole.tobytes() == parts.tobytes()


def test_a_large_rounded_sprite_is_mostly_copied_and_cut_once() -> None:
    sprite = face("J♥", 96, "classic")
    cut = sprites.pieces(sprite)
    copied = sum(p.width * p.height for p, _, _, blended in cut if not blended)
    assert copied > 0.9 * sprite.width * sprite.height
    assert sprites.pieces(sprite) is cut
    assert sprites.pieces(face("K♣", 32, "classic")) == ((face("K♣", 32, "classic"), 0, 0,
                                                           True),)
