"""Registered application commands, and the `data` of command and autocomplete interactions
built from them the way a Discord client would (ids, option types, subcommand nesting)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .permissions import ALL_PERMISSIONS
from .world import Channel, FakeUser, Guild, Member, Role

Json = dict[str, Any]

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
ATTACHMENT = 11
VALUE_TYPES = (STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT)
CHAT_INPUT = 1


class CommandUseError(ValueError):
    """The test asked for something a Discord client would not let a user send."""


@dataclass
class CommandRegistry:
    """Commands as stored by bulk PUT: global ones and per-guild ones, keyed by (name, type)."""

    global_commands: dict[tuple[str, int], Json] = field(default_factory=dict)
    guild_commands: dict[int, dict[tuple[str, int], Json]] = field(default_factory=dict)

    def scope(self, guild_id: int | None) -> dict[tuple[str, int], Json]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(guild_id, {})

    def find(self, guild_id: int | None, name: str, kind: int = CHAT_INPUT) -> Json:
        """The command a user in `guild_id` (None: DMs) sees as /name; guild ones first."""
        scopes = (
            [self.global_commands]
            if guild_id is None
            else [self.scope(guild_id), self.global_commands]
        )
        for scope in scopes:
            if (name, kind) in scope:
                return scope[(name, kind)]
        known = sorted({n for scope in scopes for n, _ in scope})
        raise CommandUseError(f"command /{name} is not registered (registered: {known})")


def check_usable(command: Json, member: Member | None) -> None:
    """Discord only offers a command where its contexts allow it, and to members holding its
    `default_member_permissions`."""
    contexts = command.get("contexts")
    place = 0 if member is not None else 1
    if contexts is not None and place not in contexts:
        where = "servers" if member is not None else "DMs"
        raise CommandUseError(f"/{command['name']} is not available in {where}")
    if member is None and command.get("dm_permission") is False:
        raise CommandUseError(f"/{command['name']} is not available in DMs")
    required = command.get("default_member_permissions")
    if member is not None and required is not None:
        needed = int(required)
        if member.permissions & needed != needed:
            raise CommandUseError(f"{member.user.name} lacks the permissions of /{command['name']}")


def _find_option(options: list[Json], name: str, kinds: tuple[int, ...]) -> Json:
    for option in options:
        if option["name"] == name and option.get("type") in kinds:
            return option
    names = [o["name"] for o in options]
    raise CommandUseError(f"no option {name!r} of type {kinds} here (options: {names})")


def _convert(
    option: Json, value: Any, resolved: Json, guild: Guild | None, *, focused: bool
) -> Any:
    kind = option["type"]
    name = option["name"]
    if focused:
        return str(value)
    if kind == STRING:
        if not isinstance(value, str):
            raise CommandUseError(f"option {name!r} takes a string, got {value!r}")
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise CommandUseError(f"option {name!r}: length of {value!r} out of range")
    elif kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandUseError(f"option {name!r} takes a number, got {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise CommandUseError(f"option {name!r} takes an integer, got {value!r}")
        if "min_value" in option and value < option["min_value"]:
            raise CommandUseError(f"option {name!r}: {value} < min {option['min_value']}")
        if "max_value" in option and value > option["max_value"]:
            raise CommandUseError(f"option {name!r}: {value} > max {option['max_value']}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandUseError(f"option {name!r} takes a bool, got {value!r}")
    elif kind in (USER, MENTIONABLE) and isinstance(value, FakeUser | Member):
        user = value.user if isinstance(value, Member) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = guild.members.get(user.id) if guild is not None else None
        if member is not None:
            data = member.payload(permissions=member.permissions)
            data.pop("user")
            resolved.setdefault("members", {})[str(user.id)] = data
        return str(user.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, Channel):
        data = value.payload()
        data["permissions"] = str(ALL_PERMISSIONS)
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    else:
        raise CommandUseError(f"option {name!r} (type {kind}) cannot take {value!r}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandUseError(f"option {name!r}: {value!r} is not one of its choices")
    return value


def build_command_data(
    command: Json,
    path: tuple[str, ...],
    values: dict[str, Any],
    guild: Guild | None,
    *,
    focused: str | None = None,
) -> Json:
    """INTERACTION_CREATE `data` for /command [group] [sub] with option values.

    With `focused`, builds an autocomplete payload: that option is marked focused and
    required options may be missing, as while a user is still typing.
    """
    data: Json = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    declared: list[Json] = command.get("options") or []
    container: list[Json] = []
    data["options"] = container
    for name in path:
        node = _find_option(declared, name, (SUB_COMMAND, SUB_COMMAND_GROUP))
        inner: list[Json] = []
        container.append({"type": node["type"], "name": name, "options": inner})
        container, declared = inner, node.get("options") or []
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
        raise CommandUseError(f"/{command['name']} {' '.join(path)} needs a subcommand")
    resolved: Json = {}
    for name, value in values.items():
        option = _find_option(declared, name, VALUE_TYPES)
        is_focused = name == focused
        entry: Json = {
            "type": option["type"],
            "name": name,
            "value": _convert(option, value, resolved, guild, focused=is_focused),
        }
        if is_focused:
            entry["focused"] = True
        container.append(entry)
    if focused is None:
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in values]
        if missing:
            raise CommandUseError(f"missing required options {missing}")
    elif focused not in values:
        raise CommandUseError(f"focused option {focused!r} needs a (partial) value")
    if resolved:
        data["resolved"] = resolved
    return copy.deepcopy(data)
