"""The ``/night`` commands through Discord (docs/nights.md "A night"): a night opens in
a channel, members join and leave it, one night per member per server and per channel,
its standings, its end by the host only; the night outlives a restart. The real bot
against the Discord double."""

from __future__ import annotations

from pathlib import Path

from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot, members


async def test_a_night_opens_takes_members_and_ends(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    ana, bo, cy = members(double, 3)
    db = tmp_path / "bot.sqlite3"
    bot = await run_bot(make_bot(double, db))
    here, there = double.channel, double.add_channel("tables")

    none = await double.slash(bo, here, "night", "join")
    assert none.content == "There is no game night in this channel. Start one with `/night start`."

    opened = await double.slash(ana, here, "night", "start", title="Friday", rounds=2)
    assert opened.ephemeral and opened.content.startswith("Your game night is open")
    [embed] = opened.embeds
    assert embed["title"] == "Game night: Friday"
    assert "games: Kachuful, Mighty · rounds: 2" in str(embed["description"])

    again = await double.slash(bo, here, "night", "start", title="Other")
    assert again.content.startswith("This channel already has a game night.")
    assert (await double.slash(bo, here, "night", "join")).content == (
        "You joined the game night “Friday”.")
    assert (await double.slash(bo, here, "night", "join")).content == (
        "You are in this game night already.")
    elsewhere = await double.slash(bo, there, "night", "start", title="Second")
    assert elsewhere.content.startswith(
        f"You are in another game night on this server (<#{here.id}>).")
    assert (await double.slash(cy, there, "night", "start", title="Second")).content.startswith(
        "Your game night is open")
    assert (await double.slash(cy, here, "night", "join")).content.startswith(
        f"You are in another game night on this server (<#{there.id}>).")

    await bot.close()  # the night outlives a restart
    await run_bot(make_bot(double, db))
    left = await double.slash(bo, here, "night", "leave")
    assert left.content.startswith("You left the game night “Friday”")
    shown = await double.slash(cy, here, "night", "standings")
    lines = shown.embeds[0]["fields"][0]["value"].splitlines()
    assert lines == [f"**1.** {ana.mention} · 0.0 points",
                     f"**1.** {bo.mention} · 0.0 points (left)"]

    refused = await double.slash(bo, here, "night", "end")
    assert refused.content.startswith(f"Only the host ({ana.mention})")
    ended = await double.slash(ana, here, "night", "end")
    assert ended.content == "The game night is over."
    assert "This game night is over." in str(ended.embeds[0]["description"])
    assert (await double.slash(bo, there, "night", "join")).content == (
        "You joined the game night “Second”.")  # free again once the night ended
