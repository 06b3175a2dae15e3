"""The shipped fonts (``assets/``, see its ``README.md``) and text helpers: sizes, glyph
coverage, cleaning and fitting text to a width.

Text is drawn in runs of one script, each in its font: Hangul in the Korean font,
Devanagari (shaped: conjuncts and vowel signs) in the Devanagari font, everything else
(Latin, digits, punctuation, card suits) in DejaVu Sans Bold. So ``"बोली 3 ♠"`` or a
Korean name draws without missing-glyph boxes; characters no font has are left out
(:func:`clean`).
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from importlib import resources
from itertools import groupby
from typing import Final, Literal

from PIL import ImageFont

Font = ImageFont.FreeTypeFont
Script = Literal["latin", "hangul", "devanagari"]

_FILES: Final[dict[Script, str]] = {
    "latin": "DejaVuSans-Bold.ttf",
    "hangul": "CardNightHangul-Regular.ttf",
    "devanagari": "NotoSansDevanagari-Bold.ttf",
}
_JOINERS: Final = "\u200c\u200d"
"""Zero-width (non-)joiner: part of a Devanagari run, dropped elsewhere."""
ELLIPSIS = "…"
MAX_CHARS = 64
"""Longer text is cut before it is measured."""


def script_of(ch: str) -> Script:
    """Which font draws ``ch``."""
    code = ord(ch)
    if 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF or ch in _JOINERS:
        return "devanagari"
    if 0xAC00 <= code <= 0xD7A3 or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
        return "hangul"
    return "latin"


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[Script, str], ...]:
    """``text`` cut into runs of one script, in order."""
    return tuple((script, "".join(chars)) for script, chars in groupby(text, script_of))


@cache
def _data(script: Script) -> bytes:
    return (resources.files("bot.render.pictures") / "assets" / _FILES[script]).read_bytes()


@cache
def font(size: int, script: Script = "latin") -> Font:
    """The font of ``script`` at ``size`` pixels, laid out with Raqm (HarfBuzz shaping:
    Devanagari needs it for its conjuncts and vowel signs; measured no slower than the
    basic layout for the other scripts)."""
    return ImageFont.truetype(io.BytesIO(_data(script)), size,
                              layout_engine=ImageFont.Layout.RAQM)


@cache
def _notdef(script: Script) -> tuple[tuple[int, int], bytes]:
    return _mask("\uffff", script)


def _mask(ch: str, script: Script) -> tuple[tuple[int, int], bytes]:
    mask = font(24, script).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether a font draws ``ch`` (a character it lacks renders as its .notdef box)."""
    script = script_of(ch)
    return ch.isspace() or ch in _JOINERS or _mask(ch, script) != _notdef(script)


def clean(text: str) -> str:
    """``text`` with what the fonts cannot draw left out (emoji, other scripts, control
    characters; a joiner outside Devanagari) and runs of spaces made one."""
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    for ch in text:
        if ch in _JOINERS:
            if kept and script_of(kept[-1]) == "devanagari":
                kept.append(ch)
        elif (unicodedata.category(ch)[0] != "C" and (ch == " " or not ch.isspace())
              and has_glyph(ch)):
            kept.append(ch)
    return " ".join("".join(kept).split())


@lru_cache(maxsize=4096)
def run_width(part: str, size: int, script: Script) -> float:
    """How wide one run is (cached apart: shaping is slow, and the same words come back
    in ever new strings)."""
    return font(size, script).getlength(part)


@lru_cache(maxsize=4096)
def width_of(text: str, size: int) -> float:
    """How wide ``text`` is at ``size`` (its runs side by side)."""
    return sum(run_width(part, size, script) for script, part in runs(text))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``."""
    text = text[:MAX_CHARS]
    if width_of(text, size) <= width:
        return text
    while text and width_of(text + ELLIPSIS, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
