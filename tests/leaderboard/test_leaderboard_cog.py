"""The cog's answers, called directly with a recording stand-in for the interaction."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import aiosqlite
import discord
import pytest

from bot.storage import SqliteStorage
from bot.storage.ratings import MIN_RATED_GAMES
from bot.storage.results import record_game
from cogs.leaderboard import NOT_IN_SERVER, READ_FAILED, Leaderboards, parse_game
from tests.backends import Session, StorageAt
from tests.leaderboard.builders import game_of


@dataclass
class Member:
    id: int
    display_name: str = "Member"


@dataclass
class Response:
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})


@dataclass
class Interaction:
    guild_id: int | None
    user: Member
    response: Response = field(default_factory=Response)

    @property
    def answer(self) -> dict[str, Any]:
        [only] = self.response.sent
        return only


async def leaderboard(cog: Leaderboards, inter: Interaction, game: str | None = None) -> None:
    await cast(Any, cog.leaderboard.callback)(cog, inter, game)


async def stats(cog: Leaderboards, inter: Interaction, member: Member | None = None,
                game: str | None = None) -> None:
    await cast(Any, cog.stats.callback)(cog, inter, member, game)


@pytest.fixture
async def cog(storage_at: StorageAt) -> AsyncIterator[Leaderboards]:
    storage = await storage_at.open()
    yield Leaderboards(lambda: storage)
    await storage.close()


def test_parse_game() -> None:
    assert parse_game(None) is None
    assert parse_game(" Mighty ") == "mighty"
    with pytest.raises(ValueError, match=re.escape("no game called “poker”. Choose one of: k")):
        parse_game("poker")


async def test_unknown_game_is_refused_privately(cog: Leaderboards) -> None:
    board, mine = Interaction(1, Member(5)), Interaction(1, Member(5))
    await leaderboard(cog, board, "poker")
    await stats(cog, mine, None, "poker")
    for one in (board, mine):
        assert one.answer["ephemeral"] is True and "poker" in one.answer["content"]


async def test_outside_a_server_is_refused_privately(cog: Leaderboards) -> None:
    inter = Interaction(None, Member(5))
    await leaderboard(cog, inter)
    assert inter.answer == {"content": NOT_IN_SERVER, "ephemeral": True,
                            "allowed_mentions": inter.answer["allowed_mentions"]}


async def test_empty_server_gets_a_private_friendly_note(cog: Leaderboards) -> None:
    inter = Interaction(1, Member(5))
    await leaderboard(cog, inter)
    assert inter.answer["ephemeral"] is True
    assert "No Kachuful games recorded" in inter.answer["embed"].description


async def test_leaderboard_is_public_and_defaults_to_the_most_played_game(
    cog: Leaderboards, conn: Session
) -> None:
    for _ in range(MIN_RATED_GAMES):
        await record_game(conn, game_of([(1, 5), (2, -5)], game="mighty"))
    await conn.commit()
    inter = Interaction(1, Member(2))
    await leaderboard(cog, inter)
    embed: discord.Embed = inter.answer["embed"]
    assert "ephemeral" not in inter.answer and embed.title == "Mighty leaderboard"
    assert inter.answer["allowed_mentions"].users is False


async def test_stats_default_to_yourself_and_every_game(
    cog: Leaderboards, conn: Session
) -> None:
    await record_game(conn, game_of([(1, 5), (2, -5)], game="mighty"))
    await record_game(conn, game_of([(1, 50), (2, 10)]))
    await conn.commit()
    inter = Interaction(1, Member(2, "Bob"))
    await stats(cog, inter)
    embed: discord.Embed = inter.answer["embed"]
    assert "ephemeral" not in inter.answer and embed.title == "Stats — Bob"
    assert [f.name for f in embed.fields][::3] == ["Kachuful rating", "Mighty rating"]
    other = Interaction(1, Member(2))
    await stats(cog, other, Member(1, "Alice"), "kachuful")
    assert other.answer["embed"].title == "Stats — Alice"
    assert len(other.answer["embed"].fields) == 3


async def test_member_without_games_gets_a_clear_private_message(
    cog: Leaderboards, conn: Session
) -> None:
    await record_game(conn, game_of([(1, 5), (2, -5)], game="mighty"))
    await conn.commit()
    inter = Interaction(1, Member(1))
    await stats(cog, inter, Member(3), None)
    assert inter.answer["ephemeral"] is True
    assert inter.answer["content"] == (
        "<@3> has no recorded Kachuful or Mighty games on this server yet.")
    mine = Interaction(1, Member(1))
    await stats(cog, mine, None, "kachuful")
    assert mine.answer["content"] == "<@1> has no recorded Kachuful games on this server yet."


async def test_a_storage_failure_is_answered_privately(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "unmigrated.sqlite3") as bare:  # no tables at all
        storage = SqliteStorage(bare)
        cog = Leaderboards(lambda: storage)
        board, mine = Interaction(1, Member(5)), Interaction(1, Member(5))
        await leaderboard(cog, board, "kachuful")
        await stats(cog, mine)
    for one in (board, mine):
        assert one.answer["content"] == READ_FAILED and one.answer["ephemeral"] is True
