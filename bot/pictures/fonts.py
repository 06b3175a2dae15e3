"""The shipped font (``assets/``, see its ``README.md``) and text helpers: sizes, glyph
coverage, cleaning and fitting text to a width."""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from importlib import resources

from PIL import ImageFont

Font = ImageFont.FreeTypeFont

_FILE = "DejaVuSans-Bold.ttf"
ELLIPSIS = "…"
MAX_CHARS = 64
"""Longer text is cut before it is measured."""


@cache
def _data() -> bytes:
    return (resources.files("bot.pictures") / "assets" / _FILE).read_bytes()


@cache
def font(size: int) -> Font:
    """The font at ``size`` pixels."""
    return ImageFont.truetype(io.BytesIO(_data()), size)


@cache
def _notdef() -> tuple[tuple[int, int], bytes]:
    return _mask("\uffff")


def _mask(ch: str) -> tuple[tuple[int, int], bytes]:
    mask = font(24).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` (a character it lacks renders as its .notdef box)."""
    return ch.isspace() or _mask(ch) != _notdef()


def clean(text: str) -> str:
    """``text`` with what the font cannot draw left out (emoji, other scripts, control
    characters) and runs of spaces made one."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(
        ch for ch in text
        if unicodedata.category(ch)[0] != "C" and (ch == " " or not ch.isspace())
        and has_glyph(ch)
    )
    return " ".join(kept.split())


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``."""
    f = font(size)
    text = text[:MAX_CHARS]
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
