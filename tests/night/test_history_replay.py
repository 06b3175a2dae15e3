"""A quick game of each game played to the end, Play again pressed by two members at
once (one lobby), the second game dealt and finished; both listed by /history and
replayed with /replay: the attached file reproduces the stored totals and winners with
the engine's replay, and the viewer's pages show the tricks as played (docs/playing.md
"/history", "/replay")."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.client import CardBot
from bot.storage.db import connect
from bot.tables.table import Table
from engine.replay import replay
from testkit.double import Double, FakeUser, InteractionResult, StoredMessage
from testkit.driver import MIGHTY, Driver, table_message
from tests.bot.harness import custom_ids, done, labels, open_table
from tests.night.test_play_again import QUICK, final_message, finish


async def _again_at_once(double: Double, bot: CardBot, final: StoredMessage, table_id: int,
                         pressers: list[FakeUser]) -> Table:
    answers = await asyncio.gather(*(double.click(u, final, f"g:{table_id}:again")
                                     for u in pressers))
    assert sum(a.content.startswith("A new ") for a in answers) == 1, answers
    lobby = bot.registry.in_channel(double.channel.id)
    assert lobby is not None and lobby.rec.status == "lobby"
    return lobby


async def _stored(db: Path) -> dict[int, tuple[list[int], list[int]]]:
    """Each recorded game's scores and winning seats, by game id."""
    conn = await connect(db)
    try:
        async with conn.execute(
                "SELECT game_id, seat, score, won FROM game_players ORDER BY game_id, seat") as cur:
            rows = await cur.fetchall()
    finally:
        await conn.close()
    games: dict[int, tuple[list[int], list[int]]] = {}
    for gid, seat, score, won in rows:
        scores, winners = games.setdefault(int(gid), ([], []))
        scores.append(int(score))
        if won:
            winners.append(int(seat))
    return games


async def _first_trick(db: Path, table_id: int) -> list[str]:
    conn = await connect(db)
    try:
        async with conn.execute("SELECT action FROM actions WHERE table_id = ? ORDER BY seq",
                                (table_id,)) as cur:
            plays = [json.loads(r[0]).get("play") for r in await cur.fetchall()]
    finally:
        await conn.close()
    return [p for p in plays if p][:2]


async def _check_history_and_replays(
    double: Double, user: FakeUser, game: str, db: Path, tables: list[int],
) -> None:
    listed = await double.slash(user, double.channel, "history", game=game)
    assert listed.ephemeral, listed
    text = str(listed.embeds)
    stored = await _stored(db)
    assert len(stored) == 2 and all(f"#{gid}" in text for gid in stored)
    assert all(f"r:{gid}:0:0" in custom_ids(listed) for gid in stored)
    mine = await double.slash(user, double.channel, "history", member=user)
    assert all(f"#{gid}" in str(mine.embeds) for gid in stored)
    for gid, table_id in zip(sorted(stored), tables, strict=True):
        shown = await double.slash(user, double.channel, "replay", game=gid)
        assert shown.ephemeral and shown.content.startswith(f"Replay of game #{gid}"), shown
        doc = _attached(double, shown)
        assert "seed" not in doc
        out, ok = replay(doc)
        scores, winners = stored[gid]
        assert ok and out["totals"] == scores and out["winners"] == winners
        nxt = next(c for c, label in labels(shown).items() if label == "Trick ▶")
        page = await double.click(user, shown, nxt)
        assert page.response_type == 7, page
        first = await _first_trick(db, table_id)
        assert all(card in str(page.embeds) for card in first), (first, page.embeds)
        assert "Trick 1 of" in str(page.embeds)


def _attached(double: Double, result: InteractionResult) -> dict[str, Any]:
    message = result.original
    assert message is not None
    (attachment,) = message.versions[0].attachments
    return json.loads(double.uploads[int(attachment["id"])])  # type: ignore[no-any-return]


async def test_kachuful_twice_with_play_again_history_and_replays(
    double: Double, bot: CardBot, users: list[FakeUser], tmp_path: Path,
) -> None:
    three = users[:3]
    await open_table(double, three, **QUICK)
    first = bot.registry.in_channel(double.channel.id)
    assert first is not None
    final = await finish(double, bot, three)
    lobby = await _again_at_once(double, bot, final, first.id, three[1:])
    assert (await double.slash(three[0], double.channel, "kachuful", "deal")).content \
        .startswith("Dealt")
    await finish(double, bot, three)
    other = await double.slash(users[3], double.channel, "replay", game=1)
    assert other.ephemeral and other.content.startswith("Replay of game #1")
    await _check_history_and_replays(double, three[0], "kachuful", tmp_path / "bot.sqlite3",
                                     [first.id, lobby.id])


async def _play_mighty(double: Double, table: Table, members: list[FakeUser]) -> StoredMessage:
    """Play the members' turns through their panels (every third by slash command) until
    the final standings are posted; the panels tell whose turn it is, a secret one too."""
    driver = Driver(double, members, MIGHTY, follow="panels", slash_every=3, confirm=done)
    for _ in range(500):
        if not table.is_open:
            break
        if await driver.step() is None:  # an AI player's turn
            await asyncio.sleep(0.01)
    assert driver.steps >= 2 * 10  # each member's ten cards at least
    return await final_message(double)


async def test_mighty_twice_with_play_again_history_and_replays(
    double: Double, bot: CardBot, users: list[FakeUser], tmp_path: Path,
) -> None:
    host, bo = users[:2]
    await double.slash(host, double.channel, "mighty", "start", hands=1, images=False)
    await double.click(bo, table_message(double), f"t:{_table(bot, double).id}:join")
    await double.slash(host, double.channel, "mighty", "addbot", count=3)
    assert (await double.slash(host, double.channel, "mighty", "deal")).content.startswith("Dealt")
    first = _table(bot, double)
    final = await _play_mighty(double, first, [host, bo])
    lobby = await _again_at_once(double, bot, final, first.id, [host, bo])
    assert [s.ai for s in lobby.seats] == [False, False, True, True, True]
    assert lobby.rec.settings["hands"] == 1 and lobby.rec.settings["images"] is False
    assert (await double.slash(host, double.channel, "mighty", "deal")).content.startswith("Dealt")
    await _play_mighty(double, _table(bot, double), [host, bo])
    await _check_history_and_replays(double, bo, "mighty", tmp_path / "bot.sqlite3",
                                     [first.id, lobby.id])


def _table(bot: CardBot, double: Double) -> Table:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    return table


async def test_history_pages_and_filters_and_foreign_replays(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    from bot.storage.results import record_game
    from bot.storage.sqlite import SqliteStorage
    from tests.leaderboard.builders import game_of

    ana, bo = users[:2]
    storage = bot.storage
    assert isinstance(storage, SqliteStorage)
    guild = double.guild.id
    async with storage.writer.transaction() as conn:
        for i in range(12):
            await record_game(conn, game_of([(ana.id, i), (bo.id if i % 2 else None, 5)],
                                            guild_id=guild,
                                            game="kachuful" if i < 9 else "mighty"))
    first = await double.slash(ana, double.channel, "history")
    assert "page 1 of 2" in first.embeds[0]["title"]
    assert str(first.embeds).count("**#") == 10 and "**#12**" in str(first.embeds)
    assert len([c for c in custom_ids(first) if c.startswith("r:")]) == 10
    second = await double.click(ana, first, "h:1:all:0")
    assert second.response_type == 7 and "page 2 of 2" in second.embeds[0]["title"]
    assert str(second.embeds).count("**#") == 2 and "h:0:all:0" in custom_ids(second)
    mighty = await double.slash(ana, double.channel, "history", game="mighty")
    assert str(mighty.embeds).count("**#") == 3
    with_bo = await double.slash(ana, double.channel, "history", member=bo)
    assert str(with_bo.embeds).count("**#") == 6
    offered = await double.autocomplete(ana, double.channel, "replay", focused="game", game="1")
    names = [c["name"] for c in offered.choices]
    assert names and all(n.startswith("#1") and "member" in n and len(n) <= 100 for n in names)
    unplayable = await double.slash(ana, double.channel, "replay", game=12)
    assert "cannot be replayed" in unplayable.content

    elsewhere = double.add_guild("elsewhere")
    channel = double.add_channel("general", guild=elsewhere)
    stranger = double.add_user("stranger", guild=elsewhere)
    refused = await double.slash(stranger, channel, "replay", game=1)
    assert refused.ephemeral and "not one of this server's" in refused.content
    empty = await double.slash(stranger, channel, "history")
    assert "no recorded games" in str(empty.embeds)
