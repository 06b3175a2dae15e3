"""The hand picture, from one seat's view only: the seat's cards in the view's order
(sorted as in the text: the trump suit first), trumps marked with a gold band, the
cards it may play now raised and the others dimmed, and Mighty's kitty cards framed in
blue while the declarer discards. In Kachuful's forehead hand: the others' cards with
their names, the seat's own card face down; before a blind bid (the seat has not
looked yet): its cards face down. The picture is as wide as its cards and legend need."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageEnhance

from bot.render.pictures.canvas import GOLD, PALE, WHITE, Region, hex_rgb, rounded
from bot.render.pictures.cards import (
    SUIT_OF_LABEL,
    DeckStyle,
    back,
    check_deck,
    face,
    height_of,
    split,
)
from bot.render.pictures.fonts import clean, fit, width_of
from bot.render.pictures.games import game_of
from bot.render.pictures.picture import clip
from bot.render.pictures.words import Words

View = Mapping[str, Any]

WIDTH: Final = 860
"""The widest picture: a long hand's cards overlap to fit it."""
MIN_WIDTH: Final = 320
MARGIN: Final = 16
CARD: Final = 96
GAP: Final = 10
MIN_STEP: Final = 58
"""The least of a card shown when cards overlap: its rank and suit stay in view."""
RAISE: Final = 22
LEGEND: Final = 44
MAX_CARDS: Final = 53
NAME_ROW: Final = 30

BACKGROUND: Final = hex_rgb("#1B3A2A")
KITTY: Final = hex_rgb("#3BA7F0")
BAND: Final = 14


@dataclass(frozen=True, slots=True)
class HandCard:
    card: str
    trump: bool
    kitty: bool
    playable: bool
    label: str = ""
    """A name under the card (the forehead hand)."""
    hidden: bool = False
    """Drawn face down (the seat's own forehead card)."""


@dataclass(frozen=True, slots=True)
class HandScene:
    deck: DeckStyle
    cards: tuple[HandCard, ...]
    apart: bool
    """Some cards are playable: raise them and dim the others."""
    legend: tuple[tuple[str, str], ...]
    """(mark, text): ``trump``, ``playable`` or ``kitty``."""
    empty: str
    description: str


def _cards(v: View, key: str) -> list[str]:
    raw = v.get(key) or []
    if len(raw) > MAX_CARDS:
        raise ValueError(f"{len(raw)} cards in {key!r}")
    out = [str(c) for c in raw]
    for c in out:
        split(c)
    return out


def scene(
    view: View, names: Sequence[str], playable: Collection[str], deck: str, words: Words,
) -> HandScene:
    """What the hand picture of seat ``view`` shows."""
    style = check_deck(deck)
    seat = view.get("seat")
    if seat is None:
        raise ValueError("the hand picture is drawn from a seat's view, not the public one")
    trump = SUIT_OF_LABEL.get(str(view.get("trump")))
    legend: list[tuple[str, str]] = []
    if trump is not None:
        word = game_of(view.get("game")).scene.trump_word(words)
        legend.append(("trump", f"{word} {trump}"))
    if view.get("forehead") and view.get("hand") is None:
        return _forehead(view, names, style, words, trump, legend)
    held = _cards(view, "hand")
    if _unseen(view, int(seat)):
        backs = tuple(HandCard("", False, False, False, hidden=True) for _ in held)
        return HandScene(style, backs, False, tuple(legend), words.no_cards,
                         clip(words.alt_unseen.format(count=len(held))))
    kitty = set(_cards(view, "kitty")) if view.get("phase") == "discard" else set()
    kitty &= set(held)
    allowed = {str(c) for c in playable} & set(held)
    apart = bool(allowed) and allowed != set(held)
    cards = tuple(
        HandCard(c, trump is not None and c.endswith(trump), c in kitty, c in allowed)
        for c in held
    )
    if apart:
        legend.append(("playable", words.playable))
    if kitty:
        legend.append(("kitty", words.kitty))
    parts = [words.alt_hand.format(cards=" ".join(held))] if held else [words.no_cards + "."]
    trumps = [c.card for c in cards if c.trump]
    if trumps:
        parts.append(words.alt_hand_trumps.format(cards=" ".join(trumps)))
    if allowed:
        parts.append(words.alt_hand_playable.format(
            cards=" ".join(c for c in held if c in allowed)))
    if kitty:
        parts.append(words.alt_hand_kitty.format(cards=" ".join(c for c in held if c in kitty)))
    return HandScene(style, cards, apart, tuple(legend), words.no_cards,
                     clip(" ".join(parts)))


def _unseen(view: View, seat: int) -> bool:
    """Kachuful's blind bid (KV7): the seat may still bid without having looked at its
    cards, so they stay face down until it looks."""
    config = view.get("config") or {}
    bids = view.get("bids") or []
    return bool(
        config.get("blind_bids") and view.get("phase") == "bidding"
        and view.get("looked") is False and 0 <= seat < len(bids) and bids[seat] is None
    )


def _forehead(
    view: View, names: Sequence[str], style: DeckStyle, words: Words, trump: str | None,
    legend: list[tuple[str, str]],
) -> HandScene:
    n = int(view["players"])
    if len(names) != n:
        raise ValueError(f"{len(names)} names given for {n} seats")
    seat = int(view["seat"])
    shown = [clean(str(x)) or words.seat.format(number=i + 1) for i, x in enumerate(names)]
    others = view.get("others") or []
    if len(others) > MAX_CARDS:
        raise ValueError(f"{len(others)} cards in 'others'")
    cards = [HandCard("", False, False, False, words.you, hidden=True)]
    seen = []
    for p in sorted(others, key=lambda p: (int(p["seat"]) - seat) % n):
        card = str(p["card"])
        split(card)
        name = shown[int(p["seat"])]
        cards.append(HandCard(card, trump is not None and card.endswith(trump), False, False,
                              name))
        seen.append(words.alt_played.format(name=name, card=card))
    description = words.alt_forehead.format(cards=", ".join(seen))
    return HandScene(style, tuple(cards), False, tuple(legend), words.no_cards,
                     clip(description))


# --- drawing ---------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _dimmed(card: str, width: int, deck: DeckStyle) -> Image.Image:
    sprite = face(card, width, deck)
    dark = ImageEnhance.Brightness(sprite.convert("RGB")).enhance(0.5).convert("RGBA")
    dark.putalpha(sprite.getchannel("A"))
    return dark


def _rows(count: int) -> list[int]:
    """How many cards go in each row."""
    per_row = 1 + (WIDTH - 2 * MARGIN - CARD) // MIN_STEP
    rows = max(1, -(-count // per_row))
    base, extra = divmod(count, rows)
    return [base + (1 if i < extra else 0) for i in range(rows)]


def _step(count: int) -> float:
    """The distance between the left edges of neighbouring cards in a row of ``count``."""
    room = WIDTH - 2 * MARGIN - CARD
    return CARD + GAP if count < 2 else min(CARD + GAP, room / (count - 1))


def _span(count: int) -> float:
    return _step(count) * (count - 1) + CARD


def _legend_width(sc: HandScene) -> float:
    return MARGIN + sum(36 + width_of(text, 18) + 28 for _, text in sc.legend) - 28


def _width(sc: HandScene, rows: list[int]) -> int:
    """As wide as the cards and the legend need (at most :data:`WIDTH`): a short hand is
    not a strip of felt, and Discord shows a narrower picture larger on a phone."""
    need = max([float(MIN_WIDTH), _legend_width(sc) + MARGIN,
                *(_span(count) + 2 * MARGIN for count in rows)])
    if not sc.cards:
        need = max(need, width_of(sc.empty, 22) + 2 * MARGIN)
    return min(WIDTH, math.ceil(need))


def draw(sc: HandScene) -> Image.Image:
    """The picture of ``sc``."""
    labelled = any(c.label for c in sc.cards)
    row_h = height_of(CARD) + (RAISE if sc.apart else 0) + (NAME_ROW if labelled else 0) + 12
    rows = _rows(len(sc.cards)) if sc.cards else []
    height = LEGEND + max(1, len(rows)) * row_h + 8
    width = _width(sc, rows)
    image = Image.new("RGB", (width, height), BACKGROUND)
    region = Region(image)
    _legend(region, sc)
    if not sc.cards:
        region.text((width / 2, LEGEND + row_h / 2), sc.empty, 22, PALE)
        return image
    start = 0
    for r, count in enumerate(rows):
        step = _step(count)
        x = (width - _span(count)) / 2
        top = LEGEND + r * row_h + (RAISE if sc.apart else 0)
        for i, card in enumerate(sc.cards[start:start + count]):
            _card(region, sc, card, (x + i * step, top))
        start += count
    return image


def _card(r: Region, sc: HandScene, card: HandCard, at: tuple[float, float]) -> None:
    h = height_of(CARD)
    x, y = at
    if card.playable and sc.apart:
        y -= RAISE
    if card.hidden:
        sprite = back(CARD)
    elif sc.apart and not card.playable:
        sprite = _dimmed(card.card, CARD, sc.deck)
    else:
        sprite = face(card.card, CARD, sc.deck)
    if card.kitty:
        r.paste(rounded((CARD + 8, h + 8), 14, KITTY), (x + CARD / 2, y + h / 2))
    r.paste(sprite, (x + CARD / 2, y + h / 2))
    if card.trump:
        band = rounded((CARD - 8, BAND), BAND // 2, GOLD)
        r.paste(band, (x + CARD / 2, y + h - BAND / 2 - 5))
    if card.label:
        r.text((x + CARD / 2, y + h + 18), fit(card.label, 16, CARD + 4), 16, WHITE)


def _legend(r: Region, sc: HandScene) -> None:
    x = float(MARGIN)
    y = LEGEND / 2
    for mark, text in sc.legend:
        if mark == "trump":
            r.paste(rounded((28, BAND), BAND // 2, GOLD), (x + 14, y))
        elif mark == "kitty":
            r.paste(rounded((28, 18), 6, KITTY), (x + 14, y))
        else:
            r.text((x + 14, y), "↑", 22, WHITE)
        r.text((x + 36, y), text, 18, WHITE, anchor="lm")
        x += 36 + width_of(text, 18) + 28

