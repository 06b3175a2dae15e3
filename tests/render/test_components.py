"""Every component kind writes the custom_id it reads back, carries all its state in
it within Discord's 100 characters, and refuses anything else."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot.games.adapter import Panel, Select
from bot.render import components as ids
from bot.render.views import lobby_view, panel_view

BIG = 2**63 - 1
"""The largest Discord snowflake, the longest table or member id."""
EXAMPLES: list[ids.Component] = [
    *(ids.LobbyButton(BIG, what) for what in ids.LOBBY),
    ids.HandButton(BIG), ids.AgainButton(12), ids.RefreshButton(BIG, 9),
    ids.HintButton(5, 3), ids.ActionButton(BIG, 999_999_999, "x" * 24),
    ids.ActionSelect(BIG, 999_999_999, "friend", tuple(f"v{i}" for i in range(25))),
    ids.HistoryButton(9999, "kachuful", BIG), ids.HistoryButton(0, None, None),
    ids.NightHistoryButton(9999, "mighty", BIG), ids.NightHistoryButton(0, None, None),
    ids.ReplayButton(BIG, 999, 99),
]


def _data(component: ids.Component) -> dict[str, object]:
    data: dict[str, object] = {"custom_id": component.custom_id}
    if isinstance(component, ids.ActionSelect):
        data["values"] = list(component.values)
    return data


def test_every_kind_has_an_example() -> None:
    assert {type(c) for c in EXAMPLES} == set(ids.kinds())


@pytest.mark.parametrize("component", EXAMPLES, ids=repr)
def test_every_kind_round_trips_within_100_characters(component: ids.Component) -> None:
    assert len(component.custom_id) <= ids.MAX_ID
    assert ids.parse(_data(component)) == component


@pytest.mark.parametrize(("custom_id", "parsed"), [
    ("t:7:join", ids.LobbyButton(7, "join")), ("t:7:hand", ids.HandButton(7)),
    ("g:12:again", ids.AgainButton(12)),
    ("h:3:kachuful:0", ids.HistoryButton(3, "kachuful", None)),
    ("h:0:all:42", ids.HistoryButton(0, None, 42)),
    ("hn:2:all:42", ids.NightHistoryButton(2, None, 42)),
    ("r:7:2:10", ids.ReplayButton(7, 2, 10)),
    ("p:5:3:hint", ids.HintButton(5, 3)),
    ("p:5:3", ids.RefreshButton(5, 3)),
    ("a:5:17:c37", ids.ActionButton(5, 17, "c37")),
])
def test_the_ids_on_sent_messages_read_as_before(custom_id: str, parsed: ids.Component) -> None:
    assert ids.parse({"custom_id": custom_id}) == parsed
    assert parsed.custom_id == custom_id


def test_a_select_reads_its_values() -> None:
    assert ids.parse({"custom_id": "a:5:17:bid", "values": ["b3"]}) == \
        ids.ActionSelect(5, 17, "bid", ("b3",))


@pytest.mark.parametrize("custom_id", [
    "g:12:Again", "g:١٢:again", "g:12:again:x", "h:12345:all:0", "h:1:ALL:0", "h:1:all:",
    "hn:1:all", "hn:12345:all:0", "hn:1:all:0:n",
    "r:7:2", "r:7:1000:1", "r:7:1:100", "p:5:3:hints", "p:5:33:hint", "r:²:1:1",
    "t:1:refresh", "t:1:join:9", "t:12345678901234567890:join", "a:1:0:", "a:1:x:b1",
    "a:1:0:" + "x" * 25, "v1:t:1:hand", "", ":", "other", "t:" + "1" * 98,
])
def test_malformed_ids_are_refused(custom_id: str) -> None:
    assert ids.parse({"custom_id": custom_id}) is None


@pytest.mark.parametrize("values", [[], ["b-3"], [3], ["x" * 25], ["v"] * 26, "b3", None])
def test_a_select_with_values_we_never_offer_is_refused(values: object) -> None:
    data = {"custom_id": "a:5:17:bid", "values": values}
    assert ids.parse(data) == (ids.ActionButton(5, 17, "bid") if values is None else None)


def test_over_long_ids_are_refused() -> None:
    component = ids.LobbyButton(1, "join")
    assert ids.parse({"custom_id": component.custom_id + " " * 100}) is None
    assert ids.parse({"custom_id": "h:1:all:" + "0" * 93}) is None
    assert ids.parse({"custom_id": 7}) is None and ids.parse({}) is None


def test_components_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ids.HandButton(1).table_id = 2  # type: ignore[misc]


def test_rows_are_drawn_from_the_kinds() -> None:
    lobby = lobby_view(7).to_components()
    assert [c["custom_id"] for c in lobby[0]["components"]] == \
        [ids.LobbyButton(7, what).custom_id for what in ids.LOBBY]
    menu = Select("bid", "Your bid", [("3", "b3", False)], 1, 1, True)
    panel = panel_view(7, 2, 4, _panel(menu)).to_components()
    found = [ids.parse({"custom_id": c["custom_id"], "values": ["b3"]} if c["type"] == 3
                       else {"custom_id": c["custom_id"]})
             for r in panel for c in r["components"]]
    assert found == [ids.ActionButton(7, 4, "c1"), ids.ActionSelect(7, 4, "bid", ("b3",)),
                     ids.RefreshButton(7, 2)]
    assert all(c["disabled"] for r in panel_view(7, 2, 4, _panel(menu)).disabled()
               .to_components() for c in r["components"])


def _panel(menu: Select) -> Panel:
    return Panel(discord.Embed(), [("A♠", "c1", True, discord.ButtonStyle.secondary)], [menu])
