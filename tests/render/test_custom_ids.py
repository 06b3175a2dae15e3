"""The new components' custom_ids are parsed strictly and carry all their state."""

from __future__ import annotations

import pytest

from bot.render import custom_ids as ids


@pytest.mark.parametrize(("custom_id", "parsed"), [
    ("g:12:again", ids.AgainButton(12)),
    ("h:3:kachuful:0", ids.HistoryButton(3, "kachuful", None)),
    ("h:0:all:42", ids.HistoryButton(0, None, 42)),
    ("r:7:2:10", ids.ReplayButton(7, 2, 10)),
    ("p:5:3:hint", ids.PanelButton(5, 3, True)),
    ("p:5:3", ids.PanelButton(5, 3, False)),
])
def test_new_ids_round_trip(custom_id: str, parsed: ids.Component) -> None:
    assert ids.parse({"custom_id": custom_id}) == parsed


def test_writers_match_the_parser() -> None:
    assert ids.again_button(12) == "g:12:again"
    assert ids.history_button(3, None, None) == "h:3:all:0"
    assert ids.replay_button(7, 2, 10) == "r:7:2:10"
    assert ids.hint_button(5, 3) == "p:5:3:hint"


@pytest.mark.parametrize("custom_id", [
    "g:12:Again", "g:١٢:again", "g:12:again:x", "h:12345:all:0", "h:1:ALL:0", "h:1:all:",
    "r:7:2", "r:7:1000:1", "r:7:1:100", "p:5:3:hints", "p:5:33:hint", "r:²:1:1",
])
def test_malformed_ids_are_refused(custom_id: str) -> None:
    assert ids.parse({"custom_id": custom_id}) is None
