"""Each table option is declared once (:mod:`bot.games.options`): the lobby summary, the
defaults a table takes and the check of given values all come from the declarations."""

from __future__ import annotations

import pytest

from bot.games.kachuful import KACHUFUL
from bot.games.mighty import MIGHTY
from bot.games.options import SHARED, table_option
from bot.i18n import language_of, speaking
from engine.game import IllegalAction


def test_every_game_has_the_shared_options_after_its_own() -> None:
    for game in (KACHUFUL, MIGHTY):
        assert game.options[-len(SHARED):] == SHARED
        assert game.defaults()["hints"] is True


def test_a_table_that_predates_an_option_takes_its_one_default() -> None:
    assert table_option({}, "hints") is True
    assert table_option({"hints": False}, "hints") is False
    assert table_option({"turn_timer": None}, "turn_timer") == 0


def test_the_lobby_summary_names_every_option_hints_included() -> None:
    shown = MIGHTY.describe_settings({})
    assert shown == ("Options: a match of 10 hands, no turn timer, turn pings, Hint button, "
                     "pictures (classic deck).")
    assert "no Hint button" in MIGHTY.describe_settings({"hints": False})
    assert MIGHTY.describe_settings({"images": False, "deck": "four_color"}).endswith(
        "text only (no pictures).")
    with speaking(language_of("pt-BR")):
        assert "sem botão Dica" in KACHUFUL.describe_settings({"hints": False})


@pytest.mark.parametrize("settings", [{"hints": "yes"}, {"turn_timer": 3601},
                                      {"deck": "neon"}, {"start_size": True},
                                      {"schedule": 3}])
def test_a_value_an_option_does_not_take_is_refused(settings: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        KACHUFUL.check_settings(settings, None)


def test_the_declared_values_are_taken() -> None:
    KACHUFUL.check_settings({"start_size": 5, "trump": "turned", "hints": False}, 5)
    MIGHTY.check_settings({"hands": 50, "deck": "four_color"}, None)
