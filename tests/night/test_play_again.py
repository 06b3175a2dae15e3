"""Play again and the final standings through the double (docs/playing.md "Play again",
"Fair records"): two members pressing Play again at once open one lobby with the same
seats, options and host; standings not posted when the bot stopped are posted when it
starts again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.client import CardBot
from bot.storage.tables import load_table
from bot.tables.service import TableService
from testkit.double import Double, FakeUser, StoredMessage
from testkit.double.harness import RunBot
from tests.backends import open_sqlite
from tests.bot.harness import Driver, custom_ids, members, open_table, started_bot, table_message

QUICK = {"start_size": 2, "schedule": "descending", "images": False}


async def finish(double: Double, bot: CardBot, users: list[FakeUser]) -> StoredMessage:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    driver = Driver(double, users)
    for _ in range(500):
        if not table.is_open:
            break
        if await driver.step() is None:  # an AI player's turn
            await asyncio.sleep(0.01)
    return await final_message(double)


async def final_message(double: Double) -> StoredMessage:
    """The final standings, once posted (the last commit may still be in flight)."""
    for _ in range(200):
        await double.settle()
        final = table_message(double)
        if "game over" in final.embeds[0]["title"]:
            return final
        await asyncio.sleep(0.01)
    raise AssertionError("the final standings were not posted")


async def test_play_again_pressed_twice_at_once_opens_one_lobby(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    three = users[:3]
    await open_table(double, three, turn_ping=True, **QUICK)
    first = bot.registry.in_channel(double.channel.id)
    assert first is not None
    final = await finish(double, bot, three)
    again = f"g:{first.id}:again"
    assert again in custom_ids(final)
    outsider = await double.click(users[3], final, again)
    assert outsider.ephemeral and outsider.content.startswith("Only the members seated")
    answers = await asyncio.gather(double.click(three[1], final, again),
                                   double.click(three[2], final, again))
    opened = [a for a in answers if a.content.startswith("A new Kachuful lobby")]
    refused = [a for a in answers if "already has an open table" in a.content]
    assert len(opened) == 1 and len(refused) == 1, answers
    lobby = bot.registry.in_channel(double.channel.id)
    assert lobby is not None and lobby.id != first.id and lobby.rec.status == "lobby"
    assert [s.user_id for s in lobby.seats] == [u.id for u in three]
    assert lobby.rec.settings == first.rec.settings and lobby.rec.host_id == three[0].id
    later = await double.click(three[0], final, again)
    assert "already has an open table" in later.content
    not_host = await double.slash(three[1], double.channel, "kachuful", "deal")
    assert not_host.content.startswith("Only the host")
    dealt = await double.slash(three[0], double.channel, "kachuful", "deal")
    assert dealt.content.startswith("Dealt")
    await finish(double, bot, three)


async def test_play_again_keeps_ai_seats_and_hands_the_host_to_the_presser(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host, bo = users[:2]
    await open_table(double, [host, bo], deal=False, **QUICK)
    await double.slash(host, double.channel, "kachuful", "addbot", count=1, level="easy")
    await double.slash(host, double.channel, "kachuful", "deal")
    first = bot.registry.in_channel(double.channel.id)
    assert first is not None
    final = await finish(double, bot, [host, bo])
    del double.guild.members[host.id]  # the host left the server
    pressed = await double.click(bo, final, f"g:{first.id}:again")
    assert pressed.content.startswith("A new Kachuful lobby") and f"<@{bo.id}>" in pressed.content
    lobby = bot.registry.in_channel(double.channel.id)
    assert lobby is not None and lobby.rec.host_id == bo.id
    assert [(s.ai, s.level) for s in lobby.seats][2] == (True, "easy")


async def test_standings_are_posted_after_a_stop_between_the_last_commit_and_the_post(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    three = members(double, 3)
    await open_table(double, three, **QUICK)
    table = first.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    driver = Driver(double, three)
    game = table.game
    while game.view(None)["hand_number"] < 2 or game.phase != "playing" \
            or sum(len(game.cards_of(s)) for s in range(3)) > 1:
        assert await driver.step()
    await double.settle()
    seat = game.to_act
    assert seat is not None
    monkeypatch.setattr(TableService, "_publish", staticmethod(lambda *a, **k: None))
    await first.service.act(table, three[seat].id, game.legal_actions(seat)[0])
    await double.settle()
    assert not table.is_open and "game over" not in table_message(double).embeds[0]["title"]
    await first.close()
    conn = await open_sqlite(db)
    try:
        rec = await load_table(conn, table.id)
        assert rec is not None and rec.status == "finished" and rec.final_pending
    finally:
        await conn.close()
    monkeypatch.undo()

    second = await started_bot(double, run_bot, db)
    final = await final_message(double)
    assert f"g:{table.id}:again" in custom_ids(final)
    pressed = await double.click(three[1], final, f"g:{table.id}:again")  # after a restart
    assert pressed.content.startswith("A new Kachuful lobby"), pressed
    listed = await double.slash(three[0], double.channel, "history")
    viewer = await double.click(three[0], listed, "r:1:0:0")
    assert viewer.ephemeral and viewer.content.startswith("Replay of game #1"), viewer
    await second.close()
    await started_bot(double, run_bot, db)  # the viewer's buttons need nothing in memory
    page = await double.click(three[0], viewer, "r:1:0:1")
    assert page.response_type == 7 and "Trick 1 of" in str(page.embeds), page
    conn = await open_sqlite(db)
    try:
        rec = await load_table(conn, table.id)
        assert rec is not None and not rec.final_pending
    finally:
        await conn.close()
