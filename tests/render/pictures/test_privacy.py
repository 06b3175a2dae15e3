"""Privacy by construction (PRODUCT "Promises"): shuffling every card a viewer may not
see leaves the picture they get byte for byte the same. The table picture against the
others' hands, the kitty, the discards and the undealt cards; a hand picture against
everything its seat does not know."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.i18n import LANGS, language_of
from bot.render.pictures import hand_picture, table_picture, words_for
from tests.render.pictures.games import (
    cards_named,
    kachuful,
    kachuful_shuffled,
    legal_cards,
    mighty,
    mighty_shuffled,
    names,
    play,
)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LANGUAGES = st.sampled_from([lang.code for lang in LANGS])
"""The table picture speaks any of them (its words, drawn and in the alt text)."""


@FAST
@given(
    players=st.integers(3, 7), seed=st.integers(0, 10**6), steps=st.integers(0, 60),
    trump=st.sampled_from(["cycle", "turned"]), deck=st.sampled_from(["classic", "four_color"]),
    shuffler=st.randoms(use_true_random=False), code=LANGUAGES,
)
def test_kachuful_table_picture_ignores_hidden_cards(
    players: int, seed: int, steps: int, trump: str, deck: str, shuffler: random.Random,
    code: str,
) -> None:
    words = words_for(language_of(code))
    game = kachuful(players, seed, start_size=4, schedule="descending", trump=trump)
    log = play(game, random.Random(seed), steps)
    other = kachuful_shuffled(game, log, (), shuffler)
    assert other.view(None) == game.view(None)
    mine = table_picture(game.view(None), names(game), deck=deck, words=words, cache=None)
    theirs = table_picture(other.view(None), names(game), deck=deck, words=words, cache=None)
    assert mine == theirs


@FAST
@given(
    players=st.integers(3, 7), seed=st.integers(0, 10**6), steps=st.integers(0, 60),
    seat=st.integers(0, 6), shuffler=st.randoms(use_true_random=False),
)
def test_kachuful_hand_picture_depends_only_on_the_seat(
    players: int, seed: int, steps: int, seat: int, shuffler: random.Random,
) -> None:
    seat %= players
    game = kachuful(players, seed, start_size=4, schedule="descending")
    log = play(game, random.Random(seed), steps)
    view = game.view(seat)
    known = cards_named(view["hand"] or [])
    other = kachuful_shuffled(game, log, known, shuffler)
    assert other.view(seat) == view
    mine = hand_picture(view, names(game), legal_cards(game, seat), cache=None)
    theirs = hand_picture(other.view(seat), names(game), legal_cards(other, seat), cache=None)
    assert mine == theirs


@FAST
@given(
    seed=st.integers(0, 10**6), steps=st.integers(0, 80),
    shuffler=st.randoms(use_true_random=False), code=LANGUAGES,
)
def test_mighty_table_picture_ignores_hidden_cards(
    seed: int, steps: int, shuffler: random.Random, code: str,
) -> None:
    words = words_for(language_of(code))
    game = mighty(seed)
    log = play(game, random.Random(seed), steps)
    other = mighty_shuffled(game, log, (), shuffler)
    assume(other is not None)
    assert other is not None
    assert other.view(None) == game.view(None)
    mine = table_picture(game.view(None), names(game), words=words, cache=None)
    assert table_picture(other.view(None), names(game), words=words, cache=None) == mine


@FAST
@given(
    seed=st.integers(0, 10**6), steps=st.integers(0, 80), seat=st.integers(0, 4),
    shuffler=st.randoms(use_true_random=False),
)
def test_mighty_hand_picture_depends_only_on_the_seat(
    seed: int, steps: int, seat: int, shuffler: random.Random,
) -> None:
    game = mighty(seed)
    log = play(game, random.Random(seed), steps)
    view = game.view(seat)
    known = cards_named([*view["hand"], *view.get("kitty", []), *view.get("discards", [])])
    other = mighty_shuffled(game, log, known, shuffler)
    assume(other is not None)
    assert other is not None
    assert other.view(seat) == view
    mine = hand_picture(view, names(game), legal_cards(game, seat), cache=None)
    theirs = hand_picture(other.view(seat), names(game), legal_cards(other, seat), cache=None)
    assert mine == theirs


def test_the_shuffles_move_hidden_cards() -> None:
    """The privacy tests are not vacuous: the shuffled games hold other hands."""
    game = kachuful(4, 3, start_size=4, schedule="descending")
    log = play(game, random.Random(3), 6)
    moved = 0
    for k in range(20):
        other = kachuful_shuffled(game, log, (), random.Random(k))
        moved += any(other.cards_of(s) != game.cards_of(s) for s in range(4))
    match = mighty(5)
    mlog = play(match, random.Random(5), 3)
    for k in range(20):
        shuffled = mighty_shuffled(match, mlog, (), random.Random(k))
        assert shuffled is not None
        moved += shuffled.hands != match.hands
    assert moved >= 30


def test_a_public_change_changes_the_table_picture() -> None:
    game = kachuful(4, 9)
    rng = random.Random(9)
    seen = set()
    for _ in range(8):
        play(game, rng, 1)
        seen.add(table_picture(game.view(None), names(game), cache=None).data)
    assert len(seen) == 8
