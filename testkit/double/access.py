"""What the bot's own REST calls on a channel need, and Discord's refusals: 403 / 50001
"Missing Access" when the bot cannot view the channel, 403 / 50013 "Missing Permissions"
when it lacks anything else (discord-api-docs `resources/message.mdx`, each route's text;
`topics/permissions.mdx`, "Implicit Permissions").

Interaction callbacks and the interaction webhook (original response, follow-ups, their
edits and deletes) need none of these: they are webhooks "under the hood"
(`interactions/receiving-and-responding.mdx`), so a bot that may not even view a channel
still answers there; the bot's permissions there decide only MENTION_EVERYONE (changelog
2022-06-29, "Changes to Bot Permissions for Interactions and Webhooks": ATTACH_FILES and
EMBED_LINKS are not affected) and so who a response pings (:mod:`.mentions`).
"""

from __future__ import annotations

from typing import Any

from .errors import ApiError
from .permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_TTS_MESSAGES,
    VIEW_CHANNEL,
    names,
)

Json = dict[str, Any]


def require(granted: int, needed: int, action: str) -> None:
    """Refuse `action` unless `granted` (effective permissions) holds all of `needed`."""
    if not granted & VIEW_CHANNEL:
        raise ApiError(403, 50001, "Missing Access",
                       detail=f"{action}: the bot cannot view the channel")
    missing = needed & ~granted
    if missing:
        raise ApiError(403, 50013, "Missing Permissions",
                       detail=f"{action} needs {names(missing)}")


def create_needs(body: Json, *, has_files: bool) -> int:
    """Create Message: SEND_MESSAGES; embeds: EMBED_LINKS; files: ATTACH_FILES; a reply:
    READ_MESSAGE_HISTORY; `tts`: SEND_TTS_MESSAGES."""
    needed = edit_needs(body, has_files=has_files) | SEND_MESSAGES
    if body.get("message_reference"):
        needed |= READ_MESSAGE_HISTORY
    if body.get("tts"):
        needed |= SEND_TTS_MESSAGES
    return needed


def edit_needs(body: Json, *, has_files: bool) -> int:
    """Edit Message (own): VIEW_CHANNEL; new embeds need EMBED_LINKS and new uploads
    ATTACH_FILES, as when sending."""
    needed = VIEW_CHANNEL
    if body.get("embeds"):
        needed |= EMBED_LINKS
    if has_files:
        needed |= ATTACH_FILES
    return needed


def pin_needs(granted: int) -> int:
    """Pin / unpin: PIN_MESSAGES (since 2025), or MANAGE_MESSAGES, which granted it before."""
    return VIEW_CHANNEL | (PIN_MESSAGES if granted & PIN_MESSAGES else MANAGE_MESSAGES)


def delete_needs(*, own: bool) -> int:
    """Delete Message: another author's needs MANAGE_MESSAGES, one's own nothing more."""
    return VIEW_CHANNEL | (0 if own else MANAGE_MESSAGES)


READ_NEEDS = VIEW_CHANNEL | READ_MESSAGE_HISTORY
"""Get Channel Message. (History and pins without READ_MESSAGE_HISTORY are not refused:
they come back empty, as documented.)"""
TYPING_NEEDS = VIEW_CHANNEL | SEND_MESSAGES
VIEW_NEEDS = VIEW_CHANNEL
