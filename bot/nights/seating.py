"""Seating one round of a night (docs/nights.md "Seating"): who waits, how many
tables of which game, and who sits where. Deterministic given the seed.

1. Tables and games. A table needs :data:`MIN_MEMBERS` members and a size one of the
   allowed games is played at; AI players make up the rest only when the host allows
   them. Each table plays, of the allowed games its member count needs fewest AI seats
   for, the one the night has played fewest tables of (the host's order on a tie). Of
   the ways to split the members into tables, the one with fewest members waiting,
   then fewest AI seats, then fewest tables, then the allowed games played most evenly
   over the night, then the closest member counts (the largest less the smallest) is
   taken; the first of the equals, largest tables first.
2. Waiting. When some members must wait, those who have waited fewest rounds wait
   (drawn at random among equals).
3. Seats. The members, best rated first, are dealt to the tables by a snake draft
   (tables 1, 2, …, n, then n, …, 1, and so on), so each table gets a like share of
   strong and weak players, within quotas that keep apart the members who shared a
   table in the previous round: first a min-cost flow decides how many members of each
   previous table sit at each table, so that as few pairs as the tables' member
   counts allow meet again (none whenever a seating without repeats exists); then each
   member goes to the next table of the draft that has room in their quota. Each
   table's seat order is then shuffled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.nights.errors import NightError

MIN_MEMBERS: Final = 2
"""The fewest members a table of a night seats (a night is for members to meet)."""

TableSizes = Mapping[str, Collection[int]]
"""The allowed games, in the host's order, each with the numbers of seats it is played
at (Kachuful 3–7, Mighty 5)."""


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """One table of a round: its game, its members in seat order, and how many AI
    players make it up (their seats follow the members')."""

    game: str
    members: tuple[int, ...]
    ai_seats: int = 0


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's tables, and the members waiting it out."""

    tables: tuple[SeatedTable, ...]
    waiting: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Fill:
    """For a number of members: the fewest AI seats a table of them needs, and the
    games that need no more."""

    ai_seats: int
    games: tuple[str, ...]


def seat(
    members: Sequence[int],
    *,
    sizes: TableSizes,
    ai_fill: bool,
    ratings: Mapping[int, float],
    seed: int,
    previous: Sequence[Collection[int]] = (),
    byes: Mapping[int, int] | None = None,
    played: Mapping[str, int] | None = None,
) -> Seating:
    """Seat ``members`` (in the order they joined) for a round. ``ratings``: each
    member's rating (0 when missing); ``previous``: the members of each table of the
    previous round; ``byes``: the rounds each member has waited; ``played``: the tables
    of each game so far. :class:`NightError` ``too_few`` when no table can be made."""
    rng = random.Random(seed)
    plan, waiting_count = _plan(len(members), _fills(sizes, ai_fill), list(sizes), played or {})
    waiting = _waiting(members, waiting_count, byes or {}, rng)
    seated = [m for m in members if m not in waiting]
    tables = _assign(seated, [count for count, _, _ in plan], ratings, previous, rng)
    for table in tables:
        rng.shuffle(table)
    return Seating(
        tuple(SeatedTable(game, tuple(table), ai) for (_, game, ai), table
              in zip(plan, tables, strict=True)),
        tuple(waiting),
    )


def _fills(sizes: TableSizes, ai_fill: bool) -> dict[int, _Fill]:
    """Every number of members a table can hold, with its :class:`_Fill`."""
    largest = max((size for seats in sizes.values() for size in seats), default=0)
    fills: dict[int, _Fill] = {}
    for count in range(MIN_MEMBERS, largest + 1):
        options = [(size - count, game) for game, seats in sizes.items() for size in seats
                   if size == count or (ai_fill and size > count)]
        if options:
            fewest = min(ai for ai, _ in options)
            games = dict.fromkeys(game for ai, game in options if ai == fewest)
            fills[count] = _Fill(fewest, tuple(games))
    return fills


def _plan(
    count: int, fills: Mapping[int, _Fill], games: Sequence[str], played: Mapping[str, int],
) -> tuple[list[tuple[int, str, int]], int]:
    """Each table's member count, game and AI seats (largest first), and how many
    members wait: fewest waiting, then fewest AI seats, then fewest tables, then the
    allowed games' tallies closest together, then the closest member counts."""
    for seated in range(count, MIN_MEMBERS - 1, -1):
        best: tuple[tuple[int, int, int, int], list[tuple[int, str, int]]] | None = None
        for counts in _splits(seated, sorted(fills, reverse=True)):
            cost = (sum(fills[c].ai_seats for c in counts), len(counts))
            if best is not None and cost > best[0][:2]:
                continue
            tables = _games(counts, fills, played)
            tally = Counter(played) + Counter(game for _, game, _ in tables)
            spread = max(tally[g] for g in games) - min(tally[g] for g in games)
            key = (*cost, spread, counts[0] - counts[-1])
            if best is None or key < best[0]:
                best = key, tables
        if best is not None:
            return best[1], count - seated
    raise NightError("too_few")


def _splits(total: int, parts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of ``parts`` (descending), largest first."""
    if total == 0:
        yield ()
        return
    for i, part in enumerate(parts):
        if part <= total:
            for rest in _splits(total - part, parts[i:]):
                yield part, *rest


def _games(
    counts: Sequence[int], fills: Mapping[int, _Fill], played: Mapping[str, int],
) -> list[tuple[int, str, int]]:
    """Each table's member count, game and AI seats: of the games needing fewest AI
    seats for its count, the one with fewest tables so far (the host's order on a tie),
    the tables with the fewest such games choosing first (a table of four, which only
    Kachuful seats, leaves Mighty to a table of five)."""
    tally = Counter(played)
    chosen: dict[int, tuple[int, str, int]] = {}
    for i in sorted(range(len(counts)), key=lambda i: len(fills[counts[i]].games)):
        fill = fills[counts[i]]
        game = min(fill.games, key=lambda g: tally[g])
        tally[game] += 1
        chosen[i] = (counts[i], game, fill.ai_seats)
    return [chosen[i] for i in range(len(counts))]


def _waiting(
    members: Sequence[int], count: int, byes: Mapping[int, int], rng: random.Random,
) -> list[int]:
    """The ``count`` members who wait this round: fewest rounds waited first."""
    if not count:
        return []
    drawn = list(members)
    rng.shuffle(drawn)
    return sorted(drawn, key=lambda m: byes.get(m, 0))[:count]


def _snake(counts: Sequence[int]) -> list[int]:
    """The tables in the order of a snake draft, each as often as it has seats."""
    left, picks, forward = list(counts), [], True
    while any(left):
        for table in range(len(left)) if forward else reversed(range(len(left))):
            if left[table]:
                picks.append(table)
                left[table] -= 1
        forward = not forward
    return picks


def _assign(
    seated: Sequence[int], counts: Sequence[int], ratings: Mapping[int, float],
    previous: Sequence[Collection[int]], rng: random.Random,
) -> list[list[int]]:
    """The members of each table: the snake draft, within quotas that seat the
    fewest pairs from the previous round together again."""
    order = list(seated)
    rng.shuffle(order)
    order.sort(key=lambda m: -ratings.get(m, 0.0))
    last = {m: i for i, table in enumerate(previous) for m in table}
    mates = Counter(last[m] for m in seated if m in last)
    # Members seated with someone from their last table this round, by that table; the
    # others are free to sit anywhere.
    bound = {m: last[m] for m in seated if m in last and mates[last[m]] > 1}
    quota = _quotas(Counter(bound.values()), counts)
    free = [count - sum(q[t] for q in quota.values()) for t, count in enumerate(counts)]
    tables: list[list[int]] = [[] for _ in counts]
    picks = _snake(counts)
    for member in order:
        left = quota[bound[member]] if member in bound else free
        choice = next(t for t in picks if left[t] > 0)
        left[choice] -= 1
        tables[choice].append(member)
        picks.remove(choice)
    return tables


def _quotas(groups: Mapping[int, int], counts: Sequence[int]) -> dict[int, list[int]]:
    """How many members of each previous table (``groups``: how many of them sit this
    round) go to each table, meeting again as few pairs as can be: a min-cost flow in
    which the ``k``-th member of a group at a table costs ``k`` (the pairs they make)."""
    flow = _Flow(len(groups) + len(counts) + 2)
    source, sink = flow.size - 2, flow.size - 1
    arcs: dict[tuple[int, int], list[int]] = {}
    for g, (_, size) in enumerate(groups.items()):
        flow.arc(source, g, size, 0)
        for t, count in enumerate(counts):
            arcs[g, t] = [flow.arc(g, len(groups) + t, 1, k) for k in range(min(size, count))]
    for t, count in enumerate(counts):
        flow.arc(len(groups) + t, sink, count, 0)
    flow.run(source, sink)
    return {group: [sum(flow.used(a) for a in arcs[g, t]) for t in range(len(counts))]
            for g, group in enumerate(groups)}


class _Flow:
    """A min-cost flow network (successive shortest paths, Bellman-Ford)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.out: list[list[int]] = [[] for _ in range(size)]
        self.head: list[int] = []
        self.cap: list[int] = []
        self.cost: list[int] = []

    def arc(self, start: int, end: int, cap: int, cost: int) -> int:
        """Add an arc (and its residual twin, the next index); returns its index."""
        for a, b, c, w in ((start, end, cap, cost), (end, start, 0, -cost)):
            self.out[a].append(len(self.head))
            self.head.append(b)
            self.cap.append(c)
            self.cost.append(w)
        return len(self.head) - 2

    def used(self, arc: int) -> int:
        """The flow along an arc."""
        return self.cap[arc ^ 1]

    def run(self, source: int, sink: int) -> None:
        """Send as much as can go from ``source`` to ``sink``, cheapest paths first."""
        while True:
            dist: list[float] = [float("inf")] * self.size
            via = [-1] * self.size
            dist[source] = 0
            for _ in range(self.size - 1):
                changed = False
                for node in range(self.size):
                    if dist[node] == float("inf"):
                        continue
                    for a in self.out[node]:
                        if self.cap[a] > 0 and dist[node] + self.cost[a] < dist[self.head[a]]:
                            dist[self.head[a]] = dist[node] + self.cost[a]
                            via[self.head[a]] = a
                            changed = True
                if not changed:
                    break
            if via[sink] < 0:
                return
            node = sink
            while node != source:
                a = via[node]
                self.cap[a] -= 1
                self.cap[a ^ 1] += 1
                node = self.head[a ^ 1]
