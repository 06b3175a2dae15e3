"""The README's examples do what it says."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from engine.cli import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    """The text under ``heading`` up to the next heading of any level."""
    start = README.index(heading + "\n") + len(heading) + 1
    end = README.find("\n#", start)
    return README[start : end if end >= 0 else None]


def test_the_replay_example_prints_the_output_shown(tmp_path: Path) -> None:
    text = _section("### `.venv/bin/python -m engine replay FILE.json`")
    example, shown = re.findall(r"```json\n(.*?)```", text, re.S)[:2]
    path = tmp_path / "example.json"
    path.write_text(example, encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    assert json.loads(out.getvalue()) == json.loads(shown)


def test_run_instructions_use_the_virtual_environment() -> None:
    """Commands run here use the virtual environment (a host runs the Procfile's lines
    in its own)."""
    here = re.sub(r"```Procfile\n.*?```", "", README, flags=re.S)
    bare = re.findall(r"(?<![\w/.])python (?:-m \S+|\S+\.py)", here)
    assert bare == []
