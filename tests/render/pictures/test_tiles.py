"""The table picture from kept tiles (``tiles.py``) is the picture drawn whole and then
mapped to the palette, pixel for pixel, in any state of either game, whatever tiles are
already kept; parts that overlap make one tile; the tiles kept stay within their
budget."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.i18n import LANGS, language_of
from bot.render.pictures import palette, table, words_for
from bot.render.pictures.canvas import GOLD, WHITE, Region
from bot.render.pictures.tiles import Tiles, groups
from tests.render.pictures.games import kachuful, mighty, names, play

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SHARED = Tiles(table.background)
"""Kept across the examples, as in the bot: a tile drawn for one state serves another."""


def _whole(sc: table.TableScene) -> bytes:
    mapped = table.draw(sc).quantize(palette=palette.palette(), dither=Image.Dither.NONE)
    return mapped.tobytes()


@FAST
@given(
    players=st.integers(3, 7), seed=st.integers(0, 10**6), steps=st.integers(0, 80),
    deck=st.sampled_from(["classic", "four_color"]),
    code=st.sampled_from([lang.code for lang in LANGS]), is_mighty=st.booleans(),
)
def test_tiles_give_the_whole_picture(
    players: int, seed: int, steps: int, deck: str, code: str, is_mighty: bool,
) -> None:
    game = mighty(seed) if is_mighty else kachuful(players, seed)
    play(game, random.Random(seed), steps)
    sc = table.scene(game.view(None), names(game), deck, words_for(language_of(code)))
    tiled = SHARED.assemble(table.parts(sc))
    assert tiled.mode == "P"
    assert tiled.tobytes() == _whole(sc)
    assert tiled.getpalette() == palette.palette().getpalette()


def _square(r: Region, x: int) -> None:
    r.text((x, 100), "■■■■", 30, WHITE)


def _other(r: Region, x: int) -> None:
    r.text((x, 110), "▲▲", 30, GOLD)


def test_parts_that_overlap_make_one_tile_drawn_in_their_order() -> None:
    assert [m for m, _ in groups([(0, 0, 10, 10), None, (5, 5, 20, 20), (30, 0, 40, 10),
                                  (15, 15, 35, 25)])] == [[0, 2, 3, 4]]
    assert [m for m, _ in groups([(0, 0, 10, 10), (10, 0, 20, 10)])] == [[0], [1]]
    tiles = Tiles(table.background)
    apart = [(_square, (100,)), (_square, (400,))]
    over = [(_square, (100,)), (_square, (110,)), (_other, (105,))]
    for parts in (apart, over):
        whole = table.background().copy()
        for paint, args in parts:
            paint(Region(whole), *args)
        want = whole.quantize(palette=palette.palette(), dither=Image.Dither.NONE)
        assert tiles.assemble(parts).tobytes() == want.tobytes()
    assert len(tiles) == 3  # two squares apart, one tile of the three that overlap


def test_the_tiles_kept_stay_within_their_budget() -> None:
    tiles = Tiles(table.background, budget=20_000)
    for x in range(50, 750, 10):
        tiles.assemble([(_square, (x,))])
    assert 1 <= len(tiles) <= 20_000 // (60 * 20)
    assert tiles.pixels <= 20_000
