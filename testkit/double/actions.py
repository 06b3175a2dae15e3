"""Acting as Discord users (slash commands, autocomplete, clicks, selects, modals, messages)
and reading back what the bot produced."""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .attachments import UPLOAD_LIMIT
from .commands import CommandRegistry, CommandUseError, build_command_data, check_usable
from .limits import AUTO_SELECTS, BUTTON, LINK_STYLE, STRING_SELECT
from .messages import StoredMessage
from .permissions import DM_PERMISSIONS
from .results import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
)
from .waits import WAIT_LIMIT
from .world import Channel, FakeUser, Member

if TYPE_CHECKING:
    from .clock import Clock, Snowflakes
    from .gateway import Gateway

Json = dict[str, Any]
ATTACHMENT_SIZE_LIMIT = UPLOAD_LIMIT
MessageLike = StoredMessage | InteractionResult


class Actions:
    """User actions and inspection; mixed into `Double`, which provides the state below."""

    clock: Clock
    ids: Snowflakes
    gateway: Gateway
    commands: CommandRegistry
    application_id: int
    bot_user: FakeUser
    channel: Channel
    channels: dict[int, Channel]
    interactions: dict[int, InteractionResult]
    by_token: dict[str, InteractionResult]
    response_wait: float

    async def settle(self, timeout: float = WAIT_LIMIT, quiet: float | None = None) -> None:
        raise NotImplementedError

    def dm_channel(self, user: FakeUser) -> Channel:
        raise NotImplementedError

    async def flush_events(self) -> None:
        raise NotImplementedError

    async def create_message(
        self, channel: Channel, body: Json, *, author: FakeUser | None = None
    ) -> StoredMessage:
        raise NotImplementedError

    # -- acting as a user ----
    async def slash(
        self,
        user: FakeUser,
        channel: Channel | None,
        command: str,
        *path: str,
        settle: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """`/command [group] [sub] option=value...` as `user` in `channel` (None: their DMs).

        Waits for the initial response (and, with `settle`, until the bot goes quiet).
        """
        channel = channel or self.dm_channel(user)
        registered = self._command(user, channel, command)
        data = build_command_data(registered, path, options, channel.guild)
        return await self.interact(APPLICATION_COMMAND, user, channel, data, settle=settle)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: Channel | None,
        command: str,
        *path: str,
        focused: str,
        settle: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """The autocomplete request sent while `user` types option `focused` (its partial
        value in `options`); the answer is in `.choices`."""
        channel = channel or self.dm_channel(user)
        registered = self._command(user, channel, command)
        data = build_command_data(registered, path, options, channel.guild, focused=focused)
        return await self.interact(AUTOCOMPLETE, user, channel, data, settle=settle)

    async def click(
        self, user: FakeUser, message: MessageLike, custom_id: str, *, settle: bool = True
    ) -> InteractionResult:
        """Press the button `custom_id` on `message` (a stored message or an interaction result)."""
        target = self._clickable(user, message)
        component = target.component(custom_id)
        if component.get("type") != BUTTON or component.get("style") == LINK_STYLE:
            raise CommandUseError(f"{custom_id!r} is not a clickable button")
        if component.get("disabled"):
            raise CommandUseError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return await self.interact(
            MESSAGE_COMPONENT, user, target.channel, data, message=target, settle=settle
        )

    async def select(
        self,
        user: FakeUser,
        message: MessageLike,
        custom_id: str,
        values: Iterable[Any],
        *,
        settle: bool = True,
    ) -> InteractionResult:
        """Choose `values` in the select menu `custom_id` on `message`."""
        target = self._clickable(user, message)
        component = target.component(custom_id)
        kind = component.get("type")
        if kind != STRING_SELECT and kind not in AUTO_SELECTS:
            raise CommandUseError(f"{custom_id!r} is not a select menu")
        if component.get("disabled"):
            raise CommandUseError(f"select {custom_id!r} is disabled")
        chosen = list(values)
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(chosen) <= high:
            raise CommandUseError(f"select {custom_id!r} takes {low}..{high} values, got {chosen}")
        data: Json = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            allowed = [option["value"] for option in component.get("options") or []]
            unknown = [v for v in chosen if v not in allowed]
            if unknown:
                raise CommandUseError(f"{unknown} are not options of {custom_id!r} ({allowed})")
            data["values"] = chosen
        else:
            users = [v for v in chosen if isinstance(v, FakeUser)]
            data["values"] = [str(v.id) if isinstance(v, FakeUser) else str(v) for v in chosen]
            if users:
                data["resolved"] = {"users": {str(u.id): u.payload() for u in users}}
        return await self.interact(
            MESSAGE_COMPONENT, user, target.channel, data, message=target, settle=settle
        )

    async def submit_modal(
        self,
        user: FakeUser,
        shown: InteractionResult,
        values: dict[str, str],
        *,
        settle: bool = True,
    ) -> InteractionResult:
        """Submit the modal the bot answered `shown` with; `values` maps text input ids to text."""
        modal = shown.modal
        if modal is None:
            raise CommandUseError("that interaction was not answered with a modal")
        rows: list[Json] = []
        for row in modal.get("components") or []:
            if row.get("type") == 1:
                inputs = [
                    {
                        "type": c["type"],
                        "custom_id": c["custom_id"],
                        "value": values.get(c["custom_id"], ""),
                    }
                    for c in row["components"]
                ]
                rows.append({"type": 1, "components": inputs})
            elif isinstance(row.get("component"), dict):
                child = row["component"]
                rows.append(
                    {
                        "type": row["type"],
                        "component": {
                            "type": child["type"],
                            "custom_id": child["custom_id"],
                            "value": values.get(child["custom_id"], ""),
                        },
                    }
                )
        data = {"custom_id": modal["custom_id"], "components": rows}
        return await self.interact(
            MODAL_SUBMIT, user, shown.channel, data, message=shown.source_message, settle=settle
        )

    async def say(self, user: FakeUser, channel: Channel, content: str) -> StoredMessage:
        """`user` posts a plain message (MESSAGE_CREATE reaches bots with the messages intent)."""
        return await self.create_message(channel, {"content": content}, author=user)

    def _command(self, user: FakeUser, channel: Channel, name: str) -> Json:
        guild = channel.guild
        registered = self.commands.find(guild.id if guild else None, name)
        check_usable(registered, guild.members.get(user.id) if guild else None)
        return registered

    def _clickable(self, user: FakeUser, message: MessageLike) -> StoredMessage:
        target = message.message if isinstance(message, InteractionResult) else message
        if target is None:
            raise CommandUseError("that interaction produced no message")
        if target.deleted:
            raise CommandUseError(f"message {target.id} was deleted")
        if target.ephemeral_to is not None and target.ephemeral_to is not user:
            raise CommandUseError(f"message {target.id} is ephemeral to {target.ephemeral_to.name}")
        return target

    async def interact(
        self,
        kind: int,
        user: FakeUser,
        channel: Channel,
        data: Json,
        *,
        message: StoredMessage | None = None,
        settle: bool = True,
        wait: bool = True,
    ) -> InteractionResult:
        """Send one INTERACTION_CREATE and (with `wait`) wait for its initial response.

        The member's `permissions` and the bot's `app_permissions` are theirs in `channel`,
        with its overwrites ("total permissions of the member in the channel, including
        overwrites", `resources/guild.mdx`; implicit denials are left to the reader, as
        Discord documents for channel permissions in interactions)."""
        interaction_id = self.ids.next()
        token = "tok." + secrets.token_urlsafe(48)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "locale": user.locale,
            "entitlements": [],
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "data": data,
        }
        guild = channel.guild
        if guild is not None:
            member: Member | None = guild.members.get(user.id)
            if member is None:
                raise CommandUseError(f"{user.name} is not a member of {guild.name}")
            bot_member = guild.members[self.bot_user.id]
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild_locale": guild.locale,
                    "context": 0,
                    "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                    "member": member.payload(permissions=member.permissions_in(channel)),
                    "app_permissions": str(bot_member.permissions_in(channel)),
                    "authorizing_integration_owners": {"0": str(guild.id)},
                }
            )
        else:
            payload.update(
                {
                    "user": user.payload(),
                    "context": 1,
                    "app_permissions": str(DM_PERMISSIONS),
                    "authorizing_integration_owners": {"1": str(user.id)},
                }
            )
        if message is not None:
            payload["message"] = message.payload()
        result = InteractionResult(
            interaction_id,
            token,
            kind,
            user,
            channel,
            self.clock.now(),
            payload,
            source_message=message,
        )
        self.interactions[interaction_id] = result
        self.by_token[token] = result
        await self.flush_events()
        result.dispatched_perf = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        if wait:
            with contextlib.suppress(TimeoutError):
                await result.wait_until(
                    lambda r: r.answered or bool(r.refusals), self.response_wait
                )
            if settle:
                await self.settle()
        return result

    # -- reading what the bot did ----
    def messages(
        self,
        channel: Channel | None = None,
        *,
        include_deleted: bool = False,
        include_ephemeral: bool = False,
    ) -> list[StoredMessage]:
        """Messages of `channel` (default channel if None), oldest first."""
        return [
            m
            for m in (channel or self.channel).messages
            if (include_deleted or not m.deleted) and (include_ephemeral or not m.ephemeral)
        ]

    def last_message(self, channel: Channel | None = None) -> StoredMessage:
        visible = self.messages(channel)
        if not visible:
            raise AssertionError("no message in the channel")
        return visible[-1]

    def all_messages(self) -> list[StoredMessage]:
        return [m for channel in self.channels.values() for m in channel.messages]

    def public_payloads(self, since: Mapping[int, int] | None = None) -> list[str]:
        """The visible text of every version of every public message ever posted (guild channel
        messages and non-ephemeral interaction responses, deleted ones included); with `since`
        (a :meth:`public_mark`), only the versions made after it."""
        seen = since or {}
        return [v.text() for m in self.all_messages() if m.public
                for v in m.versions[seen.get(m.id, 0):]]

    def public_mark(self) -> dict[int, int]:
        """How many versions each public message has now, for `public_payloads(since=…)`."""
        return {m.id: len(m.versions) for m in self.all_messages() if m.public}

    def ephemeral_payloads(self, user: FakeUser) -> list[str]:
        """Every version of every ephemeral message shown to `user`."""
        return [v.text() for m in self.all_messages() if m.ephemeral_to is user for v in m.versions]

    def dm_payloads(self, user: FakeUser) -> list[str]:
        return [v.text() for m in self.dm_channel(user).messages for v in m.versions]

    def latencies(self) -> list[float]:
        """Dispatch → initial response, in seconds, for every answered interaction."""
        return [r.latency for r in self.interactions.values() if r.latency is not None]
