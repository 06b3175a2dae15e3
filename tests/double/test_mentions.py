"""A mention the bot may not make is not refused: it simply pings nobody."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from testkit.double import Double, FakeUser
from testkit.double.harness import RunBot
from testkit.double.permissions import MENTION_EVERYONE, SEND_MESSAGES, VIEW_CHANNEL
from tests.double.scene import codes, text_channel

pytest_plugins = ["testkit.double.fixtures"]

TALK = VIEW_CHANNEL | SEND_MESSAGES


@pytest.fixture
def double_options() -> dict[str, Any]:
    return {"bot_permissions": TALK, "everyone_permissions": 0}


@pytest.fixture
async def channel(double: Double, run_bot: RunBot) -> discord.TextChannel:
    client = await run_bot(discord.Client(intents=discord.Intents.default()))
    return text_channel(client, double)


@pytest.mark.parametrize("granted", [0, MENTION_EVERYONE])
async def test_everyone_and_roles_ping_only_with_mention_everyone(
    double: Double, channel: discord.TextChannel, granted: int
) -> None:
    double.set_role_permissions(double.bot_role(), TALK | granted)
    alice = double.add_user("alice")
    hidden, open_role = double.add_role("hidden"), double.add_role("open", mentionable=True)
    text = f"@here {hidden.mention} {open_role.mention} {alice.mention}"
    sent = await channel.send(text)
    pinged = double.last_message().pinged
    assert pinged.everyone is bool(granted) and sent.mention_everyone is bool(granted)
    expected_roles = (hidden.id, open_role.id) if granted else (open_role.id,)
    assert pinged.roles == expected_roles
    assert [r.id for r in sent.role_mentions] == list(expected_roles)
    assert pinged.users == (alice,) and [u.id for u in sent.mentions] == [alice.id]


async def test_allowed_mentions_narrow_the_pings(
    double: Double, channel: discord.TextChannel
) -> None:
    double.set_role_permissions(double.bot_role(), TALK | MENTION_EVERYONE)
    alice, bob = double.add_user("alice"), double.add_user("bob")
    await channel.send(f"@everyone {alice.mention} {bob.mention}",
                       allowed_mentions=discord.AllowedMentions(everyone=False, users=[bob]))
    pinged = double.last_message().pinged
    assert not pinged.everyone and pinged.users == (bob,)
    await channel.send("@everyone", allowed_mentions=discord.AllowedMentions.none())
    assert not double.last_message().pinged.everyone


async def test_a_mention_added_by_an_edit_pings_nobody(
    double: Double, channel: discord.TextChannel
) -> None:
    alice = double.add_user("alice")
    sent = await channel.send("soon")
    edited = await sent.edit(content=f"now {alice.mention}")
    message = double.last_message()
    assert [u.id for u in edited.mentions] == [alice.id]  # the payload names her...
    assert message.pinged.users == ()  # ...but she was not notified


@pytest.mark.parametrize(
    ("allowed", "code"),
    [
        ({"parse": ["users"], "users": ["1"]}, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"),
        ({"parse": ["all"]}, "BASE_TYPE_CHOICES"),
        ({"roles": [str(n) for n in range(101)]}, "BASE_TYPE_MAX_LENGTH"),
    ],
)
async def test_malformed_allowed_mentions_are_refused(
    double: Double, channel: discord.TextChannel, allowed: dict[str, Any], code: str
) -> None:
    url = f"{double.api_url}/channels/{double.channel.id}/messages"
    headers = {"Authorization": f"Bot {double.token}"}
    body = {"content": "hi", "allowed_mentions": allowed}
    async with (aiohttp.ClientSession() as session,
                session.post(url, json=body, headers=headers) as refused):
        errors = (await refused.json())["errors"]
    assert refused.status == 400
    found = [e["code"] for node in _nodes(errors) for e in node.get("_errors", [])]
    assert code in found
    assert codes(double) == [50035]


def _nodes(tree: dict[str, Any]) -> list[dict[str, Any]]:
    return [tree, *(n for child in tree.values() if isinstance(child, dict)
                    for n in _nodes(child))]


async def test_a_member_message_pings_with_its_authors_permissions(
    double: Double, channel: discord.TextChannel
) -> None:
    alice: FakeUser = double.add_user("alice")
    await double.say(alice, double.channel, "@everyone")
    assert not double.last_message().pinged.everyone
    double.set_role_permissions(double.guild.everyone, TALK | MENTION_EVERYONE)
    await double.say(alice, double.channel, "@everyone")
    assert double.last_message().pinged.everyone
