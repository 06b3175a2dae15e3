"""No import cycles, and the bot's layers import only downwards.

Cycles are looked for among every module of ``engine/``, ``bot/`` and ``cogs/``,
counting the imports inside functions and those under ``if TYPE_CHECKING:``: the
record and descriptor modules import the game, and the game imports its view module,
which types what it reads of the game with a ``Protocol`` (``Seen``). The layers of
``bot/`` are listed in :data:`LAYERS`, lowest first; each package's ``__init__`` says
what it holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.import_graph import Edge, find_cycle, import_graph, modules

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "bot", "cogs")

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("engine",)),
    ("foundation", ("bot.config", "bot.shards", "bot.permissions", "bot.i18n")),
    ("nights", ("bot.nights", "bot.seasons")),
    ("storage", ("bot.storage",)),
    ("ops", ("bot.ops",)),
    ("games", ("bot.games",)),
    ("records", ("bot.records",)),
    ("render", ("bot.render",)),
    ("tables", ("bot.tables",)),
    ("interactions", ("bot.interactions",)),
    ("process", ("bot", "bot.__main__", "bot.app", "bot.client", "bot.handover")),
    ("cogs", ("cogs",)),
)
"""The layers, lowest first, by the modules and packages each holds: a module may
import its own layer and those below it, never one above (so games and storage import
no interactions, render no table service, and nothing imports the cogs)."""


def layer_of(module: str) -> int | None:
    """The rank of ``module``'s layer in :data:`LAYERS`; None when none holds it
    (``bot`` itself holds only its ``__init__``)."""
    for rank, (_, members) in reversed(list(enumerate(LAYERS))):
        for member in members:
            if module == member or (member != "bot" and module.startswith(member + ".")):
                return rank
    return None


def test_no_import_cycles_counting_every_import() -> None:
    assert find_cycle(import_graph(ROOT, *PACKAGES, type_checking=True)) is None


def test_every_module_has_a_layer() -> None:
    unplaced = [name for package in PACKAGES for name in modules(ROOT, package)
                if layer_of(name) is None]
    assert not unplaced, f"add these to LAYERS: {unplaced}"


def test_layers_import_only_downwards() -> None:
    upwards = sorted(
        f"{e.importer} ({LAYERS[low][0]}) imports {e.imported} ({LAYERS[high][0]})"
        for e in import_graph(ROOT, *PACKAGES, type_checking=True)
        if (low := layer_of(e.importer)) is not None and (high := layer_of(e.imported))
        is not None and high > low
    )
    assert not upwards, "\n".join(upwards)


@pytest.mark.parametrize(("module", "layer"), [
    ("bot", "process"), ("bot.client", "process"), ("bot.i18n.catalogs", "foundation"),
    ("bot.render.pictures.table", "render"), ("cogs.mighty", "cogs"), ("engine.cli", "engine"),
])
def test_layer_of(module: str, layer: str) -> None:
    rank = layer_of(module)
    assert rank is not None and LAYERS[rank][0] == layer


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
    runs = {
        Edge("pkg.sub", "pkg.sub.core", False),
        Edge("pkg.sub.core", "pkg.sub.side", False),
        Edge("pkg.sub.core", "pkg.other", True),
        Edge("pkg.other", "pkg.sub.side", False),
        Edge("pkg.other", "pkg.sub", False),
    }
    assert import_graph(tmp_path, "pkg") == runs
    assert import_graph(tmp_path, "pkg", type_checking=True) == {
        *runs, Edge("pkg.sub.core", "pkg.other", False, type_only=True)}


def test_the_graph_spans_packages(tmp_path: Path) -> None:
    for package, source in (("low", ""), ("high", "from low import part\n")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(source)
    (tmp_path / "low" / "part.py").write_text("")
    assert import_graph(tmp_path, "low", "high") == {
        Edge("high", "low.part", False), Edge("high", "low", False)}
