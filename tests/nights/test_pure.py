"""The rules of nights and seasons are pure (bot/nights/__init__.py): they import the
standard library's pure modules, pydantic and themselves, never Discord, asyncio, the
storage or the clock."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"__future__", "collections", "dataclasses", "datetime", "fractions", "itertools",
           "random", "re", "typing", "pydantic", "bot.nights"}
PURE = sorted([*(ROOT / "bot" / "nights").glob("*.py"), ROOT / "bot" / "seasons.py"])


def imported(path: Path) -> set[str]:
    """The modules a file imports (``from`` imports by their module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add(node.module or "")
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_only_pure_modules(path: Path) -> None:
    outside = {name for name in imported(path)
               if not any(name == a or name.startswith(a + ".") for a in ALLOWED)}
    assert outside == set()
