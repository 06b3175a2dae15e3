"""REST routes for login, command sync, channels, messages, guilds and users."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .access import (
    READ_NEEDS,
    TYPING_NEEDS,
    VIEW_NEEDS,
    create_needs,
    delete_needs,
    edit_needs,
    pin_needs,
    require,
)
from .attachments import Upload, resolve
from .command_limits import command_errors
from .errors import ApiError, invalid_form
from .limits import CHANNEL_FLAGS, message_errors
from .mentions import allowed_mentions_errors
from .messages import StoredMessage
from .permissions import READ_MESSAGE_HISTORY
from .replies import json_response, no_content
from .world import Channel

if TYPE_CHECKING:
    from .server import Double

Json = dict[str, Any]
HISTORY_MAX = 100


async def read_body(request: web.Request, double: Double) -> tuple[Json, bool]:
    """The JSON body (plain or the `payload_json` part of a multipart upload), and whether
    files came with it; the `attachments` it lists (at the top, or under `data` in an
    interaction callback) become attachment objects (:mod:`.attachments`; their bytes are kept in
    `double.uploads`, by attachment id)."""
    if not request.body_exists:
        return {}, False
    if not request.content_type.startswith("multipart/"):
        data = await request.json()
        body = data if isinstance(data, dict) else {"_list": data}
        uploads: dict[int, Upload] = {}
    else:
        body, uploads = {}, {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", None) or ""
            raw = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                body = json.loads(raw)
            elif name.startswith("files["):
                uploads[int(name[6:-1])] = Upload(getattr(part, "filename", None) or name,
                                                  bytes(raw))
    for holder, under in ((body, ()), (body.get("data"), ("data",))):
        if isinstance(holder, dict) and "attachments" in holder:
            holder["attachments"] = resolve(holder["attachments"] or [], uploads, double,
                                            under=under)
    return body, bool(uploads)


def check_message(
    body: Json,
    *,
    creating: bool,
    has_files: bool = False,
    under: tuple[str, ...] = (),
    flags: int = CHANNEL_FLAGS,
) -> None:
    """Refuse a message body over Discord's limits or with a malformed `allowed_mentions`
    (50035; 50006 when empty); `under` is where the body sits in the request (("data",) in
    an interaction callback), `flags` those a create may set."""
    errors = message_errors(body, creating=creating, has_files=has_files, flags_allowed=flags)
    errors.extend(allowed_mentions_errors(body))
    if errors:
        if errors[0][1] == "MESSAGE_EMPTY":
            raise ApiError(400, 50006, "Cannot send an empty message")
        raise invalid_form([((*under, *path), code, text) for path, code, text in errors])


def add_routes(app: web.Application, double: Double, prefix: str) -> None:
    api = Rest(double)
    table = [
        ("GET", "/users/@me", api.me),
        ("GET", "/users/{user_id}", api.user),
        ("POST", "/users/@me/channels", api.open_dm),
        ("GET", "/oauth2/applications/@me", api.application),
        ("GET", "/applications/@me", api.application),
        ("GET", "/gateway", api.gateway),
        ("GET", "/gateway/bot", api.gateway),
        ("GET", "/applications/{application_id}/commands", api.list_commands),
        ("PUT", "/applications/{application_id}/commands", api.put_commands),
        ("POST", "/applications/{application_id}/commands", api.upsert_command),
        ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", api.list_commands),
        ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", api.put_commands),
        ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", api.upsert_command),
        ("GET", "/guilds/{guild_id}", api.guild),
        ("GET", "/guilds/{guild_id}/channels", api.guild_channels),
        ("GET", "/guilds/{guild_id}/roles", api.guild_roles),
        ("GET", "/guilds/{guild_id}/members/{user_id}", api.guild_member),
        ("GET", "/channels/{channel_id}", api.channel),
        ("POST", "/channels/{channel_id}/typing", api.typing),
        ("GET", "/channels/{channel_id}/messages/pins", api.pins),
        ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", api.pin),
        ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", api.unpin),
        ("GET", "/channels/{channel_id}/pins", api.pins),
        ("PUT", "/channels/{channel_id}/pins/{message_id}", api.pin),
        ("DELETE", "/channels/{channel_id}/pins/{message_id}", api.unpin),
        ("POST", "/channels/{channel_id}/messages", api.post_message),
        ("GET", "/channels/{channel_id}/messages", api.history),
        ("GET", "/channels/{channel_id}/messages/{message_id}", api.get_message),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", api.edit_message),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", api.delete_message),
    ]
    for method, path, handler in table:
        app.router.add_route(method, prefix + path, handler)


class Rest:
    def __init__(self, double: Double) -> None:
        self.double = double

    def _auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.double.token}":
            raise ApiError(401, 0, "401: Unauthorized", violation=False)

    # -- login ----
    async def me(self, request: web.Request) -> web.Response:
        self._auth(request)
        return json_response(
            {**self.double.bot_user.payload(), "verified": True, "mfa_enabled": False}
        )

    async def user(self, request: web.Request) -> web.Response:
        self._auth(request)
        user = self.double.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def application(self, request: web.Request) -> web.Response:
        self._auth(request)
        double = self.double
        return json_response(
            {
                "id": str(double.application_id),
                "name": double.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": double.owner.payload(),
                "verify_key": "0" * 64,
                "flags": double.application_flags,
                "team": None,
                "summary": "",
                "rpc_origins": [],
                "bot": double.bot_user.payload(),
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.double.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def open_dm(self, request: web.Request) -> web.Response:
        self._auth(request)
        body, _ = await read_body(request, self.double)
        user = self.double.users.get(int(body["recipient_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(self.double.dm_channel(user).payload())

    # -- commands ----
    def _scope(self, request: web.Request) -> tuple[int | None, dict[tuple[str, int], Json]]:
        self._auth(request)
        if int(request.match_info["application_id"]) != self.double.application_id:
            raise ApiError(403, 50001, "Missing Access")
        raw = request.match_info.get("guild_id")
        guild_id = int(raw) if raw else None
        if guild_id is not None:
            self.double.guild_by_id(guild_id)
        return guild_id, self.double.commands.scope(guild_id)

    def _store(
        self,
        guild_id: int | None,
        scope: dict[tuple[str, int], Json],
        command: Json,
        previous: dict[tuple[str, int], Json],
    ) -> Json:
        key = (command["name"], int(command.get("type", 1)))
        old = previous.get(key)
        stored = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **command,
            "id": old["id"] if old else str(self.double.ids.next()),
            "application_id": str(self.double.application_id),
            "version": str(self.double.ids.next()),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        scope[key] = stored
        return stored

    async def list_commands(self, request: web.Request) -> web.Response:
        _, scope = self._scope(request)
        return json_response(list(scope.values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        guild_id, scope = self._scope(request)
        body, _ = await read_body(request, self.double)
        commands: list[Json] = body.get("_list", [])
        errors = [e for index, c in enumerate(commands) for e in command_errors(c, (index,))]
        if errors:
            raise invalid_form(errors)
        previous = dict(scope)
        scope.clear()
        return json_response([self._store(guild_id, scope, c, previous) for c in commands])

    async def upsert_command(self, request: web.Request) -> web.Response:
        guild_id, scope = self._scope(request)
        body, _ = await read_body(request, self.double)
        errors = command_errors(body, ())
        if errors:
            raise invalid_form(errors)
        return json_response(self._store(guild_id, scope, body, dict(scope)), 201)

    # -- guilds ----
    async def guild(self, request: web.Request) -> web.Response:
        self._auth(request)
        guild = self.double.guild_by_id(int(request.match_info["guild_id"]))
        data = guild.payload(self.double.clock.iso(self.double.started_at))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        self._auth(request)
        guild = self.double.guild_by_id(int(request.match_info["guild_id"]))
        return json_response([channel.payload() for channel in guild.channels])

    async def guild_roles(self, request: web.Request) -> web.Response:
        self._auth(request)
        guild = self.double.guild_by_id(int(request.match_info["guild_id"]))
        return json_response([guild.everyone.payload()] + [role.payload() for role in guild.roles])

    async def guild_member(self, request: web.Request) -> web.Response:
        self._auth(request)
        guild = self.double.guild_by_id(int(request.match_info["guild_id"]))
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member", violation=False)
        return json_response(member.payload())

    # -- channels and messages (the bot's own permissions apply: :mod:`.access`) ----
    def _channel(self, request: web.Request, needed: int, action: str) -> tuple[Channel, int]:
        """The channel of the route, once the bot may do `action` there; and what it may do."""
        self._auth(request)
        channel = self.double.get_channel(int(request.match_info["channel_id"]))
        granted = self.double.permissions_in(channel)
        require(granted, needed, action)
        return channel, granted

    def _message(self, request: web.Request, needed: int, action: str) -> StoredMessage:
        channel, _ = self._channel(request, needed, action)
        message = self.double.get_message(channel, int(request.match_info["message_id"]))
        if message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def channel(self, request: web.Request) -> web.Response:
        channel, _ = self._channel(request, VIEW_NEEDS, "reading the channel")
        return json_response(channel.payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request, TYPING_NEEDS, "typing")
        return no_content()

    async def post_message(self, request: web.Request) -> web.Response:
        channel, _ = self._channel(request, VIEW_NEEDS, "sending a message")
        body, has_files = await read_body(request, self.double)
        check_message(body, creating=True, has_files=has_files)
        require(self.double.permissions_in(channel), create_needs(body, has_files=has_files),
                "sending this message")
        self._check_reference(channel, body)
        message = await self.double.create_message(channel, body)
        return json_response(message.payload())

    def _check_reference(self, channel: Channel, body: Json) -> None:
        """A reply must name a message of the channel (else 50035, or no reply at all with
        `fail_if_not_exists: false`)."""
        reference = body.get("message_reference")
        if not isinstance(reference, dict) or "message_id" not in reference:
            return
        wanted = int(reference["message_id"])
        if any(m.id == wanted and not m.deleted for m in channel.messages):
            return
        if reference.get("fail_if_not_exists", True):
            raise invalid_form([(("message_reference",), "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                                 "Unknown message")])
        del body["message_reference"]

    async def history(self, request: web.Request) -> web.Response:
        channel, granted = self._channel(request, VIEW_NEEDS, "reading the history")
        if not granted & READ_MESSAGE_HISTORY:
            return json_response([])
        query = request.query
        limit = min(int(query.get("limit", 50)), HISTORY_MAX)
        visible = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        if "before" in query:
            visible = [m for m in visible if m.id < int(query["before"])]
        if "after" in query:
            visible = [m for m in visible if m.id > int(query["after"])]
            visible = visible[:limit]
        if "around" in query:
            around = int(query["around"])
            older = [m for m in visible if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in visible if m.id > around][: limit - len(older)]
            visible = older + newer
        newest_first = list(reversed(visible))[:limit]
        return json_response([m.payload() for m in newest_first])

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message(request, READ_NEEDS, "reading a message").payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request, VIEW_NEEDS, "editing a message")
        if message.author is not self.double.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, has_files = await read_body(request, self.double)
        check_message(body, creating=False, has_files=has_files)
        require(self.double.permissions_in(message.channel),
                edit_needs(body, has_files=has_files), "this edit")
        await self.double.edit_message(message, body)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request, VIEW_NEEDS, "deleting a message")
        own = message.author is self.double.bot_user
        if message.channel.guild is None and not own:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        require(self.double.permissions_in(message.channel), delete_needs(own=own),
                "deleting another author's message")
        await self.double.delete_message(message)
        return no_content()

    async def pins(self, request: web.Request) -> web.Response:
        channel, granted = self._channel(request, VIEW_NEEDS, "reading the pins")
        pinned = [m for m in reversed(channel.messages) if m.pinned and not m.deleted]
        if not granted & READ_MESSAGE_HISTORY:
            pinned = []
        if request.path.endswith("/messages/pins"):
            return json_response(
                {
                    "items": [{"pinned_at": m.created_iso, "message": m.payload()} for m in pinned],
                    "has_more": False,
                }
            )
        return json_response([m.payload() for m in pinned])

    async def pin(self, request: web.Request) -> web.Response:
        self._pinnable(request).pinned = True
        return no_content()

    async def unpin(self, request: web.Request) -> web.Response:
        self._pinnable(request).pinned = False
        return no_content()

    def _pinnable(self, request: web.Request) -> StoredMessage:
        message = self._message(request, VIEW_NEEDS, "pinning")
        granted = self.double.permissions_in(message.channel)
        require(granted, pin_needs(granted), "pinning")
        return message
