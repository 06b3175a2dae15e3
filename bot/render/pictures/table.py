"""The table picture, from the public view only: the seats around a felt table with
their names, the dealer, the player to act, the running totals; the current trick in
front of the seats that played it; the trump in the middle; the last trick, smaller, in
a corner. What a game adds (each seat's bid and tricks in Kachuful; its call, captured
points and role, the contract and the friend in Mighty) comes from its scene
(:class:`~bot.games.scene.GameScene`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final

from PIL import Image, ImageDraw

from bot.render.pictures.canvas import (
    GOLD,
    INK,
    MUTED,
    PALE,
    WHITE,
    Region,
    disc,
    hex_rgb,
    rounded,
)
from bot.render.pictures.cards import SUIT_OF_LABEL, DeckStyle, check_deck, face, split, suit_colour
from bot.render.pictures.fonts import clean, fit, width_of
from bot.render.pictures.games import game_of, title_of
from bot.render.pictures.picture import clip
from bot.render.pictures.words import Words

View = Mapping[str, Any]

WIDTH: Final = 800
HEIGHT: Final = 520
CENTRE: Final = (400, 272)
SEAT_RADII: Final = (300, 200)
TRICK_REACH: Final = 0.56
"""How far from the centre towards its seat a played card lies."""
PLATE: Final = (172, 56)
TRICK_CARD: Final = 56
LAST_CARD: Final = 32
MAX_SEATS: Final = 7

BACKGROUND: Final = hex_rgb("#13261C")
FELT: Final = hex_rgb("#1E6B45")
FELT_EDGE: Final = hex_rgb("#17573A")
RIM: Final = hex_rgb("#6B4423")
PLATE_FILL: Final = (12, 30, 21, 235)
PLATE_EDGE: Final = hex_rgb("#3F7A5A")
SCORE_FILL: Final = hex_rgb("#0B1A12")
BADGE_COLOURS: Final = {
    "declarer": hex_rgb("#C0392B"), "friend": hex_rgb("#2471A3"), "winner": GOLD,
}


@dataclass(frozen=True, slots=True)
class SeatScene:
    name: str
    detail: str
    total: str
    dealer: bool
    to_act: bool
    badge: str | None
    """``declarer``, ``friend`` or ``winner``."""
    badge_text: str


@dataclass(frozen=True, slots=True)
class TableScene:
    deck: DeckStyle
    title: str
    subtitle: str
    corner: tuple[str, ...]
    """Lines in the top-right corner (Mighty: the bid or contract, the friend)."""
    trump: str | None
    """A suit symbol, ``NT``, or None while the trump is not set."""
    trump_caption: str
    dealer_chip: str
    seats: tuple[SeatScene, ...]
    trick: tuple[tuple[int, str], ...]
    """(seat, card) in the order played."""
    note: str
    last_title: str
    last: tuple[tuple[int, str], ...]
    last_winner: int | None
    """The seat that won the last trick."""
    description: str


def _total(value: int, signed: bool) -> str:
    return f"{value:+d}" if signed and value else str(value)


def _names(names: Sequence[str], count: int, words: Words) -> list[str]:
    if len(names) != count:
        raise ValueError(f"{len(names)} names given for {count} seats")
    return [clean(str(n)) or words.seat.format(number=i + 1) for i, n in enumerate(names)]


def _played(cards: Sequence[Mapping[str, Any]], count: int) -> tuple[tuple[int, str], ...]:
    out = []
    for p in cards[:count]:
        seat, card = int(p["seat"]), str(p["card"])
        split(card)
        if not 0 <= seat < count:
            raise ValueError(f"seat {seat} is not at the table")
        out.append((seat, card))
    return tuple(out)


def _trump_symbol(label: str | None, words: Words) -> str | None:
    if label is None:
        return None
    return SUIT_OF_LABEL.get(label, words.notrump_short)


def scene(view: View, names: Sequence[str], deck: str, words: Words) -> TableScene:
    """What the table picture of the public ``view`` shows (``names`` by seat)."""
    if view.get("seat") is not None:
        raise ValueError("the table picture is drawn from the public view (seat None)")
    style = check_deck(deck)
    n = int(view["players"])
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"{n} seats: the table holds 1 to {MAX_SEATS}")
    shown = _names(names, n, words)
    game = game_of(view["game"])
    lines = game.scene.table(view, shown, words)
    hand = words.hand_of.format(number=view["hand_number"], count=view["hand_count"])
    totals = view["totals"]
    winners = set(view["winners"]) if view["over"] else set()
    badge_words = {"winner": words.winner, "declarer": words.declarer, "friend": words.friend}
    seats = []
    for s in range(n):
        badge = "winner" if s in winners else lines.roles.get(s)
        seats.append(SeatScene(
            name=shown[s], detail=lines.details[s] if s < len(lines.details) else "",
            total=_total(int(totals[s]), game.net_scores),
            dealer=s == view["dealer"], to_act=s == view["to_act"], badge=badge,
            badge_text="" if badge is None else badge_words[badge],
        ))
    last_view = view["last_trick"]
    last: tuple[tuple[int, str], ...] = ()
    winner = None
    last_title = ""
    if last_view is not None:
        last = _played(last_view["cards"], n)
        winner = int(last_view["winner"])
        last_title = f"{words.last_trick} · {words.won_by.format(name=shown[winner])}"
    sc = TableScene(
        deck=style, title=f"{title_of(game, words)} · {hand}", subtitle=lines.subtitle,
        corner=lines.corner, trump=_trump_symbol(view["trump"], words),
        trump_caption=lines.caption, dealer_chip=words.dealer_chip, seats=tuple(seats),
        trick=_played(view["trick"], n), note=lines.note, last_title=last_title, last=last,
        last_winner=winner, description="",
    )
    return replace(sc, description=_describe(sc, view["trump"], words))


def _describe(sc: TableScene, trump: str | None, words: Words) -> str:
    names = [s.name for s in sc.seats]
    parts = [words.alt_table.format(title=sc.title)]
    if sc.subtitle:
        parts.append(sc.subtitle + ".")
    parts.extend(line + "." for line in sc.corner)
    trump_word = words.trump_open if trump is None else words.suit(trump)
    parts.append(words.alt_trump.format(trump=trump_word))
    for seat in sc.seats:
        bits = [seat.detail, words.alt_total.format(total=seat.total)]
        if seat.dealer:
            bits.append(words.alt_dealer)
        if seat.badge_text:
            bits.append(seat.badge_text)
        if seat.to_act:
            bits.append(words.alt_to_act)
        parts.append(words.alt_seat.format(name=seat.name, details=", ".join(bits)))
    if sc.trick:
        cards = ", ".join(words.alt_played.format(name=names[s], card=c) for s, c in sc.trick)
        parts.append(words.alt_trick.format(cards=cards))
    if sc.note:
        parts.append(sc.note + ".")
    if sc.last and sc.last_winner is not None:
        cards = ", ".join(words.alt_played.format(name=names[s], card=c) for s, c in sc.last)
        parts.append(words.alt_last.format(cards=cards, name=names[sc.last_winner]))
    return clip(" ".join(parts))


# --- drawing ---------------------------------------------------------------------------


def seat_point(seat: int, count: int, reach: float = 1.0) -> tuple[float, float]:
    """Where ``seat`` sits: seat 0 at the bottom, then clockwise (seat 1 on its left)."""
    angle = math.pi / 2 + 2 * math.pi * seat / count
    return (CENTRE[0] + reach * SEAT_RADII[0] * math.cos(angle),
            CENTRE[1] + reach * SEAT_RADII[1] * math.sin(angle))


@cache
def background() -> Image.Image:
    """The empty table every table picture is drawn on (read-only)."""
    s = 2
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), BACKGROUND)
    draw = ImageDraw.Draw(big)
    cx, cy = CENTRE[0] * s, CENTRE[1] * s
    rx, ry = 330 * s, 196 * s
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=RIM)
    rim = 12 * s
    draw.ellipse((cx - rx + rim, cy - ry + rim, cx + rx - rim, cy + ry - rim), fill=FELT_EDGE)
    inner = 20 * s
    draw.ellipse((cx - rx + inner, cy - ry + inner, cx + rx - inner, cy + ry - inner), fill=FELT)
    return big.reduce(s)


Part = tuple[Callable[..., None], tuple[Any, ...]]
"""One thing drawn on the table: a function drawing it on a :class:`Region` and its
arguments, which alone decide its pixels (so the pair is the key of its tile,
:mod:`~bot.render.pictures.tiles`)."""


def parts(sc: TableScene) -> list[Part]:
    """What the picture of ``sc`` draws on the empty table, in order."""
    out: list[Part] = [(_title, (sc.title,))]
    if sc.subtitle:
        out.append((_subtitle, (sc.subtitle,)))
    out.extend((_corner, (i, line)) for i, line in enumerate(sc.corner))
    out.append((_emblem, (sc.trump, sc.trump_caption, sc.deck)))
    if sc.note:
        out.append((_note, (sc.note,)))
    n = len(sc.seats)
    out.extend((_trick_card, (at, n, card, sc.deck)) for at, card in sc.trick)
    out.extend((_plate, (seat, s, n, sc.dealer_chip)) for s, seat in enumerate(sc.seats))
    if sc.last:
        out.append((_last, (sc.last_title, sc.last, sc.last_winner, sc.deck)))
    return out


def draw(sc: TableScene) -> Image.Image:
    """The picture of ``sc``."""
    image = background().copy()
    region = Region(image)
    for paint, args in parts(sc):
        paint(region, *args)
    return image


def _title(r: Region, title: str) -> None:
    r.text((16, 12), fit(title, 22, 360), 22, WHITE, anchor="la")


def _subtitle(r: Region, subtitle: str) -> None:
    r.text((16, 40), fit(subtitle, 17, 360), 17, PALE, anchor="la")


def _corner(r: Region, i: int, line: str) -> None:
    size = 19 if i == 0 else 16
    r.text((WIDTH - 16, 12 + (0 if i == 0 else 6 + 21 * i)), fit(line, size, 300), size,
           WHITE if i == 0 else PALE, anchor="ra")


def _emblem(r: Region, trump: str | None, caption: str, deck: DeckStyle) -> None:
    cx, cy = CENTRE
    r.paste(disc(104, (246, 241, 227), GOLD, 3), (cx, cy))
    if trump is None:
        r.ink_centre((cx, cy - 8), "?", 46, MUTED)
    elif trump in SUIT_OF_LABEL.values():
        r.ink_centre((cx, cy - 10), trump, 52, suit_colour(trump, deck))
    else:
        r.ink_centre((cx, cy - 10), trump, 34, INK)
    if caption:
        r.text((cx, cy + 30), fit(caption, 15, 84), 15, INK)


def _note(r: Region, note: str) -> None:
    r.text((CENTRE[0], CENTRE[1] + 66), fit(note, 15, 300), 15, WHITE)


def _trick_card(r: Region, at: int, n: int, card: str, deck: DeckStyle) -> None:
    r.paste(face(card, TRICK_CARD, deck), seat_point(at, n, TRICK_REACH))


def _plate(r: Region, seat: SeatScene, s: int, n: int, chip: str) -> None:
    centre = seat_point(s, n)
    w, h = PLATE
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    if seat.to_act:
        r.paste(rounded(PLATE, 12, GOLD, WHITE, 3), centre)
        ink, soft = INK, INK
    else:
        r.paste(rounded(PLATE, 12, PLATE_FILL, PLATE_EDGE, 2), centre)
        ink, soft = WHITE, PALE
    score_w = round(width_of(seat.total, 16)) + 14
    score_at = (x0 + w - 8 - score_w / 2, y0 + 18)
    r.paste(rounded((score_w, 22), 11, SCORE_FILL), score_at)
    r.text(score_at, seat.total, 16, GOLD)
    r.text((x0 + 14, y0 + 18), fit(seat.name, 20, w - 30 - score_w), 20, ink, anchor="lm")
    r.text((x0 + 14, y0 + 41), fit(seat.detail, 16, w - 24), 16, soft, anchor="lm")
    if seat.dealer:
        r.paste(disc(28, WHITE, INK, 2), (x0 + 2, y0 + 2))
        r.ink_centre((x0 + 2, y0 + 2), chip, 15, INK)
    if seat.badge is not None:
        label = fit(("★ " if seat.badge == "winner" else "") + seat.badge_text, 14, w - 40)
        bw = round(width_of(label, 14)) + 16
        fg = INK if seat.badge == "winner" else WHITE
        bx, by = x0 + w - 10 - bw / 2, y0 - 2
        r.paste(rounded((bw, 22), 11, BADGE_COLOURS[seat.badge], WHITE, 1), (bx, by))
        r.text((bx, by), label, 14, fg)


def _last(
    r: Region, title: str, last: tuple[tuple[int, str], ...], winner: int | None,
    deck: DeckStyle,
) -> None:
    right, bottom = WIDTH - 12, HEIGHT - 10
    step = LAST_CARD + 4
    row = step * len(last) - 4
    x0 = right - row
    y = bottom - round(LAST_CARD * 1.4) / 2
    r.text((right, y - 34), fit(title, 15, 260), 15, PALE, anchor="rs")
    for i, (seat, card) in enumerate(last):
        cx = x0 + i * step + LAST_CARD / 2
        if seat == winner:
            r.paste(rounded((LAST_CARD + 6, round(LAST_CARD * 1.4) + 6), 6, GOLD), (cx, y))
        r.paste(face(card, LAST_CARD, deck), (cx, y))
