"""``python -m engine`` run in the test process, for the games' command-line tests."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from engine.cli import main


def run(*argv: str) -> tuple[int, str]:
    """The exit code and the output of ``python -m engine *argv``."""
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def replay_doc(tmp_path: Path, doc: Any) -> tuple[int, dict[str, Any]]:
    """``replay`` of ``doc`` written to a file: the exit code and the JSON printed."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    code, text = run("replay", str(path))
    return code, json.loads(text)
