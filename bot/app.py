"""Process entry: settings, logging, the client, the health and metrics server
(``METRICS_PORT``), and a clean stop on SIGINT/SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.client import CardBot
from bot.config import TOKEN_HELP, Settings
from bot.ops.logs import setup_logging
from bot.ops.serve import serving
from bot.ops.server import PortTaken
from bot.storage import StartRefused, StorageUnavailable, open_storage

log = logging.getLogger(__name__)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def load_settings() -> Settings | str:
    """The settings, or a one-line complaint when they are unusable."""
    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]).upper() or "settings"
        return f"{where}: {str(first['msg']).removeprefix('Value error, ')}"
    if settings.discord_token is None:
        return TOKEN_HELP
    return settings


async def run(settings: Settings) -> None:
    """Run the bot until it is closed or the process gets SIGINT/SIGTERM. The storage
    opens first, so that a process refused its shards stops before it connects; the
    health and metrics server (with ``METRICS_PORT``) runs from before the login until
    the bot stops."""
    bot = CardBot(settings, storage=await open_storage(settings))
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, _stop, bot, sig)
    try:
        async with bot, serving(bot, settings):
            assert settings.discord_token is not None
            await bot.start(settings.discord_token)
    finally:
        for sig in STOP_SIGNALS:
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)


def _stop(bot: CardBot, sig: signal.Signals) -> None:
    log.info("received %s, shutting down", sig.name)
    asyncio.get_running_loop().create_task(bot.hand_over())


class NoVoiceWarning(logging.Filter):
    """Drops discord.py's warnings that voice support is missing: the bot needs none."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def main() -> int:
    """``python -m bot``. Exit status 2 (and one sentence) when the token is missing, a
    setting is unusable, another process holds this one's shards or SQLite file, or
    ``METRICS_PORT`` cannot be listened on."""
    loaded = load_settings()
    if isinstance(loaded, str):
        print(loaded, file=sys.stderr)
        return 2
    setup_logging(loaded)
    logging.getLogger("discord.client").addFilter(NoVoiceWarning())
    try:
        asyncio.run(run(loaded))
    except (StartRefused, PortTaken) as exc:
        print(exc, file=sys.stderr)
        return 2
    except StorageUnavailable as exc:
        log.error("could not open the database at DATABASE_URL: %s", exc)
        return 1
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    except (aiohttp.ClientError, OSError) as exc:
        log.error("could not reach Discord: %s", exc)
        return 1
    return 0
