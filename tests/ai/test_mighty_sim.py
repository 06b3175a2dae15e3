"""The rules core against recorded matches (M10–M16): legal plays (with the joker's
named suit and the joker demand), trick winners and scores, all from
``tests/engine/mighty/recorded.json``; and the greedy playout of the AI's search
replayed move by move through the game."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from engine.ai.lean import BIT_OF_CARD as BIT
from engine.ai.lean import CARD_OF_BIT, JOKER_BIT, NO_TRUMP
from engine.ai.mighty.simulate import (
    Table,
    Trick,
    follow_mask,
    greedy_choice,
    joker_power,
    lead_mask,
    play_card,
    playout,
    points_of,
    trick_winner,
)
from engine.cards import Card, Suit
from engine.game import Action, Play
from engine.mighty.actions import NONE, Contract, FriendCall, MightyBid
from engine.mighty.descriptor import MIGHTY
from engine.mighty.game import MightyGame
from tests.engine.mighty.test_recorded import RECORDED


def _mask(cards: list[Card] | tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << BIT[c.index]
    return m


def _key(a: Play) -> tuple[int, int, bool]:
    return BIT[a.card.index], -1 if a.suit is None else int(a.suit), a.call_joker


def _lean_options(hand: int, trick: Trick, table: Table) -> set[tuple[int, int, bool]]:
    out: set[tuple[int, int, bool]] = set()
    if trick.cards:
        m = follow_mask(hand, trick.led, table.mighty, trick.demanded)
        return {(b, -1, False) for b in range(53) if m >> b & 1}
    m = lead_mask(hand, trick.number, table.trump)
    for b in range(53):
        if not m >> b & 1:
            continue
        if b == JOKER_BIT and joker_power(trick.number, False):
            out.update((b, s, False) for s in range(4))
        elif b == table.caller and trick.number > 1:
            out.update({(b, -1, False), (b, -1, True)})
        else:
            out.add((b, -1, False))
    return out


def _table(game: MightyGame) -> Table:
    assert game.declarer is not None and game.contract is not None
    trump = NO_TRUMP if game.trump is None else int(game.trump)
    return Table(
        trump=trump,
        declarer=game.declarer,
        contract=game.contract[0],
        friend=game.friend_seat,
        first_call=game.friend_call == "first",
        open_solo=game.friend_call == NONE,
    )


def _declare(game: MightyGame, seat: int, legal: list[Action], rng: random.Random) -> None:
    if game.phase == "auction":
        passes = [a for a in legal if not isinstance(a, MightyBid)]
        bids = [a for a in legal if isinstance(a, MightyBid)][:12]
        pick = rng.choice(bids) if bids and rng.random() < 0.3 else rng.choice(passes)
        game.apply(seat, pick)
    elif game.phase == "friend":
        contracts = [a for a in legal if isinstance(a, Contract)]
        calls = [a for a in legal if isinstance(a, FriendCall)]
        game.apply(seat, rng.choice(contracts if contracts and rng.random() < 0.2 else calls))
    else:
        game.apply(seat, rng.choice(legal))


def _play(table: Table, trick: Trick, seat: int, action: Play) -> None:
    """Play ``action`` of ``seat`` to the core's ``trick`` (a lead sets its leader and
    joker demand)."""
    bit, named, demand = _key(action)
    if not trick.cards:
        trick.leader = seat
        trick.demanded = demand
    play_card(table, trick, bit, named)


def _friend_after(table: Table, trick: Trick, winner: int, friend: int | None) -> int | None:
    """The friend once ``trick`` is won by ``winner``: a first-trick call reveals the
    winner of trick 1 (M8)."""
    if trick.number == 1 and table.first_call and winner != table.declarer:
        return winner
    return friend


@dataclass
class _Hand:
    """One hand's card play as the rules core sees it: the table, the trick in progress,
    the points captured by seat and the friend once known."""

    table: Table
    trick: Trick
    captured: list[int]
    friend: int | None

    @classmethod
    def start(cls, game: MightyGame, leader: int) -> _Hand:
        table = _table(game)
        return cls(table, Trick(1, leader, []), [0] * 5, table.friend)

    def won(self, winner: int, points: int) -> bool:
        """Score the finished trick for ``winner``; whether the hand is over (else the
        next trick is led)."""
        self.captured[winner] += points
        self.friend = _friend_after(self.table, self.trick, winner, self.friend)
        if self.trick.number == 10:
            return True
        self.trick.next(winner)
        return False


def _replay_core(doc: dict[str, object]) -> tuple[list[list[int]], list[list[int]]]:
    """Drive the rules core alone through a recorded match: every card played must be a
    legal lead or follow of the core, and its trick winners and scores are returned."""
    game = MIGHTY.from_json(json.dumps(doc))
    winners: list[list[int]] = []
    scores: list[list[int]] = []
    clone = MIGHTY.spec.from_replay({**doc, "actions": []})
    play: _Hand | None = None
    for seat, action in game.log:
        if clone.phase != "playing" or not isinstance(action, Play):
            clone.apply(seat, action)
            continue
        if play is None:
            play = _Hand.start(clone, seat)
            winners.append([])
        table, trick = play.table, play.trick
        hand = _mask(clone.hands[seat])
        legal = _lean_options(hand, trick, table)
        if clone.lead_suit is not None and trick.number == 1 and not trick.cards:
            asked = lead_mask(hand, 1, table.trump, int(clone.lead_suit))
            legal = {k for k in legal if asked >> k[0] & 1}
        assert _key(action) in legal
        _play(table, trick, seat, action)
        clone.apply(seat, action)
        if len(trick.cards) < 5:
            continue
        power = joker_power(trick.number, trick.demanded)
        pos = trick_winner(trick.cards, trick.led, table.trump, table.mighty, power)
        assert trick.best_pos == pos
        winner = (trick.leader + pos) % 5
        winners[-1].append(winner)
        if play.won(winner, points_of(sum(1 << c for c in trick.cards))):
            scores.append(list(table.scores(play.captured, play.friend)))
            play = None
    return winners, scores


def _check_playout(
    game: MightyGame, table: Table, trick: Trick, captured: list[int], friend: int | None
) -> None:
    """The lean playout and the engine, both driven by :func:`greedy_choice`, score alike."""
    hands = [_mask(h) for h in game.hands]
    caps = list(captured)
    cur = trick.copy()
    lean = table.scores(caps, playout(table, list(hands), cur, caps, friend))
    clone = MIGHTY.from_json(game.to_json())
    cur = trick.copy()
    mine = friend
    scored = len(clone.hand_scores)
    while len(clone.hand_scores) == scored:
        s = clone.to_act
        assert s is not None
        hs = [_mask(h) for h in clone.hands]
        live = 0
        for h in hs:
            live |= h
        side = (table.declarer, mine)
        foe = not cur.cards and any(
            hs[o] & (1 << JOKER_BIT) and (o in side) != (s in side) for o in range(5)
        )
        card, named, demand = greedy_choice(table, cur, hs[s], s, mine, live, foe)
        if not cur.cards:
            cur.leader = s
            cur.demanded = demand
        play_card(table, cur, card, named)
        suit = None if named < 0 else Suit(named)
        plain = suit is None and not demand
        chosen = CARD_OF_BIT[card]
        clone.apply(s, Play.of(chosen) if plain else Play(chosen, suit, demand))
        if len(cur.cards) == 5:
            if cur.number == 1 and table.first_call and clone.friend_seat is not None:
                mine = clone.friend_seat
            cur = Trick(cur.number + 1, clone.leader, [])
    assert clone.hand_scores[scored] == list(lean)


def test_m10_m16_core_replays_recorded_matches() -> None:
    """The core's legal plays, trick winners and scores against the recorded matches."""
    for match in json.loads(RECORDED.read_text()):
        winners, scores = _replay_core(match["replay"])
        assert winners == [w for w in match["trick_winners"] if w]
        assert scores == match["scores"]


def test_m10_m16_greedy_playout_scores_as_the_game() -> None:
    """The lean playout and the game, both driven by :func:`greedy_choice`, score alike,
    from random points of random matches."""
    rng = random.Random(7)
    for i in range(60):
        game = MightyGame({"hands": 2}, seed=i)
        play: _Hand | None = None
        while (seat := game.to_act) is not None:
            legal = game.legal_actions(seat)
            if game.phase != "playing":
                _declare(game, seat, legal, rng)
                play = None
                continue
            if play is None:
                play = _Hand.start(game, seat)
            trick = play.trick
            if rng.random() < 0.05:
                _check_playout(game, play.table, trick, play.captured, play.friend)
            action = rng.choice([a for a in legal if isinstance(a, Play)])
            _play(play.table, trick, seat, action)
            game.apply(seat, action)
            if len(trick.cards) < 5:
                continue
            if play.won((trick.leader + trick.best_pos) % 5, trick.points):
                play = None
