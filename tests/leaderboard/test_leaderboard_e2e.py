"""``/leaderboard`` and ``/stats`` end to end: the real bot against the Discord double."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage.ratings import MIN_RATED_GAMES
from bot.storage.results import record_game
from cogs.leaderboard import NOT_IN_SERVER
from testkit.double import Double, FakeUser
from testkit.double.commands import build_command_data
from testkit.double.harness import RunBot
from testkit.double.results import APPLICATION_COMMAND
from testkit.driver import table_message
from tests.backends import StorageAt, open_sqlite
from tests.bot.harness import PNG, make_bot, started_bot
from tests.leaderboard.builders import game_of


async def seed(path: Path, guild_id: int, alice: int, bob: int) -> None:
    """Finished games (and one abandoned) of this server, stored before the bot starts."""
    conn = await open_sqlite(path)
    for _ in range(MIN_RATED_GAMES):
        await record_game(conn, game_of([(alice, 40), (None, 30), (bob, 20)], guild_id=guild_id))
    await record_game(conn, game_of([(alice, 0), (bob, 5)], guild_id=guild_id, status="abandoned"))
    await conn.commit()
    await conn.close()


async def test_leaderboard_and_stats_through_discord(
    double: Double, run_bot: RunBot, tmp_path: Path
) -> None:
    alice, bob, carol = (double.add_user(n) for n in ("alice", "bob", "carol"))
    await seed(tmp_path / "bot.sqlite3", double.guild.id, alice.id, bob.id)
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))

    board = await double.slash(carol, double.channel, "leaderboard", game="kachuful")
    assert board.message is not None and board.message.public
    [embed] = board.embeds
    assert embed["title"] == "Kachuful leaderboard"
    ranked = embed["fields"][0]["value"].splitlines()
    assert ranked[0].startswith(f"**1.** {alice.mention} **")
    assert ranked[1].startswith(f"**2.** {bob.mention} **")
    assert len(ranked) == 2

    mine = await double.slash(bob, double.channel, "stats")
    assert mine.message is not None and mine.message.public
    fields = {f["name"]: f["value"] for f in mine.embeds[0]["fields"]}
    assert "#2 of 2 ranked" in fields["Kachuful rating"]
    assert "1 abandoned game (not counted)" in fields["Kachuful record"]

    theirs = await double.slash(bob, double.channel, "stats", member=alice, game="kachuful")
    assert theirs.embeds[0]["title"] == "Stats — alice"
    assert "3 wins (100% win rate)" in theirs.embeds[0]["fields"][1]["value"]

    nobody = await double.slash(alice, double.channel, "stats", member=carol)
    assert nobody.ephemeral
    assert nobody.content == (
        f"{carol.mention} has no recorded Kachuful or Mighty games on this server yet.")

    empty = await double.slash(alice, double.channel, "leaderboard", game="mighty")
    assert empty.ephemeral and "No Mighty games recorded" in empty.embeds[0]["description"]

    # Discord never offers a server-only command in DMs; a forged one is still refused.
    dm = double.dm_channel(alice)
    stats_command = double.commands.find(None, "stats")
    data = build_command_data(stats_command, (), {}, None)
    in_dm = await double.interact(APPLICATION_COMMAND, alice, dm, data)
    assert in_dm.ephemeral and in_dm.content == NOT_IN_SERVER

    other = double.add_guild("Elsewhere")
    double.add_member(alice, guild=other)
    elsewhere = await double.slash(alice, double.add_channel("lobby", guild=other), "leaderboard")
    assert elsewhere.ephemeral
    assert "No Kachuful games recorded" in elsewhere.embeds[0]["description"]


async def play_one_card_game(
    double: Double, host: FakeUser, guest: FakeUser, **options: Any,
) -> None:
    """A one-hand Kachuful game of two members and an AI player, played to the end with
    slash commands: each member tries bid 0, then 1, then the first card the autocomplete
    offers (refusals while it is not their turn change nothing)."""
    channel = double.channel
    await double.slash(host, channel, "kachuful", "start", start_size=1, schedule="descending",
                       **options)
    await double.slash(guest, channel, "kachuful", "join")
    await double.slash(host, channel, "kachuful", "addbot", count=1)
    await double.slash(host, channel, "kachuful", "deal")
    for _ in range(3):
        for member in (host, guest):
            for amount in (0, 1):  # the hook may refuse the dealer one of them
                bid = await double.slash(member, channel, "kachuful", "bid", amount=amount)
                if bid.content.startswith("Done"):
                    break
            offered = await double.autocomplete(member, channel, "kachuful", "play",
                                                focused="card", card="")
            if offered.choices:
                await double.slash(member, channel, "kachuful", "play",
                                   card=offered.choices[0]["value"])
        if table_message(double).embeds[0]["title"].endswith("game over"):
            return
    raise AssertionError("the game did not end")


async def test_a_game_played_through_discord_reaches_stats_and_leaderboard(
    double: Double, run_bot: RunBot, tmp_path: Path
) -> None:
    alice, bob = double.add_user("alice"), double.add_user("bob")
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    await play_one_card_game(double, alice, bob)

    stats = await double.slash(alice, double.channel, "stats", game="kachuful")
    assert stats.message is not None and stats.message.public, stats.content
    fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    assert fields["Kachuful record"].startswith("1 game · ")
    assert f"1 of {MIN_RATED_GAMES} rated games" in fields["Kachuful rating"]
    assert " of 3 · " in fields["Kachuful recent games"]

    board = await double.slash(bob, double.channel, "leaderboard")
    provisional = board.embeds[0]["fields"][1]["value"]
    assert alice.mention in provisional and bob.mention in provisional
    assert "AI" not in provisional and "🤖" not in provisional


async def test_a_hundred_member_leaderboard_is_accepted_by_discord(
    double: Double, run_bot: RunBot, tmp_path: Path
) -> None:
    viewer = double.add_user("viewer")
    path = tmp_path / "bot.sqlite3"
    conn = await open_sqlite(path)
    ids = [10**18 + i for i in range(99)] + [viewer.id]
    for round_ in range(MIN_RATED_GAMES):
        for table in range(20):
            seats = ids[table * 5:(table + 1) * 5]
            await record_game(conn, game_of([(u, (u + round_) % 40) for u in seats],
                                            guild_id=double.guild.id))
    await conn.commit()
    await conn.close()
    await run_bot(make_bot(double, path))
    board = await double.slash(viewer, double.channel, "leaderboard")
    assert board.message is not None and board.message.public  # the double checks the limits
    assert viewer.mention in board.message.current.text()
    assert double.take_violations() == []


async def test_stats_show_the_rating_chart_from_the_second_rated_game(
    double: Double, run_bot: RunBot, storage_at: StorageAt,
) -> None:
    alice, bob, carol = (double.add_user(n) for n in ("alice", "bob", "carol"))
    await started_bot(double, run_bot, storage_at)
    nobody = await double.slash(carol, double.channel, "stats")
    assert nobody.ephemeral and nobody.message is not None
    assert not nobody.message.current.attachments  # no games: no chart

    await play_one_card_game(double, alice, bob, images=False)
    one = await double.slash(alice, double.channel, "stats")
    assert one.message is not None and one.message.public
    assert not one.message.current.attachments and "image" not in one.embeds[0]  # one point

    await play_one_card_game(double, alice, bob, images=False)  # the chart needs no images
    await play_one_card_game(double, bob, alice, images=False)
    shown = await double.slash(bob, double.channel, "stats", member=alice)
    assert shown.message is not None and shown.message.public
    [chart] = shown.message.current.attachments
    assert chart["filename"] == "rating.png" and chart["content_type"] == PNG
    assert chart["description"].startswith("Chart of alice's Kachuful rating (μ − 3σ) over 3 ")
    assert shown.embeds[0]["image"]["url"] == "attachment://rating.png"
    assert double.uploads[int(chart["id"])].startswith(b"\x89PNG")
    fields = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}
    assert "ranked" in fields["Kachuful rating"]  # the text stays complete
    mighty = await double.slash(alice, double.channel, "stats", game="mighty")
    assert mighty.ephemeral and not mighty.message.current.attachments  # type: ignore[union-attr]
    assert double.take_violations() == []
