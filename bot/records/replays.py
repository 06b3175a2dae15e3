"""Replays of recorded games (docs/playing.md "/replay"): the pages of the viewer, hand by
hand and trick by trick, and the replay file.

The game is played again from its stored final state, action by action, and read
through the public view (``game.view(None)``) and the engine's hand summaries (public
once a hand is over: a secret solo as revealed at its end). Anything else, the hands as
dealt, a seat's private cards (kitty and discards) and the deals of the replay file, is
what the game's own :class:`~engine.descriptor.Reveal` (its descriptor's ``reveal``)
allows, and for private cards only the seat it names sees them
(:func:`bot.render.history.replay_page` decides); by default nothing that was hidden.
The file, public, reproduces the same totals and winners with ``python -m engine
replay`` when the game's reveal writes its deals; a game ended early stops after its
last scored hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.cards import NAMES
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
    """Each seat's cards as dealt, for everyone (a finished Kachuful game's)."""
    kitty: list[str] | None = None
    """The kitty (Mighty's), for the viewer in seat :attr:`privy` only."""
    discards: list[str] | None = None
    """The discards from it, for that viewer only."""
    privy: int | None = None
    """The seat that may see :attr:`kitty` and :attr:`discards` (the declarer)."""


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
    reveal = engine.reveal
    fresh: Game = engine.spec.from_replay({**doc, "actions": []})
    hands: list[HandPages] = []
    played: dict[int, list[list[str]]] = {}
    deal_actions: dict[int, list[dict[str, Any]]] = {}
    hand_deals: list[int] = []
    last = fresh.view(None).get("last_trick")
    scored, cut, deals_at_cut = 0, 0, 0
    for index, raw in enumerate(actions):
        deal = _deal_index(fresh)
        seat = raw["seat"]
        action = type(fresh).parse_action(raw)
        deal_actions.setdefault(deal, []).append(raw)
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
        hand.dealt = reveal.dealt(doc, deal, game.is_over)
        privy = reveal.privy(doc, deal, deal_actions.get(deal, []), hand.summary)
        if privy is not None:
            hand.privy, hand.kitty, hand.discards = privy.seat, privy.kitty, privy.discards
    finished = game.is_over
    public = reveal.document({**doc, "actions": actions if finished else actions[:cut]},
                             None if finished else deals_at_cut, played, describe_hands(game))
    return Replay(game.name, hands, public, list(results.totals), list(results.winners))


def _deal_index(game: Game) -> int:
    view = game.view(None)
    number = view.get("deal_number") or view.get("hand_number") or 1
    return int(number) - 1
