"""The README and docs/ say what the code does: their examples run as shown, their
commands use the virtual environment, the README stays short and every relative link
(docs/rules.md's included) reaches an existing file and heading."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import unquote

from engine.cli import main
from tests.markdown import anchors, links, section

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 160
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_replay_example_prints_the_output_shown(tmp_path: Path) -> None:
    text = section(read(ROOT / "docs" / "engine-command-line.md"),
                   "## `.venv/bin/python -m engine replay FILE.json`")
    example, shown = re.findall(r"```json\n(.*?)```", text, re.S)[:2]
    path = tmp_path / "example.json"
    path.write_text(example, encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    assert json.loads(out.getvalue()) == json.loads(shown)


def test_run_instructions_use_the_virtual_environment() -> None:
    """Commands run here use the virtual environment (a host runs the Procfile's lines
    in its own)."""
    bare: dict[str, list[str]] = {}
    for path in DOCUMENTS:
        here = re.sub(r"```Procfile\n.*?```", "", read(path), flags=re.S)
        found = re.findall(r"(?<![\w/.])python (?:-m \S+|\S+\.py)", here)
        if found:
            bare[str(path.relative_to(ROOT))] = found
    assert bare == {}


def test_set_up_gives_the_commands_ci_runs() -> None:
    """.ci/run runs the README's "Set up" commands, each named after a comment saying so."""
    ci = read(ROOT / ".ci" / "run").splitlines()
    commands = [ci[i + 1] for i, line in enumerate(ci) if line.startswith('# README, "Set up"')]
    assert commands == ["python3 -m venv .venv && .venv/bin/pip install -e '.[test]'",
                        ".venv/bin/python -m pytest"]
    (block,) = re.findall(r"```sh\n(.*?)```", section(read(README), "## Set up"), re.S)
    assert block.splitlines() == commands


def test_the_readme_stays_short() -> None:
    lines = len(read(README).splitlines())
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines; move detail to docs/"


def test_relative_links_reach_files_and_headings() -> None:
    broken: list[str] = []
    for path in DOCUMENTS:
        for target in links(read(path)):
            if SCHEME.match(target):
                continue
            file_part, _, anchor = unquote(target).partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(ROOT)}: {target}"
            if not linked.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(read(linked)):
                broken.append(f"{where} (no such heading)")
    assert broken == []
    assert len(links(read(README))) >= 10  # the README's links are found
