"""Replays of recorded games (README "Replays"): the pages of the viewer, hand by hand
and trick by trick, and the replay file.

The game is played again from its stored final state, action by action, and read
through the public view (``game.view(None)``) and the engine's hand summaries (public
once a hand is over: a secret solo as revealed at its end). Besides that, a finished
Kachuful game's dealt hands may be shown (every dealt card was played), and a Mighty
hand's kitty and discards only to the viewer who was that hand's declarer
(:func:`bot.history_render.replay_page` decides); never a card that was not dealt.

The attached file, public, reproduces the same totals and winners with ``python -m
engine replay``: a finished Kachuful game's dealt hands; for Mighty, each hand dealt as
its cards were played, the kitty being the three cards never played (which the tricks
show to everyone), hands never played (all passed) dealt in deck order and a deal-miss
hand as it was shown. A game ended early stops after its last scored hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import NAMES, deck53
from engine.descriptor import GameDescriptor
from engine.game import Game, Play


@dataclass(slots=True)
class HandPages:
    """One scored (or, in a game ended early, the last) hand: its public summary, its
    completed tricks, and its scores (None if it was never scored)."""

    summary: dict[str, Any]
    tricks: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] | None = None
    dealt: list[list[str]] | None = None
    """Kachuful, a finished game: each seat's cards as dealt (every one was played)."""
    kitty: list[str] | None = None
    """Mighty: the kitty, for the viewer who was this hand's declarer only."""
    discards: list[str] | None = None
    """Mighty: the declarer's discards, for that viewer only."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A recorded game's hands for the viewer, and its public replay document."""

    game: str
    hands: list[HandPages]
    document: dict[str, Any]
    totals: list[int]
    winners: list[int]

    def file_text(self) -> str:
        return json.dumps(self.document, ensure_ascii=False, indent=1)


def build(game: Game, engine: GameDescriptor[Any]) -> Replay:
    """The replay of ``game`` (its final state), read with its ``engine`` descriptor."""
    doc: dict[str, Any] = game.record(expand_deals=True)
    actions = doc["actions"]
    describe_hands = engine.spec.hand_summaries
    fresh: Game = engine.spec.from_replay({**doc, "actions": []})
    hands: list[HandPages] = []
    played: dict[int, list[list[str]]] = {}
    discards: dict[int, list[str]] = {}
    hand_deals: list[int] = []
    last = fresh.view(None).get("last_trick")
    scored, cut, deals_at_cut = 0, 0, 0
    for index, raw in enumerate(actions):
        deal = _deal_index(fresh)
        seat = raw["seat"]
        action = type(fresh).parse_action(raw)
        if "discard" in raw:
            discards[deal] = list(raw["discard"])
        if isinstance(action, Play):
            if not played.get(deal):
                hands.append(HandPages({}))
                hand_deals.append(deal)
            played.setdefault(deal, [[] for _ in range(fresh.players)])[seat].append(
                NAMES[action.card.index])
        fresh.apply(seat, action)
        view = fresh.view(None)
        if view.get("last_trick") != last:
            last = view["last_trick"]
            hands[-1].tricks.append(last)
        if len(fresh.results().hand_scores) > scored:
            scored = len(fresh.results().hand_scores)
            cut, deals_at_cut = index + 1, _deal_index(fresh)
    results = game.results()
    summaries = [s for s in describe_hands(game) if "redeal" not in s]
    for i, (hand, deal) in enumerate(zip(hands, hand_deals, strict=True)):
        hand.summary = summaries[i] if i < len(summaries) else {}
        hand.scores = results.hand_scores[i] if i < len(results.hand_scores) else None
        dealt = doc["deals"][deal]
        if "kitty" in dealt:
            hand.kitty, hand.discards = list(dealt["kitty"]), discards.get(deal)
        elif game.is_over:
            hand.dealt = [list(h) for h in dealt["hands"]]
    public = _public_document(doc, played, cut, deals_at_cut, describe_hands(game),
                              finished=game.is_over)
    return Replay(game.name, hands, public, list(results.totals), list(results.winners))


def _deal_index(game: Game) -> int:
    view = game.view(None)
    number = view.get("deal_number") or view.get("hand_number") or 1
    return int(number) - 1


def _public_document(
    doc: dict[str, Any], played: dict[int, list[list[str]]], cut: int, deals_at_cut: int,
    summaries: Sequence[dict[str, Any]], *, finished: bool,
) -> dict[str, Any]:
    """The replay document with nothing private in it (see the module docstring)."""
    actions = doc["actions"] if finished else doc["actions"][:cut]
    if doc["game"] != "mighty":
        deals = doc["deals"] if finished else doc["deals"][:deals_at_cut]
        return {**doc, "deals": deals, "actions": actions}
    count = len(doc["deals"]) if finished else deals_at_cut
    deals = [_mighty_deal(played.get(d), summaries[d] if d < len(summaries) else {})
             for d in range(count)]
    return {**doc, "deals": deals, "actions": actions}


def _mighty_deal(played: list[list[str]] | None, summary: dict[str, Any]) -> dict[str, Any]:
    """A Mighty deal from public cards: as played, else as shown, else in deck order."""
    hands: list[list[str]] = [list(h) for h in played] if played else [[] for _ in range(5)]
    shown = summary.get("shown_hand")
    claimant = summary.get("claimant")
    if not played and shown and isinstance(claimant, int):
        hands[claimant] = list(shown)
    used = {c for h in hands for c in h}
    rest = [NAMES[c.index] for c in deck53() if NAMES[c.index] not in used]
    if played:
        return {"hands": hands, "kitty": rest}
    for hand in hands:
        while len(hand) < 10:
            hand.append(rest.pop(0))
    return {"hands": hands, "kitty": rest}
