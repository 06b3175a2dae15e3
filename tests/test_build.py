"""The install runs what setup.py compiles: each listed module is its compiled extension,
built from the source beside it (an edit since the build needs ``pip install -e .``
again), or plain Python throughout when installed with ``CARDNIGHT_PURE=1``."""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def compiled_sources() -> list[str]:
    """The ``COMPILED`` list of setup.py, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "COMPILED":
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py lists no COMPILED modules")


@pytest.mark.parametrize("source", compiled_sources())
def test_compiled_module_matches_its_source(source: str) -> None:
    module = importlib.import_module(source.removesuffix(".py").replace("/", "."))
    loaded = Path(module.__file__ or "")
    if os.environ.get("CARDNIGHT_PURE") == "1":
        assert loaded.suffix == ".py", (
            f"{loaded.name} is compiled although CARDNIGHT_PURE=1 is set: delete the *.so "
            "files an earlier build left in the tree")
        return
    assert loaded.suffix == ".so", (
        f"{source} runs as plain Python: reinstall (pip install -e .) to compile it")
    assert loaded.stat().st_mtime >= (ROOT / source).stat().st_mtime, (
        f"{source} changed since it was compiled: reinstall (pip install -e .)")
