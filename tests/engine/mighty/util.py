"""Helpers for the Mighty tests: hand-made deals and scripted hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cards import CARDS, Card, Suit, parse_card, parse_cards
from engine.game import Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid, MightyGame
from engine.mighty.deals import Deal
from engine.mighty.rules import parse_trump


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def build_deal(
    fixed: Mapping[int, str],
    kitty: str = "",
    avoid: Mapping[int, str] = {},
) -> Deal:
    """A deal giving each seat its ``fixed`` cards and the kitty its cards; the other
    cards fill the hands in index order, never a suit of ``avoid[seat]``."""
    hands = {s: cards(fixed.get(s, "")) for s in range(5)}
    pot = cards(kitty)
    used = {c for h in hands.values() for c in h} | set(pot)
    assert len(used) == sum(len(h) for h in hands.values()) + len(pot), "a card is fixed twice"
    banned = {s: {Suit.from_label(x) for x in avoid.get(s, "").split()} for s in range(5)}
    order = sorted(range(5), key=lambda s: -len(banned[s]))
    for c in CARDS:
        if c in used:
            continue
        seat = next((s for s in order if len(hands[s]) < 10 and c.suit not in banned[s]), None)
        if seat is None:
            assert len(pot) < 3, f"no room for {c}"
            pot.append(c)
        else:
            hands[seat].append(c)
    return Deal(tuple(tuple(hands[s]) for s in range(5)), tuple(pot))


def declare(
    deal: Deal,
    declarer: int = 0,
    bid: tuple[int, str] = (15, "diamonds"),
    friend: str = "none",
    discard: str | None = None,
    hands: int = 1,
    extra_deals: Sequence[Deal] = (),
) -> MightyGame:
    """A match whose first hand is declared by ``declarer`` (the first dealer, who speaks
    first) with ``bid``; the others pass; the declarer discards ``discard`` (default:
    the kitty, so the hand stays as dealt) and calls ``friend``."""
    game = MightyGame({"hands": hands}, deals=[deal, *extra_deals], first_dealer=declarer)
    game.apply(declarer, MightyBid.of(bid[0], parse_trump(bid[1])))
    for k in range(1, 5):
        game.apply((declarer + k) % 5, PASS)
    thrown = deal.kitty if discard is None else tuple(cards(discard))
    game.apply(declarer, Discard(tuple(thrown)))
    if friend == "first":
        call = FriendCall.of("first")
    elif friend == "none":
        call = FriendCall.of("none")
    else:
        call = FriendCall.of(parse_card(friend))
    game.apply(declarer, call)
    return game


def finish_trick(game: MightyGame) -> None:
    """Complete the current trick, each seat playing its first legal card."""
    while game.trick:
        seat = game.to_act
        assert seat is not None
        first = game.legal_actions(seat)[0]
        assert isinstance(first, Play)
        game.apply(seat, first)
