"""Application commands as Discord accepts them at sync, and autocomplete answers
(discord-api-docs `interactions/application-commands.mdx`: "Application Command Naming", the
command, option and choice structures, "Localization"); each check returns the field errors
of a 50035 reply.

The size limit follows the docs as they stand: 8,000 characters since February 2024
(discord-api-docs #6668; 4,000 before). The name pattern allows the apostrophe added in
January 2025 (#7303).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from .errors import FieldError
from .limits import Path, bad_length, text_of, too_long

Json = dict[str, Any]
Check = Callable[[Path, Any], list[FieldError]]

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
NAME_MAX = 32
DESCRIPTION_MAX = 100
CHOICE_MAX = 100
"""A choice's name (and a string choice's value) is 1-100 characters."""
CHOICES_MAX = 25
OPTIONS_MAX = 25
COMMAND_SIZE_MAX = 8000
NAME_PUNCTUATION = frozenset("-_'")
SCRIPT_BLOCKS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))
"""Devanagari (with its extensions) and Thai: ``\\p{sc=Deva}``, ``\\p{sc=Thai}``."""
OTHER_SCRIPT = frozenset("\u0951\u0952\u0964\u0965\u0e3f")
"""Characters of those blocks whose script is Common or Inherited (dandas, Vedic accents, ฿)."""

LOCALES = frozenset((
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
))
"""The locales Discord accepts in ``*_localizations`` (`reference.mdx`, "Locales")."""


def _name_char(char: str) -> bool:
    if char in NAME_PUNCTUATION or unicodedata.category(char)[0] in "LN":
        return True
    point = ord(char)
    return (char not in OTHER_SCRIPT and unicodedata.category(char) != "Cn"
            and any(low <= point <= high for low, high in SCRIPT_BLOCKS))


def valid_name(name: Any, *, chat_input: bool = True) -> bool:
    """``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase wherever a letter has
    a lowercase form; USER and MESSAGE commands take any 1-32 characters."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return False
    return not chat_input or (all(map(_name_char, name)) and name == name.lower())


def _name_errors(path: Path, name: Any, *, chat_input: bool = True) -> list[FieldError]:
    if valid_name(name, chat_input=chat_input):
        return []
    return [(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")]


def _length_errors(high: int) -> Check:
    def check(path: Path, text: Any) -> list[FieldError]:
        return [] if 1 <= len(text_of(text)) <= high else [bad_length(path, 1, high)]

    return check


def _with_localizations(item: Json, key: str, base: Path, check: Check) -> list[FieldError]:
    """`check` on ``item[key]`` and on each text of ``<key>_localizations`` (known locales)."""
    errors = check((*base, key), item.get(key))
    found = item.get(f"{key}_localizations")
    if found is None:
        return errors
    path = (*base, f"{key}_localizations")
    if not isinstance(found, dict):
        return [*errors, (path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    for locale, text in found.items():
        if locale not in LOCALES:
            errors.append(((*path, locale), "LOCALE_INVALID", "Invalid locale"))
        else:
            errors.extend(check((*path, locale), text))
    return errors


def choice_errors(choices: list[Json], base: Path) -> list[FieldError]:
    """Choices of a command option or of an autocomplete answer: at most 25, names (and
    their localizations) and string values 1-100."""
    errors: list[FieldError] = []
    if len(choices) > CHOICES_MAX:
        errors.append(too_long(base, CHOICES_MAX))
    for index, choice in enumerate(choices):
        errors.extend(_with_localizations(choice, "name", (*base, index),
                                          _length_errors(CHOICE_MAX)))
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= CHOICE_MAX:
            errors.append(bad_length((*base, index, "value"), 1, CHOICE_MAX))
    return errors


def _option_errors(options: list[Json], base: Path) -> list[FieldError]:
    """Options (or subcommands) of one level, recursively: at most 25, valid names,
    descriptions 1-100, choices, required ones first."""
    errors: list[FieldError] = []
    if len(options) > OPTIONS_MAX:
        errors.append(too_long((*base, "options"), OPTIONS_MAX))
    seen_optional = False
    for index, option in enumerate(options):
        path = (*base, "options", index)
        errors.extend(_with_localizations(option, "name", path, _name_errors))
        errors.extend(_with_localizations(option, "description", path,
                                          _length_errors(DESCRIPTION_MAX)))
        errors.extend(choice_errors(option.get("choices") or [], (*path, "choices")))
        errors.extend(_option_errors(option.get("options") or [], path))
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            continue
        if option.get("required") and seen_optional:
            errors.append((path, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                           "Required options must be placed before non-required options"))
        seen_optional = seen_optional or not option.get("required")
    return errors


def _longest(item: Json, key: str) -> int:
    localized = item.get(f"{key}_localizations")
    texts = list(localized.values()) if isinstance(localized, dict) else []
    return max(len(text_of(text)) for text in [item.get(key), *texts])


def command_size(item: Json) -> int:
    """The combined length of the names, descriptions and choice names and values of a
    command, its options and subcommands; of each field, the longest of the default and its
    localizations counts."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(command_size(option) for option in item.get("options") or [])


def command_errors(command: Json, base: Path) -> list[FieldError]:
    """One application command definition (`base`: its place in the request body)."""
    if int(command.get("type", CHAT_INPUT)) != CHAT_INPUT:
        return _name_errors((*base, "name"), command.get("name"), chat_input=False)
    errors = _with_localizations(command, "name", base, _name_errors)
    errors.extend(_with_localizations(command, "description", base,
                                      _length_errors(DESCRIPTION_MAX)))
    errors.extend(_option_errors(command.get("options") or [], base))
    if command_size(command) > COMMAND_SIZE_MAX:
        errors.append((base, "APPLICATION_COMMAND_TOO_LARGE",
                       f"Command exceeds maximum size ({COMMAND_SIZE_MAX})"))
    return errors


def autocomplete_errors(data: Json) -> list[FieldError]:
    return choice_errors(data.get("choices") or [], ("data", "choices"))
