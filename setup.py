"""Build: the rules cores and the AI's search are compiled to C with mypyc (the same typed
source, about three times faster); ``CARDNIGHT_PURE=1`` installs them as plain Python.

The public games (``engine/*/game.py``) stay interpreted: they take any object a caller
passes and refuse malformed ones with ``IllegalAction``, exactly as Python types them.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "engine/bits.py",
    "engine/kachuful/core.py",
    "engine/kachuful/scoring.py",
    "engine/kachuful/trick.py",
    "engine/mighty/core/follow.py",
    "engine/mighty/core/masks.py",
    "engine/mighty/core/score.py",
    "engine/mighty/core/trick.py",
    "engine/mighty/core/winner.py",
    "engine/ai/sampling.py",
    "engine/ai/kachuful/estimate.py",
    "engine/ai/kachuful/ismcts.py",
    "engine/ai/kachuful/simulate.py",
    "engine/ai/mighty/simulate.py",
]


def ext_modules() -> list[object]:
    if os.environ.get("CARDNIGHT_PURE") == "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=ext_modules())
