"""Property tests: random legal Whist games (W1–W6), their JSON, replays and views."""

from __future__ import annotations

import random
from operator import attrgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, Card
from engine.game import Action, Play
from engine.replay import replay
from engine.whist import Deal, WhistGame
from engine.whist.deal import read_deal
from tests.engine.checks import (
    assert_illegal_actions_change_nothing,
    assert_record_replays,
    assert_round_trip,
)
from tests.engine.moves import random_game

FAST = settings(max_examples=30, deadline=None)
_index = attrgetter("index")


def play_checked(game: WhistGame, rng: random.Random) -> None:
    """Random legal play, checking at every step that only the seat to act may play
    and that every card is held or played exactly once."""
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        assert legal and all(game.legal_actions(s) == [] for s in range(4) if s != seat)
        hand = game.current
        cards = [c for h in hand.held for c in h] + hand.trick
        cards += [c for _, trick in hand.tricks for c in trick]
        assert sorted(cards, key=_index) == list(CARDS[:52])
        game.apply(seat, rng.choice(legal))


@FAST
@given(st.integers(1, 6), st.integers(0, 10**6))
def test_random_games_finish_with_13_tricks_a_deal_and_one_side_scoring(
    deals: int, seed: int
) -> None:
    game = WhistGame({"deals": deals}, seed=seed)
    play_checked(game, random.Random(seed))
    res = game.results()
    assert res.over and game.phase == "over" and len(game.hands) == deals
    for hand in game.hands:
        assert len(hand.tricks) == len(hand.winners) == 13 and sum(hand.won) == 13
        assert sum(hand.tricks_by_seat) == 13 and not any(hand.held)
        assert hand.scores is not None
        book = max(hand.won)
        assert sorted(hand.scores) == [0, book - 6] and book >= 7  # exactly one side scores
    assert res.totals == [sum(h[s] for h in res.hand_scores) for s in range(4)]
    assert res.totals[0] == res.totals[2] and res.totals[1] == res.totals[3]
    assert res.winners and all(res.totals[w] == max(res.totals) for w in res.winners)


@FAST
@given(st.integers(0, 10**6), st.integers(0, 220))
def test_json_round_trip_at_any_point(seed: int, stop: int) -> None:
    game = WhistGame(seed=seed)
    random_game(game, random.Random(seed), stop_after=stop)
    restored = assert_round_trip(game)
    for seat, action in random_game(game, random.Random(stop)):
        restored.apply(seat, action)
    assert restored.to_json() == game.to_json() and restored.results() == game.results()


@FAST
@given(st.integers(0, 10**6), st.integers(0, 220))
def test_replaying_the_record_reproduces_the_game(seed: int, stop: int) -> None:
    game = WhistGame(seed=seed)
    random_game(game, random.Random(seed), stop_after=stop)
    assert_record_replays(game, "whist")


@FAST
@given(st.integers(0, 10**6), st.integers(0, 220))
def test_illegal_actions_change_nothing(seed: int, stop: int) -> None:
    game = WhistGame(seed=seed)
    random_game(game, random.Random(seed), stop_after=stop)
    candidates: list[Action] = [Play.of(c) for c in CARDS]
    assert_illegal_actions_change_nothing(game, candidates)


def _hidden_shuffle(game: WhistGame, viewer: int | None, rng: random.Random) -> Deal:
    """The current deal with the cards ``viewer`` cannot see moved between the other
    seats: within each suit always (so every play so far stays legal), across suits
    too before the deal's first card. The turned card stays with the dealer while it is
    shown (W3)."""
    hand = game.current
    hands = [list(h) for h in hand.deal.hands]
    hidden = [(s, i) for s in range(4) if s != viewer for i, c in enumerate(hands[s])
              if c in hand.held[s] and c is not hand.turned]
    fresh = not hand.tricks and not hand.trick
    groups: dict[object, list[tuple[int, int]]] = {}
    for s, i in hidden:
        groups.setdefault(None if fresh else hands[s][i].suit, []).append((s, i))
    for places in groups.values():
        cards: list[Card] = [hands[s][i] for s, i in places]
        rng.shuffle(cards)
        for (s, i), c in zip(places, cards, strict=True):
            hands[s][i] = c
    return Deal(tuple(tuple(h) for h in hands), hand.deal.turned)


@FAST
@given(st.integers(0, 10**6), st.integers(0, 220), st.sampled_from([None, 0, 1, 2, 3]))
def test_views_never_show_a_card_the_seat_may_not_see(
    seed: int, stop: int, viewer: int | None
) -> None:
    game = WhistGame(seed=seed)
    actions = random_game(game, random.Random(seed), stop_after=stop)
    deals = [read_deal(raw, k) for k, raw in enumerate(game.record(True)["deals"], 1)]
    deals[game.current.number] = _hidden_shuffle(game, viewer, random.Random(stop))
    other = WhistGame(deals=deals, first_dealer=game.hands[0].dealer)
    for seat, action in actions:
        other.apply(seat, action)
    assert other.view(viewer) == game.view(viewer)
    assert other.view(None) == game.view(None)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"game": st.just("whist")},
            optional={k: JSON for k in ("config", "seed", "deals", "actions", "first_dealer")},
        ),
        st.fixed_dictionaries(
            {
                "game": st.just("whist"),
                "seed": st.integers(0, 5),
                "actions": st.lists(
                    st.dictionaries(st.sampled_from(["seat", "play"]), JSON), max_size=6
                ),
            }
        ),
    )
)
def test_replay_input_is_refused_only_with_its_error_object(doc: object) -> None:
    out, ok = replay(doc)
    if not ok:
        assert set(out) == {"error", "code", "action_index"} and isinstance(out["error"], str)
