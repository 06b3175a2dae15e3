"""Line charts: every seat's running total after each hand, winners marked (the final
standings); a member's rating ``mu − 3·sigma`` over their games with the band
``mu ± 3·sigma`` (``/stats``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Final

from PIL import Image, ImageDraw

from bot.render.pictures.canvas import (
    GOLD,
    MUTED,
    PALE,
    RGB,
    WHITE,
    hex_rgb,
    paste,
    rounded,
    text_at,
)
from bot.render.pictures.fonts import clean, fit, width_of
from bot.render.pictures.games import game_of, title_of
from bot.render.pictures.picture import clip
from bot.render.pictures.words import Words

View = Mapping[str, Any]

WIDTH: Final = 800
HEIGHT: Final = 450
SCALE: Final = 2
"""Lines are drawn at twice the size, then scaled down, for smooth edges."""
MAX_SEATS: Final = 7
MAX_HANDS: Final = 500
MAX_POINTS: Final = 400
"""Longer rating histories are thinned to this many points (the last one kept)."""
Z: Final = 3.0

BACKGROUND: Final = hex_rgb("#16241C")
PLOT: Final = hex_rgb("#1D3126")
GRID: Final = hex_rgb("#2F4A3B")
ZERO: Final = hex_rgb("#6F8F7D")
LINES: Final[tuple[RGB, ...]] = tuple(hex_rgb(c) for c in (
    "#E69F00", "#56B4E9", "#2BC48A", "#F0E442", "#E8602C", "#D38DC0", "#FFFFFF",
))
"""Seat colours (after Okabe and Ito's colour-blind-safe palette)."""
BAND: Final = (244, 196, 48, 44)
BAND_SWATCH: Final = hex_rgb("#4A5B34")
"""The band's colour over the plot, for its legend."""


@dataclass(frozen=True, slots=True)
class ScoreScene:
    title: str
    axis: str
    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]
    """Per seat: 0, then the running total after each hand."""
    winners: tuple[int, ...]
    description: str


@dataclass(frozen=True, slots=True)
class RatingScene:
    title: str
    axis: str
    band: str
    """The legend of the shaded band."""
    games: tuple[int, ...]
    """The game number of each point (1 = after the first rated game)."""
    ordinal: tuple[float, ...]
    """``mu − 3·sigma``: the rating shown, and the low end of the band."""
    high: tuple[float, ...]
    """``mu + 3·sigma``: the high end of the band."""
    description: str


def score_scene(view: View, names: Sequence[str], words: Words) -> ScoreScene:
    """The score chart of any view of a game (its ``scores`` and ``winners``)."""
    n = int(view["players"])
    if not 1 <= n <= MAX_SEATS or len(names) != n:
        raise ValueError(f"{len(names)} names for {n} seats")
    rows = view["scores"]
    if len(rows) > MAX_HANDS:
        raise ValueError(f"{len(rows)} hands: the chart shows at most {MAX_HANDS}")
    hands = [[int(x) for x in row] for row in rows]
    if any(len(row) != n for row in hands):
        raise ValueError("scores must hold one row of one score per seat for each hand")
    shown = tuple(clean(str(x)) or words.seat.format(number=i + 1) for i, x in enumerate(names))
    totals = tuple(tuple(accumulate((row[s] for row in hands), initial=0)) for s in range(n))
    winners = tuple(sorted(int(w) for w in view["winners"] if 0 <= int(w) < n))
    lines = " · ".join(
        words.alt_score_line.format(name=shown[s], total=totals[s][-1])
        for s in sorted(range(n), key=lambda s: -totals[s][-1])
    )
    parts = [words.alt_scores.format(hands=len(hands), lines=lines)]
    if winners:
        parts.append(words.alt_winners.format(names=", ".join(shown[w] for w in winners)))
    return ScoreScene(words.score_title, words.hand_axis, shown, totals, winners,
                      clip(" ".join(parts)))


def rating_scene(
    name: str, game: str, ratings: Sequence[tuple[float, float]], words: Words,
) -> RatingScene:
    """The rating chart of a member's ``(mu, sigma)`` after each rated game."""
    points = [(float(mu), float(sigma)) for mu, sigma in ratings]
    if not points or not all(math.isfinite(m) and math.isfinite(s) for m, s in points):
        raise ValueError("ratings must hold at least one finite (mu, sigma)")
    shown = clean(str(name)) or words.seat.format(number=1)
    numbers = list(range(1, len(points) + 1))
    if len(points) > MAX_POINTS:
        keep = sorted({round(i * (len(points) - 1) / (MAX_POINTS - 1))
                       for i in range(MAX_POINTS)})
        numbers = [i + 1 for i in keep]
        points = [points[i] for i in keep]
    ordinal = tuple(round(m - Z * s, 2) for m, s in points)
    game_title = title_of(game_of(game), words)
    title = words.rating_title.format(name=shown, game=game_title)
    description = words.alt_rating.format(
        name=shown, game=game_title, games=numbers[-1], first=f"{ordinal[0]:.1f}",
        last=f"{ordinal[-1]:.1f}", best=f"{max(ordinal):.1f}",
    )
    return RatingScene(
        title=title, axis=words.game_axis, band=words.rating_band, games=tuple(numbers),
        ordinal=ordinal,
        high=tuple(round(m + Z * s, 2) for m, s in points),
        description=clip(description),
    )


# --- drawing ---------------------------------------------------------------------------


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 × 10^k) covering ``low``..``high``."""
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    raw = (high - low) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    first = math.floor(low / step + 1e-9) * step
    out = []
    value = first
    while value < high + step - 1e-9:
        out.append(round(value, 10))
        value += step
    return out


def _label(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:.1f}"


@dataclass(frozen=True, slots=True)
class Frame:
    """The plot area and the mapping of data to pixels (at 1×)."""

    left: float
    top: float
    right: float
    bottom: float
    x0: float
    x1: float
    y0: float
    y1: float

    def at(self, x: float, y: float) -> tuple[float, float]:
        fx = 0.5 if self.x1 == self.x0 else (x - self.x0) / (self.x1 - self.x0)
        fy = (y - self.y0) / (self.y1 - self.y0)
        return (self.left + fx * (self.right - self.left),
                self.bottom - fy * (self.bottom - self.top))


def axes(frame: Frame, yticks: Sequence[float], xticks: Sequence[int],
          zero: bool) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    s = SCALE
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), BACKGROUND)
    d = ImageDraw.Draw(big, "RGBA")
    d.rectangle((frame.left * s, frame.top * s, frame.right * s, frame.bottom * s), fill=PLOT)
    for y in yticks:
        py = frame.at(frame.x0, y)[1] * s
        colour = ZERO if zero and y == 0 else GRID
        d.line((frame.left * s, py, frame.right * s, py), fill=colour, width=s)
    for x in xticks:
        px = frame.at(x, frame.y0)[0] * s
        d.line((px, frame.bottom * s, px, frame.bottom * s + 6 * s), fill=GRID, width=s)
    return big, d


def axis_labels(image: Image.Image, frame: Frame, yticks: Sequence[float],
            xticks: Sequence[int], axis: str) -> None:
    for y in yticks:
        text_at(image, (frame.left - 8, frame.at(frame.x0, y)[1]), _label(y), 15, PALE, anchor="rm")
    for x in xticks:
        text_at(image, (frame.at(x, frame.y0)[0], frame.bottom + 10), str(x), 15, PALE,
                anchor="mt")
    text_at(image, (frame.right, frame.bottom + 30), axis, 14, MUTED, anchor="rt")


def x_ticks(first: int, last: int, count: int = 10) -> list[int]:
    span = max(1, last - first)
    step = next(m for m in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9)
                if span / m <= count)
    return [x for x in range(first - first % step, last + 1, step) if x >= first] or [first]


def draw_scores(sc: ScoreScene) -> Image.Image:
    """The picture of ``sc``."""
    values = [v for series in sc.totals for v in series]
    yticks = ticks(min(0, *values), max(0, *values))
    hands = len(sc.totals[0]) - 1
    xticks = x_ticks(0, max(1, hands))
    frame = Frame(64, 56, 570, HEIGHT - 52, 0, max(1, hands), yticks[0], yticks[-1])
    big, d = axes(frame, yticks, xticks, zero=True)
    s = SCALE
    order = sorted(range(len(sc.totals)), key=lambda i: (i in sc.winners, -i))
    for i in order:
        colour = LINES[i % len(LINES)]
        width = (5 if i in sc.winners else 3) * s
        pts = [tuple(c * s for c in frame.at(h, v)) for h, v in enumerate(sc.totals[i])]
        if len(pts) > 1:
            d.line(pts, fill=colour, width=width, joint="curve")
        ex, ey = pts[-1]
        r = (7 if i in sc.winners else 5) * s
        d.ellipse((ex - r, ey - r, ex + r, ey + r), fill=colour)
    image = big.reduce(SCALE)
    text_at(image, (16, 14), fit(sc.title, 22, WIDTH - 32), 22, WHITE, anchor="la")
    axis_labels(image, frame, yticks, xticks, sc.axis)
    _score_legend(image, sc)
    return image


LEGEND_X: Final = 592
"""Where the legend beside a plot starts; its rows are :data:`LEGEND_ROW` apart."""
LEGEND_ROW: Final = 34


def _score_legend(image: Image.Image, sc: ScoreScene) -> None:
    ranked = sorted(range(len(sc.names)), key=lambda i: (-sc.totals[i][-1], i))
    for row, i in enumerate(ranked):
        legend_row(image, row, LINES[i % len(LINES)], sc.names[i], str(sc.totals[i][-1]),
                   winner=i in sc.winners)


def legend_row(
    image: Image.Image, row: int, colour: RGB, name: str, value: str, *, winner: bool,
    ink: RGB = WHITE,
) -> None:
    """One row of a chart's legend: the line's colour, the name (a winner's starred, in
    gold) cut to fit, and its value at the right edge."""
    x, y = LEGEND_X, 64 + row * LEGEND_ROW
    paste(image, rounded((22, 8), 4, colour), (x + 11, y + 10))
    star = "★ " if winner else ""
    shade = GOLD if winner else ink
    text_at(image, (WIDTH - 14, y + 10), value, 17, shade, anchor="rm")
    room = WIDTH - 14 - 30 - x - 8 - round(width_of(value, 17))
    text_at(image, (x + 30, y + 10), fit(star + name, 17, room), 17, shade, anchor="lm")


def draw_rating(sc: RatingScene) -> Image.Image:
    """The picture of ``sc``."""
    yticks = ticks(min(sc.ordinal), max(sc.high))
    first, last = sc.games[0], sc.games[-1]
    xticks = x_ticks(first, last)
    frame = Frame(64, 56, WIDTH - 28, HEIGHT - 52, first, last, yticks[0], yticks[-1])
    big, d = axes(frame, yticks, xticks, zero=True)
    s = SCALE

    def pts(values: Sequence[float]) -> list[tuple[float, float]]:
        return [(frame.at(g, v)[0] * s, frame.at(g, v)[1] * s) for g, v in zip(
            sc.games, values, strict=True)]

    high, line = pts(sc.high), pts(sc.ordinal)
    if len(line) > 1:
        d.polygon([*high, *reversed(line)], fill=BAND)
        d.line(line, fill=GOLD, width=4 * s, joint="curve")
    for px, py in line if len(line) <= 30 else line[-1:]:
        r = 5 * s
        d.ellipse((px - r, py - r, px + r, py + r), fill=GOLD)
    image = big.reduce(SCALE)
    text_at(image, (16, 14), fit(sc.title, 22, WIDTH - 32), 22, WHITE, anchor="la")
    axis_labels(image, frame, yticks, xticks, sc.axis)
    band_x = WIDTH - 28 - width_of(sc.band, 15)
    paste(image, rounded((26, 14), 4, BAND_SWATCH), (band_x - 21, 28))
    text_at(image, (WIDTH - 28, 28), sc.band, 15, PALE, anchor="rm")
    ex, ey = frame.at(last, sc.ordinal[-1])
    text_at(image, (min(ex, WIDTH - 40), ey - 14), f"{sc.ordinal[-1]:.1f}", 17, GOLD, anchor="ms")
    return image
