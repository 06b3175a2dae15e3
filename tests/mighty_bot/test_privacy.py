"""Nothing private reaches the channel (RULES "Who may see what", M6, M8): every table
message the bot renders, at the moment it renders it, names no card still hidden (a
hand's unplayed cards, the kitty, the discards), hints at no friend before the
reveal, and keeps a secret solo secret until the hand is over. Whole matches, with AI
players and members."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.games.mighty.table import FRIEND
from bot.render import table_message as table_render
from bot.render.table_message import Payload
from bot.tables.table import Table
from engine.mighty import MightyGame
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot, payload_text, table_message
from tests.mighty_bot.harness import (
    CARD_TOKEN,
    MightyDriver,
    open_mighty,
    simple_chooser,
    still_hidden,
)


def watch_renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Check every render of a table message against the game at that moment."""
    render = table_render.render
    counts = [0, 0]

    def checked(table: Table) -> Payload:
        payload = render(table)
        game = table.game
        if isinstance(game, MightyGame) and not game.is_over:
            check(game, payload_text(payload), counts)
        return payload

    monkeypatch.setattr(table_render, "render", checked)
    return counts


def check(game: MightyGame, text: str, counts: list[int]) -> None:
    record = game.current
    leaked = set(CARD_TOKEN.findall(text)) & still_hidden(game)
    assert not leaked, (leaked, text)
    if game.phase == "playing" and record.friend is None:
        assert "Friend: <@" not in text and "Friend: 🤖" not in text, text
        assert f" · {FRIEND} · " not in text, text  # no player line gives the role away
        if game.friend_call != "none":
            assert "solo" not in text.lower(), text
    counts[0] += 1
    counts[1] += game.solo == "secret"


async def test_ai_match_renders_nothing_private(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = make_bot(double, tmp_path / "bot.sqlite3", seed=21)
    await run_bot(bot)
    counts = watch_renders(monkeypatch)
    ana = double.add_user("ana")
    await double.slash(ana, double.channel, "mighty", "start", hands=4)
    added = await double.slash(ana, double.channel, "mighty", "addbot", count=4)
    assert "Added 4" in added.content
    await double.slash(ana, double.channel, "mighty", "deal")
    driver = MightyDriver(bot, double, [ana] * 5, simple_chooser(2))
    game = driver.game
    for _ in range(2000):
        if game.is_over:
            break
        if game.to_act is not None and driver.table.seats[game.to_act].user_id == ana.id:
            await driver.step()
        else:
            await asyncio.sleep(0.002)
    await double.settle()
    assert game.is_over and "game over" in table_message(double).embeds[0]["title"]
    assert counts[0] > 100


async def test_member_match_with_secret_solos_renders_nothing_private(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    await run_bot(bot)
    counts = watch_renders(monkeypatch)
    users = [double.add_user(n) for n in ("ana", "bo", "cy", "di", "ed")]
    await open_mighty(double, users, hands=3)
    quick = simple_chooser(8)

    def choose(game: MightyGame, seat: int) -> Any:
        from engine.mighty import FriendCall

        if game.phase == "friend":
            # Odd hands: call a discarded card; even hands: one's own (M8 secret solos).
            pick = game.discards[0] if game.hand_number % 2 else game.hands[seat][0]
            return FriendCall.of(pick)
        return quick(game, seat)

    driver = MightyDriver(bot, double, users, choose)
    while await driver.step():
        pass
    assert counts[1] > 20  # renders during secret solos, each checked
    hands = [r.summary() for r in driver.game.records if r.settlement is not None]
    assert [h["solo"] for h in hands] == ["secret"] * 3
