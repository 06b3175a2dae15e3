"""Stored messages with their full edit history, and the text a reader could see in them."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .attachments import kept
from .limits import CHANNEL_FLAGS, walk_components
from .mentions import NO_MENTIONS, Mentions
from .world import Channel, FakeUser

Json = dict[str, Any]

LOADING = 1 << 7
COMMAND_REPLY_TYPE = 20


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message: as created, then after each edit."""

    at: float
    content: str
    embeds: list[Json]
    components: list[Json]
    flags: int
    attachments: list[Json]
    mentions: Mentions = NO_MENTIONS
    """Who this version's mentions name (only the first one pings: see `StoredMessage.pinged`)."""

    def texts(self) -> list[str]:
        """Everything a reader (or a client reading the raw payload) could see."""
        out = [self.content] if self.content else []
        for embed in self.embeds:
            out.extend(str(embed[key]) for key in ("title", "description", "url") if embed.get(key))
            for item in embed.get("fields") or []:
                out.extend(str(item.get(key, "")) for key in ("name", "value"))
            for key, sub in (("footer", "text"), ("author", "name")):
                if (embed.get(key) or {}).get(sub):
                    out.append(str(embed[key][sub]))
        for _, component in walk_components(self.components):
            for key in ("label", "placeholder", "custom_id", "content", "url"):
                if component.get(key):
                    out.append(str(component[key]))
            emoji = component.get("emoji") or {}
            if emoji.get("name"):
                out.append(str(emoji["name"]))
            for option in component.get("options") or []:
                out.extend(
                    str(option[key]) for key in ("label", "value", "description") if option.get(key)
                )
        out.extend(str(item.get("filename", "")) for item in self.attachments)
        return out

    def text(self) -> str:
        return "\n".join(self.texts())


@dataclass(eq=False)
class StoredMessage:
    """A message the double holds; `versions[-1]` is what users see now."""

    id: int
    channel: Channel
    author: FakeUser
    created_at: float
    created_iso: str
    versions: list[MessageVersion]
    ephemeral_to: FakeUser | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction: Json | None = None
    message_type: int = 0
    deleted_at: float | None = None
    pinned: bool = False
    edited_iso: str | None = None
    old_edits: int = 0
    reference: Json | None = None
    extra: Json = field(default_factory=dict)

    @property
    def current(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.current.content

    @property
    def embeds(self) -> list[Json]:
        return self.current.embeds

    @property
    def components(self) -> list[Json]:
        return self.current.components

    @property
    def flags(self) -> int:
        return self.current.flags

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def pinged(self) -> Mentions:
        """Who got notified: the mentions of the message as sent (for a deferred response, as
        its loading state was replaced); a mention added by a later edit pings nobody."""
        return next((v.mentions for v in self.versions if not v.flags & LOADING), NO_MENTIONS)

    @property
    def public(self) -> bool:
        return self.ephemeral_to is None and self.channel.guild is not None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for _, c in walk_components(self.components) if c.get("custom_id")]

    def component(self, custom_id: str) -> Json:
        for _, component in walk_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        raise KeyError(
            f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids()}"
        )

    def payload(self) -> Json:
        version = self.current
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.message_type,
            "author": self.author.payload(),
            "content": version.content,
            "timestamp": self.created_iso,
            "edited_timestamp": self.edited_iso,
            "tts": False,
            "mention_everyone": version.mentions.everyone,
            "mentions": [user.payload() for user in version.mentions.users],
            "mention_roles": [str(role) for role in version.mentions.roles],
            "attachments": copy.deepcopy(version.attachments),
            "embeds": copy.deepcopy(version.embeds),
            "components": copy.deepcopy(version.components),
            "pinned": self.pinned,
            "flags": version.flags,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction)
        if self.reference is not None:
            data["message_reference"] = copy.deepcopy(self.reference)
        return data


def version_from_body(
    body: Json, at: float, *, base: MessageVersion | None, keep_flags: int
) -> MessageVersion:
    """A new version: fields present in `body` replace those of `base` (None clears them);
    flags outside `CHANNEL_FLAGS` are dropped, but `keep_flags` of `base` stay. Mentions
    are `base`'s: the caller resolves them (:mod:`.mentions`)."""

    def pick(key: str, empty: Any) -> Any:
        if key in body:
            value = body[key]
            return copy.deepcopy(value) if value is not None else empty
        return copy.deepcopy(getattr(base, key)) if base is not None else empty

    base_flags = base.flags if base is not None else 0
    flags = base_flags & keep_flags
    if "flags" in body and body["flags"] is not None:
        flags |= int(body["flags"]) & CHANNEL_FLAGS
    else:
        flags |= base_flags & CHANNEL_FLAGS
    return MessageVersion(
        at=at,
        content=pick("content", "") or "",
        embeds=pick("embeds", []),
        components=pick("components", []),
        flags=flags,
        attachments=kept(body["attachments"] or [], base.attachments if base else [])
        if "attachments" in body else pick("attachments", []),
        mentions=base.mentions if base is not None else NO_MENTIONS,
    )
