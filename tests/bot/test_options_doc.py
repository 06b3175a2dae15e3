"""docs/playing.md's table of options says what the declarations hold
(:mod:`bot.games.options`): every option of every registered game is documented once,
with its default and its values, and nothing else is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.games.options import SHARED, TableOption
from bot.games.registry import REGISTERED
from tests.markdown import section

DOC = Path(__file__).resolve().parents[2] / "docs" / "playing.md"
ALL = "all"


def documented() -> dict[tuple[str, str], tuple[str, str]]:
    """The table's rows: (game, option) → (default, values)."""
    rows: dict[tuple[str, str], tuple[str, str]] = {}
    for line in section(DOC.read_text(encoding="utf-8"), "### Table options").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("game", "---"):
            continue
        game, option, default, values = cells
        assert (game, option.strip("`")) not in rows, f"{option} documented twice"
        rows[game, option.strip("`")] = (default, values)
    return rows


def shown(value: Any) -> str:
    """A value as the table writes it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value) if isinstance(value, int) else f"`{value}`"


def values(option: TableOption) -> str:
    """An option's values as the table writes them."""
    if option.kind is bool:
        return "on, off"
    if option.bounds is not None:
        return f"{option.bounds[0]}–{option.bounds[1]}"
    return ", ".join(f"`{value}`" for _label, value in option.choices)


def declared() -> dict[tuple[str, str], TableOption]:
    found = {(ALL, o.name): o for o in SHARED}
    for game in REGISTERED:
        found.update({(game.title, o.name): o for o in game.own_options})
    return found


def test_every_declared_option_is_documented_and_nothing_else() -> None:
    assert set(documented()) == set(declared())


def test_the_documented_defaults_and_values_are_the_declared_ones() -> None:
    rows = documented()
    for key, option in declared().items():
        default, documented_values = rows[key]
        assert documented_values == values(option), key
        if option.default is None:
            assert default and default not in documented_values, key
        else:
            assert default == shown(option.default), key
