"""Property tests: random legal Mighty matches (M1–M18) keep every invariant, and the
JSON round trip and the replay reproduce any match."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, JOKER, Suit
from engine.game import Action, Play
from engine.mighty import PASS, Contract, Discard, FriendCall, MightyBid, MightyGame
from engine.mighty.actions import BIDS, FRIEND_CALLS
from engine.mighty.rules import POINTS_OF
from tests.engine.checks import (
    assert_illegal_actions_change_nothing,
    assert_record_replays,
    assert_round_trip,
)
from tests.engine.moves import random_game

FAST = settings(max_examples=20, deadline=None)


def play_checked(game: MightyGame, rng: random.Random, stop_after: int | None = None) -> None:
    """Random legal play, checking invariants at every step."""
    steps = 0
    while (seat := game.to_act) is not None and (stop_after is None or steps < stop_after):
        legal = game.legal_actions(seat)
        assert legal and all(game.legal_actions(s) == [] for s in range(5) if s != seat)
        # Cards are conserved: hands, kitty (until taken), discards and tricks.
        held = [c for h in game.hands for c in h]
        if game.phase == "auction":
            held += game.kitty
        held += game.discards
        held += [c for t in game.tricks for c in t.cards] + game.trick
        assert sorted(c.index for c in held) == list(range(53))
        for other in (1, 2, 3, 4):
            view = game.view((seat + other) % 5)
            if (seat + other) % 5 != game.declarer:
                assert "kitty" not in view and "discards" not in view
        game.apply(seat, rng.choice(legal))
        steps += 1


@FAST
@given(st.integers(0, 10**6), st.integers(1, 4))
def test_random_gamees_finish_and_every_hand_sums_to_zero(seed: int, hands: int) -> None:
    game = MightyGame({"hands": hands}, seed=seed)
    play_checked(game, random.Random(seed))
    res = game.results()
    assert res.over and len(res.hand_scores) == hands and game.legal_actions(0) == []
    assert all(sum(h) == 0 for h in res.hand_scores)
    assert res.totals == [sum(h[s] for h in res.hand_scores) for s in range(5)]
    assert res.winners and all(res.totals[w] == max(res.totals) for w in res.winners)
    for rec in game.records:
        if rec.settlement is None:
            assert rec.redeal is not None
            continue
        s = rec.settlement
        assert s.value == s.base * s.multiplier and s.base >= 0
        assert 0 <= s.points <= 20 and len(rec.trick_winners) == 10
        assert (rec.friend is None) == (rec.solo != "none")


@FAST
@given(st.integers(0, 10**6), st.integers(0, 200))
def test_json_round_trip_at_any_point(seed: int, stop: int) -> None:
    game = MightyGame({"hands": 2}, seed=seed)
    play_checked(game, random.Random(seed), stop_after=stop)
    restored = assert_round_trip(game)
    rng = random.Random(stop)
    while (seat := game.to_act) is not None:
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        restored.apply(seat, action)
    assert restored.results() == game.results()


@FAST
@given(st.integers(0, 10**6), st.integers(0, 200))
def test_replaying_the_record_reproduces_the_game(seed: int, stop: int) -> None:
    game = MightyGame({"hands": 2}, seed=seed)
    play_checked(game, random.Random(seed), stop_after=stop)
    assert_record_replays(game, "mighty")


@FAST
@given(st.integers(0, 10**6), st.integers(0, 120))
def test_illegal_actions_change_nothing(seed: int, stop: int) -> None:
    game = MightyGame({"hands": 1}, seed=seed)
    play_checked(game, random.Random(seed), stop_after=stop)
    candidates: list[Action] = [PASS, *BIDS, MightyBid(12, None), *FRIEND_CALLS]
    candidates += [Contract.of(n, t) for n in (12, 15, 20, 21) for t in (*Suit, None)]
    candidates += [Play.of(c) for c in CARDS] + [Play(JOKER, suit=s) for s in Suit]
    candidates += [Play(c, call_joker=True) for c in CARDS[:13]]
    candidates += [Discard(tuple(CARDS[i : i + 3])) for i in range(0, 50, 7)]
    assert_illegal_actions_change_nothing(game, candidates)


def test_views_hide_the_called_card_holder_and_buried_cards() -> None:
    for seed in range(30):
        game = MightyGame({"hands": 1}, seed=seed)
        rng = random.Random(seed)
        while game.phase != "playing" and game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            calls = [a for a in legal if isinstance(a, FriendCall) and a.target in CARDS]
            game.apply(seat, rng.choice(calls or legal))
        if game.phase != "playing":
            continue
        declarer = game.declarer
        public = game.view(None)
        assert public["friend"] is None and public["solo"] in (None, "open")
        buried = set(game.discards)
        named = {public["friend_call"], public["mighty"], public["joker_caller"]}
        secret = {str(c) for c in buried} - named
        for seat in [None, *range(5)]:
            if seat == declarer:
                continue
            view = game.view(seat)
            assert "discards" not in view and "kitty" not in view
            shown_before = view.pop("redeal")  # a deal-miss hand of the previous deal
            assert shown_before is None or shown_before["redeal"]
            text = json.dumps(view, ensure_ascii=False)
            assert not any(f'"{name}"' in text for name in secret)
            holder = game.friend_seat
            assert view["you_are_friend"] == (seat is not None and seat == holder)
        random_game(game, rng)
        assert sum(POINTS_OF[c.index] for c in buried) == game.current.buried


def test_a_discard_is_the_same_whatever_the_order_of_its_cards() -> None:
    a, b, c = CARDS[:3]
    assert Discard((a, b, c)) == Discard((c, a, b))
    assert Discard((a, b, c)) != Discard((a, b, CARDS[4]))
    assert hash(Discard((a, b, c))) == hash(Discard((b, c, a)))
