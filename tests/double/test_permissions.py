"""The double computes permissions as Discord does and refuses the bot's channel calls it may
not make: 403 / 50001 without VIEW_CHANNEL, 403 / 50013 without anything else."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from testkit.double.permissions import (
    ADMINISTRATOR,
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_TTS_MESSAGES,
    VIEW_CHANNEL,
)
from tests.double.scene import codes, png, text_channel

pytest_plugins = ["testkit.double.fixtures"]

TALK = VIEW_CHANNEL | SEND_MESSAGES


@pytest.fixture
def double_options() -> dict[str, Any]:
    """@everyone holds nothing: the bot has exactly its role's permissions."""
    return {"everyone_permissions": 0}


@dataclass
class Scene:
    """A bare client in the default channel, with a message of its own and one of alice's."""

    double: Double
    client: discord.Client
    channel: discord.TextChannel
    mine: discord.PartialMessage
    theirs: discord.PartialMessage

    def grant(self, permissions: int) -> None:
        self.double.set_role_permissions(self.double.bot_role(), permissions)


@pytest.fixture
async def alice(double: Double) -> FakeUser:
    return double.add_user("alice")


@pytest.fixture
async def scene(double: Double, run_bot: RunBot, alice: FakeUser) -> Scene:
    client = await run_bot(discord.Client(intents=discord.Intents.default()))
    channel = text_channel(client, double)
    mine = await double.create_message(double.channel, {"content": "mine"})
    theirs = await double.say(alice, double.channel, "theirs")
    return Scene(double, client, channel, channel.get_partial_message(mine.id),
                 channel.get_partial_message(theirs.id))


Action = Callable[[Scene], Awaitable[Any]]

ACTIONS: dict[str, tuple[int, Action]] = {
    "send": (TALK, lambda s: s.channel.send("hi")),
    "send an embed": (TALK | EMBED_LINKS, lambda s: s.channel.send(embed=discord.Embed(title="t"))),
    "send a file": (TALK | ATTACH_FILES, lambda s: s.channel.send(file=png())),
    "reply": (TALK | READ_MESSAGE_HISTORY, lambda s: s.channel.send("re", reference=s.theirs)),
    "send tts": (TALK | SEND_TTS_MESSAGES, lambda s: s.channel.send("hear", tts=True)),
    "type": (TALK, lambda s: s.channel.typing()),
    "fetch a message": (VIEW_CHANNEL | READ_MESSAGE_HISTORY,
                        lambda s: s.channel.fetch_message(s.theirs.id)),
    "fetch the channel": (VIEW_CHANNEL, lambda s: s.client.fetch_channel(s.channel.id)),
    "edit own": (VIEW_CHANNEL, lambda s: s.mine.edit(content="v2")),
    # EMBED_LINKS and ATTACH_FILES count only with SEND_MESSAGES ("Implicit Permissions")
    "edit with an embed": (TALK | EMBED_LINKS, lambda s: s.mine.edit(embed=discord.Embed())),
    "edit with a new file": (TALK | ATTACH_FILES, lambda s: s.mine.edit(attachments=[png()])),
    "delete own": (VIEW_CHANNEL, lambda s: s.mine.delete()),
    "delete another's": (VIEW_CHANNEL | MANAGE_MESSAGES, lambda s: s.theirs.delete()),
    "pin": (VIEW_CHANNEL | PIN_MESSAGES, lambda s: s.theirs.pin()),
    "unpin": (VIEW_CHANNEL | PIN_MESSAGES, lambda s: s.theirs.unpin()),
}


@pytest.mark.parametrize("name", ACTIONS)
async def test_each_permission_of_a_call_is_required(scene: Scene, name: str) -> None:
    needed, action = ACTIONS[name]
    for bit in (1 << n for n in range(needed.bit_length())):
        if needed & bit:
            scene.grant(needed & ~bit)
            with pytest.raises(discord.Forbidden) as refused:
                await action(scene)
            expected = 50001 if bit == VIEW_CHANNEL else 50013
            assert refused.value.code == expected, f"{name} without bit {bit}"
            assert codes(scene.double) == [expected]
    scene.grant(needed)
    await action(scene)


async def test_manage_messages_also_pins(scene: Scene) -> None:
    scene.grant(VIEW_CHANNEL | MANAGE_MESSAGES)
    await scene.theirs.pin()
    assert scene.double.messages()[1].pinned


async def test_history_and_pins_without_read_history_are_empty(scene: Scene) -> None:
    scene.grant(ADMINISTRATOR)
    await scene.theirs.pin()
    scene.grant(VIEW_CHANNEL)
    assert [m async for m in scene.channel.history(limit=10)] == []
    assert [m async for m in scene.channel.pins()] == []
    scene.grant(VIEW_CHANNEL | READ_MESSAGE_HISTORY)
    assert [m.content async for m in scene.channel.history(limit=10)] == ["theirs", "mine"]
    assert [m.content async for m in scene.channel.pins()] == ["theirs"]


async def test_refusal_body_and_record(scene: Scene) -> None:
    scene.grant(VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as refused:
        await scene.channel.send("hi")
    assert refused.value.status == 403 and refused.value.text == "Missing Permissions"
    (violation,) = scene.double.take_violations()
    assert violation.route == "POST /channels/{channel_id}/messages"
    assert "SEND_MESSAGES" in str(violation)


# -- overwrites --------------------------------------------------------------------------------


async def test_role_allow_overrides_an_everyone_deny(scene: Scene) -> None:
    double = scene.double
    scene.grant(0)
    double.set_role_permissions(double.guild.everyone, TALK)
    double.set_overwrite(double.channel, double.guild.everyone, deny=SEND_MESSAGES)
    with pytest.raises(discord.Forbidden):
        await scene.channel.send("denied to everyone")
    double.set_overwrite(double.channel, double.bot_role(), allow=SEND_MESSAGES)
    await scene.channel.send("allowed to the bot's role")
    assert codes(double) == [50013]


async def test_member_deny_overrides_a_role_allow(scene: Scene) -> None:
    double = scene.double
    scene.grant(VIEW_CHANNEL)
    double.set_overwrite(double.channel, double.bot_role(), allow=SEND_MESSAGES)
    await scene.channel.send("allowed by the role")
    double.set_overwrite(double.channel, double.bot_user, deny=SEND_MESSAGES)
    with pytest.raises(discord.Forbidden):
        await scene.channel.send("denied to the member")
    double.clear_overwrite(double.channel, double.bot_user)
    await scene.channel.send("allowed again")
    assert codes(double) == [50013]


async def test_no_view_is_missing_access(scene: Scene) -> None:
    double = scene.double
    scene.grant(TALK | EMBED_LINKS | READ_MESSAGE_HISTORY)
    double.set_overwrite(double.channel, double.bot_role(), deny=VIEW_CHANNEL)
    assert double.permissions_in(double.channel) == 0
    for attempt in (scene.channel.send("x"), scene.channel.fetch_message(scene.theirs.id)):
        with pytest.raises(discord.Forbidden) as refused:
            await attempt
        assert refused.value.code == 50001
    assert codes(double) == [50001, 50001]


async def test_administrator_bypasses_overwrites(scene: Scene) -> None:
    double = scene.double
    scene.grant(ADMINISTRATOR)
    double.set_overwrite(double.channel, double.bot_user, deny=VIEW_CHANNEL | SEND_MESSAGES)
    await scene.channel.send("still here")


@pytest.mark.parametrize(
    "change",
    [
        "role", "everyone deny", "role allow", "member deny", "no view", "no send", "cleared",
    ],
)
async def test_discord_py_agrees_with_the_double(scene: Scene, change: str) -> None:
    double = scene.double
    channel = double.channel
    everyone, role = double.guild.everyone, double.bot_role()
    scene.grant(TALK | EMBED_LINKS | MANAGE_MESSAGES)
    edits: dict[str, Callable[[], None]] = {
        "role": lambda: double.set_role_permissions(role, TALK | ATTACH_FILES),
        "everyone deny": lambda: double.set_overwrite(channel, everyone, deny=EMBED_LINKS),
        "role allow": lambda: double.set_overwrite(channel, role, allow=ATTACH_FILES),
        "member deny": lambda: double.set_overwrite(channel, double.bot_user, deny=TALK),
        "no view": lambda: double.set_overwrite(channel, role, deny=VIEW_CHANNEL),
        "no send": lambda: double.set_overwrite(channel, everyone, deny=SEND_MESSAGES),
        "cleared": lambda: double.clear_overwrite(channel, role),
    }
    edits[change]()
    await double.sync()
    seen = scene.channel.permissions_for(scene.channel.guild.me)
    assert seen.value == double.permissions_in(channel)


async def test_overwrites_reach_a_bot_that_connects_later(double: Double, run_bot: RunBot) -> None:
    double.set_overwrite(double.channel, double.bot_role(), allow=TALK, deny=MANAGE_MESSAGES)
    client = await run_bot(discord.Client(intents=discord.Intents.default()))
    channel = text_channel(client, double)
    overwrite = channel.overwrites_for(channel.guild.me.top_role)
    assert overwrite.send_messages is True and overwrite.manage_messages is False
    fetched = await client.fetch_channel(double.channel.id)
    assert isinstance(fetched, discord.TextChannel)
    assert fetched.overwrites_for(channel.guild.me.top_role) == overwrite


def test_owner_and_administrator_get_everything() -> None:
    double = Double(bot_permissions=discord.Permissions(send_messages=True))
    double.set_overwrite(double.channel, double.guild.everyone, deny=VIEW_CHANNEL)
    in_channel = discord.Permissions.all_channel().value
    assert double.permissions_in(double.channel) & in_channel == 0  # CHANGE_NICKNAME stays
    assert double.permissions_in(double.channel, double.owner) == discord.Permissions.all().value
    double.set_role_permissions(double.bot_role(), discord.Permissions(administrator=True))
    assert double.permissions_in(double.channel) == discord.Permissions.all().value


async def test_no_message_events_from_a_channel_the_bot_cannot_view(
    double: Double, run_bot: RunBot, alice: FakeUser
) -> None:
    hidden = double.add_channel("hidden")
    double.set_role_permissions(double.bot_role(), TALK)
    double.set_overwrite(hidden, double.bot_role(), deny=VIEW_CHANNEL)
    client = discord.Client(intents=discord.Intents.default())
    seen: asyncio.Queue[discord.Message] = asyncio.Queue()
    client.event(_queue_into(seen))
    await run_bot(client)
    await double.say(alice, hidden, "unseen")
    await double.say(alice, double.channel, "seen")
    assert (await seen.get()).channel.id == double.channel.id  # events come in order
    assert seen.empty()


def _queue_into(queue: asyncio.Queue[discord.Message]) -> Callable[[discord.Message],
                                                                     Awaitable[None]]:
    async def on_message(message: discord.Message) -> None:
        await queue.put(message)

    return on_message
