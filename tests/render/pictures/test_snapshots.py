"""Each picture kind against its reviewed reference (see ``snapshots.py``)."""

from __future__ import annotations

import random

import pytest

from bot.i18n import language_of
from bot.render.pictures import hand_picture, rating_chart, score_chart, table_picture, words_for
from engine.game import Game
from tests.render.pictures import snapshots
from tests.render.pictures.games import (
    kachuful,
    kachuful_mid_trick,
    kachuful_seven_turned,
    legal_cards,
    mighty,
    mighty_discard,
    mighty_friend_revealed,
    names,
    play,
)


def test_table_kachuful() -> None:
    game = kachuful_mid_trick()
    snapshots.check(table_picture(game.view(None), names(game), cache=None), "table_kachuful")


def test_table_kachuful_seven_four_colour() -> None:
    game = kachuful_seven_turned()
    picture = table_picture(game.view(None), names(game), deck="four_color", cache=None)
    snapshots.check(picture, "table_kachuful_seven")


def test_table_mighty() -> None:
    game = mighty_friend_revealed()
    picture = table_picture(game.view(None), names(game), deck="four_color", cache=None)
    snapshots.check(picture, "table_mighty")


def test_hand_kachuful_playable_set_apart() -> None:
    game = kachuful_mid_trick()
    seat = game.to_act
    assert seat is not None
    picture = hand_picture(game.view(seat), names(game), legal_cards(game, seat), cache=None)
    snapshots.check(picture, "hand_kachuful")


def test_hand_mighty_kitty_marked() -> None:
    game = mighty_discard()
    seat = game.to_act
    picture = hand_picture(game.view(seat), names(game), legal_cards(game, seat),
                           deck="four_color", cache=None)
    snapshots.check(picture, "hand_mighty_discard")


def test_hand_forehead() -> None:
    game = kachuful(4, 3, start_size=1, schedule="descending", forehead=True)
    seat = game.to_act
    assert seat is not None
    picture = hand_picture(game.view(seat), names(game), (), cache=None)
    snapshots.check(picture, "hand_forehead")


def test_score_chart() -> None:
    game = mighty(4, hands=4)
    play(game, random.Random(4), 10_000)
    assert game.is_over
    snapshots.check(score_chart(game.view(None), names(game), cache=None), "scores")


def test_rating_chart() -> None:
    rng = random.Random(7)
    mu, sigma, history = 25.0, 25 / 3, []
    for _ in range(30):
        mu += rng.uniform(-1.5, 2.5)
        sigma = max(1.5, sigma * 0.93)
        history.append((mu, sigma))
    picture = rating_chart("Ann", "kachuful", history, cache=None)
    snapshots.check(picture, "rating")


HINDI_NAMES = ["अर्जुन", "Bartholomew Longname", "प्रिया क्षत्रिय 🎲", "Dana"]


@pytest.mark.parametrize(("code", "kind"), [("pt-BR", "kachuful"), ("ko", "mighty"),
                                            ("hi", "kachuful")])
def test_table_in_each_language(code: str, kind: str) -> None:
    words = words_for(language_of(code))
    game = mighty_friend_revealed() if kind == "mighty" else kachuful_mid_trick()
    shown = HINDI_NAMES if code == "hi" else names(game)
    picture = table_picture(game.view(None), shown, deck="four_color", words=words, cache=None)
    snapshots.check(picture, f"table_{kind}_{code}")


@pytest.mark.parametrize(("code", "kind"), [("pt-BR", "kachuful"), ("ko", "mighty"),
                                            ("hi", "kachuful")])
def test_hand_in_each_language(code: str, kind: str) -> None:
    words = words_for(language_of(code))
    game: Game = mighty_discard() if kind == "mighty" else kachuful_mid_trick()
    seat = game.to_act
    assert seat is not None
    shown = HINDI_NAMES if code == "hi" else names(game)
    picture = hand_picture(game.view(seat), shown, legal_cards(game, seat), words=words,
                           cache=None)
    snapshots.check(picture, f"hand_{kind}_{code}")
