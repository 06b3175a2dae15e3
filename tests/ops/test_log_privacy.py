"""A whole short Kachuful game through the double, logged as JSON at DEBUG: every line
parses, no token appears in any, and no card of a hand that was private at the time of
a line appears in any line at INFO or above (PRODUCT "private information")."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable
from pathlib import Path

from bot.client import CardBot
from bot.ops.logs import log_handler
from engine.kachuful.game import KachufulGame
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import Driver, members, open_table, started_bot, table_message
from tests.ops.helpers import ops_settings


class Lines(io.TextIOBase):
    """A log stream keeping each line with the cards private when it was written."""

    def __init__(self, private: Callable[[], frozenset[str]]) -> None:
        self.private = private
        self.lines: list[tuple[str, frozenset[str]]] = []

    def write(self, text: str) -> int:
        held = self.private()
        self.lines.extend((line, held) for line in text.splitlines())
        return len(text)


def held_cards(bot: CardBot | None) -> frozenset[str]:
    """Every card in a hand at a table of ``bot`` now, written as the bot writes cards."""
    if bot is None:
        return frozenset()
    try:
        tables = list(bot.registry.tables())
    except RuntimeError:  # not started yet
        return frozenset()
    return frozenset(str(card) for table in tables if isinstance(table.game, KachufulGame)
                     for seat in range(table.game.players)
                     for card in table.game.cards_of(seat))


def shown_as(card: str) -> set[str]:
    """How a card can stand in a log line: as written, or escaped as in a JSON body."""
    return {card, json.dumps(card)[1:-1]}


async def test_json_debug_logs_of_a_whole_game_leak_no_private_card(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    running: list[CardBot] = []
    out = Lines(lambda: held_cards(running[0] if running else None))
    handler = log_handler(ops_settings(1, discord_token=double.token, log_format="json"), out)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        running.append(await started_bot(double, run_bot, tmp_path / "bot.sqlite3"))
        users = members(double, 3)
        await open_table(double, users, start_size=2)
        driver = Driver(double, users)
        while await driver.step():
            pass
        assert "game over" in table_message(double).embeds[0]["title"]
    finally:
        root.removeHandler(handler)
        root.setLevel(level)

    entries = [(json.loads(line), held) for line, held in out.lines]
    assert any(entry["level"] == "DEBUG" for entry, _ in entries)
    informative = [(entry, held) for entry, held in entries
                   if logging.getLevelNamesMapping()[entry["level"]] >= logging.INFO]
    assert informative
    seen = frozenset().union(*(held for _, held in entries))
    # The cards looked for are written the way the private panels showed them.
    panels = "\n".join(v.text() for m in double.all_messages() if m.ephemeral_to in users
                       for v in m.versions)
    assert seen and all(card in panels for card in seen)
    for entry, held in informative:
        line = json.dumps(entry, ensure_ascii=False)
        leaked = [card for card in held if any(form in line for form in shown_as(card))]
        assert not leaked, (leaked, entry)
    everything = "\n".join(line for line, _ in out.lines)
    assert double.token not in everything
    assert not [token for token in double.by_token if token in everything]
