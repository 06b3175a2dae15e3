"""How a replayed Mighty hand reads (docs/playing.md "/replay"): its head (the declarer,
the contract and the auction's winning bid, the friend call and how the hand was played,
the points taken: M4–M8, M16) and the trick that revealed the friend (M8), from the hand's
public summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mighty.words import call_text
from bot.games.words import trump_label_text
from bot.i18n import _


def replay_head(summary: Mapping[str, Any], names: Sequence[str]) -> str:
    """The head of a replayed hand, in the language being spoken (``names`` by seat)."""
    declarer = summary.get("declarer")
    if not isinstance(declarer, int):
        return _("No contract was played in this hand.")
    points, trump = summary.get("contract") or ["—", "—"]
    bid = summary.get("initial_contract") or ["—", "—"]
    solo = summary.get("solo")
    friend = summary.get("friend")
    words: dict[str, object] = {
        "declarer": names[declarer], "points": points, "trump": trump_label_text(trump),
        "bid_points": bid[0], "bid_trump": trump_label_text(bid[1]),
        "call": call_text(summary.get("friend_call"))}
    if solo == "secret":
        head = _("Declarer {declarer}: contract {points} {trump} (won the auction at "
                 "{bid_points} {bid_trump}), friend call {call}, played alone (a solo) (a "
                 "secret solo, revealed at the hand's end).", **words)
    elif solo == "open":
        head = _("Declarer {declarer}: contract {points} {trump} (won the auction at "
                 "{bid_points} {bid_trump}), friend call {call}, played alone (a solo).", **words)
    elif isinstance(friend, int):
        head = _("Declarer {declarer}: contract {points} {trump} (won the auction at "
                 "{bid_points} {bid_trump}), friend call {call}, played with the friend "
                 "{friend}.", friend=names[friend], **words)
    else:
        head = _("Declarer {declarer}: contract {points} {trump} (won the auction at "
                 "{bid_points} {bid_trump}), friend call {call}, played with no friend.", **words)
    taken = _("Points taken: {points} (made).", points=summary.get("points")) \
        if summary.get("success") else \
        _("Points taken: {points} (failed).", points=summary.get("points"))
    return f"{head}\n{taken}"


def trick_note(summary: Mapping[str, Any], trick: Mapping[str, Any],
               names: Sequence[str]) -> str | None:
    """The line under the trick in which the called card revealed the friend (M8)."""
    called = summary.get("friend_call")
    friend = summary.get("friend")
    if isinstance(friend, int) and any(
            c["card"] == called and c["seat"] == friend for c in trick["cards"]):
        return _("The friend is revealed: {friend} played {card}.", friend=names[friend],
                 card=called)
    return None
