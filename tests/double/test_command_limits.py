"""Command sync follows Discord's naming, length, count and size rules."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from testkit.double import Double
from testkit.double.command_limits import (
    COMMAND_SIZE_MAX,
    command_errors,
    command_size,
    valid_name,
)
from tests.double.scene import codes

pytest_plugins = ["testkit.double.fixtures"]


def command(**fields: Any) -> dict[str, Any]:
    return {"name": "deal", "description": "Deal the cards", **fields}


def option(name: str = "seats", **fields: Any) -> dict[str, Any]:
    return {"type": 4, "name": name, "description": "How many", **fields}


def error_codes(item: dict[str, Any]) -> list[str]:
    return [code for _, code, _ in command_errors(item, ())]


@pytest.mark.parametrize(
    "name", ["deal", "add-bot", "top_10", "don't", "खेल", "नया-खेल", "ไพ่", "카드", "ставка"]
)
def test_valid_names(name: str) -> None:
    assert valid_name(name)


@pytest.mark.parametrize(
    "name", ["", "Deal", "add bot", "x" * 33, "deal!", "🂡", "खेल।", "Ставка"]
)
def test_invalid_names(name: str) -> None:
    assert not valid_name(name)


def test_user_and_message_commands_take_any_name() -> None:
    assert error_codes({"type": 2, "name": "Show Hand"}) == []
    assert error_codes({"type": 3, "name": "x" * 33}) == ["APPLICATION_COMMAND_INVALID_NAME"]


@pytest.mark.parametrize(
    ("item", "code"),
    [
        (command(name="Deal"), "APPLICATION_COMMAND_INVALID_NAME"),
        (command(name_localizations={"ko": "카드 돌리기"}), "APPLICATION_COMMAND_INVALID_NAME"),
        (command(name_localizations={"xx": "deal"}), "LOCALE_INVALID"),
        (command(description=""), "BASE_TYPE_BAD_LENGTH"),
        (command(description_localizations={"hi": "d" * 101}), "BASE_TYPE_BAD_LENGTH"),
        (command(options=[option(description="")]), "BASE_TYPE_BAD_LENGTH"),
        (command(options=[option(name="Seats")]), "APPLICATION_COMMAND_INVALID_NAME"),
        (command(options=[option(name_localizations={"pt-BR": "Lugares"})]),
         "APPLICATION_COMMAND_INVALID_NAME"),
        (command(options=[option(f"o{n}") for n in range(26)]), "BASE_TYPE_MAX_LENGTH"),
        (command(options=[option(choices=[{"name": str(n), "value": n} for n in range(26)])]),
         "BASE_TYPE_MAX_LENGTH"),
        (command(options=[option(type=3, choices=[{"name": "a", "value": "v" * 101}])]),
         "BASE_TYPE_BAD_LENGTH"),
        (command(options=[option(choices=[{"name": "n", "value": 1,
                                           "name_localizations": {"ko": ""}}])]),
         "BASE_TYPE_BAD_LENGTH"),
        (command(options=[option("a"), option("b", required=True)]),
         "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
        (command(options=[{"type": 1, "name": "sub", "description": "s",
                           "options": [option(description="d" * 101)]}]),
         "BASE_TYPE_BAD_LENGTH"),
    ],
)
def test_refused_definitions(item: dict[str, Any], code: str) -> None:
    assert code in error_codes(item)


def test_size_counts_the_longest_localization_of_each_field() -> None:
    item = command(
        name_localizations={"ko": "카드"},
        description_localizations={"pt-BR": "Distribuir as cartas"},
        options=[option(choices=[{"name": "two", "value": 2, "name_localizations": {"hi": "दो"}}])],
    )
    assert command_size(item) == 4 + 20 + (5 + 8 + 3 + 1)


def test_size_limit() -> None:
    choices = [{"name": "c" * 100, "value": "v" * 100} for _ in range(25)]
    options = [option(f"o{n}", type=3, description="d" * 98, choices=choices) for n in range(2)]
    assert command_size(command(options=options[:1])) == 18 + 5100 <= COMMAND_SIZE_MAX
    assert error_codes(command(options=options[:1])) == []
    assert command_size(command(options=options)) == 18 + 2 * 5100 > COMMAND_SIZE_MAX
    assert error_codes(command(options=options)) == ["APPLICATION_COMMAND_TOO_LARGE"]


def test_a_valid_command_passes() -> None:
    item = command(
        name_localizations={"hi": "बाँटो", "pt-BR": "distribuir", "ko": "돌리기"},
        description_localizations={"hi": "पत्ते बाँटो"},
        options=[option(required=True, choices=[{"name": "two", "value": 2}]),
                 option("level", type=3, autocomplete=True)],
    )
    assert error_codes(item) == []


async def test_sync_refuses_with_the_error_tree(double: Double) -> None:
    url = f"{double.api_url}/applications/{double.application_id}/commands"
    headers = {"Authorization": f"Bot {double.token}"}
    body = [command(), command(name="Bad")]
    async with (aiohttp.ClientSession() as session,
                session.put(url, json=body, headers=headers) as refused):
        data = await refused.json()
    assert refused.status == 400 and data["code"] == 50035
    assert data["errors"]["1"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert codes(double) == [50035]
