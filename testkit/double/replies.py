"""JSON replies exactly as discord.py expects them."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON reply whose Content-Type is exactly `application/json` (discord.py requires it)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        content_type="application/json",
        headers=headers,
    )


def no_content() -> web.Response:
    return web.Response(status=204)
