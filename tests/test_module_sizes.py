"""Small modules whose names say what they hold (docs/architecture.md): no module of the
runtime grows past :data:`MAX_LINES`; one that does has taken on a second job."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400


def test_no_module_of_the_bot_is_over_400_lines() -> None:
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in (ROOT / "bot").rglob("*.py")}
    assert sizes, "no module found"
    over = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert not over, f"split these by job: {over}"
