"""The pictures' API: what a picture carries, the cache, the decks, the marks of a hand,
alt text, the size budget, the shipped font and the one error type."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable
from importlib import resources

import pytest
from PIL import Image

from bot.render import pictures
from bot.render.pictures import (
    ENGLISH,
    PictureCache,
    PictureError,
    Words,
    charts,
    fonts,
    hand,
    hand_picture,
    rating_chart,
    score_chart,
    table,
    table_picture,
)
from bot.render.pictures.cards import BLUE, GREEN, JOKER_FILL, RED, face
from engine.kachuful.actions import LOOK
from engine.kachuful.game import KachufulGame
from tests.render.pictures.games import (
    kachuful,
    kachuful_mid_trick,
    legal_cards,
    mighty,
    mighty_discard,
    names,
    play,
    play_until,
)

BUDGET = 120 * 1024


def colours(image: Image.Image) -> set[tuple[int, ...]]:
    found = image.convert("RGB").getcolors(1 << 16)
    assert found is not None
    return {c for _, c in found if isinstance(c, tuple)}


def near(found: set[tuple[int, ...]], colour: tuple[int, int, int], tol: int = 6) -> bool:
    return any(all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True)) for c in found)


def test_a_picture_is_a_png_with_alt_text_and_a_key() -> None:
    game = kachuful_mid_trick()
    picture = table_picture(game.view(None), names(game), cache=None)
    assert picture.filename == "table.png"
    assert picture.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(io.BytesIO(picture.data)).size == (table.WIDTH, table.HEIGHT)
    assert 0 < len(picture.description) <= 1024
    assert len(picture.key) == 40


def test_one_state_is_drawn_once() -> None:
    cache = PictureCache(maxsize=2)
    game = kachuful_mid_trick()
    view = game.view(None)
    first = table_picture(view, names(game), cache=cache)
    assert table_picture(dict(view), list(names(game)), cache=cache) is first
    assert table_picture(view, names(game), cache=None) == first
    other = table_picture(view, names(game), deck="four_color", cache=cache)
    assert other.key != first.key
    play(game, random.Random(1), 1)
    table_picture(game.view(None), names(game), cache=cache)
    assert len(cache) == 2
    assert cache.get(first.key) is None


def test_equal_keys_mean_equal_pictures() -> None:
    """A view that changed only where the picture does not look keeps its key."""
    game = kachuful_mid_trick()
    view = game.view(None)
    same = {**view, "legal": ["whatever"], "forbidden_bid": 3}
    a = table_picture(view, names(game), cache=None)
    assert table_picture(same, names(game), cache=None) == a


def test_the_default_cache_is_used() -> None:
    pictures.CACHE.clear()
    game = kachuful_mid_trick()
    a = table_picture(game.view(None), names(game))
    assert table_picture(game.view(None), names(game)) is a
    pictures.CACHE.clear()


def test_four_colour_deck() -> None:
    assert near(colours(face("A♦", 56, "classic")), RED)
    assert not near(colours(face("A♦", 56, "classic")), BLUE)
    assert near(colours(face("A♦", 56, "four_color")), BLUE)
    assert near(colours(face("A♣", 56, "four_color")), GREEN)
    assert not near(colours(face("A♣", 56, "classic")), GREEN)
    for deck in ("classic", "four_color"):
        assert near(colours(face("A♥", 56, deck)), RED)


def test_the_joker_is_distinct() -> None:
    joker = face("JK", 56, "classic").convert("RGB")
    assert joker.getpixel((28, 60)) == JOKER_FILL
    assert face("A♠", 56, "classic").convert("RGB").getpixel((28, 60)) != JOKER_FILL


def test_the_deck_option_changes_the_table_picture() -> None:
    game = kachuful_mid_trick()
    view = game.view(None)
    shown = [p["card"][-1] for p in [*view["trick"], *view["last_trick"]["cards"]]]
    classic = table_picture(view, names(game), deck="classic", cache=None)
    four = table_picture(view, names(game), deck="four_color", cache=None)
    assert (classic.data != four.data) == any(s in "♦♣" for s in shown)


def test_hand_marks_trumps_and_sets_playable_cards_apart() -> None:
    game = kachuful_mid_trick()
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    playable = legal_cards(game, seat)
    sc = hand.scene(view, names(game), playable, "classic", ENGLISH)
    assert [c.card for c in sc.cards] == view["hand"]
    assert [c.card for c in sc.cards if c.trump] == view["hand_trumps"]
    assert {c.card for c in sc.cards if c.playable} == set(playable)
    assert sc.apart == (set(playable) != set(view["hand"]))
    assert "Trumps:" in sc.description or not view["hand_trumps"]
    assert all(c in sc.description for c in playable)


def test_hand_ignores_cards_it_does_not_hold_and_all_playable_is_not_apart() -> None:
    game = kachuful_mid_trick()
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    sc = hand.scene(view, names(game), [*view["hand"], "JK", "A♣"], "classic", ENGLISH)
    assert not sc.apart
    assert {c.card for c in sc.cards} == set(view["hand"])


def test_mighty_kitty_is_marked_while_discarding_only() -> None:
    game = mighty_discard()
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    sc = hand.scene(view, names(game), legal_cards(game, seat), "classic", ENGLISH)
    assert {c.card for c in sc.cards if c.kitty} == set(view["kitty"])
    assert len(sc.cards) == 13
    play(game, random.Random(0), 1)
    later = hand.scene(game.view(seat), names(game), (), "classic", ENGLISH)
    assert not any(c.kitty for c in later.cards)


def test_forehead_hand_shows_the_others_cards_and_hides_its_own() -> None:
    game = kachuful(4, 3, start_size=1, schedule="descending", forehead=True)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    sc = hand.scene(view, names(game), (), "classic", ENGLISH)
    assert sc.cards[0].hidden and sc.cards[0].label == ENGLISH.you
    assert sorted(c.card for c in sc.cards[1:]) == sorted(p["card"] for p in view["others"])
    own = str(game.cards_of(seat)[0])
    assert own not in {c.card for c in sc.cards} and own not in sc.description


def test_cards_stay_face_down_until_a_blind_bidder_looks() -> None:
    game = kachuful(4, 8, blind_bids=True)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    sc = hand.scene(view, names(game), (), "classic", ENGLISH)
    assert len(sc.cards) == len(view["hand"]) and all(c.hidden for c in sc.cards)
    assert not any(card in sc.description for card in view["hand"])
    game.apply(seat, LOOK)
    seen = hand.scene(game.view(seat), names(game), (), "classic", ENGLISH)
    assert [c.card for c in seen.cards] == view["hand"]


@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 8, 9, 13, 20])
@pytest.mark.parametrize("legend", [(), (("trump", "Trump ♠"), ("playable", "Playable now")),
                                    (("trump", "Trump ♠"), ("playable", "Playable now"),
                                     ("kitty", "Kitty cards: discard three of them"))])
def test_a_hand_picture_is_as_wide_as_its_cards_and_legend(
    count: int, legend: tuple[tuple[str, str], ...],
) -> None:
    names = (["A♠", "10♥", "JK", "7♦", "2♣"] * 4)[:count]
    cards = tuple(hand.HandCard(c, False, i % 3 == 0, i % 2 == 0, label="Bartholomew")
                  for i, c in enumerate(names))
    sc = hand.HandScene("classic", cards, apart=count > 1, legend=legend,
                        empty=ENGLISH.no_cards, description="")
    image = hand.draw(sc).convert("RGB")
    assert hand.MIN_WIDTH <= image.width <= hand.WIDTH
    for x in (0, image.width - 1):  # nothing is cut at either edge
        edge = image.crop((x, 0, x + 1, image.height)).getcolors()
        assert edge == [(image.height, hand.BACKGROUND)]
    if count <= 3 and len(legend) < 3:
        assert image.width < hand.WIDTH / 2  # a short hand is not a strip of felt
    if count >= 9:
        assert image.width == hand.WIDTH


def test_empty_hand_draws_a_note() -> None:
    game = mighty(2, hands=1)
    play(game, random.Random(2), 10_000)
    view = game.view(0)
    assert view["hand"] == []
    picture = hand_picture(view, names(game), (), cache=None)
    assert ENGLISH.no_cards in picture.description


def test_table_alt_text_tells_the_table() -> None:
    game = kachuful_mid_trick()
    view = game.view(None)
    text = table_picture(view, names(game), cache=None).description
    assert "Trump: spades." in text
    for p in view["trick"]:
        assert p["card"] in text
    assert "Bartholomew Longname" in text and "Chidi" in text
    assert "to act" in text and "dealer" in text


def test_mighty_table_alt_text() -> None:
    game = play_until(mighty(8), random.Random(8), lambda g: g.phase == "playing"
                      and g.view(None)["friend"] is not None)
    text = table_picture(game.view(None), names(game), cache=None).description
    assert "Contract 20 ♥" in text and "Friend:" in text and "declarer" in text


def test_words_live_in_one_place() -> None:
    game = kachuful_mid_trick()
    words = Words(alt_table="Mesa: {title}.", hand_of="Mão {number}/{count}", spades="espadas")
    text = table_picture(game.view(None), names(game), words=words, cache=None).description
    assert text.startswith("Mesa: Kachuful · Mão 1/25.") and "espadas" in text


def test_names_are_cleaned_to_what_the_font_draws() -> None:
    assert fonts.clean("Chidi 🎲") == "Chidi"
    assert fonts.clean("Eun-ji 은지") == "Eun-ji 은지"
    assert fonts.clean("अर्जुन  क्\u200dष") == "अर्जुन क्\u200dष"  # a joiner in Devanagari stays
    assert fonts.clean("Zoë  Ñandú\u200d") == "Zoë Ñandú"
    assert fonts.clean("Léa 李 ☃") == "Léa"  # Han, and symbols no font has, are left out
    game = kachuful_mid_trick()
    sc = table.scene(game.view(None), ["🤖", "Bea", "Cy", "Dev"], "classic", ENGLISH)
    assert sc.seats[0].name == "Seat 1"


def test_the_fonts_ship_with_their_licences() -> None:
    assets = resources.files("bot.render.pictures") / "assets"
    assert (assets / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (assets / "LICENSE").read_text()
    for licence in ("CardNightHangul-LICENSE.txt", "NotoSansDevanagari-LICENSE.txt"):
        assert "SIL Open Font License" in (assets / licence).read_text()
    for ch in "♠♥♦♣★μσ−±AÇЖΩ한국어트럼프हिन्दीक्षॐ":
        assert fonts.has_glyph(ch), ch
    assert not fonts.has_glyph("🎲")


def test_text_is_drawn_run_by_run_in_each_script_s_font() -> None:
    assert fonts.runs("बोली 3 ♠") == (("devanagari", "बोली"), ("latin", " 3 ♠"))
    assert fonts.runs("은지 Kim") == (("hangul", "은지"), ("latin", " Kim"))
    # shaped: the conjunct क्ष is one glyph, narrower than क + ् + ष side by side
    shaped = fonts.width_of("क्ष", 40)
    assert shaped < fonts.width_of("क", 40) + fonts.width_of("्", 40) + fonts.width_of("ष", 40)
    assert fonts.fit("बिना ट्रंप बिना ट्रंप बिना ट्रंप", 16, 80).endswith("…")
    assert fonts.width_of(fonts.fit("बिना ट्रंप बिना ट्रंप बिना ट्रंप", 16, 80), 16) <= 80


def test_score_chart_runs_totals_and_marks_winners() -> None:
    game = kachuful(3, 6, start_size=3, schedule="descending")
    play(game, random.Random(6), 10_000)
    view = game.view(None)
    sc = charts.score_scene(view, names(game), ENGLISH)
    assert [t[-1] for t in sc.totals] == view["totals"]
    assert all(t[0] == 0 and len(t) == len(view["scores"]) + 1 for t in sc.totals)
    assert sc.winners == tuple(view["winners"])
    picture = score_chart(view, names(game), cache=None)
    assert picture.filename == "scores.png"
    assert "Winner: " in picture.description


def test_rating_chart_thins_long_histories() -> None:
    history = [(25 + i / 100, 8 - i / 1000) for i in range(2000)]
    sc = charts.rating_scene("Ann", "mighty", history, ENGLISH)
    assert len(sc.games) == charts.MAX_POINTS
    assert sc.games[0] == 1 and sc.games[-1] == 2000
    assert sc.ordinal[-1] == round(history[-1][0] - 3 * history[-1][1], 2)
    assert rating_chart("Ann", "mighty", history, cache=None).filename == "rating.png"
    assert "2000 games" in sc.description


def test_chart_ticks_are_round() -> None:
    assert charts.ticks(0, 73) == [0, 20, 40, 60, 80]
    assert charts.ticks(-204, 376) == [-400, -200, 0, 200, 400]
    assert charts.ticks(5, 5) == [4, 4.5, 5, 5.5, 6]


def test_pictures_stay_within_the_size_budget() -> None:
    long = ["Wolfeschlegelsteinhausen"] * 7
    game = kachuful(7, 11, trump="turned")
    worst = play_until(game, random.Random(11),
                       lambda g: len(g.current.tricks) >= 1 and len(g.trick) == 6)
    seat = worst.to_act
    assert seat is not None
    drawn = [
        table_picture(worst.view(None), long, deck="four_color", cache=None),
        hand_picture(worst.view(seat), long, legal_cards(worst, seat), cache=None),
    ]
    three = kachuful(3, 12)
    seat3 = three.to_act
    assert seat3 is not None
    drawn.append(hand_picture(three.view(seat3), names(three), (), deck="four_color",
                              cache=None))
    full = kachuful(7, 13)
    play(full, random.Random(13), 10_000)
    drawn.append(score_chart(full.view(None), long, cache=None))
    drawn.append(rating_chart("Ann", "kachuful", [(25 + math.sin(i), 3) for i in range(500)],
                              cache=None))
    for picture in drawn:
        assert len(picture.data) <= BUDGET, picture.filename


BAD_INPUTS: list[tuple[str, Callable[[KachufulGame], object]]] = [
    ("public view to the hand", lambda g: hand_picture(g.view(None), names(g), ())),
    ("seat view to the table", lambda g: table_picture(g.view(0), names(g))),
    ("too few names", lambda g: table_picture(g.view(None), names(g)[:2])),
    ("unknown deck", lambda g: table_picture(g.view(None), names(g), deck="tarot")),
    ("empty view", lambda g: table_picture({}, names(g))),
    ("bad card", lambda g: table_picture({**g.view(None), "trick": [{"seat": 0, "card": "Z♠"}]},
                                         names(g))),
    ("bad seat", lambda g: table_picture({**g.view(None), "trick": [{"seat": 9, "card": "A♠"}]},
                                         names(g))),
    ("no ratings", lambda g: rating_chart("Ann", "kachuful", [])),
    ("NaN rating", lambda g: rating_chart("Ann", "kachuful", [(math.nan, 1.0)])),
    ("ragged scores", lambda g: score_chart({**g.view(None), "scores": [[1, 2]]}, names(g))),
    ("endless scores", lambda g: score_chart({**g.view(None), "scores": [[0] * 4] * 10**6},
                                             names(g))),
]


@pytest.mark.parametrize(("why", "draw"), BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_raises_picture_error(why: str, draw: Callable[[KachufulGame], object]) -> None:
    game = kachuful_mid_trick()
    with pytest.raises(PictureError):
        draw(game)


def test_a_failing_draw_raises_picture_error_and_caches_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(_: object) -> Image.Image:
        raise RuntimeError("out of ink")

    monkeypatch.setattr(table, "parts", broken)
    cache = PictureCache()
    game = kachuful_mid_trick()
    with pytest.raises(PictureError, match="out of ink") as caught:
        table_picture(game.view(None), names(game), cache=cache)
    assert isinstance(caught.value.__cause__, RuntimeError)
    assert len(cache) == 0
