"""The bot against Discord's own rules, as the strict double enforces them: a server whose
bot role has exactly the README's invite permissions, channels that lack one of them,
and hands that outlive every interaction token (README "Getting a token and inviting
the bot", "Troubleshooting")."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest

from bot.client import CardBot
from bot.permissions import INVITE, NEEDS, invite_url
from testkit.double import CommandUseError, Double, FakeUser
from testkit.double.command_limits import command_size
from testkit.double.harness import RunBot
from testkit.driver import KACHUFUL, MIGHTY
from tests.bot.harness import (
    Driver,
    PanelDriver,
    check_pictures,
    done,
    members,
    open_table,
    started_bot,
    table_message,
)
from tests.conftest import EVERYONE
from tests.mighty_bot.harness import open_mighty

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
TEXT_ONLY = "Pictures are off at this table"
TOLD_IN_CHANNEL = "I cannot attach pictures in this channel"


def test_the_readme_invites_with_exactly_the_declared_permissions() -> None:
    assert invite_url("<APPLICATION_ID>") in README
    assert set(re.findall(r"permissions=(\d+)", README)) == {str(INVITE.value)}
    assert f"`{INVITE.value}`" in README
    section = README[README.index("### Getting a token and inviting the bot"):]
    listed = section[:section.index("permission integer")]
    assert [need.name for need in NEEDS if need.name in " ".join(listed.split())] == [
        need.name for need in NEEDS]
    assert INVITE.attach_files and not INVITE.administrator


def test_the_suite_gives_the_bot_exactly_the_invited_permissions(double: Double) -> None:
    assert double.permissions_in(double.channel) == INVITE.value | EVERYONE.value


OLD_COMMAND_SIZE_MAX = 4000
"""Discord's first limit on a command's size (since raised to 8,000, which the double
enforces): the bot keeps to the stricter one."""


async def test_every_command_fits_the_older_stricter_size_limit(
    double: Double, bot: CardBot,
) -> None:
    registered = list(double.commands.scope(None).values())
    assert {c["name"] for c in registered} >= {"kachuful", "mighty", "cardnight"}
    sizes = {c["name"]: command_size(c) for c in registered}
    assert max(sizes.values()) <= OLD_COMMAND_SIZE_MAX, sizes


def _pictured_tables(double: Double) -> int:
    return sum(1 for m in double.messages() for v in m.versions if v.attachments)


async def test_a_kachuful_game_with_pictures_needs_only_the_invited_permissions(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users, images=True, start_size=2, schedule="descending")
    driver = Driver(double, users)
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
    check_pictures(double, users)


async def test_a_mighty_game_with_pictures_needs_only_the_invited_permissions(
    double: Double, bot: CardBot,
) -> None:
    five = members(double, 5)
    await open_mighty(double, five, images=True, hands=1)
    driver = PanelDriver(double, five, MIGHTY, follow="panels", confirm=done)
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
    check_pictures(double, five)


async def test_without_attach_files_the_host_is_told_once_and_the_game_runs_text_only(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        attach_files=True).value)
    await double.sync()
    opened = await double.slash(users[0], double.channel, "kachuful", "start",
                                start_size=2, schedule="descending")
    assert opened.ephemeral and TEXT_ONLY in opened.content and "Attach Files" in opened.content
    for user in users[1:]:
        await double.slash(user, double.channel, "kachuful", "join")
    await double.slash(users[0], double.channel, "kachuful", "deal")
    driver = Driver(double, users)
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
    assert _pictured_tables(double) == 0
    assert not any(TOLD_IN_CHANNEL in text for text in double.public_payloads())
    # Private panels are interaction answers: their hand pictures need no permission.
    hands = [v for m in double.all_messages() if m.ephemeral for v in m.versions
             if v.attachments]
    assert hands


async def test_attach_files_taken_away_mid_game_is_told_once_in_the_channel(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users, images=True, start_size=3, schedule="descending")
    driver = Driver(double, users)
    for _ in range(3):
        assert await driver.step()
    assert table_message(double).current.attachments
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        attach_files=True).value)
    await double.sync()
    for _ in range(5):
        assert await driver.step()
    assert not table_message(double).current.attachments
    told = [m for m in double.messages() if TOLD_IN_CHANNEL in m.content]
    assert len(told) == 1 and told[0].content.startswith(users[0].mention)
    double.clear_overwrite(double.channel, double.bot_role())
    await double.sync()
    while await driver.step():
        pass
    assert table_message(double).current.attachments  # the score chart is back
    assert len([m for m in double.messages() if TOLD_IN_CHANNEL in m.content]) == 1


async def test_a_picture_refused_by_discord_teaches_the_table_to_go_text_only(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    """When the bot's cache cannot tell (the change has not reached it), Discord's 403
    does: the same update goes out again without its picture, and the host is told."""
    await open_table(double, users, images=True, start_size=3, schedule="descending")
    driver = Driver(double, users)
    assert await driver.step()
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        attach_files=True).value, announce=False)
    for _ in range(3):
        assert await driver.step()
    refused = double.take_violations()
    assert refused and {(v.status, v.code) for v in refused} == {(403, 50013)}
    assert len(refused) == 1  # learnt once: later updates carry no picture
    assert not table_message(double).current.attachments
    assert len([m for m in double.messages() if TOLD_IN_CHANNEL in m.content]) == 1


async def test_without_send_messages_no_table_opens(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        send_messages=True).value)
    await double.sync()
    refused = await double.slash(users[0], double.channel, "kachuful", "start")
    assert refused.ephemeral and "Send Messages" in refused.content
    assert "I cannot run a table in this channel" in refused.content
    assert len(bot.registry) == 0 and not double.messages()


async def test_send_messages_taken_away_mid_game_tells_the_host_and_the_table_waits(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users, start_size=3, schedule="descending")
    # Whose turn it is, read from the panels: the table message stops showing it.
    driver = PanelDriver(double, users, KACHUFUL, follow="panels", confirm=done)
    assert await driver.step()
    before = len(table_message(double).versions)
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        send_messages=True, embed_links=True).value)
    await double.sync()
    for _ in range(3):
        assert await driver.step()  # panels keep working: they are interaction answers
    assert len(table_message(double).versions) == before
    [told] = double.dm_payloads(users[0])
    assert "Send Messages" in told and "Embed Links" in told
    double.clear_overwrite(double.channel, double.bot_role())
    await double.sync()
    assert await driver.step()
    assert len(table_message(double).versions) > before
    while await driver.step():
        pass
    assert "game over" in table_message(double).embeds[0]["title"]
    assert len(double.dm_payloads(users[0])) == 1


async def test_a_twenty_minute_hand_outlives_every_interaction_token(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    bot.registry.clock = double.clock.now
    await open_table(double, users, images=True, start_size=3, schedule="descending")
    driver = Driver(double, users)
    for _ in range(2):
        assert await driver.step()
    double.clock.advance(20 * 60)  # every token so far is dead: panels and table alike
    while await driver.step():
        double.clock.advance(60)
    assert "game over" in table_message(double).embeds[0]["title"]
    check_pictures(double, users)


async def test_cardnight_check_lists_what_the_bot_can_do_to_managers(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    games = double.add_channel("games")
    await double.sync()
    await double.slash(users[0], games, "kachuful", "start")
    double.set_overwrite(games, double.bot_role(), deny=discord.Permissions(
        attach_files=True).value)
    await double.sync()
    with pytest.raises(CommandUseError, match="lacks the permissions"):  # hidden from them
        await double.slash(users[1], double.channel, "cardnight", "check")
    checked = await double.slash(double.owner, double.channel, "cardnight", "check")
    assert checked.ephemeral
    [embed] = checked.embeds
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["#general · this channel"].count("✅") == len(NEEDS)
    games_lines = fields["#games · Kachuful table"]
    assert "❌ **Attach Files**" in games_lines and games_lines.count("✅") == len(NEEDS) - 1
    registered = double.commands.find(None, "cardnight")
    assert int(registered["default_member_permissions"]) == discord.Permissions(
        manage_guild=True).value


async def test_start_up_logs_each_table_channel_that_lacks_something(
    double: Double, run_bot: RunBot, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    users = members(double, 4)
    await open_table(double, users, deal=False)
    await first.close()
    double.set_overwrite(double.channel, double.bot_role(), deny=discord.Permissions(
        attach_files=True).value)
    caplog.set_level(logging.WARNING, logger="bot.permission_check")
    await started_bot(double, run_bot, db)
    assert any("missing Attach Files" in r.getMessage() for r in caplog.records)
