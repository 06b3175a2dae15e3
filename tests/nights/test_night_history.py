"""Finished game nights in ``/history`` (docs/nights.md "In /history"): with
``nights:True`` each ended night is an entry (title, end, rounds, winners, its games by
round with their ids), paged like the games, with Replay buttons that replay its games;
``member`` keeps the nights a member was in, ``game`` those with a game of it. The real
bot against the Discord double, on SQLite and on PostgreSQL."""

from __future__ import annotations

import dataclasses

from bot.nights import NightSettings, NightState, standings
from bot.storage import NightRecord
from bot.tables.night_finals import ended_now
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.backends import StorageAt
from tests.bot.harness import custom_ids, make_bot, members
from tests.nights.played import KACHUFUL, play_round
from tests.nights.test_night_end import open_night


def old_night(guild_id: int, channel_id: int, host: int, number: int) -> NightRecord:
    """An ended night without games, ended before the test's night."""
    at = 1_000_000.0 + number
    return NightRecord(guild_id=guild_id, channel_id=channel_id, host_id=host,
                       title=f"Old night {number}", settings=NightSettings(games=(KACHUFUL,)),
                       state=NightState().join(host, "host"), created_at=at, updated_at=at)


async def test_history_lists_the_finished_nights_with_their_games(
    double: Double, run_bot: RunBot, storage_at: StorageAt,
) -> None:
    ana, bo, cy, di, ed, flo = members(double, 6)
    here = double.channel
    bot = await run_bot(make_bot(double, storage_at))
    await open_night(double, here, ana, [bo, cy, di], "Friday **cards**", rounds=2)
    night = dataclasses.replace(await bot.service.nights.in_channel(here.id))
    games: list[int] = []
    for seed in (4, 5):
        games += await play_round(bot.storage, night, seed)
        await bot.service.nights.recorded(dataclasses.replace(night))
    for number in range(5):
        old = old_night(double.guild.id, 9000 + number, ed.id, number)
        await bot.storage.insert_night(old)
        await bot.storage.save_night(dataclasses.replace(ended_now(old, old.created_at),
                                                         final_pending=False))

    first = await double.slash(ana, here, "history", nights=True)
    [embed] = first.embeds
    assert first.ephemeral and embed["title"] == "Game nights — page 1 of 2"
    entries = str(embed["description"]).split("\n\n")
    assert len(entries) == 6  # five nights and the hint
    head, won, *rounds = entries[0].splitlines()
    assert head.startswith("**Friday \\*\\*cards\\*\\*** · <t:") and head.endswith(" · 2 rounds")
    winners = [f"<@{m.user_id}>" for m in standings(night.state).winners]
    assert won == ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
    assert rounds == [f"Round {r}: #{gid} Kachuful" for r, gid in enumerate(games, 1)]
    assert entries[1].startswith("**Old night 4**") and "No game was recorded." in entries[1]
    assert entries[-1] == "Replay any of these games with `/replay game:<id>`."
    ids = custom_ids(first)
    assert [c for c in ids if c.startswith("r:")] == [f"r:{gid}:0:0" for gid in games]
    assert "hn:1:all:0" in ids and not [c for c in ids if c.startswith("hn:0")]

    replayed = await double.click(ana, first, f"r:{games[0]}:0:0")
    assert replayed.content.startswith(f"Replay of game #{games[0]}"), replayed.content
    again = await double.slash(flo, here, "replay", game=games[1])
    assert again.content.startswith(f"Replay of game #{games[1]}"), again.content

    second = await double.click(ana, first, "hn:1:all:0")
    assert second.response_type == 7
    assert second.embeds[0]["title"] == "Game nights — page 2 of 2"
    assert str(second.embeds[0]["description"]).startswith("**Old night 0**")
    assert "hn:0:all:0" in custom_ids(second)

    with_bo = await double.slash(cy, here, "history", nights=True, member=bo)
    assert with_bo.embeds[0]["title"] == "Game nights (filtered) — page 1 of 1"
    assert str(with_bo.embeds[0]["description"]).count("**Friday") == 1
    assert "Old night" not in str(with_bo.embeds[0]["description"])
    with_ed = await double.slash(cy, here, "history", nights=True, member=ed)
    assert str(with_ed.embeds[0]["description"]).count("**Old night") == 5
    assert f"hn:1:all:{ed.id}" not in custom_ids(with_ed)  # five fit one page
    nobody = await double.slash(cy, here, "history", nights=True, member=flo)
    assert nobody.embeds[0]["description"] == (
        "No finished game night of this server matches these filters.")
    of_kachuful = await double.slash(cy, here, "history", nights=True, game=KACHUFUL)
    assert str(of_kachuful.embeds[0]["description"]).startswith("**Friday")
    assert "Old night" not in str(of_kachuful.embeds[0]["description"])
    of_mighty = await double.slash(cy, here, "history", nights=True, game="mighty")
    assert of_mighty.embeds[0]["description"] == (
        "No finished game night of this server matches these filters.")

    plain = await double.slash(cy, here, "history")  # games as before
    assert plain.embeds[0]["title"] == "Game history — page 1 of 1"
    assert all(f"**#{gid}**" in str(plain.embeds[0]["description"]) for gid in games)

    elsewhere = double.add_guild("elsewhere")
    stranger = double.add_user("stranger", guild=elsewhere)
    empty = await double.slash(stranger, double.add_channel("general", guild=elsewhere),
                               "history", nights=True)
    assert empty.embeds[0]["description"] == "This server has no finished game nights yet."
