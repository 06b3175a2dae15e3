"""Mighty's replay notation: actions, deals and the match config (the JSON edge).

Actions: ``{"bid": [15, "diamonds"]}``, ``{"pass": true}``, ``{"dealmiss": true}``,
``{"discard": ["10♣", "4♥", "2♦"]}``, ``{"contract": [16, "notrump"]}``,
``{"friend": "A♠" | "first" | "none"}``, ``{"play": "JK", "suit": "hearts"}``,
``{"play": "3♣", "call_joker": true}``, ``{"ask_lead": true}``, ``{"lead_suit": "hearts"}``
(M9; a ``seat`` key is ignored here). Deals:
``{"hands": [[...] x5], "kitty": [.., .., ..]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import NAMES, Card, CardParseError, Suit, parse_card, trump_label
from engine.game import Action, IllegalAction, Play
from engine.mighty.actions import (
    ASK_LEAD,
    DEAL_MISS,
    FIRST,
    NONE,
    PASS,
    AskLead,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
    Pass,
)
from engine.mighty.deals import Deal, deal_error
from engine.mighty.rules import PLAYERS, Trump, parse_trump

_KEYS = (
    'an action is {"bid": [n, trump]}, {"pass": true}, {"dealmiss": true}, '
    '{"discard": [c, c, c]}, {"contract": [n, trump]}, {"friend": card|"first"|"none"} '
    '{"play": card} (with "suit" for a led joker, "call_joker": true for the joker-caller), '
    '{"ask_lead": true} or {"lead_suit": suit}'
)


def _card(text: Any) -> Card:
    try:
        return parse_card(text)
    except CardParseError as exc:
        raise IllegalAction("bad_input", exc.template, **exc.params) from None


def _contract(raw: Any, what: str) -> tuple[int, Trump]:
    if not isinstance(raw, list) or len(raw) != 2 or type(raw[0]) is not int:
        raise IllegalAction("bad_input", f"a {what} is [number, trump], e.g. [15, \"diamonds\"]")
    try:
        return raw[0], parse_trump(raw[1])
    except CardParseError as exc:
        raise IllegalAction("bad_input", exc.template, **exc.params) from None


def _suit(text: Any) -> Suit:
    if not isinstance(text, str):
        raise IllegalAction("bad_input", "name a suit: spades, hearts, diamonds or clubs")
    try:
        return Suit.from_label(text)
    except CardParseError as exc:
        raise IllegalAction("bad_input", exc.template, **exc.params) from None


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if type(value) is not bool:
        raise IllegalAction("bad_input", f"'{key}' is true or false, not {value!r}")
    return value


def parse_action(data: Mapping[str, Any]) -> Action:
    """Read one action of the replay notation; ``bad_input`` when it names none."""
    if not isinstance(data, Mapping):
        raise IllegalAction("bad_input", _KEYS)
    keys = set(data) - {"seat"}
    if "play" in keys and keys <= {"play", "suit", "call_joker"}:
        card = _card(data["play"])
        suit: Suit | None = None
        if data.get("suit") is not None:
            suit = _suit(data["suit"])
        call = _flag(data, "call_joker")
        if suit is None and not call:
            return Play.of(card)
        return Play(card, suit, call)
    if keys == {"bid"}:
        return MightyBid.of(*_contract(data["bid"], "bid"))
    if keys == {"pass"} and data["pass"] is True:
        return PASS
    if keys == {"dealmiss"} and data["dealmiss"] is True:
        return DEAL_MISS
    if keys == {"discard"}:
        raw = data["discard"]
        if not isinstance(raw, list):
            raise IllegalAction("bad_input", "a discard lists three cards")
        return Discard(tuple(_card(c) for c in raw))
    if keys == {"contract"}:
        return Contract.of(*_contract(data["contract"], "contract"))
    if keys == {"friend"}:
        target = data["friend"]
        if isinstance(target, str) and target.strip().lower() in (FIRST, NONE):
            return FriendCall.of(FIRST if target.strip().lower() == FIRST else NONE)
        return FriendCall.of(_card(target))
    if keys == {"ask_lead"} and data["ask_lead"] is True:
        return ASK_LEAD
    if keys == {"lead_suit"}:
        return NameLead.of(_suit(data["lead_suit"]))
    raise IllegalAction("bad_input", _KEYS)


def encode_action(action: Action) -> dict[str, Any]:
    """The replay notation of ``action`` (inverse of :func:`parse_action`)."""
    if isinstance(action, Play):
        out: dict[str, Any] = {"play": NAMES[action.card.index]}
        if action.suit is not None:
            out["suit"] = action.suit.label
        if action.call_joker:
            out["call_joker"] = True
        return out
    if isinstance(action, MightyBid):
        return {"bid": [action.points, trump_label(action.trump)]}
    if isinstance(action, Pass):
        return {"pass": True}
    if isinstance(action, DealMiss):
        return {"dealmiss": True}
    if isinstance(action, Discard):
        return {"discard": [NAMES[c.index] for c in action.cards]}
    if isinstance(action, Contract):
        return {"contract": [action.points, trump_label(action.trump)]}
    if isinstance(action, FriendCall):
        target = action.target
        return {"friend": target if isinstance(target, str) else NAMES[target.index]}
    if isinstance(action, AskLead):
        return {"ask_lead": True}
    if isinstance(action, NameLead):
        return {"lead_suit": action.suit.label}
    raise IllegalAction("bad_input", f"{action!r} is not a Mighty action")


def encode_deal(deal: Deal) -> dict[str, Any]:
    """``{"hands": [[...] x5], "kitty": [...]}``."""
    return {
        "hands": [[NAMES[c.index] for c in h] for h in deal.hands],
        "kitty": [NAMES[c.index] for c in deal.kitty],
    }


def read_deal(raw: Any, number: int) -> Deal:
    """One entry of a replay file's ``deals``; ``bad_input`` unless it deals the 53
    cards as five hands of ten and a kitty of three (M2)."""
    where = f"deal {number}"
    if not isinstance(raw, Mapping) or set(raw) != {"hands", "kitty"}:
        expected = f'{{"hands": [[...] x{PLAYERS}], "kitty": [...]}}'
        raise IllegalAction("bad_input", f"{where}: expected {expected}")
    hands_raw, kitty_raw = raw["hands"], raw["kitty"]
    if not isinstance(hands_raw, list) or not all(isinstance(h, list) for h in hands_raw):
        raise IllegalAction("bad_input", f"{where}: 'hands' must list {PLAYERS} hands of cards")
    if not isinstance(kitty_raw, list):
        raise IllegalAction("bad_input", f"{where}: 'kitty' must list 3 cards")
    try:
        hands = tuple(tuple(parse_card(c) for c in h) for h in hands_raw)
        kitty = tuple(parse_card(c) for c in kitty_raw)
    except CardParseError as exc:
        raise IllegalAction("bad_input", f"{where}: {exc}") from None
    reason = deal_error(hands, kitty)
    if reason is not None:
        raise IllegalAction("bad_input", f"{where}: {reason}")
    return Deal(hands, kitty)
