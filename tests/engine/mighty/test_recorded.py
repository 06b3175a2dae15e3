"""The rules core against recorded matches (M4–M16): each match in ``recorded.json`` was
played with random legal actions (weighted towards the rare ones: joker leads and
demands, contract changes, the first-lead request at 20 no-trump) and recorded with its
trick winners, its scores and a digest of everything the interface showed at every step
(the legal actions in order, the events, and the views after every trick). Replaying a
match must show exactly the same."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.game import Action, Event, Play
from engine.mighty import AskLead, Contract, MightyBid, MightyGame
from engine.mighty.descriptor import MIGHTY

RECORDED = Path(__file__).with_name("recorded.json")


def _pick(game: MightyGame, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, the rare ones more often than chance would give them."""
    rare = [
        a for a in legal
        if isinstance(a, AskLead | Contract)
        or (isinstance(a, Play) and (a.suit is not None or a.call_joker))
    ]
    if rare and rng.random() < 0.5:
        return rng.choice(rare)
    bids = [a for a in legal if isinstance(a, MightyBid)]
    if bids and rng.random() < 0.01:
        return bids[-1]
    if bids:
        others = [a for a in legal if not isinstance(a, MightyBid)]
        return rng.choice(bids[:6]) if rng.random() < 0.4 else rng.choice(others)
    return rng.choice(legal)


def _events(events: list[Event]) -> list[Any]:
    return [[e.kind, e.seat, dict(e.data), e.private_to] for e in events]


def transcript(game: MightyGame, actions: list[tuple[int, Action]]) -> str:
    """The digest of what the interface shows while ``actions`` are applied."""
    digest = hashlib.sha256()

    def put(item: Any) -> None:
        digest.update(json.dumps(item, ensure_ascii=False, sort_keys=True).encode())

    put(_events(game.opening_events()))
    for seat, action in actions:
        put([game.encode_action(a) for a in game.legal_actions(seat)])
        tricks = len(game.tricks)
        put(_events(game.apply(seat, action)))
        if len(game.tricks) != tricks or game.phase != "playing":
            put([game.view(s) for s in (None, 0, 1, 2, 3, 4)])
    put(game.record())
    return digest.hexdigest()


def record_match(seed: int, hands: int) -> dict[str, Any]:
    """Play one match at random and record it (how ``recorded.json`` was made)."""
    rng = random.Random(seed)
    game = MightyGame({"hands": hands}, seed=seed)
    while (seat := game.to_act) is not None:
        game.apply(seat, _pick(game, game.legal_actions(seat), rng))
    fresh = MightyGame({"hands": hands}, seed=seed)
    return {
        "replay": game.record(),
        "trick_winners": [r.trick_winners for r in game.records],
        "scores": game.hand_scores,
        "digest": transcript(fresh, game.log),
    }


def test_m4_m16_recorded_matches_replay_the_same() -> None:
    matches = json.loads(RECORDED.read_text())
    assert len(matches) >= 40
    for match in matches:
        doc = match["replay"]
        game = MIGHTY.from_json(json.dumps(doc))
        assert game.to_json() == json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        assert [r.trick_winners for r in game.records] == match["trick_winners"]
        assert game.hand_scores == match["scores"]
        fresh = MIGHTY.spec.from_replay({**doc, "actions": []})
        assert transcript(fresh, game.log) == match["digest"]
