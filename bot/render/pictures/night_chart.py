"""A game night's final chart (docs/nights.md "The night's end"): each member's running
total of night points after every round, the winners marked, drawn from the night's
standings only (public data), in the look of the game's score chart
(:mod:`bot.render.pictures.charts`).

The legend lists the members best first, each with their total to one decimal (written
the way the language writes numbers). The :data:`SHOWN` best have a line of their own
colour; any others are drawn as thin grey lines behind them and counted in the
legend's last row, so that a night of many members stays readable at Discord's size.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from babel.numbers import format_decimal
from PIL import Image

from bot.i18n import language_of
from bot.render.pictures.canvas import MUTED, WHITE, hex_rgb, text_at
from bot.render.pictures.charts import (
    HEIGHT,
    LINES,
    SCALE,
    WIDTH,
    Frame,
    axes,
    axis_labels,
    legend_row,
    ticks,
    x_ticks,
)
from bot.render.pictures.fonts import clean, fit
from bot.render.pictures.picture import clip
from bot.render.pictures.words import Words

SHOWN: Final = len(LINES)
"""The members with a line of their own colour and a row in the legend."""
MAX_MEMBERS: Final = 100
MAX_ROUNDS: Final = 100
REST: Final = hex_rgb("#52705F")
"""The lines of the members past the :data:`SHOWN` best."""

Points = Fraction | float | int


@dataclass(frozen=True, slots=True)
class NightScene:
    title: str
    axis: str
    names: tuple[str, ...]
    """The members best first."""
    totals: tuple[tuple[float, ...], ...]
    """Per member: 0, then the running total after each round (to one decimal)."""
    labels: tuple[str, ...]
    """Each member's final total, written in the language."""
    winners: tuple[int, ...]
    more: str
    """The legend's last row when some members have no row of their own, else empty."""
    description: str


def night_scene(
    title: str, names: Sequence[str], running: Sequence[Sequence[Points]],
    winners: Collection[int], words: Words,
) -> NightScene:
    """The chart of a night whose members (``names``, best first) had the ``running``
    totals after each round; ``winners``: their indexes."""
    if not 1 <= len(names) <= MAX_MEMBERS or len(running) != len(names):
        raise ValueError(f"{len(names)} names for {len(running)} members")
    rounds = len(running[0])
    if not 1 <= rounds <= MAX_ROUNDS or any(len(r) != rounds for r in running):
        raise ValueError("running totals must hold one total per round for each member")
    totals = tuple((0.0, *(round(float(v), 1) for v in series)) for series in running)
    if not all(math.isfinite(v) for series in totals for v in series):
        raise ValueError("running totals must be finite")
    locale = language_of(words.code).locale
    labels = tuple(format_decimal(series[-1], format="#,##0.0", locale=locale)
                   for series in totals)
    shown = tuple(clean(str(n)) or words.seat.format(number=i + 1) for i, n in enumerate(names))
    won = tuple(sorted({int(w) for w in winners if 0 <= int(w) < len(names)}))
    lines = " · ".join(words.alt_score_line.format(name=n, total=t)
                       for n, t in zip(shown, labels, strict=True))
    parts = [words.alt_night.format(rounds=rounds, lines=lines)]
    if won:
        parts.append(words.alt_winners.format(names=", ".join(shown[w] for w in won)))
    hidden = len(names) - SHOWN
    return NightScene(
        title=words.night_title.format(title=clean(title)), axis=words.round_axis,
        names=shown, totals=totals, labels=labels, winners=won,
        more=words.night_more.format(count=hidden) if hidden > 0 else "",
        description=clip(" ".join(parts)),
    )


def _drawing_order(
    members: int, coloured: int, winners: Sequence[int],
) -> list[tuple[int, int]]:
    """Each member's line and its width, in the order drawn: the winners first, widest,
    each a little wider than the next (members tied all night share one path, and the
    later one leaves the earlier's edge showing), then the others, the grey ones first,
    each on top of those below it in the standings."""
    drawn = [w for w in winners if w < coloured]
    widest = 5 + 2 * min(2, max(0, len(drawn) - 1))
    return [*((w, max(5, widest - 2 * k)) for k, w in enumerate(drawn)),
            *((i, 2 if i >= coloured else 3) for i in range(members - 1, -1, -1)
              if i not in drawn)]


def draw_night(sc: NightScene) -> Image.Image:
    """The picture of ``sc``."""
    values = [v for series in sc.totals for v in series]
    yticks = ticks(0, max(values))
    rounds = len(sc.totals[0]) - 1
    xticks = x_ticks(0, rounds)
    frame = Frame(64, 56, 570, HEIGHT - 52, 0, rounds, yticks[0], yticks[-1])
    big, d = axes(frame, yticks, xticks, zero=False)
    s = SCALE
    coloured = min(SHOWN, len(sc.names))
    for i, width in _drawing_order(len(sc.names), coloured, sc.winners):
        colour = REST if i >= coloured else LINES[i]
        pts = [(frame.at(r, v)[0] * s, frame.at(r, v)[1] * s) for r, v in enumerate(sc.totals[i])]
        d.line(pts, fill=colour, width=width * s, joint="curve")
        ex, ey = pts[-1]
        radius = (width + 2) * s
        d.ellipse((ex - radius, ey - radius, ex + radius, ey + radius), fill=colour)
    image = big.reduce(SCALE)
    text_at(image, (16, 14), fit(sc.title, 22, WIDTH - 32), 22, WHITE, anchor="la")
    axis_labels(image, frame, yticks, xticks, sc.axis)
    for i in range(coloured):
        legend_row(image, i, LINES[i], sc.names[i], sc.labels[i], winner=i in sc.winners)
    if sc.more:
        legend_row(image, coloured, REST, sc.more, "", winner=False, ink=MUTED)
    return image
