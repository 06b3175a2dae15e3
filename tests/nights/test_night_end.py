"""A game night's end through Discord (docs/nights.md "The night's end"): the final
standings, with the night's chart, posted once in its channel, whether the host ends
the night or its last round finishes, and whatever stops the bot between the end and
the post; text-only without Attach Files; kept for the next start-up when Discord
refuses them. The real bot against the Discord double, on a real SQLite file; the
rounds are played as real games recorded as a night's tables are (``played.py``)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import discord

from bot.client import CardBot
from bot.nights import standings
from bot.render.night_message import points_text
from bot.storage import NightRecord
from bot.storage.sqlite import SqliteStorage
from bot.tables.night_finals import ended_now
from testkit.double import Channel, Double, FakeUser, StoredMessage
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot, members
from tests.nights.played import KACHUFUL, play_round

OVER = "The game night “{title}” is over: here are its final standings."


async def finals(double: Double, channel: Channel, title: str,
                 count: int = 1) -> list[StoredMessage]:
    """The final standings posted in ``channel``, once ``count`` of them are there (or
    after a few seconds)."""
    def found() -> list[StoredMessage]:
        return [m for m in double.messages(channel) if m.content == OVER.format(title=title)]
    for _ in range(200):
        if len(found()) >= count:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)  # a second post would be there by now
    return found()


async def open_night(double: Double, channel: Channel, host: FakeUser, others: list[FakeUser],
                     title: str, rounds: int) -> None:
    started = await double.slash(host, channel, "night", "start", title=title, rounds=rounds,
                                 game=KACHUFUL)
    assert started.content.startswith("Your game night is open"), started.content
    for member in others:
        joined = await double.slash(member, channel, "night", "join")
        assert joined.content.startswith("You joined"), joined.content


async def play(db: Path, channel: Channel, rounds: int, seed: int) -> NightRecord:
    """Play ``rounds`` rounds of the channel's open night, the bot stopped."""
    storage = await SqliteStorage.open(db)
    try:
        [night] = [n for n in await storage.open_nights() if n.channel_id == channel.id]
        for r in range(rounds):
            await play_round(storage, night, seed + r)
        return night
    finally:
        await storage.close()


def check_final(message: StoredMessage, night: NightRecord, *, chart: bool = True) -> None:
    """The final standings of ``night`` as its standings give them, the winners marked,
    with its chart (or text-only); nobody pinged."""
    table = standings(night.state)
    [embed] = message.embeds
    assert embed["title"] == f"Final standings: {night.title}"
    lines = embed["fields"][0]["value"].splitlines()
    won = {m.user_id for m in table.winners}
    assert table.winners and lines == [
        f"**{m.place}.** {'🏆 ' if m.user_id in won else ''}<@{m.user_id}> · "
        f"{points_text(m.total)} points · {m.games} game{'s' if m.games != 1 else ''}"
        for m in table.members]
    assert "Winner" in embed["description"] and f"rounds played: {table.rounds}" in str(
        embed["description"])
    assert not message.pinged.users and not message.pinged.everyone
    attachments = message.current.attachments
    if chart:
        [picture] = attachments
        assert picture["filename"] == "night.png" and picture["description"].startswith(
            "Chart of the night's points")
        assert embed["image"]["url"] == "attachment://night.png"
    else:
        assert not attachments and "image" not in embed


async def test_the_hosts_end_posts_the_final_standings_once(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    ana, bo, cy, di = members(double, 4)
    db, here = tmp_path / "bot.sqlite3", double.channel
    bot = await run_bot(make_bot(double, db))
    await open_night(double, here, ana, [bo, cy, di], "Friday @everyone", rounds=3)
    await bot.close()
    night = await play(db, here, rounds=2, seed=3)

    bot = await run_bot(make_bot(double, db))
    over = await double.slash(ana, here, "night", "end")
    assert over.content == "The game night is over."
    [final] = await finals(double, here, night.title)
    check_final(final, night)
    assert await bot.storage.pending_night_finals() == []
    await bot.close()
    await run_bot(make_bot(double, db))  # a restart posts nothing again
    assert len(await finals(double, here, night.title, count=2)) == 1


async def test_the_last_rounds_end_ends_the_night_and_posts_once(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    ana, bo, cy, di = members(double, 4)
    here = double.channel
    bot = await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    await open_night(double, here, ana, [bo, cy, di], "Two rounds", rounds=2)
    nights = bot.service.nights
    night = dataclasses.replace(await nights.in_channel(here.id))
    for seed in (1, 2):  # each round's results go in as a night's tables record them
        await play_round(bot.storage, night, seed)
        kept = await nights.recorded(dataclasses.replace(night))
        assert kept.status == ("open" if seed == 1 else "ended")
    [final] = await finals(double, here, night.title)
    check_final(final, night)
    assert (await double.slash(bo, here, "night", "standings")).content.startswith(
        "There is no game night")
    assert (await nights.recorded(night)).status == "open"  # ended already: nothing again
    assert len(await finals(double, here, night.title, count=2)) == 1


async def test_a_stop_between_the_end_and_the_post_posts_at_start_up(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    ana, bo, cy, di, ed, flo = members(double, 6)
    db, here, there = tmp_path / "bot.sqlite3", double.channel, double.add_channel("tables")
    bot = await run_bot(make_bot(double, db))
    await open_night(double, here, ana, [bo, cy], "Played out", rounds=2)
    await open_night(double, there, di, [ed, flo], "Ended", rounds=3)
    await bot.close()
    # Here the last round's result went in and the bot stopped before ending the night;
    # there the night was ended (and marked) and the bot stopped before the post.
    played = await play(db, here, rounds=2, seed=1)
    ending = await play(db, there, rounds=1, seed=2)
    storage = await SqliteStorage.open(db)
    await storage.save_night(ended_now(ending))
    await storage.close()

    bot = await run_bot(make_bot(double, db))
    [first] = await finals(double, here, played.title)
    [second] = await finals(double, there, ending.title)
    check_final(first, played)
    check_final(second, ending)
    assert await bot.storage.pending_night_finals() == []
    stored = await bot.storage.night(played.id)
    assert stored is not None and stored.status == "ended"
    assert (await double.slash(bo, there, "night", "join")).content.startswith(
        "There is no game night")  # both ended: their members are free
    assert (await double.slash(bo, here, "night", "start", title="Next")).content.startswith(
        "Your game night is open")
    await bot.close()
    await run_bot(make_bot(double, db))
    assert len(await finals(double, here, played.title, count=2)) == 1
    assert len(await finals(double, there, ending.title, count=2)) == 1


async def ended_where_denied(
    double: Double, run_bot: RunBot, db: Path, title: str, deny: discord.Permissions,
) -> tuple[CardBot, NightRecord]:
    """A night of three members with one round played, ended by its host in a channel
    where the bot's role is denied ``deny``."""
    ana, bo, cy = members(double, 3)
    here = double.channel
    bot = await run_bot(make_bot(double, db))
    await open_night(double, here, ana, [bo, cy], title, rounds=2)
    await bot.close()
    night = await play(db, here, rounds=1, seed=len(title))
    double.set_overwrite(here, double.bot_role(), deny=deny)
    bot = await run_bot(make_bot(double, db))
    assert (await double.slash(ana, here, "night", "end")).content == "The game night is over."
    return bot, night


async def test_without_attach_files_the_final_standings_are_text_only(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    _, night = await ended_where_denied(double, run_bot, tmp_path / "bot.sqlite3",
                                        "No pictures", discord.Permissions(attach_files=True))
    [final] = await finals(double, double.channel, night.title)
    check_final(final, night, chart=False)


async def test_refused_final_standings_are_posted_at_the_next_start_up(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    db, here = tmp_path / "bot.sqlite3", double.channel
    bot, night = await ended_where_denied(double, run_bot, db, "Refused",
                                          discord.Permissions(send_messages=True))
    assert await finals(double, here, night.title) == []
    [pending] = await bot.storage.pending_night_finals()
    assert pending.id == night.id
    await bot.close()
    double.set_overwrite(here, double.bot_role())
    await run_bot(make_bot(double, db))
    [final] = await finals(double, here, night.title)
    check_final(final, night)


async def test_the_final_standings_speak_the_servers_table_language(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    double.guild.locale = "ko"  # no saved language: the server's Discord language
    ana, bo, cy = members(double, 3)
    here = double.channel
    bot = await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    await open_night(double, here, ana, [bo, cy], "금요일", rounds=1)
    night = dataclasses.replace(await bot.service.nights.in_channel(here.id))
    await play_round(bot.storage, night, seed=9)
    await bot.service.nights.recorded(night)
    for _ in range(200):
        if len(double.messages(here)) > 0:
            break
        await asyncio.sleep(0.02)
    [final] = double.messages(here)
    assert final.content == "게임의 밤 “금요일”이(가) 끝났습니다. 최종 순위입니다."
    assert final.embeds[0]["title"] == "최종 순위: 금요일"
    [picture] = final.current.attachments
    assert picture["description"].startswith("라운드마다 누적된 게임의 밤 점수 차트")
