"""A game listed in the registry's ``HIDDEN`` (a game under test) is offered only
where the ``EXTRA_GAMES`` setting names it (docs/architecture.md, "One package per
game"): elsewhere its command group is not synced and the record commands do not
offer its name. Mighty stands in for such a game, beside Whist (hidden indeed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.games import registry
from testkit.double import Double
from testkit.double.fixtures import RunBot
from tests.bot.harness import make_bot

Json = dict[str, Any]
HIDDEN = "mighty"


def offered_in(command: Json, option: str = "game") -> set[str]:
    """The values a synced command offers for ``option``."""
    found = next(o for o in command["options"] if o["name"] == option)
    return {c["value"] for c in found.get("choices") or []}


async def synced(double: Double, run_bot: RunBot, db: Path, extra: tuple[str, ...]) -> set[str]:
    bot = make_bot(double, db)
    bot.settings = bot.settings.model_copy(update={"extra_games": extra})
    await run_bot(bot)
    return {c["name"] for c in double.commands.global_commands.values()}


@pytest.fixture
def hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "HIDDEN", registry.HIDDEN | {HIDDEN})


@pytest.mark.usefixtures("hidden")
async def test_a_hidden_game_is_neither_synced_nor_offered(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    names = await synced(double, run_bot, tmp_path / "bot.sqlite3", ())
    assert "kachuful" in names and HIDDEN not in names
    for command in ("leaderboard", "stats", "history"):
        assert offered_in(double.commands.find(None, command)) == {"kachuful"}, command


@pytest.mark.usefixtures("hidden")
async def test_extra_games_offers_a_hidden_game(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    names = await synced(double, run_bot, tmp_path / "bot.sqlite3", (HIDDEN,))
    assert {"kachuful", HIDDEN} <= names
    for command in ("leaderboard", "stats", "history"):
        assert offered_in(double.commands.find(None, command)) == {"kachuful", HIDDEN}, command


def test_the_setting_reads_a_comma_list() -> None:
    settings = Settings(_env_file=None, extra_games=" Whist, mighty ,")  # type: ignore[call-arg]
    assert settings.extra_games == ("whist", "mighty")
