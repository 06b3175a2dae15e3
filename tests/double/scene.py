"""What the double's own tests share: a bare discord.py client's view of the double's
default channel, a file to upload, and the codes of the refusals recorded so far."""

from __future__ import annotations

import io

import discord

from testkit.double import Double


def text_channel(client: discord.Client, double: Double) -> discord.TextChannel:
    channel = client.get_channel(double.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def png(name: str = "a.png") -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG\r\n\x1a\n" + bytes(8)), name)


def codes(double: Double) -> list[int]:
    """The error codes of the requests refused so far (forgotten once read)."""
    return [violation.code for violation in double.take_violations()]
