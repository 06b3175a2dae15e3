"""Seasons through Discord (docs/nights.md "Seasons"): ``/settings season`` shows the
running season and, with Manage Server, starts a new one or turns monthly seasons on;
``/leaderboard`` shows the running season, ``season:`` an earlier one exactly as it
was; ``/stats`` lists a member's seasons. The real bot against the Discord double."""

from __future__ import annotations

from pathlib import Path

from bot.storage.ratings import MIN_RATED_GAMES
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot
from tests.leaderboard.test_leaderboard_e2e import play_one_card_game, seed

MANAGE_GUILD = 1 << 5


async def test_a_new_season_starts_afresh_and_keeps_the_last_one(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    admin = double.add_user("admin", roles=[double.add_role("admins", MANAGE_GUILD)])
    alice, bob = double.add_user("alice"), double.add_user("bob")
    await seed(tmp_path / "bot.sqlite3", double.guild.id, alice.id, bob.id)
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    channel = double.channel

    first = await double.slash(bob, channel, "leaderboard", game="kachuful")
    [before] = first.embeds
    assert not str(before["description"]).startswith("Season")  # one season: none shown

    shown = await double.slash(bob, channel, "settings", "season")
    assert shown.ephemeral and shown.content.startswith(
        "This server is in season 1, since its first recorded game. Monthly seasons are off")
    refused = await double.slash(bob, channel, "settings", "season", now=True)
    assert refused.content.startswith("Only members with Manage Server can start a season")

    started = await double.slash(admin, channel, "settings", "season", now=True)
    assert started.content.startswith(
        "Season 2 has started: ratings and the leaderboard start afresh."), started.content
    assert "`/leaderboard season:1`" in started.content

    empty = await double.slash(bob, channel, "leaderboard", game="kachuful")
    assert empty.ephemeral
    assert "No Kachuful games recorded on this server in season 2 yet" in str(
        empty.embeds[0]["description"])

    await play_one_card_game(double, alice, bob)
    now = await double.slash(bob, channel, "leaderboard", game="kachuful")
    [board] = now.embeds
    assert str(board["description"]).startswith("Season 2, the running one.")
    [provisional] = board["fields"][1:]
    assert alice.mention in provisional["value"] and bob.mention in provisional["value"]
    assert f"1 of {MIN_RATED_GAMES} rated games" in provisional["value"]  # fresh ratings

    past = await double.slash(bob, channel, "leaderboard", game="kachuful", season=1)
    [old] = past.embeds
    assert str(old["description"]).startswith("Season 1, ended (the running season is 2).")
    assert old["fields"] == before["fields"] and old["footer"] == before["footer"]

    later = await double.slash(bob, channel, "leaderboard", game="kachuful", season=3)
    assert later.ephemeral
    assert later.content == "Season 3 has not started: this server is in season 2."

    stats = await double.slash(bob, channel, "stats", member=alice, game="kachuful")
    fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    season_one, season_two = fields["Kachuful seasons"].splitlines()
    assert season_one.startswith(f"Season 1: #1 of 2 ranked · {MIN_RATED_GAMES} games")
    assert season_two.startswith("Season 2: provisional · 1 game")
    assert fields["Kachuful record"].startswith("1 game · ")  # the running season's

    monthly = await double.slash(admin, channel, "settings", "season", monthly="on")
    assert monthly.content.startswith("This server is in season 2, since <t:")
    assert monthly.content.endswith(
        "Monthly seasons are on: a new season starts on the first day of each month (UTC).")
