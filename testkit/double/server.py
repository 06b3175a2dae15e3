"""The Discord double: one aiohttp server on 127.0.0.1 serving REST (/api/v10) and the gateway,
plus the world it holds, the rules it enforces and the record of what the bot did."""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from aiohttp import web

from . import actions, rest, rest_interactions
from .attachments import reference_errors
from .clock import Clock, Snowflakes
from .commands import CommandRegistry
from .errors import ApiError, Violation, invalid_form
from .gateway import Gateway
from .limits import COMPONENTS_V2_FLAG, EPHEMERAL
from .mentions import Mentions, mention_texts, resolve_mentions
from .messages import LOADING, MessageVersion, StoredMessage, version_from_body
from .permissions import (
    ADMINISTRATOR,
    EVERYONE_PERMISSIONS,
    MENTION_EVERYONE,
    VIEW_CHANNEL,
    PermissionsLike,
    value_of,
)
from .ratelimits import RateLimits
from .replies import json_response
from .results import InteractionResult
from .waits import WAIT_LIMIT
from .world import Channel, FakeUser, Guild
from .world_edits import WorldEdits

Json = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/v10"
GUILD_MESSAGES_INTENT = 1 << 9
DM_MESSAGES_INTENT = 1 << 12
ONE_HOUR = 3600.0
#: Idle event-loop turns `settle` requires besides the quiet time.
SETTLE_SPINS = 50
#: How long `settle` sleeps between looks while the bot is busy.
BUSY_POLL = 0.001


class Double(WorldEdits, actions.Actions):
    """A fake Discord for one test. Use `async with Double() as double:` (or the fixtures).

    `bot_permissions` (an int or a `discord.Permissions`) is what the bot's role holds in
    every guild (ADMINISTRATOR unless a test says otherwise), `everyone_permissions` what
    @everyone holds (Discord's default); the bot has both. The double enforces the bot's
    permissions on its channel routes (:mod:`.access`), computed as Discord does
    (:mod:`.permissions`); change them with `set_role_permissions` and `set_overwrite`.

    Tunables (plain attributes, change them any time): `response_deadline` (3 s),
    `token_lifetime` (15 min), `old_message_edit_cap` (edits allowed on a message older
    than an hour before 30046), `response_wait` (real seconds `slash`/`click` wait for an
    initial response), `settle_quiet` (quiet time that counts as "the bot is done").
    """

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        guild_name: str = "Game Night",
        channel_name: str = "general",
        bot_permissions: PermissionsLike = ADMINISTRATOR,
        everyone_permissions: PermissionsLike = EVERYONE_PERMISSIONS,
    ) -> None:
        self.clock = clock or Clock()
        self.bot_permissions = value_of(bot_permissions)
        self.everyone_permissions = value_of(everyone_permissions)
        self.ids = Snowflakes(self.clock)
        self.uploads: dict[int, bytes] = {}
        """The bytes of every uploaded attachment, by attachment id."""
        self.started_at = self.clock.now()
        self.token = "double." + secrets.token_urlsafe(24)
        self.application_id = self.ids.next()
        self.application_flags = 0
        self.bot_user = FakeUser(self.application_id, "CardNight", bot=True)
        self.owner = FakeUser(self.ids.next(), "owner")
        self.response_deadline = 3.0
        self.token_lifetime = 15 * 60.0
        self.old_message_edit_cap = 5
        self.response_wait = 5.0
        self.settle_quiet = 0.02
        self.guilds: list[Guild] = []
        self.users: dict[int, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.owner.id: self.owner,
        }
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.commands = CommandRegistry()
        self.interactions: dict[int, InteractionResult] = {}
        self.by_token: dict[str, InteractionResult] = {}
        self.pending_events: list[tuple[str, Json]] = []
        self.violations: list[Violation] = []
        self.calls: Counter[str] = Counter()
        self.rate_limits = RateLimits()
        self.gateway = Gateway(self)
        self._inflight = 0
        self._activity = 0
        self.busy_checks: list[Callable[[], bool]] = []
        self._last_activity = time.perf_counter()
        self._quiet_from = 0.0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.port = 0
        self.guild = self.add_guild(guild_name)
        self.channel = self.add_channel(channel_name)

    # -- lifecycle ----
    async def __aenter__(self) -> Double:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        """Listen on 127.0.0.1 (ephemeral port) and point discord.py at the double."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        rest.add_routes(app, self, API_PREFIX)
        rest_interactions.add_routes(app, self, API_PREFIX)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- messages ----
    def get_channel(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def get_message(self, channel: Channel, message_id: int) -> StoredMessage:
        for message in channel.messages:
            if message.id == message_id and not message.deleted:
                return message
        raise ApiError(404, 10008, "Unknown Message")

    async def create_message(
        self,
        channel: Channel,
        body: Json,
        *,
        author: FakeUser | None = None,
        ephemeral_to: FakeUser | None = None,
        loading: bool = False,
        interaction: InteractionResult | None = None,
        message_type: int = 0,
    ) -> StoredMessage:
        """Store and announce a message by `author` (default: the bot); with `interaction`,
        one of its responses or follow-ups (webhook rules for mentions)."""
        now = self.clock.now()
        author = author or self.bot_user
        version = version_from_body(body, now, base=None, keep_flags=0)
        _check_references(version)
        extra_flags = (EPHEMERAL if ephemeral_to is not None else 0) | (LOADING if loading else 0)
        mentions = self._mentions(channel, author, version, body, webhook=interaction is not None)
        version = dataclasses.replace(version, flags=version.flags | extra_flags, mentions=mentions)
        message = StoredMessage(
            id=self.ids.next(),
            channel=channel,
            author=author,
            created_at=now,
            created_iso=self.clock.iso(now),
            versions=[version],
            ephemeral_to=ephemeral_to,
            message_type=message_type,
            reference=body.get("message_reference"),
        )
        if interaction is not None:
            message.webhook_id = message.application_id = self.application_id
            message.interaction = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": {
                    "0": str(channel.guild.id) if channel.guild else "0"
                },
            }
        channel.messages.append(message)
        if ephemeral_to is None:
            await self._message_event("MESSAGE_CREATE", message, message.payload())
        return message

    async def edit_message(self, message: StoredMessage, body: Json) -> StoredMessage:
        """A new version of `message`; edits of messages older than an hour are capped (30046)."""
        now = self.clock.now()
        if now - message.created_at > ONE_HOUR:
            if message.old_edits >= self.old_message_edit_cap:
                raise ApiError(
                    400,
                    30046,
                    "Maximum number of edits to messages older than "
                    "1 hour reached. Try again later.",
                )
            message.old_edits += 1
        version = version_from_body(body, now, base=message.current, keep_flags=EPHEMERAL)
        _check_references(version)
        if "content" in body or ("components" in body and version.flags & COMPONENTS_V2_FLAG):
            mentions = self._mentions(message.channel, message.author, version, body,
                                      webhook=message.webhook_id is not None)
            version = dataclasses.replace(version, mentions=mentions)
        message.versions.append(version)
        message.edited_iso = self.clock.iso(now)
        if message.ephemeral_to is None:
            await self._message_event("MESSAGE_UPDATE", message, message.payload())
        return message

    def _mentions(
        self, channel: Channel, author: FakeUser, version: MessageVersion, body: Json, *,
        webhook: bool,
    ) -> Mentions:
        """Who `version` mentions under the request's `allowed_mentions` (:mod:`.mentions`).
        MENTION_EVERYONE is the author's effective permission; for a webhook (an interaction
        response) the bot's channel permissions with overwrites, as `app_permissions` shows
        them (changelog 2022-06-29)."""
        guild = channel.guild
        if guild is None:
            may_mention_everyone = False
        elif webhook:
            bot = guild.members[self.bot_user.id]
            may_mention_everyone = bool(bot.permissions_in(channel) & MENTION_EVERYONE)
        else:
            may_mention_everyone = bool(self.permissions_in(channel, author) & MENTION_EVERYONE)
        return resolve_mentions(
            mention_texts(version.content, version.components),
            body.get("allowed_mentions"),
            guild=guild,
            users=self.users,
            may_mention_everyone=may_mention_everyone,
            webhook=webhook,
        )

    async def delete_message(self, message: StoredMessage) -> None:
        message.deleted_at = self.clock.now()
        if message.ephemeral_to is None:
            data: Json = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                data["guild_id"] = str(message.channel.guild.id)
            await self._message_event("MESSAGE_DELETE", message, data)

    async def _message_event(self, event: str, message: StoredMessage, data: Json) -> None:
        """Send a message event to the bot, if it has the intent and may view the channel."""
        guild = message.channel.guild
        session = self.gateway.session_for(None if guild is None else guild.id)
        if session is None or not self.permissions_in(message.channel) & VIEW_CHANNEL:
            return
        intent = GUILD_MESSAGES_INTENT if message.channel.guild is not None else DM_MESSAGES_INTENT
        if session.intents & intent:
            await session.dispatch(event, data)

    # -- REST plumbing -----------------------------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway":
            return await handler(request)
        self._inflight += 1
        self._activity += 1
        self._last_activity = time.perf_counter()
        try:
            return await self._serve(request, handler)
        finally:
            self._inflight -= 1
            self._activity += 1
            self._last_activity = time.perf_counter()

    async def _serve(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else request.path
        route = f"{request.method} {template.removeprefix(API_PREFIX)}"
        if request.match_info.http_exception is not None:
            self.record(Violation(route, 404, 0, f"route not served by the double: {request.path}"))
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        self.calls[route] += 1
        info = request.match_info
        major = info.get("channel_id") or info.get("guild_id") or info.get("webhook_id") or ""
        limited = self.rate_limits.check(route, major)
        if limited.retry_after is not None:
            body = {
                "message": "You are being rate limited.",
                "retry_after": limited.retry_after,
                "global": False,
            }
            # The bot will retry after `retry_after`: not quiet until then.
            self._quiet_from = time.perf_counter() + limited.retry_after
            return json_response(body, 429, self.rate_limits.too_many_headers(limited))
        try:
            response = await handler(request)
        except ApiError as error:
            if error.violation:
                self.record(
                    Violation(
                        route,
                        error.status,
                        error.code,
                        error.message,
                        error.errors,
                        self._interaction_of(request),
                        error.detail,
                    )
                )
            response = json_response(error.body(), error.status)
        response.headers.update(limited.headers)
        return response

    def record(self, violation: Violation) -> None:
        self.violations.append(violation)
        if violation.interaction_id is not None:
            result = self.interactions.get(violation.interaction_id)
            if result is not None:
                result.refusals.append(violation)
                result.touch()

    # -- checks for the test ----
    def take_violations(self) -> list[Violation]:
        """Return and forget the violations so far, unanswered interactions included (for
        tests that provoke them on purpose)."""
        self._collect_unanswered()
        taken, self.violations = self.violations, []
        return taken

    def unanswered(self) -> list[InteractionResult]:
        return [r for r in self.interactions.values() if r.response_type is None]

    def assert_clean(self) -> None:
        """Fail if the bot broke a Discord rule or left an interaction unanswered."""
        self._collect_unanswered()
        problems = [str(v) for v in self.violations]
        assert not problems, "the bot broke Discord rules:\n  " + "\n  ".join(problems)

    def _collect_unanswered(self) -> None:
        for result in self.unanswered():
            if not result.reported:
                result.reported = True
                self.violations.append(
                    Violation(
                        "INTERACTION_CREATE",
                        0,
                        0,
                        f"interaction {result.id} (type {result.type}) by {result.user.name} "
                        "never answered",
                        interaction_id=result.id,
                    )
                )

    def _interaction_of(self, request: web.Request) -> int | None:
        info = request.match_info
        raw = info.get("interaction_id")
        if raw and raw.isdigit():
            return int(raw)
        result = self.by_token.get(info.get("token", ""))
        return result.id if result is not None else None

    async def settle(self, timeout: float = WAIT_LIMIT, quiet: float | None = None) -> None:
        """Wait until no request is in flight and none came for `quiet` seconds (default
        `settle_quiet`) nor during `SETTLE_SPINS` turns of the event loop (counting turns
        keeps a CPU-starved run from mistaking a slow bot for an idle one), and no
        `busy_checks` predicate holds (work the double cannot see, e.g. a database write
        in a thread before the next edit)."""
        quiet = self.settle_quiet if quiet is None else quiet
        deadline = time.perf_counter() + timeout
        seen, spins = self._activity, 0
        while True:
            busy = self._inflight or any(check() for check in self.busy_checks)
            if busy or self._activity != seen:
                seen, spins = self._activity, 0
            else:
                spins += 1
            now = time.perf_counter()
            quiet_since = max(self._last_activity, self._quiet_from)
            if spins >= SETTLE_SPINS and now - quiet_since >= quiet:
                return
            if now > deadline:
                raise TimeoutError("the bot kept talking to the double")
            # Busy: sleep for real, so that worker threads (pictures, AI moves) get the
            # interpreter instead of a loop spinning beside them.
            await asyncio.sleep(BUSY_POLL if busy else 0 if spins < SETTLE_SPINS else quiet / 4)


def _check_references(version: MessageVersion) -> None:
    """Refuse embeds whose `attachment://` names none of the message's files."""
    errors = reference_errors(version.embeds, version.attachments, version.components)
    if errors:
        raise invalid_form(errors)
