"""Payload limits Discord enforces server-side (DISCORD-NOTES "Platform rules"); each check
returns the field errors of a 50035 "Invalid Form Body" reply, empty when the payload passes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import FieldError

Path = tuple[str | int, ...]
Json = dict[str, Any]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TEXT_MAX = {"title": 256, "description": 4096}
FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_MAX = 256
ROWS_MAX = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
OPTION_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
SUPPRESS_EMBEDS, EPHEMERAL = 1 << 2, 1 << 6
SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, COMPONENTS_V2_FLAG = 1 << 12, 1 << 13, 1 << 15
CHANNEL_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | COMPONENTS_V2_FLAG
"""The flags a channel message may set (`resources/message.mdx`, Create Message)."""
RESPONSE_FLAGS = CHANNEL_FLAGS | EPHEMERAL
"""The flags an interaction response or follow-up may set (`receiving-and-responding.mdx`)."""
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
MODAL_TITLE_MAX = 45

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
AUTO_SELECTS = {5, 6, 7, 8}
SECTION, TEXT_DISPLAY, CONTAINER = 9, 10, 17
LINK_STYLE, PREMIUM_STYLE = 5, 6


def too_long(path: Path, limit: int) -> FieldError:
    return (path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def bad_length(path: Path, low: int, high: int) -> FieldError:
    return (path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def text_of(value: Any) -> str:
    """`value` if it is a string, else "" (a missing or mistyped field)."""
    return value if isinstance(value, str) else ""


def check_length(errors: list[FieldError], path: Path, value: Any, limit: int) -> None:
    if len(text_of(value)) > limit:
        errors.append(too_long(path, limit))


def message_errors(
    body: Json, *, creating: bool, has_files: bool = False, flags_allowed: int = CHANNEL_FLAGS
) -> list[FieldError]:
    """Content, embeds, components and flags of a message create/edit body.

    A create may set only `flags_allowed` (EPHEMERAL only in interaction responses and
    follow-ups). Discord documents which flags may be set, not its answer to others: the
    double refuses them at `flags`, so a bot never believes a public message private. Edits
    ignore flags they may not change, as documented.
    """
    errors: list[FieldError] = []
    content = body.get("content")
    check_length(errors, ("content",), content, CONTENT_MAX)
    embeds = body.get("embeds") or []
    errors.extend(embed_errors(embeds))
    components = body.get("components") or []
    flags = int(body.get("flags") or 0)
    if creating and flags & ~flags_allowed:
        errors.append((("flags",), "MESSAGE_FLAGS_INVALID",
                       f"Only the flags {flags_allowed} can be set here."))
    errors.extend(component_errors(components, v2=bool(flags & COMPONENTS_V2_FLAG)))
    if flags & COMPONENTS_V2_FLAG and (content or embeds):
        errors.append(
            (
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2.",
            )
        )
    empty = not content and not embeds and not components and not has_files
    if creating and empty and not body.get("sticker_ids") and not body.get("poll"):
        errors.append(((), "MESSAGE_EMPTY", "Cannot send an empty message"))
    return errors


def embed_errors(embeds: list[Json]) -> list[FieldError]:
    errors: list[FieldError] = []
    if len(embeds) > EMBEDS_MAX:
        errors.append(too_long(("embeds",), EMBEDS_MAX))
    total = 0
    for index, embed in enumerate(embeds):
        base: Path = ("embeds", index)
        for key, limit in EMBED_TEXT_MAX.items():
            check_length(errors, (*base, key), embed.get(key), limit)
            total += len(text_of(embed.get(key)))
        fields = embed.get("fields") or []
        if len(fields) > FIELDS_MAX:
            errors.append(too_long((*base, "fields"), FIELDS_MAX))
        for number, item in enumerate(fields):
            for key, limit in (("name", FIELD_NAME_MAX), ("value", FIELD_VALUE_MAX)):
                text = text_of(item.get(key))
                if not text:
                    errors.append(
                        (
                            (*base, "fields", number, key),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        )
                    )
                check_length(errors, (*base, "fields", number, key), text, limit)
                total += len(text)
        footer = text_of((embed.get("footer") or {}).get("text"))
        check_length(errors, (*base, "footer", "text"), footer, FOOTER_MAX)
        author = text_of((embed.get("author") or {}).get("name"))
        check_length(errors, (*base, "author", "name"), author, AUTHOR_MAX)
        total += len(footer) + len(author)
    if total > EMBED_TOTAL_MAX:
        errors.append(
            (
                ("embeds",),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}",
            )
        )
    return errors


def walk_components(
    components: list[Json], base: Path = ("components",)
) -> Iterator[tuple[Path, Json]]:
    """Every component at any depth (rows, sections, containers, accessories), with its path."""
    for index, component in enumerate(components):
        path = (*base, index)
        yield path, component
        yield from walk_components(component.get("components") or [], (*path, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield (*path, "accessory"), accessory


def component_errors(components: list[Json], *, v2: bool) -> list[FieldError]:
    errors: list[FieldError] = []
    if v2:
        count = sum(1 for _ in walk_components(components))
        if count > V2_COMPONENTS_MAX:
            errors.append(too_long(("components",), V2_COMPONENTS_MAX))
        text = sum(
            len(text_of(c.get("content")))
            for _, c in walk_components(components)
            if c.get("type") == TEXT_DISPLAY
        )
        if text > V2_TEXT_MAX:
            errors.append(
                (
                    ("components",),
                    "COMPONENT_TEXT_TOO_LONG",
                    f"Total text length must be {V2_TEXT_MAX} or fewer.",
                )
            )
    else:
        if len(components) > ROWS_MAX:
            errors.append(too_long(("components",), ROWS_MAX))
        for index, row in enumerate(components):
            errors.extend(_row_errors(("components", index), row))
    seen: set[str] = set()
    for path, component in walk_components(components):
        errors.extend(_item_errors(path, component))
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                errors.append(
                    (
                        (*path, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen.add(custom_id)
    return errors


def _row_errors(path: Path, row: Json) -> list[FieldError]:
    if row.get("type") != ACTION_ROW:
        return [((*path, "type"), "UNION_TYPE_CHOICES", "Top-level components must be action rows")]
    children = row.get("components") or []
    kinds = {child.get("type") for child in children}
    if not children:
        return [bad_length((*path, "components"), 1, BUTTONS_PER_ROW)]
    if kinds == {BUTTON}:
        if len(children) > BUTTONS_PER_ROW:
            return [bad_length((*path, "components"), 1, BUTTONS_PER_ROW)]
        return []
    if len(children) == 1 and kinds <= {STRING_SELECT, TEXT_INPUT} | AUTO_SELECTS:
        return []
    return [
        (
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    ]


def _item_errors(path: Path, item: Json) -> list[FieldError]:
    errors: list[FieldError] = []
    kind = item.get("type")
    if kind == BUTTON:
        check_length(errors, (*path, "label"), item.get("label"), BUTTON_LABEL_MAX)
        style = item.get("style")
        if style == LINK_STYLE:
            if not item.get("url"):
                errors.append(((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
        elif style != PREMIUM_STYLE:
            errors.extend(_custom_id_errors(path, item))
    elif kind == STRING_SELECT or kind in AUTO_SELECTS:
        errors.extend(_custom_id_errors(path, item))
        check_length(errors, (*path, "placeholder"), item.get("placeholder"), PLACEHOLDER_MAX)
        options = item.get("options") or []
        if kind == STRING_SELECT and not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            errors.append(bad_length((*path, "options"), 1, SELECT_OPTIONS_MAX))
        for number, option in enumerate(options):
            for key in ("label", "value"):
                text = text_of(option.get(key))
                if not 1 <= len(text) <= OPTION_TEXT_MAX:
                    errors.append(bad_length((*path, "options", number, key), 1, OPTION_TEXT_MAX))
            check_length(
                errors,
                (*path, "options", number, "description"),
                option.get("description"),
                OPTION_TEXT_MAX,
            )
        values = [option.get("value") for option in options]
        if len(set(values)) != len(values):
            errors.append(
                (
                    (*path, "options"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values cannot be duplicated",
                )
            )
        low, high = int(item.get("min_values", 1)), int(item.get("max_values", 1))
        if not 0 <= low <= SELECT_OPTIONS_MAX:
            errors.append(((*path, "min_values"), "NUMBER_TYPE_MAX", "Must be 25 or less."))
        if not 1 <= high <= SELECT_OPTIONS_MAX or (kind == STRING_SELECT and high > len(options)):
            errors.append(
                (
                    (*path, "max_values"),
                    "NUMBER_TYPE_MAX",
                    "Must be between 1 and the number of options.",
                )
            )
    elif kind == TEXT_INPUT:
        errors.extend(_custom_id_errors(path, item))
        check_length(errors, (*path, "label"), item.get("label"), 45)
    return errors


def _custom_id_errors(path: Path, item: Json) -> list[FieldError]:
    custom_id = item.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        return [bad_length((*path, "custom_id"), 1, CUSTOM_ID_MAX)]
    return []


def modal_errors(data: Json) -> list[FieldError]:
    errors: list[FieldError] = []
    title = text_of(data.get("title"))
    if not 1 <= len(title) <= MODAL_TITLE_MAX:
        errors.append(bad_length(("data", "title"), 1, MODAL_TITLE_MAX))
    if not 1 <= len(text_of(data.get("custom_id"))) <= CUSTOM_ID_MAX:
        errors.append(bad_length(("data", "custom_id"), 1, CUSTOM_ID_MAX))
    components = data.get("components") or []
    if not 1 <= len(components) <= ROWS_MAX:
        errors.append(bad_length(("data", "components"), 1, ROWS_MAX))
    return errors
