"""The import graph of packages, read with :mod:`ast` (nothing is imported), and its
cycles. Generic: give it any top-level packages of the repository (``engine``, ``bot``).

An edge ``a -> b`` means module ``a`` imports module ``b`` (``from b import name``
counts as importing ``b.name`` when that is a module of the packages). Imports under
``if TYPE_CHECKING:`` never run: they are left out unless asked for, then marked
``type_only``. An import inside a function is kept but marked ``deferred``: it runs at
the first call, not at import time. Importing ``p.q.m`` also runs the package
``p.q``'s ``__init__``, so a module outside ``p.q`` gets an edge to it too (a module
inside ``p.q`` needs none: its package is always being imported already).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Edge:
    importer: str
    imported: str
    deferred: bool
    type_only: bool = False


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a folder of ``root``) by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph(root: Path, *packages: str, type_checking: bool = False) -> set[Edge]:
    """The import edges among the modules of ``packages``; with ``type_checking``, the
    imports under ``if TYPE_CHECKING:`` too."""
    known = {name: path for package in packages for name, path in modules(root, package).items()}
    edges: set[Edge] = set()
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, deferred, type_only in _imports(tree.body, False, False):
            if type_only and not type_checking:
                continue
            for target in _targets(node, name, is_package, known):
                for imported in _with_packages(target, name, known):
                    if imported != name:
                        edges.add(Edge(name, imported, deferred, type_only))
    return edges


def _imports(
    body: Iterable[ast.stmt], deferred: bool, type_only: bool,
) -> Iterator[tuple[ast.AST, bool, bool]]:
    """Import statements, whether they run only inside a function, and whether they
    never run (under ``if TYPE_CHECKING:``)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, deferred, type_only
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _imports(node.body, deferred, True)
            yield from _imports(node.orelse, deferred, type_only)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _imports(node.body, True, type_only)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    statements = [n for n in inner if isinstance(n, ast.stmt)]
                    yield from _imports(statements, deferred, type_only)
                    for part in inner:
                        if isinstance(part, ast.ExceptHandler | ast.match_case):
                            yield from _imports(part.body, deferred, type_only)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.AST, name: str, is_package: bool, known: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [_owner(alias.name, known) for alias in node.names]
    assert isinstance(node, ast.ImportFrom)
    base = node.module or ""
    if node.level:
        anchor = name.split(".") if is_package else name.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        found.append(sub if sub in known else _owner(base, known))
    return found


def _owner(dotted: str, known: dict[str, Path]) -> str:
    """The longest prefix of ``dotted`` that is a module of the package ('' if none)."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts)


def _with_packages(target: str, importer: str, known: dict[str, Path]) -> Iterator[str]:
    """``target`` and the packages above it whose ``__init__`` the import runs."""
    if not target:
        return
    yield target
    parts = target.split(".")[:-1]
    while parts:
        package = ".".join(parts)
        if package in known and not importer.startswith(package + "."):
            yield package
        parts.pop()


def find_cycle(edges: Iterable[Edge]) -> list[str] | None:
    """One import cycle ``[a, b, ..., a]`` among ``edges``, or None when there is none."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.importer, set()).add(e.imported)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None
