"""A game night's tables through Discord (docs/nights.md "Seating the tables", "The
night message"): nine members, two rounds of a four-member Kachuful and a five-member
Mighty seated by ``/night seat`` and the night message's Seat button, every game played
to its end by the members, a restart in the middle of round 2, and the night's
standings equal to the points the recorded games give. The real bot against the
Discord double, on each storage backend."""

from __future__ import annotations

from bot.nights import standings
from bot.render.components import NightButton
from bot.render.night_message import points_text
from testkit.double import Double
from testkit.double.harness import RunBot
from testkit.driver import table_id_of, table_message, turn_of
from tests.backends import StorageAt
from tests.bot.harness import field, make_bot
from tests.nights.harness import (
    NAMES,
    driver_for,
    expected_totals,
    finished,
    night_message,
    night_of,
    play_out,
    repeated_pairs,
    round_tables,
    short_games,
)


async def test_a_night_of_nine_plays_two_rounds_through_a_restart(
    double: Double, run_bot: RunBot, storage_at: StorageAt,
) -> None:
    db = storage_at
    bot = await run_bot(make_bot(double, db))
    await short_games(double)
    people = [double.add_user(name) for name in NAMES]
    users = {u.id: u for u in people}
    host = people[0]
    here, second = double.channel, double.add_channel("second-table")

    opened = await double.slash(host, here, "night", "start", title="Friday", rounds=2)
    assert opened.content.startswith("Your game night is open"), opened
    night = await night_of(bot, here)
    message = night_message(double, night.id)
    for i, user in enumerate(people[1:]):  # half by the message's Join, half by command
        if i % 2:
            joined = await double.click(user, message, NightButton(night.id, "join").custom_id)
        else:
            joined = await double.slash(user, here, "night", "join")
        assert joined.content == "You joined the game night “Friday”.", joined

    # Two tables need two channels: the night's and one the host names.
    needs = await double.slash(host, here, "night", "seat")
    assert needs.content.startswith("This round seats 2 tables"), needs
    assert "`table2`" in needs.content
    not_host = await double.slash(people[1], here, "night", "seat", table2=second)
    assert not_host.content == f"Only the host ({host.mention}) seats the night's rounds."
    seated = await double.slash(host, here, "night", "seat", table2=second)
    assert seated.content == "Round 1 is seated: 2 tables, dealt.", seated

    night = await night_of(bot, here)
    first = round_tables(double, bot, night)
    assert sorted((g, len(m)) for g, _, _, m in first) == [("kachuful", 4), ("mighty", 5)]
    assert {c.id for _, _, c, _ in first} == {here.id, second.id}
    shown = night_message(double, night.id).current.text()
    assert "Round 1 of 2" in shown and "Round 1 is being played." in shown
    for game, table_id, channel, members in first:  # normal tables, seated and dealt
        table = table_message(double, channel)
        assert table_id_of(table) == table_id
        assert turn_of(table) in members or game == "mighty"
        assert all(f"<@{m}>" in table.current.text() for m in members)
        pings = [m for m in double.messages(channel, include_deleted=True)
                 if not m.embeds and any(f"<@{u}>" in m.content for u in members)]
        assert pings, "no turn ping"
        link = f"https://discord.com/channels/{double.guild.id}/{channel.id}/{table.id}"
        assert f"]({link})" in shown  # the night message links to the table message
    again = await double.slash(host, here, "night", "seat")
    assert again.content.startswith("A table of this round is still playing"), again

    for seed, (game, _, channel, members) in enumerate(first):
        await play_out(driver_for(double, users, game, channel, members, seed))
        assert finished(double, channel)
    night = await night_of(bot, here)
    assert night.state.current is not None and night.state.current.complete
    await double.settle()
    shown = night_message(double, night.id).current.text()
    assert "Round 1 is over" in shown, shown

    # Round 2 by the night message's Seat button; the host named the channel once.
    message = night_message(double, night.id)
    refused = await double.click(people[2], message, NightButton(night.id, "seat").custom_id)
    assert refused.content.startswith("Only the host"), refused
    pressed = await double.click(host, message, NightButton(night.id, "seat").custom_id)
    assert pressed.content == "Round 2 is seated: 2 tables, dealt.", pressed
    night = await night_of(bot, here)
    later = round_tables(double, bot, night)
    assert sorted((g, len(m)) for g, _, _, m in later) == [("kachuful", 4), ("mighty", 5)]
    # Tables of 4 and 5 from tables of 4 and 5: six pairs meeting again is the fewest.
    assert repeated_pairs([m for *_, m in first], [m for *_, m in later]) == 6

    drivers = [driver_for(double, users, game, channel, members, 10 + seed)
               for seed, (game, _, channel, members) in enumerate(later)]
    for driver in drivers:
        assert await play_out(driver, steps=3) == 3
    await bot.close()  # a restart in the middle of round 2
    bot = await run_bot(make_bot(double, db))
    restored = await night_of(bot, here)
    assert restored.state == night.state
    assert {t.id for t in bot.registry.tables()} == {tid for _, tid, _, _ in later}
    shown_standings = await double.click(people[3], night_message(double, night.id),
                                         NightButton(night.id, "standings").custom_id)
    assert shown_standings.embeds and "Standings" in str(shown_standings.embeds[0]), \
        shown_standings
    for driver, (_, _, channel, _) in zip(drivers, later, strict=True):
        await play_out(driver)
        assert finished(double, channel)

    ended = await bot.storage.night(night.id)  # its last round played, the night ended
    assert ended is not None and ended.status == "ended"
    night = ended
    games = await bot.storage.night_games(double.guild.id, night.id)
    assert [(g.night_round, g.status) for g in games].count((1, "finished")) == 2
    assert [(g.night_round, g.status) for g in games].count((2, "finished")) == 2
    expected = expected_totals(night, games)
    shown_now = standings(night.state)
    assert {m.user_id: m.total for m in shown_now.members} == expected
    assert sum(expected.values()) == 5 * 9 * 2
    await double.settle()
    lines = field(night_message(double, night.id), "Standings").splitlines()
    assert [line.split(" · ")[1] for line in lines] == [
        f"{points_text(m.total)} points" for m in shown_now.members]
    assert "This game night is over." in night_message(double, night.id).current.text()
