"""``bot/ops`` imports nothing of the bot's interaction and table layers (its package
docstring): only itself, the settings, the shards and the storage interface."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import import_graph

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = ("bot.ops", "bot.config", "bot.shards", "bot.storage")


def test_ops_imports_only_the_layers_below() -> None:
    edges = {e for e in import_graph(ROOT, "bot") if e.importer.startswith("bot.ops")}
    assert edges
    wrong = sorted(e.imported for e in edges
                   if not any(e.imported == a or e.imported.startswith(a + ".")
                              for a in ALLOWED))
    assert wrong == []
