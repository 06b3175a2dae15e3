"""Interactions follow the rules of webhooks, not the bot member's permissions; their payloads
carry the channel permissions; their tokens age on the double's clock."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from testkit.double.permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    MENTION_EVERYONE,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from tests.double.scene import codes, png

pytest_plugins = ["testkit.double.fixtures"]


class Probe:
    """The bot's command tree, and what its commands saw and kept."""

    tree: app_commands.CommandTree[discord.Client]

    def __init__(self) -> None:
        self.seen: list[discord.Interaction] = []
        self.errors: list[discord.HTTPException] = []
        self.followups: list[discord.WebhookMessage] = []


def make_client(probe: Probe) -> discord.Client:
    client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(client)

    @tree.command(name="panel", description="Answers with embeds, files and follow-ups")
    async def panel(interaction: discord.Interaction) -> None:
        probe.seen.append(interaction)
        await interaction.response.send_message(
            "panel", embed=discord.Embed(title="hand"), file=png("hand.png"))
        note = await interaction.followup.send(
            "note", embed=discord.Embed(title="n"), file=png("n.png"), wait=True)
        await interaction.edit_original_response(attachments=[png("new.png")])
        extra = await interaction.followup.send("extra", wait=True)
        await extra.delete()
        probe.followups.append(note)

    @tree.command(name="early", description="Follows up before answering (a bug)")
    async def early(interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.HTTPException as error:
            probe.errors.append(error)
        await interaction.response.send_message("answered")

    @tree.command(name="say", description="Says a text")
    async def say(interaction: discord.Interaction, text: str, everyone: bool = False) -> None:
        mentions = discord.AllowedMentions(everyone=True) if everyone else discord.utils.MISSING
        await interaction.response.send_message(text, allowed_mentions=mentions)

    probe.tree = tree
    return client


@pytest.fixture
def probe() -> Probe:
    return Probe()


@pytest.fixture
async def client(double: Double, run_bot: RunBot, probe: Probe) -> discord.Client:
    started = await run_bot(make_client(probe))
    await probe.tree.sync()
    return started


@pytest.fixture
async def alice(double: Double) -> FakeUser:
    return double.add_user("alice")


async def test_payload_permissions_are_those_in_the_channel(
    double: Double, client: discord.Client, probe: Probe, alice: FakeUser
) -> None:
    double.set_role_permissions(double.bot_role(), VIEW_CHANNEL | SEND_MESSAGES | MANAGE_MESSAGES)
    double.set_overwrite(double.channel, double.bot_user, deny=MANAGE_MESSAGES)
    double.set_overwrite(double.channel, alice, allow=MANAGE_MESSAGES, deny=ATTACH_FILES)
    await double.slash(alice, double.channel, "panel")
    interaction = probe.seen[0]
    assert interaction.app_permissions.value == double.permissions_in(double.channel)
    assert not interaction.app_permissions.manage_messages
    member = double.member(alice).permissions_in(double.channel)
    assert interaction.permissions.value == member
    assert interaction.permissions.manage_messages and not interaction.permissions.attach_files


async def test_a_bot_that_cannot_view_the_channel_still_answers(
    double: Double, client: discord.Client, probe: Probe, alice: FakeUser
) -> None:
    double.set_role_permissions(double.bot_role(), 0)
    double.set_overwrite(double.channel, double.guild.everyone, deny=VIEW_CHANNEL)
    result = await double.slash(alice, double.channel, "panel")
    assert double.take_violations() == []
    assert result.message is not None and result.embeds[0]["title"] == "hand"
    assert [a["filename"] for a in result.message.current.attachments] == ["new.png"]
    note, extra = result.followups
    assert note.current.attachments[0]["filename"] == "n.png" and extra.deleted


async def test_follow_up_before_the_initial_response_is_unknown_webhook(
    double: Double, client: discord.Client, probe: Probe, alice: FakeUser
) -> None:
    result = await double.slash(alice, double.channel, "early")
    assert result.content == "answered"
    assert [e.code for e in probe.errors] == [10015] and codes(double) == [10015]


async def test_the_token_serves_the_webhook_for_fifteen_minutes(
    double: Double, client: discord.Client, probe: Probe, alice: FakeUser
) -> None:
    await double.slash(alice, double.channel, "panel")
    interaction, note = probe.seen[0], probe.followups[0]
    double.clock.advance(14 * 60)
    await interaction.edit_original_response(content="at 14 minutes")
    double.clock.advance(61)
    calls = [
        interaction.followup.send("late"),
        interaction.original_response(),
        interaction.edit_original_response(content="late"),
        note.edit(content="late"),
        interaction.delete_original_response(),
    ]
    for call in calls:
        with pytest.raises(discord.HTTPException) as refused:
            await call
        assert (refused.value.status, refused.value.code) == (401, 50027)
    assert codes(double) == [50027] * len(calls)


async def test_advancing_the_clock_leaves_a_running_bot_alone(
    double: Double, client: discord.Client, alice: FakeUser
) -> None:
    double.clock.advance(24 * 3600)
    await double.sync()  # a heartbeat round trip: discord.py's gateway still answers
    result = await double.slash(alice, double.channel, "say", text="a day later")
    assert result.content == "a day later" and result.latency is not None
    with pytest.raises(ValueError, match="forward"):
        double.clock.advance(-1)


# -- mentions in responses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "granted", "everyone"),
    [
        ({}, MENTION_EVERYONE, False),  # interactions parse only user mentions by default
        ({"everyone": True}, MENTION_EVERYONE, True),
        ({"everyone": True}, 0, False),  # the bot's own permission decides, not @everyone's
    ],
)
async def test_responses_ping_as_webhooks_do(
    double: Double, client: discord.Client, alice: FakeUser,
    options: dict[str, Any], granted: int, everyone: bool,
) -> None:
    double.set_role_permissions(double.guild.everyone, VIEW_CHANNEL | MENTION_EVERYONE)
    double.set_role_permissions(double.bot_role(), VIEW_CHANNEL | SEND_MESSAGES | granted)
    double.set_overwrite(double.channel, double.bot_user, deny=MENTION_EVERYONE ^ granted)
    result = await double.slash(alice, double.channel, "say", text=f"@everyone {alice.mention}",
                                **options)
    assert result.message is not None
    pinged = result.message.pinged
    assert pinged.everyone is everyone
    assert pinged.users == (alice,)
    assert result.message.payload()["mention_everyone"] is everyone


async def test_embeds_and_files_in_responses_need_no_permission(
    double: Double, client: discord.Client, alice: FakeUser
) -> None:
    double.set_role_permissions(double.guild.everyone, 0)
    double.set_role_permissions(double.bot_role(), VIEW_CHANNEL)
    assert not double.permissions_in(double.channel) & (EMBED_LINKS | ATTACH_FILES)
    result = await double.slash(alice, double.channel, "panel")
    assert result.answered and double.take_violations() == []
