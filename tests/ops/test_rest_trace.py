"""REST routes as the metrics name them: ids and tokens never in a label."""

from __future__ import annotations

import pytest
import yarl

from bot.ops.rest_trace import route_of

API = "https://discord.com/api/v10"


@pytest.mark.parametrize(("method", "path", "route"), [
    ("get", "/users/@me", "GET /users/@me"),
    ("GET", "/gateway/bot", "GET /gateway/bot"),
    ("PATCH", "/channels/1183/messages/99", "PATCH /channels/{id}/messages/{id}"),
    ("POST", "/interactions/77/aW50ZXJhY3Rpb246Nzc6c2VjcmV0/callback?with_response=true",
     "POST /interactions/{id}/{token}/callback"),
    ("PATCH", "/webhooks/5/aW50ZXJhY3Rpb246/messages/@original",
     "PATCH /webhooks/{id}/{token}/messages/@original"),
    ("DELETE", "/webhooks/5/abc/messages/42", "DELETE /webhooks/{id}/{token}/messages/{id}"),
    ("PUT", "/applications/3/guilds/4/commands", "PUT /applications/{id}/guilds/{id}/commands"),
    ("PUT", "/channels/1/messages/2/reactions/%F0%9F%83%8F/@me",
     "PUT /channels/{id}/messages/{id}/reactions/{value}/@me"),
])
def test_routes_name_no_id_and_no_token(method: str, path: str, route: str) -> None:
    assert route_of(method, yarl.URL(API + path)) == route


@pytest.mark.parametrize("url", [
    "wss://gateway.discord.gg/?v=10&encoding=json&compress=zlib-stream",
    "https://cdn.discordapp.com/avatars/1/a.png",
    "https://discord.com/api/v9/users/@me",
])
def test_only_the_rest_api_is_counted(url: str) -> None:
    assert route_of("GET", yarl.URL(url)) is None
