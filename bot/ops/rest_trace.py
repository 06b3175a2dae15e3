"""Discord REST calls and 429s counted from discord.py's own HTTP session.

discord.py opens one aiohttp session at login, with the trace config of its
``http_trace`` option, and sends every REST call through it (interaction answers and
webhook edits included), so one trace sees them all without touching the bot's code.
A call is counted by its route: the method and the API path with every id as ``{id}``,
the interaction or webhook token after one as ``{token}``, and anything else that is
not a plain word as ``{value}``; a route never carries a token or an id.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Final

import aiohttp
import discord
import yarl

from bot.ops import metrics

_WORD: Final = re.compile(r"@?[a-z][a-z0-9_-]{0,31}", re.ASCII)
_NUMBER: Final = re.compile(r"[0-9]+", re.ASCII)
TOKEN_AFTER: Final = frozenset({"interactions", "webhooks"})
"""Path words followed by an id and a token (``/interactions/{id}/{token}/callback``)."""


def route_of(method: str, url: yarl.URL) -> str | None:
    """The route of a call to ``url`` (None for anything but Discord's REST API, such
    as the gateway's websocket)."""
    base = yarl.URL(discord.http.Route.BASE)
    if (url.scheme, url.host, url.port) != (base.scheme, base.host, base.port):
        return None
    if not url.path.startswith(base.path + "/"):
        return None
    parts = url.path[len(base.path) + 1:].split("/")
    shown = []
    for i, part in enumerate(parts):
        if _NUMBER.fullmatch(part):
            shown.append("{id}")
        elif i >= 2 and parts[i - 2] in TOKEN_AFTER and _NUMBER.fullmatch(parts[i - 1]):
            shown.append("{token}")
        elif _WORD.fullmatch(part):
            shown.append(part)
        else:
            shown.append("{value}")
    return f"{method.upper()} /" + "/".join(shown)


async def _answered(
    session: aiohttp.ClientSession, context: SimpleNamespace,
    params: aiohttp.TraceRequestEndParams,
) -> None:
    if metrics.enabled():
        route = route_of(params.method, params.url)
        if route is not None:
            metrics.rest_answered(route, params.response.status)


def trace_config() -> aiohttp.TraceConfig:
    """A trace config counting each REST response into the metrics."""
    config = aiohttp.TraceConfig()
    config.on_request_end.append(_answered)
    return config


def instrument(http: discord.http.HTTPClient) -> None:
    """Count a client's REST calls (``client.http``) from its next login on: discord.py
    opens its session, with ``http_trace``, when it logs in."""
    http.http_trace = trace_config()
