"""Host tools and fair records through the double: kick in the lobby and mid-game,
refusals for non-hosts, away players (three time-outs in a row) taking their seat
back, and a leaver recorded last and rated (docs/playing.md "Host tools", "Fair records")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.client import CardBot
from bot.storage.db import connect
from bot.tables.table import Refusal
from engine.kachuful.actions import Bid
from testkit.double import Double, FakeUser
from tests.bot.harness import open_table
from tests.night.test_play_again import finish


def _table(bot: CardBot, double: Double):  # type: ignore[no-untyped-def]
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    return table


async def test_kick_in_the_lobby_and_refused_for_non_hosts(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host, bo, cy = users[:3]
    await open_table(double, [host, bo, cy], deal=False)
    refused = await double.slash(bo, double.channel, "kachuful", "kick", member=cy)
    assert refused.ephemeral and refused.content.startswith("Only the host")
    assert _table(bot, double).seat_of(cy.id) is not None
    kicked = await double.slash(host, double.channel, "kachuful", "kick", member=cy)
    assert kicked.ephemeral and "removed from the lobby" in kicked.content
    assert _table(bot, double).seat_of(cy.id) is None
    again = await double.slash(host, double.channel, "kachuful", "kick", member=cy)
    assert "has no seat" in again.content
    own = await double.slash(host, double.channel, "kachuful", "kick", member=host)
    assert "leave" in own.content


async def test_kick_mid_game_hands_the_seat_to_the_ai_and_records_last(
    double: Double, bot: CardBot, users: list[FakeUser], tmp_path: Path,
) -> None:
    three = users[:3]
    await open_table(double, three, start_size=2, schedule="descending")
    table = _table(bot, double)
    kicked_user = three[2]
    manager_role = double.add_role("mods", permissions=1 << 13)  # Manage Messages
    mod = double.add_user("mod", roles=[manager_role])
    refused = await double.slash(three[1], double.channel, "kachuful", "kick", member=kicked_user)
    assert refused.content.startswith("Only the host")
    done = await double.slash(mod, double.channel, "kachuful", "kick", member=kicked_user)
    assert "an AI player took their seat" in done.content, done
    seat = next(s for s in table.seats if s.left_user_id == kicked_user.id)
    assert seat.ai and seat.level == "normal" and seat.user_id is None
    assert any("removed you" in text for text in double.dm_payloads(kicked_user))

    await finish(double, bot, three[:2])
    conn = await connect(tmp_path / "bot.sqlite3")
    try:
        async with conn.execute(
            "SELECT user_id, is_ai, left_game, won FROM game_players ORDER BY seat") as cur:
            rows = [tuple(r) for r in await cur.fetchall()]
        async with conn.execute("SELECT user_id, games FROM ratings") as cur:
            rated = {r[0]: r[1] for r in await cur.fetchall()}
    finally:
        await conn.close()
    assert (kicked_user.id, 0, 1, 0) in rows and not any(r[1] for r in rows)
    assert rated == {u.id: 1 for u in three}
    stats = await double.slash(kicked_user, double.channel, "stats", member=kicked_user,
                               game="kachuful")
    assert "no recorded" not in stats.content and stats.embeds, stats


async def test_three_time_outs_in_a_row_make_a_member_away_until_they_join(
    double: Double, bot: CardBot, users: list[FakeUser], monkeypatch: pytest.MonkeyPatch,
) -> None:
    timed = bot.turns.deadline

    def quick(table, now):  # type: ignore[no-untyped-def]
        return None if timed(table, now) is None else now + 0.02

    monkeypatch.setattr(bot.turns, "deadline", quick)
    three = users[:3]
    # A long game, dealt without waiting for the bot to go quiet: once all three are
    # away, the AI plays every seat, one move after another.
    await open_table(double, three, deal=False, turn_timer=30, start_size=13, schedule="full")
    table = _table(bot, double)
    await double.slash(three[0], double.channel, "kachuful", "deal", settle=False)
    for _ in range(500):
        if any(s.away for s in table.seats):
            break
        await asyncio.sleep(0.01)
    away = next(u for u in three if (s := table.seat_of(u.id)) is not None
                and table.seats[s].away)
    monkeypatch.setattr(bot.turns, "deadline", timed)  # no more quick time-outs
    game = table.game
    assert game is not None
    seat = table.seat_of(away.id)
    assert seat is not None
    with pytest.raises(Refusal, match="timed out three times"):
        await bot.service.act(table, away.id, Bid.of(0))
    back = await double.slash(away, double.channel, "kachuful", "join")
    assert back.content.startswith("Welcome back"), back
    assert not table.seats[seat].away and not table.seats[seat].ai
