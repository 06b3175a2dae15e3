"""The Mighty panel offers exactly the legal actions, within Discord's component limits
(M4–M8, M12, M13), and its payloads decode back to those actions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.adapter import Draft
from bot.games.mighty.panel import build_panel, contract_options, decode_button, decode_select
from bot.render.views import panel_view
from engine.cards import JOKER, Suit, parse_card
from engine.game import IllegalAction, Play
from engine.mighty import DEAL_MISS, PASS, Contract, Discard, FriendCall, MightyBid, MightyGame
from engine.mighty.actions import CONTRACTS, JOKER_DEMANDS, JOKER_LEADS
from engine.mighty.rules import contract_change_error
from tests.engine.mighty.util import build_deal

LABELS = [f"seat {i}" for i in range(5)]


def _rows(game: MightyGame, seat: int, draft: str = "") -> list[dict[str, Any]]:
    rows = panel_view(1, seat, 0, build_panel(game, seat, LABELS, draft)).to_components()
    assert len(rows) <= 5
    for row in rows:
        comps = row["components"]
        assert len(comps) <= 5 and (len(comps) == 1 or all(c["type"] == 2 for c in comps))
        for comp in comps:
            assert len(comp.get("options") or []) <= 25
    return rows


def _payloads(rows: list[dict[str, Any]], *, enabled: bool = True) -> dict[str, Any]:
    return {c["custom_id"].split(":", 3)[3]: c for row in rows for c in row["components"]
            if c["custom_id"].startswith("a:") and not (enabled and c.get("disabled"))}


def test_auction_menus_build_a_bid_and_deal_miss_only_when_it_qualifies() -> None:
    weak = build_deal({0: "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 2♥ 3♥"})
    game = MightyGame({"hands": 1}, deals=[weak], first_dealer=0)
    rows = _payloads(_rows(game, 0))
    assert {"Px", "T13", "pass", "dm"} <= set(rows)
    assert "b13x" not in rows  # no trump picked yet: Bid disabled
    draft = decode_select("Px", ["15"])
    assert draft == Draft("15x")
    draft = decode_select("T15", ["d"])
    assert draft == Draft("15d")
    rows = _payloads(_rows(game, 0, draft.text))
    assert decode_button("b15d") == MightyBid.of(15, Suit.DIAMONDS) and "b15d" in rows
    assert decode_button("pass") is PASS and decode_button("dm") is DEAL_MISS
    game.apply(0, MightyBid.of(15, Suit.DIAMONDS))
    rows = _payloads(_rows(game, 1))
    points = [o["value"] for o in rows["Px"]["options"]]
    assert points == [str(n) for n in range(15, 21)]
    trumps = [o["value"] for o in rows["T15"]["options"]]
    assert trumps == ["n"]  # at 15 only no-trump beats 15 ♦
    assert "dm" not in rows  # seat 1's hand is strong
    assert _payloads(_rows(game, 2)) == {}  # not seat 2's turn


def test_declarer_menus_discard_contract_and_friend() -> None:
    deal = build_deal({0: "A♠ 3♣ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥", 1: "JK 4♣"})
    game = MightyGame({"hands": 1}, deals=[deal], first_dealer=0)
    game.apply(0, MightyBid.of(13, Suit.HEARTS))
    for seat in range(1, 5):
        game.apply(seat, PASS)
    rows = _payloads(_rows(game, 0))
    menu = rows["D"]
    assert (menu["min_values"], menu["max_values"], len(menu["options"])) == (3, 3, 13)
    kitty = [str(c.index) for c in game.kitty]
    assert decode_select("D", kitty) == Discard(game.kitty)
    game.apply(0, Discard(game.kitty))
    rows = _payloads(_rows(game, 0))
    values = [o["value"] for o in rows["C"]["options"]]
    assert len(values) == 25
    for value in values:
        action = decode_select("C", [value])
        assert isinstance(action, Contract)
        assert contract_change_error((13, Suit.HEARTS), (action.points, action.trump)) is None
    friends = [o["value"] for o in rows["F"]["options"]]
    mighty, joker, trump_ace = (str(parse_card(c).index) for c in ("A♠", "JK", "A♥"))
    assert friends[:3] == [f"c{mighty}", f"c{joker}", f"c{trump_ace}"]
    assert friends[-2:] == ["first", "none"] and len(friends) == 7
    assert decode_select("F", ["first"]) == FriendCall.of("first")
    assert decode_select("F", [f"c{joker}"]) == FriendCall.of(JOKER)


def test_contract_options_keep_the_lowest_legal_changes() -> None:
    legal = [c for c in CONTRACTS if contract_change_error((13, None), (c.points, c.trump)) is None]
    kept = contract_options(legal)
    assert len(legal) > 25 and len(kept) == 25 and set(kept) <= set(legal)
    assert Contract.of(14, None) in kept and Contract.of(15, Suit.SPADES) in kept


def test_play_buttons_joker_lead_menu_and_demand() -> None:
    deal = build_deal({0: "A♠ 3♣ JK Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"})
    game = MightyGame({"hands": 1}, deals=[deal], first_dealer=0)
    game.apply(0, MightyBid.of(13, Suit.HEARTS))
    for seat in range(1, 5):
        game.apply(seat, PASS)
    game.apply(0, Discard(game.kitty))
    game.apply(0, FriendCall.of("none"))
    rows = _payloads(_rows(game, 0), enabled=False)
    assert "J" not in rows and rows[f"p{JOKER.index}"]["disabled"] is False  # trick 1
    game.apply(0, Play.of(parse_card("A♠")))
    for seat in range(1, 5):
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.to_act == 0 and game.trick_no == 2
    rows = _payloads(_rows(game, 0), enabled=False)
    assert rows[f"p{JOKER.index}"]["disabled"] is True
    suits = [o["value"] for o in rows["J"]["options"]]
    assert suits == ["s", "h", "d", "c"]
    assert decode_select("J", ["h"]) is JOKER_LEADS[Suit.HEARTS]
    caller = parse_card("3♣")
    assert decode_button(f"x{caller.index}") is JOKER_DEMANDS[caller]
    assert f"x{caller.index}" in rows


@pytest.mark.parametrize("payload,values", [
    ("P", ["15"]), ("Pq", ["15"]), ("T15", ["q"]), ("D", ["1", "2"]), ("D", ["1", "2", "99"]),
    ("C", ["21n"]), ("F", ["c77"]), ("J", ["n"]), ("Z", ["1"]),
])
def test_bad_menu_payloads_are_refused(payload: str, values: list[str]) -> None:
    with pytest.raises(IllegalAction) as info:
        decode_select(payload, values)
    assert info.value.code == "bad_input"


@pytest.mark.parametrize("payload", ["b12s", "b15q", "p99", "x0", "q", ""])
def test_bad_button_payloads_are_refused(payload: str) -> None:
    with pytest.raises(IllegalAction):
        decode_button(payload)
