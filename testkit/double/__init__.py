"""A fake Discord (gateway + REST) on 127.0.0.1 for end-to-end tests of discord.py bots."""

from .clock import Clock
from .commands import CommandUseError
from .errors import Violation
from .harness import bot_running, fire, format_percentiles, percentiles, start_bot, stop_bot
from .messages import MessageVersion, StoredMessage
from .results import InteractionResult
from .server import Double
from .world import Channel, FakeUser, Guild, Member, Role

__all__ = [
    "Channel",
    "Clock",
    "CommandUseError",
    "Double",
    "FakeUser",
    "Guild",
    "InteractionResult",
    "Member",
    "MessageVersion",
    "Role",
    "StoredMessage",
    "Violation",
    "bot_running",
    "fire",
    "format_percentiles",
    "percentiles",
    "start_bot",
    "stop_bot",
]
