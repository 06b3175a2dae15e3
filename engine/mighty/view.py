"""What one seat of a Mighty match may see (RULES "Who may see what", M6, M8, M15).

Public: seats, dealer, the auction, contract and trump, the friend call, the friend
once revealed, every trick of the hand so far (with the suit it asked for, which a led
joker names, and whether the joker was demanded: M12, M13), captured point cards, a
deal-miss hand, the scores. Private: your own hand; the kitty and the discards (the declarer, once
the kitty is taken); that you hold the called card (its holder); a secret solo (the
declarer, until the hand ends).
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.cards import NAMES, Card, Suit, sort_hand, trump_label
from engine.game import Action, Viewed
from engine.mighty.actions import FriendTarget, MightyBid
from engine.mighty.config import MightyConfig
from engine.mighty.hand import HandRecord, contract_json, friend_call_json
from engine.mighty.notation import encode_action
from engine.mighty.rules import (
    PLAYERS,
    POINTS_OF,
    SOLO_SECRET,
    Trump,
    dealmiss_halves,
    format_halves,
)
from engine.mighty.trick import PlayedTrick


class Seen(Viewed[MightyConfig, HandRecord], Protocol):
    """What a view reads of the match (:class:`engine.mighty.game.MightyGame`, which
    imports this module) besides what every view reads: its public attributes, then its
    properties and methods."""

    match_length: int
    records: list[HandRecord]
    last_redeal: HandRecord | None
    dealer: int
    first_speaker: int
    kitty: tuple[Card, ...]
    discards: tuple[Card, ...]
    passed: list[bool]
    calls: list[tuple[int, Action]]
    bid: tuple[int, Trump] | None
    bidder: int | None
    declarer: int | None
    contract: tuple[int, Trump] | None
    contract_changed: bool
    friend_call: FriendTarget | None
    friend_seat: int | None
    solo: str | None
    trump: Trump
    mighty: Card
    caller: Card
    lead_asked: bool
    lead_suit: Suit | None
    tricks: list[PlayedTrick]
    captured: list[list[Card]]
    last_trick: tuple[int, PlayedTrick] | None

    @property
    def hands(self) -> list[list[Card]]: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def trick_no(self) -> int: ...

    @property
    def leader(self) -> int: ...

    @property
    def trick(self) -> list[Card]: ...

    @property
    def led(self) -> Suit | None: ...

    @property
    def demanded(self) -> bool: ...

    @property
    def secret_turn(self) -> bool: ...

    def listed_actions(self, seat: int) -> list[Action]: ...


def _names(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [NAMES[c.index] for c in cards]


def _trick(leader: int, cards: tuple[Card, ...] | list[Card]) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % PLAYERS, "card": NAMES[c.index]} for i, c in enumerate(cards)]


def _calls(game: Seen) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat, action in game.calls:
        if isinstance(action, MightyBid):
            out.append({"seat": seat, "bid": contract_json((action.points, action.trump))})
        else:
            out.append({"seat": seat, "pass": True})
    return out


def _play_state(game: Seen) -> dict[str, Any]:
    playing = game.phase == "playing"
    last = game.last_trick
    return {
        "trick_number": game.trick_no if playing else None,
        "leader": game.leader if playing else None,
        "trick": _trick(game.leader, game.trick),
        "led": None if game.led is None else game.led.label,
        "joker_demanded": bool(game.trick) and game.demanded,
        "tricks": [{"number": i + 1, **_played(t)} for i, t in enumerate(game.tricks)],
        "last_trick": None if last is None else {"hand_number": last[0], **_played(last[1])},
    }


def _played(t: PlayedTrick) -> dict[str, Any]:
    """A completed trick, with the suit to follow and the joker demand (M12, M13)."""
    return {
        "leader": t.leader,
        "cards": _trick(t.leader, t.cards),
        "winner": t.winner,
        "led": None if t.led is None else t.led.label,
        "joker_demanded": t.demanded,
    }


def build_view(game: Seen, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: the public view)."""
    record = game.current
    declarer = game.declarer
    in_auction = game.phase == "auction"
    decided = game.contract is not None
    friend = record.friend
    side = {s for s in (declarer, friend) if s is not None}
    last = next((r for r in reversed(game.records) if r.settlement is not None), None)
    redeal = game.last_redeal
    res = game.results()
    out: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        "players": PLAYERS,
        "config": game.config.model_dump(),
        "phase": game.phase,
        "to_act": None if game.secret_turn else game.to_act,
        "awaiting": "lead_suit" if game.secret_turn else None,
        "lead_asked": game.lead_asked,
        "lead_suit": None if game.lead_suit is None else game.lead_suit.label,
        "hand_number": game.hand_number,
        "hand_count": game.match_length,
        "deal_number": len(game.records),
        "dealer": game.dealer,
        "first_speaker": game.first_speaker,
        "calls": _calls(game),
        "standing_bid": contract_json(game.bid) if in_auction else None,
        "standing_bidder": game.bidder if in_auction else None,
        "passed": [s for s in range(PLAYERS) if game.passed[s]] if in_auction else [],
        "declarer": declarer,
        "bid": contract_json(record.bid),
        "contract": contract_json(game.contract),
        "contract_changed": game.contract_changed,
        "trump": trump_label(game.trump) if decided else None,
        "mighty": NAMES[game.mighty.index] if decided else None,
        "joker_caller": NAMES[game.caller.index] if decided else None,
        "friend_call": friend_call_json(game.friend_call),
        "friend": friend,
        "solo": record.solo,
        **_play_state(game),
        "captured": [_names(c) for c in game.captured],
        "points": {
            "declarer_side": sum(len(game.captured[s]) for s in side),
            "defenders": sum(len(game.captured[s]) for s in range(PLAYERS) if s not in side),
        },
        "hand_sizes": [len(h) for h in game.hands],
        "hand": None,
        "you_are_friend": False,
        "last_hand": None if last is None else last.summary(),
        "redeal": None if redeal is None else redeal.summary(),
        "scores": res.hand_scores,
        "totals": res.totals,
        "winners": res.winners,
        "over": res.over,
        "legal": [],
    }
    if redeal is not None and redeal.shown is not None:
        out["redeal"]["value"] = format_halves(dealmiss_halves(redeal.shown))
    if seat is None:
        return out
    out["hand"] = _names(sort_hand(game.hands[seat], game.trump if decided else None))
    out["you_are_friend"] = (
        game.phase == "playing" and game.friend_seat == seat and seat != declarer
    )
    out["legal"] = [encode_action(a) for a in game.listed_actions(seat)]
    if game.secret_turn and seat == game.to_act:
        out["to_act"] = seat
    if seat == declarer and not in_auction:
        out["kitty"] = _names(game.kitty)
        out["discards"] = _names(game.discards)
        out["buried_points"] = sum(POINTS_OF[c.index] for c in game.discards)
        if game.solo == SOLO_SECRET:
            out["solo"] = SOLO_SECRET
    return out
