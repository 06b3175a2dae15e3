"""Who a message mentions and pings (discord-api-docs `resources/message.mdx`, "Allowed
Mentions Object").

Mentions never make Discord refuse a message: `allowed_mentions` is "validated against your
permissions", so a mention the author may not make is simply not parsed. @everyone / @here
pings only with MENTION_EVERYONE; a role mention only when the role is `mentionable` or the
author holds MENTION_EVERYONE; the `parse` default is every type in channel messages and
users only in interaction responses and webhooks. The message payload's `mention_everyone`,
`mentions` and `mention_roles` follow from that, and tests read the pings from
`StoredMessage.pinged`. Only a malformed `allowed_mentions` is refused (50035).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import FieldError
from .limits import TEXT_DISPLAY, walk_components
from .world import FakeUser, Guild

Json = dict[str, Any]

PARSE_TYPES = ("users", "roles", "everyone")
IDS_MAX = 100
EVERYONE = re.compile(r"@(?:everyone|here)")
USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Mentions:
    everyone: bool = False
    users: tuple[FakeUser, ...] = ()
    roles: tuple[int, ...] = ()


NO_MENTIONS = Mentions()


def allowed_mentions_errors(body: Json) -> list[FieldError]:
    """`parse` names known types and excludes the id lists of its types; at most 100 ids."""
    allowed = body.get("allowed_mentions")
    if not isinstance(allowed, dict):
        return []
    errors: list[FieldError] = []
    parse = allowed.get("parse") or []
    for index, kind in enumerate(parse):
        if kind not in PARSE_TYPES:
            errors.append((("allowed_mentions", "parse", index), "BASE_TYPE_CHOICES",
                           f"Value must be one of {PARSE_TYPES}."))
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if len(ids) > IDS_MAX:
            errors.append((("allowed_mentions", kind), "BASE_TYPE_MAX_LENGTH",
                           f"Must be {IDS_MAX} or fewer in length."))
        if ids and kind in parse:
            errors.append((("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                           f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.'))
    return errors


def mention_texts(content: str, components: list[Json]) -> list[str]:
    """The texts of a message that can mention: its content and its text displays."""
    return [content] + [str(c.get("content") or "") for _, c in walk_components(components)
                        if c.get("type") == TEXT_DISPLAY]


def resolve_mentions(
    texts: list[str],
    allowed: Any,
    *,
    guild: Guild | None,
    users: Mapping[int, FakeUser],
    may_mention_everyone: bool,
    webhook: bool,
) -> Mentions:
    """What the mentions in `texts` ping under the request's `allowed_mentions`, given the
    author's MENTION_EVERYONE and where it speaks from (`webhook`: an interaction response,
    a follow-up or their edits)."""
    if isinstance(allowed, dict):
        parse = set(allowed.get("parse") or [])
        listed_users = {int(i) for i in allowed.get("users") or []}
        listed_roles = {int(i) for i in allowed.get("roles") or []}
    else:
        parse = {"users"} if webhook else set(PARSE_TYPES)
        listed_users = listed_roles = set()
    text = "\n".join(texts)
    everyone = (guild is not None and bool(EVERYONE.search(text)) and "everyone" in parse
                and may_mention_everyone)
    found_users = dict.fromkeys(int(i) for i in USER.findall(text))
    pinged_users = tuple(users[i] for i in found_users
                         if i in users and ("users" in parse or i in listed_users))
    roles = {role.id: role for role in guild.roles} if guild is not None else {}
    pinged_roles = tuple(
        i for i in dict.fromkeys(int(i) for i in ROLE.findall(text))
        if i in roles and ("roles" in parse or i in listed_roles)
        and (roles[i].mentionable or may_mention_everyone)
    )
    return Mentions(everyone, pinged_users, pinged_roles)
