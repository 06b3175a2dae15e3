"""A bot stopped in any phase of a Mighty hand (auction, discard, friend call, play)
resumes it exactly, and the panels drawn before the restart keep working (PRODUCT
"Promises")."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot, table_message
from tests.mighty_bot.harness import MightyDriver, open_mighty, simple_chooser


@pytest.mark.parametrize("phase", ["auction", "discard", "friend", "playing"])
async def test_restart_resumes_the_phase_and_old_panels_work(
    double: Double, run_bot: RunBot, tmp_path: Path, phase: str,
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = make_bot(double, db)
    await run_bot(first)
    users = [double.add_user(n) for n in ("ana", "bo", "cy", "di", "ed")]
    await open_mighty(double, users, hands=1)
    choose = simple_chooser(3)
    driver = MightyDriver(first, double, users, choose)
    game = driver.game
    while not (game.phase == phase and (phase != "auction" or game.bid is not None)
               and (phase != "playing" or game.trick)):
        assert await driver.step()
    seat = game.to_act
    assert seat is not None
    await driver.panel(users[seat])
    state = game.to_json()
    shown = table_message(double).versions[-1].embeds[0]["fields"]
    await first.close()

    second = make_bot(double, db)
    await run_bot(second)
    driver.rebind(second)
    assert driver.game.to_json() == state
    await double.settle()
    assert table_message(double).versions[-1].embeds[0]["fields"] == shown
    await driver.perform(seat, choose(driver.game, seat), panel=True, refresh=False)
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
