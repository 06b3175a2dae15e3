"""No import cycles: each game's core imports none of its side modules (python-chess's
shape, STYLE.md); the record, view and descriptor modules import the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.import_graph import Edge, find_cycle, import_graph

ROOT = Path(__file__).resolve().parent.parent

LATE_VIEWS = {
    Edge("engine.kachuful.game", "engine.kachuful.view", deferred=True),
    Edge("engine.mighty.game", "engine.mighty.view", deferred=True),
}
"""``Game.view(seat)`` is part of the game interface, so each game reaches its view
module at call time; these are the only imports allowed to point back."""

ALLOWED_LATE: dict[str, set[Edge]] = {"engine": LATE_VIEWS}


@pytest.mark.parametrize("package", ["engine", "bot"])
def test_no_import_cycles(package: str) -> None:
    edges = import_graph(ROOT, package)
    allowed = ALLOWED_LATE.get(package, set())
    assert allowed <= edges, f"stale allowances: {allowed - edges}"
    assert find_cycle(e for e in edges if not e.deferred) is None
    assert find_cycle(edges - allowed) is None


def test_the_helper_finds_cycles() -> None:
    ring = {Edge("a", "b", False), Edge("b", "c", True), Edge("c", "a", False)}
    assert find_cycle(ring) == ["a", "b", "c", "a"]
    assert find_cycle(ring - {Edge("b", "c", True)}) is None


def test_type_checking_and_late_imports_are_told_apart(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from pkg.sub import core\n")
    (pkg / "sub" / "core.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import side\n"
        "if TYPE_CHECKING:\n    from pkg import other\n"
        "def f():\n    from pkg.other import thing\n"
    )
    (pkg / "sub" / "side.py").write_text("")
    (pkg / "other.py").write_text("import pkg.sub.side\n")
    assert import_graph(tmp_path, "pkg") == {
        Edge("pkg.sub", "pkg.sub.core", False),
        Edge("pkg.sub.core", "pkg.sub.side", False),
        Edge("pkg.sub.core", "pkg.other", True),
        Edge("pkg.other", "pkg.sub.side", False),
        Edge("pkg.other", "pkg.sub", False),
    }
