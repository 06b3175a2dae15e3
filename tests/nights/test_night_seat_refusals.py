"""Seating a game night's round through Discord (docs/nights.md "Seating the tables"):
each refusal says why and changes nothing (a channel named twice, one holding a table,
one where the bot lacks its permissions); a table ended early
scores nothing while a member sitting the round out scores the bye; AI players fill
seats only when the night allows; a night table's Play again leaves seating to the
night, and the night message's buttons answer that the night is over once it is; a
round stored but not opened before a stop opens when seated again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.client import CardBot
from bot.nights import NightSettings, NightState
from bot.render.components import AgainButton, NightButton
from bot.storage.nights import NightRecord
from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from testkit.driver import table_message
from tests.backends import StorageAt
from tests.bot.harness import field, make_bot
from tests.nights.harness import NAMES, night_message, night_of, round_tables, short_games


async def _night(double: Double, bot: CardBot, count: int, **options: Any) -> list[FakeUser]:
    """``count`` members in a night the first of them hosts here."""
    await short_games(double)
    people = [double.add_user(name) for name in NAMES[:count]]
    opened = await double.slash(people[0], double.channel, "night", "start", title="Cards",
                                **options)
    assert opened.content.startswith("Your game night is open"), opened
    for user in people[1:]:
        joined = await double.slash(user, double.channel, "night", "join")
        assert joined.content.startswith("You joined"), joined
    return people


async def _end_tables(double: Double, bot: CardBot) -> None:
    """Each open table of the night's round ended by its host (abandoned)."""
    night = await night_of(bot, double.channel)
    for game, table_id, channel, _ in round_tables(double, bot, night):
        table = bot.registry.get(table_id)
        assert table is not None
        host = double.users[table.rec.host_id]
        ended = await double.slash(host, channel, game, "end")
        assert ended.content.startswith("The table was ended"), ended


async def test_seating_refusals_change_nothing(double: Double, bot: CardBot) -> None:
    people = await _night(double, bot, 8, game="kachuful", rounds=2)
    host, here = people[0], double.channel
    busy, closed, free = (double.add_channel(n) for n in ("busy", "closed", "free"))
    lobby = await double.slash(double.add_user("zed"), busy, "kachuful", "start")
    assert lobby.content.startswith("Your Kachuful table is open"), lobby
    double.set_overwrite(closed, double.bot_role(),
                         deny=discord.Permissions(send_messages=True))

    twice = await double.slash(host, here, "night", "seat", table2=here)
    assert twice.content == f"Each table needs its own channel, and <#{here.id}> is named twice."
    holds = await double.slash(host, here, "night", "seat", table2=busy)
    assert holds.content.startswith(f"<#{busy.id}> already holds a table"), holds
    lacks = await double.slash(host, here, "night", "seat", table2=closed)
    assert lacks.content.startswith(f"I cannot run a table in <#{closed.id}>: I am missing "
                                    "**Send Messages**"), lacks
    night = await night_of(bot, here)
    assert night.state.rounds == () and night.settings.channels == ()
    assert len(bot.registry) == 1  # only the lobby of #busy

    seated = await double.slash(host, here, "night", "seat", table2=free)
    assert seated.content == "Round 1 is seated: 2 tables, dealt.", seated
    night = await night_of(bot, here)
    assert night.settings.channels == (free.id,)
    assert sorted(len(t.members) for t in night.state.rounds[0].tables) == [4, 4]

    await _end_tables(double, bot)
    await double.settle()
    night = await night_of(bot, here)
    assert night.state.rounds[0].complete
    assert all(t.result is not None and t.result.status == "abandoned"
               for t in night.state.rounds[0].tables)
    shown = night_message(double, night.id)
    assert "Round 1 is over" in shown.current.text()
    assert not shown.component(NightButton(night.id, "seat").custom_id).get("disabled")

    final = table_message(double, free)
    again = await double.click(people[1], final, AgainButton(night.state.rounds[0].tables[1]
                                                             .table_id or 0).custom_id)
    assert again.content.startswith("This table was part of the game night"), again
    assert bot.registry.in_channel(free.id) is None

    ended = await double.slash(host, here, "night", "end")
    assert ended.content == "The game night is over."
    await double.settle()
    message = night_message(double, night.id)
    assert "This game night is over." in message.current.text()
    for what in ("join", "leave", "standings"):
        over = await double.click(people[2], message, NightButton(night.id, what).custom_id)
        assert over.content == "This game night is over.", over


async def test_a_bye_scores_and_ai_players_fill_only_when_allowed(
    double: Double, bot: CardBot,
) -> None:
    people = await _night(double, bot, 6, game="mighty", rounds=2)
    host, here = people[0], double.channel
    seated = await double.slash(host, here, "night", "seat")
    assert seated.content == "Round 1 is seated: 1 table, dealt.", seated
    night = await night_of(bot, here)
    [waiting] = night.state.rounds[0].waiting
    late = double.add_user("kim")
    assert (await double.slash(late, here, "night", "join")).content.startswith("You joined")
    await double.settle()
    shown = night_message(double, night.id).current.text()
    assert f"Sitting this round out: <@{waiting}>" in shown
    assert f"Joined since the round was seated: {late.mention}" in shown

    await _end_tables(double, bot)
    await double.settle()
    lines = field(night_message(double, night.id), "Standings").splitlines()
    assert lines[0] == f"**1.** <@{waiting}> · 5.0 points"
    assert all(line.endswith("· 0.0 points") for line in lines[1:])

    # With AI players allowed, three members make a table of Mighty's five seats.
    ai_here = double.add_channel("ai-night")
    trio = [double.add_user(n) for n in ("lou", "max", "ned")]
    opened = await double.slash(trio[0], ai_here, "night", "start", title="Small",
                                game="mighty", ai=True)
    assert opened.content.startswith("Your game night is open"), opened
    for user in trio[1:]:
        assert (await double.slash(user, ai_here, "night", "join")).content.startswith(
            "You joined")
    seated = await double.slash(trio[0], ai_here, "night", "seat")
    assert seated.content == "Round 1 is seated: 1 table, dealt.", seated
    table = bot.registry.in_channel(ai_here.id)
    assert table is not None and table.rec.status == "running"
    assert [s.user_id for s in table.seats[:3]] == list(
        (await night_of(bot, ai_here)).state.rounds[0].tables[0].members)
    assert [s.ai for s in table.seats] == [False] * 3 + [True] * 2


async def test_a_round_seated_before_a_stop_opens_its_tables_when_seated_again(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    """The bot stopped after storing a seated round but before opening its table: the
    restored night message says so, and seating again opens the round's table (no new
    round)."""
    db = tmp_path / "bot.sqlite3"
    people = [double.add_user(name) for name in NAMES[:5]]
    settings = NightSettings(games=("mighty",), rounds=1)
    state = NightState()
    for user in people:
        state = state.join(user.id, user.name)
    state = state.seat_next(settings, {"mighty": (5,)}, {}, seed=1)
    storage = await StorageAt("sqlite", db).open()
    try:
        await storage.insert_night(NightRecord(
            guild_id=double.guild.id, channel_id=double.channel.id, host_id=people[0].id,
            title="Stopped", settings=settings, state=state, created_at=1.0, updated_at=1.0))
    finally:
        await storage.close()

    bot = await run_bot(make_bot(double, db))
    await double.settle()
    night = await night_of(bot, double.channel)
    assert "could not open" in night_message(double, night.id).current.text()
    seated = await double.slash(people[0], double.channel, "night", "seat")
    assert seated.content == "Round 1 is seated: 1 table, dealt.", seated
    night = await night_of(bot, double.channel)
    assert len(night.state.rounds) == 1 and night.state.unopened == ()
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.rec.status == "running"
    assert [s.user_id for s in table.seats] == list(night.state.rounds[0].tables[0].members)


async def test_a_night_starts_only_where_its_message_can_be_posted(
    double: Double, bot: CardBot,
) -> None:
    host = double.add_user("ana")
    double.set_overwrite(double.channel, double.bot_role(),
                         deny=discord.Permissions(embed_links=True))
    refused = await double.slash(host, double.channel, "night", "start", title="Cards")
    assert refused.content.startswith("I cannot run a table in this channel: I am missing "
                                      "**Embed Links**"), refused
    assert await bot.storage.open_nights() == []
