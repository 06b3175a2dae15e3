"""The PNG file of a 256-colour picture, written here rather than by Pillow: the same
pixels, deflated by ISA-L (``isal``) at its level 2, about five times faster than
zlib's fastest level and a little smaller (``bench/render.py``, `docs/benchmarks.md`).

A PNG of a palette picture is its signature, a header, the palette and the rows (each
led by its filter type, 0: none, which suits flat art) as one zlib stream, then the
end (PNG specification, chapters 5 and 11)."""

from __future__ import annotations

import struct
import zlib
from typing import Final

from isal import isal_zlib
from PIL import Image

SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
LEVEL: Final = 2
"""ISA-L's deflate level (0 to 3)."""
_PALETTE_TYPE: Final = 3
"""The header's colour type of a palette picture."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png(image: Image.Image) -> bytes:
    """The PNG of ``image``, a mode ``P`` picture of 8-bit colour indices (at most 256
    colours, no transparency)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is of mode P, not {image.mode}")
    width, height = image.size
    colours = image.getpalette("RGB")
    if not colours:
        raise ValueError("the picture has no palette")
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter type
    image.load()
    rows.im.paste(image.im, (1, 0, width + 1, height))
    header = struct.pack(">IIBBBBB", width, height, 8, _PALETTE_TYPE, 0, 0, 0)
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", bytes(colours)),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), LEVEL)),
        _chunk(b"IEND", b""),
    ))
