"""AI players: tournaments between levels, decision times and simulator speed.

Prints, with 95% confidence intervals:
- Kachuful, 4 players: mean score per game of ``hard`` against three ``normal`` and of
  ``normal`` against three ``easy`` (each deal played four times, the tested level in
  every seat), and the per-game margin over the others;
- Mighty: mean units per hand by level in mixed tables (two of the stronger level, three
  of the weaker, rotated), the margin per hand, and declarer success rate by level;
- Kachuful bids: each level's exact-bid rate at mixed tables, and how often ``easy``'s
  and ``normal``'s bids are above or below ``hard``'s on the same views, by hand size;
- decision time per level (median, p95, max) at the default budget, on one core;
- the lean simulators' card plays per second;
- with ``--only openspiel`` (needs the ``bench`` extra, ``pip install -e '.[bench]'``):
  how OpenSpiel's own oh_hell resampler deals the hidden cards (only those really
  dealt), then our levels against OpenSpiel's ``pyspiel.ISMCTSBot`` (``--os-honest``:
  OpenSpiel's Python ISMCTS with an honest resampler) on OpenSpiel's own ``oh_hell``
  (4 players, turned trump, the hook, hand sizes 1..12), each deal played twice with
  the seats swapped: points per hand, the margin per deal, exact-bid rates, mean bids
  and tricks, and decision times (see :mod:`bench.oh_hell`).

Run: ``.venv/bin/python -m bench.ai [--kachuful-games 30] [--mighty-matches 30]
[--seconds 0.5] [--jobs 2]``; ``--only openspiel [--os-deals 400] [--os-levels hard normal]
[--os-simulations 1000 5000] [--os-scorings per_trick penalty] [--os-honest]
[--os-first 400] [--os-uct 2 5 10] [--os-sizes 1 2 3]``; ``--only bids [--bid-hands 960]
[--bid-sizes 1 2 3]``.
Tournaments may use a smaller ``--tournament-seconds`` budget for ``hard`` to finish
sooner (the defaults take about half an hour with two workers); decision times are
always measured at ``--seconds``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.decide import DEFAULT_SECONDS, LevelPolicy
from engine.ai.kachuful.simulate import playout as kachuful_playout
from engine.ai.kachuful.simulate import random_playout
from engine.ai.mighty.simulate import Table, Trick
from engine.ai.mighty.simulate import playout as mighty_playout
from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty.game import MightyGame

Z95 = 1.96
T = TypeVar("T")
R = TypeVar("R")


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.inf
    return m, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def fmt(values: Sequence[float]) -> str:
    m, h = mean_ci(values)
    return f"{m:+.2f} ± {h:.2f}  [{m - h:+.2f}, {m + h:+.2f}]"


def play(game: Game, levels: Sequence[str], seconds: float | None, seed: int,
         times: dict[str, list[float]] | None = None) -> None:
    """Play ``game`` to the end, seat ``s`` choosing with level ``levels[s]``."""
    policies = [LevelPolicy(game.name, lv, seconds) for lv in levels]
    rngs = [random.Random(f"{seed}:{s}") for s in range(len(levels))]
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        start = time.perf_counter()
        action = policies[seat].choose(game.view(seat), legal, rngs[seat])
        if times is not None and len(legal) > 1:
            times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        game.apply(seat, action)


# --- Kachuful -----------------------------------------------------------------------------


def kachuful_deal(args: tuple[str, str, int, float | None]) -> list[tuple[float, float]]:
    """One deal seed played four times, ``tested`` in each seat among three ``field``:
    (tested score, mean field score) per game."""
    tested, field, seed, seconds = args
    out = []
    for seat in range(4):
        levels = [field] * 4
        levels[seat] = tested
        game = KachufulGame({"players": 4}, seed=seed)
        play(game, levels, seconds, seed)
        totals = game.results().totals
        others = [totals[s] for s in range(4) if s != seat]
        out.append((float(totals[seat]), statistics.fmean(others)))
    return out


def kachuful_report(tested: str, field: str, games: int, seconds: float | None, jobs: int) -> None:
    tasks = [(tested, field, 1000 + g, seconds) for g in range(games)]
    rows = [r for chunk in _map(kachuful_deal, tasks, jobs) for r in chunk]
    own = [a for a, _ in rows]
    rest = [b for _, b in rows]
    margin = [a - b for a, b in rows]
    print(f"Kachuful 4p, {tested} vs 3 {field} ({len(rows)} games):")
    print(f"  {tested:>6} score per game  {fmt(own)}")
    print(f"  {field:>6} score per game  {fmt(rest)}")
    print(f"  margin per game       {fmt(margin)}")


# --- Kachuful bids -------------------------------------------------------------------------

BID_LEVELS = ("easy", "normal", "hard")
BANDS = ((1, 3), (4, 8), (9, 12))
"""Hand-size bands of the bid and OpenSpiel reports."""


def bid_hand(args: tuple[int, int]) -> tuple[list[tuple[int, dict[str, int]]],
                                             list[tuple[str, int, bool]]]:
    """One hand of ``size`` cards (4 players, default rules, turned trump) with ``easy``,
    ``normal``, ``hard`` and ``normal`` seated in an order set by the seed. At every bid
    each level's bid from that seat's view (the seated level's is played): (size, bid
    per level); and per seat (level, size, exact bid)."""
    seed, size = args
    config = {"players": 4, "start_size": size, "schedule": "descending", "trump": "turned"}
    game = KachufulGame(config, seed=seed, max_hands=1)
    shift = seed % 4
    levels = [("easy", "normal", "hard", "normal")[(s + shift) % 4] for s in range(4)]
    policies = {lv: LevelPolicy("kachuful", lv, None) for lv in BID_LEVELS}
    rngs = [random.Random(f"{seed}:{s}") for s in range(4)]
    asked: list[tuple[int, dict[str, int]]] = []
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        view = game.view(seat)
        if game.phase == "bidding":
            chosen = {lv: policies[lv].choose(view, legal, random.Random(f"{seed}:{seat}:{lv}"))
                      for lv in BID_LEVELS}
            asked.append((size, {lv: getattr(a, "amount", -1) for lv, a in chosen.items()}))
            action = chosen[levels[seat]]
        else:
            action = policies[levels[seat]].choose(view, legal, rngs[seat])
        game.apply(seat, action)
    rec = game.current
    return asked, [(levels[s], size, rec.bids[s] == rec.tricks_won[s]) for s in range(4)]


def _share(flags: Sequence[bool]) -> str:
    m, h = mean_ci([1.0 if f else 0.0 for f in flags])
    return f"{100 * m:4.1f}% ± {100 * h:4.1f}%"


def bids_report(hands: int, jobs: int, sizes: Sequence[int] = ()) -> None:
    """Exact-bid rate of each level (mixed tables) and how ``easy``'s and ``normal``'s
    bids differ from ``hard``'s on the same views, by hand-size band, with 95%
    intervals (``sizes``: only the hands of those sizes, ``hands`` of them)."""
    tasks = [(5000 + h, 1 + h % 12) for h in range(hands * 12)
             if not sizes or 1 + h % 12 in sizes][:hands]
    results = _map(bid_hand, tasks, jobs)
    asked = [a for r in results for a in r[0]]
    seats = [x for r in results for x in r[1]]
    print(f"Kachuful bids, 4 players, turned trump: easy, normal, hard, normal seated in turn "
          f"({len(tasks)} hands, sizes {', '.join(map(str, sizes)) or '1..12'} in turn; "
          f"hard without a clock):")
    for lo, hi in ((1, 12), *BANDS):
        band = f"{lo}-{hi}"
        for lv in BID_LEVELS:
            flags = [e for who, size, e in seats if who == lv and lo <= size <= hi]
            if not flags:
                continue
            print(f"  exact bids, {band:>5} cards, {lv:>6}: {_share(flags)} ({len(flags)} hands)")
    for lv in ("easy", "normal"):
        for lo, hi in ((1, 12), *BANDS):
            pairs = [(b[lv], b["hard"]) for size, b in asked if lo <= size <= hi]
            if not pairs:
                continue
            above = [a > h for a, h in pairs]
            below = [a < h for a, h in pairs]
            diff = [float(a - h) for a, h in pairs]
            m, h = mean_ci(diff)
            print(f"  {lv:>6} vs hard's bid, {lo}-{hi:<2} cards: above {_share(above)}, "
                  f"below {_share(below)}, mean difference {m:+.2f} ± {h:.2f} "
                  f"({len(pairs)} bids)")


# --- Mighty -------------------------------------------------------------------------------


def mighty_match(args: tuple[str, str, int, int, float | None]) -> list[dict[str, object]]:
    """One match with two ``strong`` and three ``weak`` seats (rotated by seed)."""
    strong, weak, seed, hands, seconds = args
    first = seed % 5
    levels = [weak] * 5
    levels[first] = levels[(first + 2) % 5] = strong
    game = MightyGame({"hands": hands}, seed=seed)
    play(game, levels, seconds, seed)
    rows = []
    for record in game.records:
        s = record.settlement
        if s is None or record.declarer is None:
            continue
        rows.append({"levels": levels, "scores": list(s.scores),
                     "declarer": levels[record.declarer], "success": s.success})
    return rows


def mighty_report(strong: str, weak: str, matches: int, hands: int, seconds: float | None,
                  jobs: int) -> None:
    tasks = [(strong, weak, 2000 + m, hands, seconds) for m in range(matches)]
    rows = [r for chunk in _map(mighty_match, tasks, jobs) for r in chunk]
    per: dict[str, list[float]] = {strong: [], weak: []}
    margin: list[float] = []
    made: dict[str, list[float]] = {strong: [], weak: []}
    for r in rows:
        levels = r["levels"]
        scores = r["scores"]
        assert isinstance(levels, list) and isinstance(scores, list)
        by = {lv: [float(scores[s]) for s in range(5) if levels[s] == lv] for lv in (strong, weak)}
        for lv in by:
            per[lv].extend(by[lv])
        margin.append(statistics.fmean(by[strong]) - statistics.fmean(by[weak]))
        made[str(r["declarer"])].append(1.0 if r["success"] else 0.0)
    print(f"Mighty, 2 {strong} + 3 {weak} ({len(rows)} hands):")
    for lv in (strong, weak):
        print(f"  {lv:>6} units per hand     {fmt(per[lv])}")
    print(f"  margin per hand          {fmt(margin)}")
    for lv in (strong, weak):
        if made[lv]:
            m, h = mean_ci(made[lv])
            print(f"  {lv:>6} declarer success  {100 * m:.0f}% ± {100 * h:.0f}% "
                  f"({len(made[lv])} contracts)")


# --- timing and speed ---------------------------------------------------------------------


def decision_times(seconds: float | None, kachuful_games: int, mighty_matches: int) -> None:
    """Median, p95 and max decision time per level (decisions with a real choice)."""
    for name in ("kachuful", "mighty"):
        times: dict[str, list[float]] = {}
        for g in range(kachuful_games if name == "kachuful" else mighty_matches):
            if name == "kachuful":
                game: Game = KachufulGame({"players": 4}, seed=3000 + g)
                levels = ["hard", "normal", "easy", "hard"]
            else:
                game = MightyGame({"hands": 2}, seed=3000 + g)
                levels = ["hard", "normal", "easy", "hard", "normal"]
            play(game, levels, seconds, g, times)
        print(f"Decision time, {name} (budget {seconds} s):")
        for lv in ("easy", "normal", "hard"):
            ts = sorted(times.get(lv, []))
            if not ts:
                continue
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            print(f"  {lv:>6}: median {1000 * statistics.median(ts):7.2f} ms  "
                  f"p95 {1000 * p95:7.2f} ms  max {1000 * ts[-1]:7.2f} ms  ({len(ts)} decisions)")


def simulator_speed(seconds: float = 2.0) -> None:
    rng = random.Random(1)

    def deal(cards: int, players: int, size: int) -> list[int]:
        deck = list(range(cards))
        rng.shuffle(deck)
        return [sum(1 << b for b in deck[i * size:(i + 1) * size]) for i in range(players)]

    runs: tuple[tuple[str, Callable[[list[int]], object]], ...] = (
        ("Kachuful, random legal cards", lambda h: random_playout(h, 0, 1, rng)),
        ("Kachuful, greedy policy", lambda h: kachuful_playout(h, 0, [], 1, [0] * 4, [3, 3, 4, 3])),
    )
    for label, run in runs:
        hands_list = [deal(52, 4, 13) for _ in range(2000)]
        plays = 0
        start = time.perf_counter()
        i = 0
        while time.perf_counter() - start < seconds:
            run(list(hands_list[i % 2000]))
            plays += 52
            i += 1
        rate = plays / (time.perf_counter() - start)
        print(f"Simulator, {label}: {rate:,.0f} card plays/s")
    plays = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hands = deal(53, 5, 10)
        table = Table(rng.randrange(-1, 4), 0, 13, 1, False, False)
        mighty_playout(table, hands, Trick(1, 0, []), [0] * 5, 1)
        plays += 50
    rate = plays / (time.perf_counter() - start)
    print(f"Simulator, Mighty, greedy policy: {rate:,.0f} card plays/s")


# --- against OpenSpiel ------------------------------------------------------------------


def _duplicate(args: tuple[int, str, str, int, float | None, bool, float]) -> tuple[Any, Any]:
    from bench.oh_hell import duplicate

    return duplicate(*args)


def _times_line(label: str, ts: list[float]) -> str:
    ts = sorted(ts)
    p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
    return (f"  {label:>6} decision time  median {1000 * statistics.median(ts):6.1f} ms  "
            f"p95 {1000 * p95:6.1f} ms  max {1000 * ts[-1]:6.1f} ms  ({len(ts)} decisions)")


def openspiel_report(level: str, scoring: str, simulations: int, deals: int,
                     seconds: float | None, jobs: int, honest: bool = False,
                     first: int = 0, sizes: Sequence[int] = (), uct_c: float = 2.0) -> None:
    """``level`` in two seats against ISMCTS in two, every deal twice, seats swapped;
    ``honest``: OpenSpiel's Python ISMCTS with an honest resampler. Also
    prints the margin and the exact-bid rates by hand size (deal ``d`` has
    ``1 + d % 12`` cards; ``sizes``: only the deals of those sizes, ``deals`` of them
    from ``first`` on)."""
    from bench.oh_hell import MAX_SIZE
    numbers = [d for d in range(first, first + deals * MAX_SIZE)
               if not sizes or 1 + d % MAX_SIZE in sizes][:deals]
    tasks = [(d, scoring, level, simulations, seconds, honest, uct_c) for d in numbers]
    pairs = _map(_duplicate, tasks, jobs)
    ours: list[float] = []
    theirs: list[float] = []
    exact: dict[str, list[float]] = {level: [], "ismcts": []}
    bids: dict[str, list[float]] = {level: [], "ismcts": []}
    tricks: dict[str, list[float]] = {level: [], "ismcts": []}
    times: dict[str, list[float]] = {level: [], "ismcts": []}
    exact_by: dict[str, dict[int, list[bool]]] = {level: {}, "ismcts": {}}
    for d, pair in zip(numbers, pairs, strict=True):
        mine: list[float] = []
        other: list[float] = []
        for hand in pair:
            for s in range(4):
                who = level if s in hand.ours else "ismcts"
                (mine if who == level else other).append(hand.scores[s])
                exact[who].append(1.0 if hand.bids[s] == hand.tricks[s] else 0.0)
                exact_by[who].setdefault(1 + d % MAX_SIZE, []).append(
                    hand.bids[s] == hand.tricks[s])
                bids[who].append(hand.bids[s])
                tricks[who].append(hand.tricks[s])
            for who, ts in hand.times.items():
                times[who].extend(ts)
        ours.append(statistics.fmean(mine))
        theirs.append(statistics.fmean(other))
    margin = [a - b for a, b in zip(ours, theirs, strict=True)]
    bot = "honest ISMCTS" if honest else "pyspiel.ISMCTSBot"
    print(f"OpenSpiel oh_hell 4p, {scoring}: {level} vs {bot}, {simulations} simulations, "
          f"uct_c {uct_c:g} "
          f"({len(numbers)} deals from {first} to {numbers[-1]}, each twice, seats swapped):")
    print(f"  {level:>6} points per hand  {fmt(ours)}")
    print(f"  ismcts points per hand  {fmt(theirs)}")
    print(f"  margin per hand         {fmt(margin)}")
    by_size: dict[int, list[float]] = {}
    for d, m in zip(numbers, margin, strict=True):
        by_size.setdefault(1 + d % MAX_SIZE, []).append(m)
    cells = [f"{size}: {mean_ci(ms)[0]:+.2f} ± {mean_ci(ms)[1]:.2f}"
             for size, ms in sorted(by_size.items())]
    for start in range(0, len(cells), 4):
        print(("  margin by hand size     " if start == 0 else " " * 26)
              + "   ".join(cells[start:start + 4]))
    for lo, hi in BANDS:
        band = [m for size, ms in by_size.items() if lo <= size <= hi for m in ms]
        if band:
            print(f"  margin, {lo}-{hi} cards      {fmt(band)}  ({len(band)} deals)")
    for who in (level, "ismcts"):
        cells = [f"{size}: {_share(flags)}" for size, flags in sorted(exact_by[who].items())]
        for start in range(0, len(cells), 4):
            print((f"  {who:>6} exact by size  " if start == 0 else " " * 24)
                  + "   ".join(cells[start:start + 4]))
    for who in (level, "ismcts"):
        m, h = mean_ci(exact[who])
        print(f"  {who:>6} exact bids {100 * m:4.1f}% ± {100 * h:.1f}%  mean bid "
              f"{statistics.fmean(bids[who]):.2f}  mean tricks {statistics.fmean(tricks[who]):.2f}")
    for who in (level, "ismcts"):
        if times[who]:
            print(_times_line(who, times[who]))


def leak_report() -> None:
    """What OpenSpiel's own resampler (the worlds of ``pyspiel.ISMCTSBot``) puts in the
    hands: only the cards really dealt (``bench.oh_hell.leaked_cards``)."""
    from bench.oh_hell import leaked_cards
    cells = []
    for size in (1, 3, 6, 12):
        seen, dealt = leaked_cards(size, 200, size)
        cells.append(f"size {size}: {seen} of {dealt}")
    print("OpenSpiel's oh_hell resampler, distinct cards it deals over 200 resamples, against "
          "the cards really dealt (equal: it deals only those): " + ", ".join(cells))


def _map(fn: Callable[[T], R], tasks: Sequence[T], jobs: int) -> list[R]:
    if jobs <= 1:
        return [fn(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(fn, tasks))


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kachuful-games", type=int, default=30,
                   help="deal seeds (each played 4 times)")
    p.add_argument("--mighty-matches", type=int, default=30)
    p.add_argument("--mighty-hands", type=int, default=10, help="hands per Mighty match")
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="hard's budget")
    p.add_argument("--tournament-seconds", type=float, default=None,
                   help="hard's budget in tournaments (default: --seconds)")
    p.add_argument("--timing-games", type=int, default=2)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--os-deals", type=int, default=400, help="deals against OpenSpiel")
    p.add_argument("--os-first", type=int, default=0,
                   help="number of the first deal (a later run extends an earlier one)")
    p.add_argument("--os-levels", nargs="+", default=["hard", "normal"])
    p.add_argument("--os-simulations", nargs="+", type=int, default=[1000])
    p.add_argument("--os-scorings", nargs="+", default=["per_trick", "penalty"],
                   choices=("per_trick", "penalty"))
    p.add_argument("--os-uct", nargs="+", type=float, default=[2.0],
                   help="the ISMCTS exploration constants to play against")
    p.add_argument("--os-sizes", nargs="+", type=int, default=[],
                   help="only the deals of these hand sizes")
    p.add_argument("--os-honest", action="store_true",
                   help="OpenSpiel's Python ISMCTS with an honest resampler "
                        "(bench.oh_hell.HonestIsmcts) instead of pyspiel.ISMCTSBot")
    p.add_argument("--bid-hands", type=int, default=240,
                   help="hands of the bid report (sizes 1..12 in turn)")
    p.add_argument("--bid-sizes", nargs="+", type=int, default=[],
                   help="only the bid report's hands of these sizes")
    p.add_argument("--only", choices=("kachuful", "bids", "mighty", "timing", "speed",
                                      "openspiel"),
                   action="append")
    args = p.parse_args(argv)
    only = set(args.only or ("kachuful", "bids", "mighty", "timing", "speed"))
    tseconds = args.seconds if args.tournament_seconds is None else args.tournament_seconds
    if "speed" in only:
        simulator_speed()
    if "timing" in only:
        decision_times(args.seconds, args.timing_games, args.timing_games)
    if "kachuful" in only and args.kachuful_games:
        kachuful_report("hard", "normal", args.kachuful_games, tseconds, args.jobs)
        kachuful_report("normal", "easy", args.kachuful_games, tseconds, args.jobs)
    if "bids" in only and args.bid_hands:
        bids_report(args.bid_hands, args.jobs, args.bid_sizes)
    if "openspiel" in only:
        leak_report()
        for scoring in args.os_scorings:
            for sims in args.os_simulations:
                for uct_c in args.os_uct:
                    for level in args.os_levels:
                        openspiel_report(level, scoring, sims, args.os_deals, args.seconds,
                                         args.jobs, args.os_honest, args.os_first,
                                         args.os_sizes, uct_c)
    if "mighty" in only and args.mighty_matches:
        mighty_report("hard", "normal", args.mighty_matches, args.mighty_hands, tseconds, args.jobs)
        mighty_report("normal", "easy", args.mighty_matches, args.mighty_hands, tseconds, args.jobs)


if __name__ == "__main__":
    main()
