"""Reference pictures: a picture must match its reviewed reference in ``refs/`` pixel
for pixel. References change only on purpose: ``UPDATE_PICTURES=1 pytest tests/render/pictures``
rewrites them. Otherwise a mismatch (or a missing reference) fails and leaves the new
picture beside the reference as ``<name>.new.png`` for review."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.render.pictures import Picture

REFS = Path(__file__).with_name("refs")
UPDATE = "UPDATE_PICTURES"


def check(picture: Picture, name: str) -> None:
    """Compare ``picture`` with ``refs/<name>.png`` (see the module's docstring)."""
    ref = REFS / f"{name}.png"
    new = REFS / f"{name}.new.png"
    REFS.mkdir(exist_ok=True)
    if os.environ.get(UPDATE) == "1":
        ref.write_bytes(picture.data)
        new.unlink(missing_ok=True)
        return
    if not ref.exists():
        new.write_bytes(picture.data)
        pytest.fail(f"no reference picture {ref}; review {new} and accept it with {UPDATE}=1")
    got = Image.open(io.BytesIO(picture.data)).convert("RGB")
    want = Image.open(ref).convert("RGB")
    if got.size != want.size:
        problem = f"size {got.size[0]}×{got.size[1]}, reference {want.size[0]}×{want.size[1]}"
    else:
        box = ImageChops.difference(got, want).getbbox()
        if box is None:
            new.unlink(missing_ok=True)
            return
        problem = f"pixels differ in the box {box}"
    new.write_bytes(picture.data)
    pytest.fail(
        f"the {name} picture no longer matches {ref} ({problem}). The new picture is at "
        f"{new}: look at both; if the change is intended, accept it with "
        f"{UPDATE}=1 .venv/bin/python -m pytest tests/render/pictures"
    )
