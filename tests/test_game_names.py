"""A game's facts live in its own packages (docs/architecture.md "One package per game"):
outside ``engine/<game>/``, ``engine/ai/<game>/`` and ``bot/games/<game>/``, a registered
game's name appears as a string literal in at most :data:`MAX_FILES` modules of
``engine/``, ``bot/`` and ``cogs/`` (its cog names its command group). Shared code asks
the game's descriptor or adapter instead of testing its name. Read with :mod:`ast`:
docstrings (any string standing alone as a statement) and comments do not count."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("engine", "bot", "cogs")
MAX_FILES = 2


def own_packages(game: str) -> tuple[str, ...]:
    """The folders (relative to the repository) that hold ``game``'s own code."""
    return (f"engine/{game}/", f"engine/ai/{game}/", f"bot/games/{game}/")


def literals(source: str, value: str) -> Iterator[int]:
    """The lines of the string literals equal to ``value`` in ``source``, docstrings
    left out."""
    tree = ast.parse(source)
    standing = {id(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value == value and id(node) not in standing:
            yield node.lineno


def named_outside(root: Path, game: str) -> dict[str, list[int]]:
    """The modules outside ``game``'s own packages that name it, with the lines."""
    found: dict[str, list[int]] = {}
    for package in SCANNED:
        for path in sorted((root / package).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            if where.startswith(own_packages(game)):
                continue
            lines = sorted(literals(path.read_text(encoding="utf-8"), game))
            if lines:
                found[where] = lines
    return found


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_game_is_named_in_few_shared_modules(game: str) -> None:
    found = named_outside(ROOT, game)
    pairs = [(where, line) for where, lines in found.items() for line in lines]
    assert len(found) <= MAX_FILES, f"{game!r} named outside its packages at {pairs}"


def test_the_count_sees_literals_but_not_docstrings(tmp_path: Path) -> None:
    (tmp_path / "bot" / "games" / "chess").mkdir(parents=True)
    (tmp_path / "engine").mkdir()
    (tmp_path / "cogs").mkdir()
    (tmp_path / "bot" / "games" / "chess" / "adapter.py").write_text('name = "chess"\n')
    (tmp_path / "bot" / "shared.py").write_text(
        '"""chess"""\n'
        'def f(game):\n'
        '    """chess"""\n'
        '    "chess"\n'
        '    return game == "chess"  # "chess"\n'
        'TITLE = {"chess": "Chess"}\n')
    assert named_outside(tmp_path, "chess") == {"bot/shared.py": [5, 6]}
