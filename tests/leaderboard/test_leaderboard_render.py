"""The leaderboard and stats embeds: content and Discord's limits."""

from __future__ import annotations

import discord

from bot.render.leaderboard import (
    PROVISIONAL,
    TOP,
    empty_embed,
    leaderboard_embed,
    no_stats_text,
    stats_embed,
)
from bot.storage.ratings import MIN_RATED_GAMES
from bot.storage.results import record_game
from bot.storage.standings import leaderboard, player_stats
from tests.backends import Session
from tests.leaderboard.builders import game_of

BIG = 10**18  # snowflake-sized ids make the longest mentions


def assert_within_limits(embed: discord.Embed) -> None:
    """Discord's embed caps (DISCORD-NOTES): 25 fields, 256/1024 per field, 6000 total."""
    assert len(embed) <= 6000
    assert len(embed.fields) <= 25
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    for f in embed.fields:
        assert 0 < len(f.name or "") <= 256 and 0 < len(f.value or "") <= 1024


async def test_hundred_players_stay_within_embed_limits(conn: Session) -> None:
    players = [BIG + i for i in range(100)]
    # 60 members play five-seat games often enough to be ranked; 40 play once.
    for round_ in range(MIN_RATED_GAMES):
        for table in range(12):
            seats = players[table * 5:(table + 1) * 5]
            await record_game(conn, game_of([(u, (u * 7 + round_) % 50) for u in seats]))
    for table in range(8):
        seats = players[60 + table * 5:60 + (table + 1) * 5]
        await record_game(conn, game_of([(u, u % 30) for u in seats] + [(None, 99)]))
    await conn.commit()
    board = await leaderboard(conn, 1, "kachuful")
    assert (len(board.ranked), len(board.provisional)) == (60, 40)
    last = board.ranked[-1].player.user_id
    embed = leaderboard_embed(board, viewer_id=last)
    assert_within_limits(embed)
    text = "\n".join(f.value or "" for f in embed.fields)
    assert f"<@{last}>" in text  # the viewer sees their own standing below the top
    assert text.count("<@") == TOP + 1 + PROVISIONAL
    assert "40 more ranked" in text and "30 more." in text
    assert "AI" not in text


async def test_leaderboard_lines_show_rating_and_record(conn: Session) -> None:
    for _ in range(MIN_RATED_GAMES):
        await record_game(conn, game_of([(1, 40), (2, 40), (3, 10), (None, 50)]))
    await record_game(conn, game_of([(4, 5), (1, 20)]))
    await conn.commit()
    embed = leaderboard_embed(await leaderboard(conn, 1, "kachuful"))
    ranked, provisional = embed.fields
    assert ranked.name == "Ranked" and provisional.name == "Provisional"
    first = (ranked.value or "").splitlines()[0]
    assert first.startswith("**1.** <@1> **") and " ± " in first and "4 games" in first
    assert "**3.** <@3>" in (ranked.value or "")
    assert (provisional.value or "").startswith(f"<@4> 1 of {MIN_RATED_GAMES} rated games")
    assert "Last game <t:" in (embed.description or "")


async def test_mighty_leaderboard_shows_net_units(conn: Session) -> None:
    await record_game(conn, game_of([(1, 6), (2, -3), (3, -3), (4, 1), (5, -1)], game="mighty"))
    embed = leaderboard_embed(await leaderboard(conn, 1, "mighty"))
    assert embed.title == "Mighty leaderboard"
    assert "net +6" in (embed.fields[1].value or "") and "net -3" in (embed.fields[1].value or "")
    assert "Nobody has" in (embed.fields[0].value or "")


def test_empty_server_gets_a_friendly_message() -> None:
    embed = empty_embed("kachuful")
    assert "No Kachuful games recorded on this server yet" in (embed.description or "")
    assert "/kachuful start" in (embed.description or "")


async def test_stats_embed_for_both_games(conn: Session) -> None:
    for _ in range(MIN_RATED_GAMES):
        await record_game(conn, game_of([(1, 30), (2, 10)]))
    await record_game(conn, game_of([(1, 0), (2, 5)], status="abandoned"))
    await record_game(conn, game_of([(1, 4), (None, -4), (None, 0), (None, 0), (None, 0)],
                                    game="mighty"))
    await conn.commit()
    kachuful = await player_stats(conn, 1, "kachuful", 1)
    mighty = await player_stats(conn, 1, "mighty", 1)
    assert kachuful is not None and mighty is not None
    embed = stats_embed("Alice" * 60, 1, [kachuful, mighty])
    assert_within_limits(embed)
    values = {f.name: f.value or "" for f in embed.fields}
    assert "#1 of 2 ranked" in values["Kachuful rating"]
    assert "3 games · 3 wins (100% win rate)" in values["Kachuful record"]
    assert "1 abandoned game (not counted)" in values["Kachuful record"]
    recent = values["Kachuful recent games"].splitlines()
    assert recent[0].endswith("· 2nd of 2 · 0 · abandoned") and recent[1].endswith("🏆")
    assert "only games against AI players" in values["Mighty rating"]
    assert "Net units +4" in values["Mighty record"]
    assert values["Mighty recent games"].endswith("1st of 5 · +4 🏆")


def test_no_stats_message_names_the_member_and_game() -> None:
    assert no_stats_text(7, "mighty") == "<@7> has no recorded Mighty games on this server yet."
    assert "Kachuful or Mighty" in no_stats_text(7, None)
