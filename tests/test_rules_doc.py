"""docs/rules.md is the rules reference: every rule id that the code and the tests cite
has an entry there, and every module, function and class it names exists (its links are
checked in tests/test_docs.py, with every document's).

Rule ids are looked for where people write them: comments, strings (docstrings
included) and test function names (``test_K9_...``, ``test_kv7_...``). A range such as
``M4–M8`` cites every id in it. In the document, each entry is a heading that starts
with its id; a backticked ``path.py`` in a paragraph is followed by the backticked
names it holds (``function``, ``Class`` or ``Class.method``), each checked with ``ast``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"
SCANNED = ("engine", "bot", "cogs", "tests", "bench")

_PREFIX = r"(?:CD|KD|MD|KV|C|K|M)"
RULE_ID = re.compile(rf"(?<![A-Za-z0-9]){_PREFIX}[0-9]+(?![0-9A-Za-z])")
RULE_RANGE = re.compile(
    rf"(?<![A-Za-z0-9])({_PREFIX})([0-9]+)\s*[–-]\s*\1([0-9]+)(?![0-9A-Za-z])"
)
TEST_NAME_PART = re.compile(rf"{_PREFIX}[0-9]+", re.IGNORECASE)
HEADING = re.compile(rf"^#{{2,4}}\s+({_PREFIX}[0-9]+)\b", re.MULTILINE)
BACKTICKED = re.compile(r"`([^`\n]+)`")
MODULE_PATH = re.compile(r"^[\w/]+\.py$")
PY_NAME = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?$")

_TEXT_TOKENS = {tokenize.COMMENT, tokenize.STRING}
if hasattr(tokenize, "FSTRING_MIDDLE"):  # Python 3.12+
    _TEXT_TOKENS.add(tokenize.FSTRING_MIDDLE)


def ids_in_text(text: str) -> set[str]:
    """Rule ids written in ``text``, ranges expanded."""
    found = set(RULE_ID.findall(text))
    for prefix, low, high in RULE_RANGE.findall(text):
        found.update(f"{prefix}{n}" for n in range(int(low), int(high) + 1))
    return found


def ids_in_source(source: str) -> set[str]:
    """Rule ids cited in the comments, strings and test names of one Python file."""
    found: set[str] = set()
    previous = ""
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in _TEXT_TOKENS:
            found |= ids_in_text(tok.string)
        elif tok.type == tokenize.NAME:
            if previous == "def" and tok.string.startswith("test_"):
                parts = tok.string.split("_")
                found.update(p.upper() for p in parts if TEST_NAME_PART.fullmatch(p))
            previous = tok.string
    return found


def cited_ids() -> dict[str, list[str]]:
    """Every cited rule id, with the files citing it."""
    me = Path(__file__).resolve()
    cited: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() == me or ".venv" in path.parts:
                continue
            for rule in ids_in_source(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, []).append(str(path.relative_to(ROOT)))
    return cited


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def entries(text: str) -> dict[str, str]:
    """Each entry's id and its text (from its heading to the next heading)."""
    out: dict[str, str] = {}
    heads = list(re.finditer(r"^#{1,4}\s", text, re.MULTILINE))
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        m = HEADING.match(text, head.start())
        if m is not None:
            assert m.group(1) not in out, f"two entries for {m.group(1)}"
            out[m.group(1)] = text[head.start() : end]
    return out


def references(text: str) -> list[tuple[str, str | None]]:
    """``(path, name)`` pairs named in ``text``: within a paragraph, each backticked name
    after a backticked module path belongs to that module (``(path, None)`` for a path
    named alone)."""
    pairs: list[tuple[str, str | None]] = []
    for paragraph in re.split(r"\n\s*\n", text):
        module: str | None = None
        for token in BACKTICKED.findall(paragraph):
            if MODULE_PATH.match(token):
                module = token
                pairs.append((module, None))
            elif module is not None and PY_NAME.match(token):
                pairs.append((module, token))
    return pairs


@cache
def defined_names(path: str) -> dict[str, set[str]]:
    """Top-level names of a module (functions, classes, assignments), each with the
    names defined in its body when it is a class."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=path)
    out: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = _body_names(node.body)
        else:
            for name in _body_names([node]):
                out.setdefault(name, set())
    return out


def _body_names(body: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


# --- the tests ---------------------------------------------------------------------------


def test_the_scan_finds_rule_ids_where_they_are_written() -> None:
    source = (
        '"""Rules K1–K3 and M12."""\n'
        "# KV7, not AK7 nor K7a\n"
        "def test_kv8_forehead() -> None:\n"
        "    card = 'K♣'  # M9\n"
        "    M5 = 1\n"
    )
    assert ids_in_source(source) == {"K1", "K2", "K3", "M12", "KV7", "KV8", "M9"}


def test_every_cited_rule_id_has_an_entry() -> None:
    cited = cited_ids()
    assert {"C1", "K9", "KV8", "M13"} <= set(cited)  # the scan sees the usual citations
    documented = set(entries(doc_text()))
    missing = {rule: files[:3] for rule, files in cited.items() if rule not in documented}
    assert not missing, f"rule ids cited but without an entry in docs/rules.md: {missing}"


def test_the_rule_sets_are_complete() -> None:
    documented = set(entries(doc_text()))
    expected = (
        {f"C{n}" for n in range(1, 3)}
        | {f"K{n}" for n in range(1, 12)}
        | {f"KV{n}" for n in range(1, 9)}
        | {f"M{n}" for n in range(1, 19)}
    )
    assert expected <= documented, sorted(expected - documented)


def test_ids_mentioned_in_the_document_have_entries() -> None:
    text = doc_text()
    unknown = ids_in_text(text) - set(entries(text))
    assert not unknown, f"ids mentioned in docs/rules.md without an entry: {sorted(unknown)}"


def test_every_entry_names_where_it_is_implemented() -> None:
    bare = [rule for rule, body in entries(doc_text()).items()
            if not any(name for _, name in references(body))]
    assert not bare, f"entries naming no module and function: {bare}"


def test_named_modules_and_names_exist() -> None:
    pairs = references(doc_text())
    assert len(pairs) > 100
    problems: list[str] = []
    for path, name in pairs:
        if not (ROOT / path).is_file():
            problems.append(f"{path}: no such module")
            continue
        if name is None:
            continue
        top, _, member = name.partition(".")
        names = defined_names(path)
        if top not in names:
            problems.append(f"{path}: no top-level {top}")
        elif member and member not in names[top]:
            problems.append(f"{path}: {top} has no {member}")
    assert not problems, "\n".join(sorted(set(problems)))
