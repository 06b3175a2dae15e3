"""The engine's command line: ``python -m engine replay FILE.json`` and
``python -m engine simulate GAME [--players N] [--seed S] [--json] [--option key=value ...]``
(``--level L`` for every seat, or ``--levels L1,L2,...`` for one AI level per seat).

Success prints the result and exits 0; any refused input prints
``{"error": reason, "code": code, "action_index": k or null}`` and exits 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from engine.ai.decide import policy_for
from engine.ai.seats import seated
from engine.game import Event, Game, IllegalAction
from engine.registry import GAMES
from engine.replay import error, game_for, play_out, replay, summary

EXIT_REFUSED = 2


def _print(obj: Any, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _refuse(exc: IllegalAction, out: TextIO, index: int | None = None) -> int:
    _print(error(exc, index), out)
    return EXIT_REFUSED


def run_replay(path: str, out: TextIO) -> int:
    """Replay a file; print its output object, or the error object."""
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except OSError as exc:
        return _refuse(IllegalAction("bad_file", f"cannot read {path}: {exc.strerror or exc}"), out)
    except UnicodeDecodeError:
        return _refuse(IllegalAction("bad_file", f"{path} is not UTF-8 text"), out)
    except json.JSONDecodeError as exc:
        return _refuse(IllegalAction("bad_file", f"{path} is not valid JSON: {exc}"), out)
    result, ok = replay(doc)
    _print(result, out)
    return 0 if ok else EXIT_REFUSED


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise IllegalAction("bad_input", f"--option takes key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play a whole game among AI players; print a readable log (or, with ``--json``,
    the replay output plus the deals and actions that reproduce it)."""
    try:
        info = game_for(args.game)
        levels = _levels(args)
        players = info.default_players if args.players is None else args.players
        if levels is not None:
            players = len(levels)
        game = info.spec.new_game(players, args.seed, _options(args.option))
        policy = policy_for(info.name, args.level) if levels is None else seated(info.name, levels)
    except IllegalAction as exc:
        return _refuse(exc, out)
    except LookupError as exc:
        return _refuse(IllegalAction("bad_input", str(exc)), out)
    lines: list[str] = []

    def narrate(events: list[Event]) -> None:
        if not args.json:
            lines.extend(line for e in events if (line := info.spec.describe(game, e)) is not None)

    narrate(game.opening_events())
    play_out(game, policy, random.Random(f"{args.seed}:ai"), narrate)
    if args.json:
        seats = {} if levels is None else {"levels": levels}
        _print({**game.record(expand_deals=True), **summary(info, game), **seats}, out)
        return 0
    title = f"{info.title}, {game.players} players, seed {args.seed}"
    title += f", {args.level} AI players" if levels is None else f", AI levels {','.join(levels)}"
    out.write(title + "\n" + "\n".join(lines) + "\n\n" + standings(game) + "\n")
    return 0


def _levels(args: argparse.Namespace) -> list[str] | None:
    """The ``--levels`` list (one AI level per seat, in seat order), or None."""
    if args.levels is None:
        return None
    levels = [lv.strip() for lv in args.levels.split(",")]
    if not all(levels):
        raise IllegalAction("bad_input", "--levels takes one level per seat: hard,normal,normal")
    if args.players is not None and args.players != len(levels):
        raise IllegalAction(
            "bad_input", f"--levels names {len(levels)} seats but --players is {args.players}"
        )
    return levels


def standings(game: Game) -> str:
    """The final standings, best first; equal totals share a place (and the win)."""
    res = game.results()
    order = sorted(range(game.players), key=lambda s: -res.totals[s])
    rows = ["Final standings:"]
    for seat in order:
        place = 1 + sum(1 for t in res.totals if t > res.totals[seat])
        mark = "  winner" if seat in res.winners else ""
        rows.append(f"  {place}. seat {seat}: {res.totals[seat]}{mark}")
    return "\n".join(rows)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m engine", description="Run or simulate card games."
    )
    sub = top.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("replay", help="replay a game file and print its state as JSON")
    rep.add_argument("file", help="a replay document (JSON)")
    sim = sub.add_parser("simulate", help="play a whole game among AI players")
    sim.add_argument("game", help=" or ".join(g.name for g in GAMES))
    sim.add_argument("--players", type=int, help="number of seats (default: the game's usual)")
    sim.add_argument("--seed", type=int, default=1, help="seed for the deals and AI players")
    sim.add_argument(
        "--json", action="store_true", help="print the replay output with deals and actions"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. trump=turned (repeatable)",
    )
    sim.add_argument(
        "--level", default="simple", help="AI level (default simple; random plays anything)"
    )
    sim.add_argument(
        "--levels",
        metavar="L1,L2,...",
        help="one AI level per seat in seat order, e.g. hard,normal,normal,normal "
        "(sets the number of players; easy, normal, hard, simple or random)",
    )
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    args = parser().parse_args(argv)
    if args.command == "replay":
        return run_replay(args.file, out)
    return run_simulate(args, out)
