"""Message rules beyond lengths: settable flags, replies, `attachment://` names."""

from __future__ import annotations

import discord
import pytest

from testkit.double import Double
from testkit.double.attachments import reference_errors
from testkit.double.harness import RunBot
from testkit.double.limits import CHANNEL_FLAGS, RESPONSE_FLAGS, message_errors
from tests.double.scene import codes, png, text_channel

pytest_plugins = ["testkit.double.fixtures"]

EPHEMERAL, SUPPRESS_NOTIFICATIONS = 1 << 6, 1 << 12


def flag_errors(flags: int, *, creating: bool, flags_allowed: int = CHANNEL_FLAGS) -> list[str]:
    body = {"content": "x", "flags": flags}
    errors = message_errors(body, creating=creating, flags_allowed=flags_allowed)
    return [code for _, code, _ in errors]


def test_ephemeral_only_in_interaction_responses() -> None:
    assert flag_errors(EPHEMERAL, creating=True) == ["MESSAGE_FLAGS_INVALID"]
    assert flag_errors(EPHEMERAL, creating=True, flags_allowed=RESPONSE_FLAGS) == []
    assert flag_errors(SUPPRESS_NOTIFICATIONS, creating=True) == []
    assert flag_errors(EPHEMERAL, creating=False) == []  # edits ignore what they may not set


def test_attachment_names_in_every_media_field() -> None:
    files = [{"filename": "a.png"}]
    embeds = [{"footer": {"text": "f", "icon_url": "attachment://a.png"},
               "author": {"name": "n", "icon_url": "attachment://gone.png"}}]
    components = [
        {"type": 17, "components": [
            {"type": 12, "items": [{"media": {"url": "attachment://a.png"}},
                                   {"media": {"url": "attachment://b.png"}}]},
            {"type": 13, "file": {"url": "attachment://c.csv"}},
        ]},
    ]
    paths = [path for path, _, _ in reference_errors(embeds, files, components)]
    assert paths == [
        ("embeds", 0, "author", "icon_url"),
        ("components", 0, "components", 0, "items", 1, "media", "url"),
        ("components", 0, "components", 1, "file", "url"),
    ]


@pytest.fixture
async def channel(double: Double, run_bot: RunBot) -> discord.TextChannel:
    client = await run_bot(discord.Client(intents=discord.Intents.default()))
    return text_channel(client, double)


async def test_a_reply_must_name_a_message_of_the_channel(
    double: Double, channel: discord.TextChannel
) -> None:
    missing = discord.MessageReference(message_id=12345, channel_id=channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("re", reference=missing)
    assert refused.value.code == 50035 and codes(double) == [50035]
    lenient = discord.MessageReference(message_id=12345, channel_id=channel.id,
                                       fail_if_not_exists=False)
    sent = await channel.send("re", reference=lenient)
    assert sent.reference is None
    replied = await channel.send("re", reference=sent)
    assert replied.reference is not None and replied.reference.message_id == sent.id


async def test_described_files_and_embeds_pass(
    double: Double, channel: discord.TextChannel
) -> None:
    embed = discord.Embed(title="t").set_footer(text="f", icon_url="attachment://a.png")
    await channel.send(embed=embed, file=png("a.png"), silent=True)
    message = double.last_message()
    assert message.flags == SUPPRESS_NOTIFICATIONS and message.current.attachments
