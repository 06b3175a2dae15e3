"""Load on the real bot: N concurrent 4-player Kachuful tables through the Discord double.

The bot runs in its own process (the production ``CardBot``, a real SQLite file or
PostgreSQL database) against the double in this process. Every table's four members play
as fast as the bot answers,
through the shared panel driver (:mod:`testkit.driver`): refresh the panel of the member
whose turn it is, press one of its enabled buttons, read from the answer whose turn is
next (by the turn mark and the custom_ids, never the wording). In the same run and
harness, two floors at the same concurrency: a bare discord.py bot answering ``/ping``
at once (``bench.bare_bot``), and a bot answering the card bot's very traffic (a
real-sized panel, then clicks on it) at once, with no game, storage or table message
behind it.

Prints interaction latency (dispatch → initial response) p50/p95/p99, accepted actions
per second, REST calls and table edits per accepted action, 429s received, unanswered
or late interactions, CPU per interaction, the bot process's peak memory and memory per
table.

Run: ``.venv/bin/python -m bench.bot_load [--tables 100|300|1000] [--actions 40]
[--images on|off|both] [--backend sqlite|postgres] [--pace SECONDS] [--compare DIR]
[--rounds N]``; ``postgres`` runs the card bot on a throwaway PostgreSQL server on this
machine (:mod:`testkit.postgres`, fsync on), whose CPU time is reported too.
``--compare DIR`` runs the card bot from another checkout too, in turn with this one
(``--rounds`` times), each with the pictures asked for (``both``: text-only, then with
pictures), and closes with one table of every run: throughput, accepted actions a second
per core (accepted actions over the bot process's CPU seconds), latency and CPU per
interaction. Each run names the folder its card bot's code was loaded from.
``--pace SECONDS``: every lane of all three bots pauses before each action (the card
bot's panel and move, two of the floor bot's clicks, two ``/ping``) for a random think
time, exponential with that mean, instead of playing as fast as the bot answers: the
latency members feel at a game night's pace, rather than the bot's throughput.
``--game mighty``: 5-member Mighty tables instead, played the same way through their
panels, menus included (a bid's trump pick, the discard, the friend call, a joker lead).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord

from testkit.double import Double, FakeUser, InteractionResult, percentiles
from testkit.double.results import DEFERRED_MESSAGE, DEFERRED_UPDATE
from testkit.driver import KACHUFUL, MIGHTY, Driver, GameMoves, Refused, custom_ids
from testkit.postgres import PostgresServer
from testkit.process import BotProcess as Process
from testkit.process import point_at

ROOT = Path(__file__).resolve().parents[1]
EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"
READY_TIMEOUT = 60.0


# --- the bot process ----------------------------------------------------------------------

def sample_panel() -> tuple[discord.Embed, discord.ui.View]:
    """A real hand panel (13 cards, bidding) as the card bot draws it."""
    from bot.games.kachuful import KACHUFUL
    from bot.render.views import panel_view
    from bot.storage.tables import SeatRecord

    seats = [SeatRecord(f"p{i}", 10**17 + i) for i in range(4)]
    game = KACHUFUL.new_game({}, 4, 1)
    panel = KACHUFUL.panel(game, game.to_act or 0, seats)
    return panel.embed, panel_view(1, 0, 0, panel)


class FloorBot(discord.Client):
    """Answers at once, with no game behind it: ``/kachuful hand`` with a real-sized
    panel, and every button click with the same panel (type 7). The same traffic as the
    card bot's members generate, less everything the card bot does in between."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = discord.app_commands.CommandTree(self)
        group = discord.app_commands.Group(name="kachuful", description="Floor")
        embed, view = sample_panel()

        @group.command(name="hand", description="A panel, at once")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        self.tree.add_command(group)
        self.embed, self.view = embed, view

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(embed=self.embed, view=self.view)


class SqliteBytes:
    """Counts what the bot process hands SQLite: the bytes of every statement's
    parameters (texts and blobs by length, numbers as 8), whatever version of the bot
    writes them."""

    def __init__(self) -> None:
        self.bytes = 0
        self.statements = 0

    def install(self) -> None:
        import aiosqlite

        execute, executemany = aiosqlite.Connection.execute, aiosqlite.Connection.executemany
        counter = self

        def counted(conn: Any, sql: str, parameters: Any = None) -> Any:
            counter.add([parameters or ()])
            return execute(conn, sql, parameters)  # awaitable and a context manager

        def counted_many(conn: Any, sql: str, parameters: Any) -> Any:
            rows = list(parameters)
            counter.add(rows)
            return executemany(conn, sql, rows)

        aiosqlite.Connection.execute = counted  # type: ignore[method-assign]
        aiosqlite.Connection.executemany = counted_many  # type: ignore[method-assign]

    def add(self, rows: list[Any]) -> None:
        for row in rows:
            self.statements += 1
            for value in row:
                if isinstance(value, str):
                    self.bytes += len(value.encode())
                elif isinstance(value, bytes):
                    self.bytes += len(value)
                elif value is not None:
                    self.bytes += 8


def use_bot_from(root: str) -> None:
    """Load the card bot's packages from another checkout (an earlier version, for a
    before/after comparison in the same run)."""
    sys.path.insert(0, root)
    for name in list(sys.modules):
        if name.split(".")[0] in ("bot", "engine", "cogs"):
            del sys.modules[name]


def serve(kind: str, api: str, gateway: str, token: str, db: str, stats: str | None,
          database_url: str | None = None) -> None:
    """Run a bot (``cardbot`` or ``bare``) against the double at ``api``/``gateway``, the
    card bot on the SQLite file ``db`` or the PostgreSQL database ``database_url``; with
    ``stats``, write what it handed SQLite there when it stops."""
    written = SqliteBytes()
    written.install()
    point_at(api, gateway)
    logging.basicConfig(level=logging.WARNING)
    client: discord.Client
    if kind == "floor":
        client = FloorBot()
    elif kind == "bare":
        from bench.bare_bot import BareBot

        bare = BareBot()

        async def sync_bare() -> None:
            await bare.tree.sync()

        bare.setup_hook = sync_bare  # type: ignore[method-assign]
        client = bare
    else:
        from bot.client import CardBot
        from bot.config import Settings

        settings = Settings(_env_file=None, discord_token=token, database_path=Path(db),
                            database_url=database_url, log_level="WARNING")
        client = CardBot(settings, ai_delay=0.0)
    client._connection.guild_ready_timeout = 0.01

    async def main() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: loop.create_task(client.close()))
        async with client:
            await client.start(token)

    asyncio.run(main())
    if stats:
        source = sys.modules["bot"].__file__ if "bot" in sys.modules else None
        Path(stats).write_text(json.dumps({"bytes": written.bytes,
                                           "statements": written.statements,
                                           "source": None if source is None else
                                           str(Path(source).parents[1])}))


class BotProcess:
    """A bot in a child process (:class:`testkit.process.BotProcess`), connected to
    ``double``: ready once it has identified and synced its commands."""

    def __init__(self, double: Double, kind: str, db: Path, bot_root: str | None = None,
                 database_url: str | None = None) -> None:
        self.double = double
        self.kind = kind
        self.stats = db.with_suffix(".stats.json")
        root = ["--bot-root", bot_root] if bot_root else []
        url = ["--database-url", database_url] if database_url else []
        self.process = Process(
            [sys.executable, "-m", "bench.bot_load", "--serve", kind,
             "--api", double.api_url, "--gateway", double.gateway_url,
             "--token", double.token, "--db", str(db), "--stats", str(self.stats), *root, *url],
            log=db.with_suffix(".log"), ready=self._ready)
        self._identifies = 0
        self.started_mb = 0.0
        """Resident memory once ready, before any table."""

    async def __aenter__(self) -> BotProcess:
        self._identifies = self.double.gateway.identifies
        await self.process.start(READY_TIMEOUT)
        await asyncio.sleep(0.3)  # on_ready after the guild arrives
        self.started_mb = self.process.rss_mb
        return self

    def _ready(self) -> bool:
        names = {c["name"] for c in self.double.commands.global_commands.values()}
        synced = ("ping" if self.kind == "bare" else "kachuful") in names
        return self.double.gateway.identifies > self._identifies and synced

    @property
    def cpu(self) -> float:
        return self.process.cpu

    @property
    def peak_mb(self) -> float:
        return self.process.peak_mb

    async def __aexit__(self, *exc: object) -> None:
        await self.process.stop()


# --- driving tables -----------------------------------------------------------------------

class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.accepted = 0
        self.unanswered = 0
        self.refused = 0
        self.stopped = 0
        """Lanes that ended before their actions: no member to act (a game over, or an
        overloaded bot whose answers named none in time)."""
        self.late = 0
        self.deferred = 0
        self.cpu = 0.0
        self.harness_cpu = 0.0
        self.action_latencies: list[float] = []
        self.steady: list[float] = []
        """Latencies once every lane is past its first interaction (the opening burst)."""
        self.lanes = 0
        self.lanes_started = 0

    def add(self, result: InteractionResult, deadline: float) -> InteractionResult:
        if result.latency is None:
            self.unanswered += 1
        else:
            self.latencies.append(result.latency)
            if self.lanes_started >= self.lanes:
                self.steady.append(result.latency)
            if result.latency > deadline:
                self.late += 1
        return result


@dataclass(frozen=True)
class LoadGame:
    """What the tables of one game differ in under load."""

    moves: GameMoves
    """The game's panels and commands, for the driver."""
    seats: int
    channel: str
    """Channel names: ``{channel}-{t}``."""
    member: str
    """Member names: ``{member}{t}p{i}``."""

    @property
    def command(self) -> str:
        """The game's slash command group."""
        return self.moves.name


GAMES = {
    "kachuful": LoadGame(KACHUFUL, 4, "table", "t"),
    "mighty": LoadGame(MIGHTY, 5, "mighty", "m"),
}
MAX_REFUSED = 10
"""Refused moves at one table before its lane gives up (there should be none)."""


async def think(pace: float, rng: random.Random) -> None:
    """A member's pause before acting: exponential with mean ``pace`` seconds (none at 0)."""
    if pace > 0:
        await asyncio.sleep(rng.expovariate(1 / pace))


async def play_table(
    double: Double, game: LoadGame, channel: Any, members: list[FakeUser], actions: int,
    stats: Stats, rng: random.Random, pace: float = 0.0,
) -> None:
    """Play ``actions`` accepted actions at one table, as fast as the bot answers: the
    driver follows the turn from each answered panel to the member it marks, and picks
    its moves at random (Mighty: :meth:`testkit.driver.MightyMoves.pick`)."""
    first = True

    def observe(kind: str, result: InteractionResult) -> None:
        nonlocal first
        stats.add(result, 3)
        if kind in ("draft", "move") and result.latency is not None:
            stats.action_latencies.append(result.latency)
        stats.deferred += result.response_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)
        if first:
            stats.lanes_started += 1
            first = False

    driver = Driver(double, members, game.moves, channel=channel, rng=rng, follow="panels",
                    open_by="command", settle=False, observe=observe)
    done = refused = 0
    while done < actions:
        await think(pace, rng)
        try:
            if await driver.step() is None:
                stats.stopped += 1
                return
        except AssertionError:  # no answer named whose turn it is (an overloaded bot)
            stats.stopped += 1
            return
        except Refused:
            stats.refused += 1
            refused += 1
            if refused >= MAX_REFUSED:
                return
            continue
        stats.accepted += 1
        done += 1


OPENING = 50
SET_UP_TRIES = 5
"""Tables set up at once (the set-up is not measured; a thousand at once would only
test how the bot sheds load)."""


async def open_tables(
    double: Double, game: LoadGame, tables: int, images: bool = True,
) -> list[tuple[Any, list[FakeUser]]]:
    """``tables`` channels, each with a dealt table of ``game.seats`` members, with
    pictures on or off (the ``images`` start option)."""
    seated = []
    for t in range(tables):
        channel = double.channel if t == 0 else double.add_channel(f"{game.channel}-{t}")
        members = [double.add_user(f"{game.member}{t}p{i}") for i in range(game.seats)]
        seated.append((channel, members))
    await double.flush_events()

    opening = asyncio.Semaphore(OPENING)

    async def setup(channel: Any, members: list[FakeUser]) -> None:
        async with opening:
            await open_one(channel, members)

    async def open_one(channel: Any, members: list[FakeUser]) -> None:
        # Each step waits for its answer's final words: a busy bot defers an answer,
        # and a join before the table is open is refused.
        await answered(lambda: double.slash(members[0], channel, game.command, "start",
                                            settle=False, images=images))
        for member in members[1:]:
            await answered(lambda m=member: double.slash(m, channel, game.command, "join",
                                                         settle=False))
        await answered(lambda: double.slash(members[0], channel, game.command, "deal",
                                            settle=False))

    async def answered(send: Callable[[], Awaitable[InteractionResult]]) -> None:
        """Send until answered, as a member clicks again after Discord's "This
        interaction failed" (a bot still busy with the new channels answers late)."""
        for _ in range(SET_UP_TRIES):
            result = await send()
            await result.wait_until(
                lambda r: r.refusals or (r.original is not None and not r.original.loading),
                timeout=60)
            if not result.refusals:
                return
            await asyncio.sleep(1.0)
        raise RuntimeError(f"no answer to a set-up step: {result!r}")

    await asyncio.gather(*(setup(c, m) for c, m in seated))
    await double.settle(timeout=60)
    return seated


async def lanes(n: int, lane: Callable[[int], Awaitable[None]]) -> float:
    """Run ``n`` lanes at once; the seconds they took. The double keeps every version of
    every message, so its cyclic garbage collections grow long; they are held off while
    the lanes run, so that what is measured is the bot, not the harness's collector."""
    gc.collect()
    gc.disable()
    start = time.perf_counter()
    try:
        await asyncio.gather(*(lane(i) for i in range(n)))
    finally:
        elapsed = time.perf_counter() - start
        gc.enable()
    return elapsed


async def measure_cardbot(
    tables: int, actions: int, edit_limit: int, game: LoadGame, bot_root: str | None,
    server: PostgresServer | None, images: bool = True, pace: float = 0.0,
) -> dict[str, Any]:
    url = None if server is None else server.create(f"bench_{os.getpid()}_{time.time_ns()}")
    with tempfile.TemporaryDirectory() as tmp:
        async with Double() as double:
            if edit_limit:
                double.rate_limits.configure(EDIT_ROUTE, edit_limit, 5.0)
            bot = BotProcess(double, "cardbot", Path(tmp) / "bot.sqlite3", bot_root, url)
            async with bot:
                seated = await open_tables(double, game, tables, images)
                calls_before = sum(double.calls.values())
                edits_before = double.calls[EDIT_ROUTE]
                stats = Stats()
                stats.lanes = tables
                rng = random.Random(1)
                cpu_before, own_before = bot.cpu, time.process_time()
                db_before = 0.0 if server is None else server.cpu_seconds()
                elapsed = await lanes(tables, lambda i: play_table(
                    double, game, seated[i][0], seated[i][1], actions, stats, rng, pace))
                await double.settle(timeout=30)
                stats.cpu = bot.cpu - cpu_before
                db_cpu = 0.0 if server is None else server.cpu_seconds() - db_before
                stats.harness_cpu = time.process_time() - own_before
                peak = bot.peak_mb
                started = bot.started_mb
                calls = sum(double.calls.values()) - calls_before
                edits = double.calls[EDIT_ROUTE] - edits_before
                violations = double.take_violations()
            written = json.loads(bot.stats.read_text())
        return {
            "stats": stats, "elapsed": elapsed, "calls": calls, "edits": edits,
            "hits429": sum(double.rate_limits.hits.values()), "peak": peak,
            "violations": violations, "written": written, "started": started,
            "db_cpu": db_cpu, "load": os.getloadavg()[0],
        }


async def measure_bare(concurrency: int, per_lane: int, pace: float = 0.0) -> tuple[Stats, float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with Double() as double, BotProcess(double, "bare", Path(tmp) / "x") as bot:
            users = [double.add_user(f"p{i}") for i in range(concurrency)]
            await double.flush_events()
            stats = Stats()
            cpu_before, own_before = bot.cpu, time.process_time()

            rng = random.Random(2)

            async def lane(i: int) -> None:
                for n in range(per_lane):
                    if n % 2 == 0:
                        await think(pace, rng)
                    stats.add(await double.slash(users[i], double.channel, "ping",
                                                 settle=False), 3)

            elapsed = await lanes(concurrency, lane)
            await double.settle()
            stats.cpu = bot.cpu - cpu_before
            stats.harness_cpu = time.process_time() - own_before
        return stats, elapsed


async def measure_floor(concurrency: int, per_lane: int, pace: float = 0.0) -> tuple[Stats, float]:
    """The card bot's traffic (open a panel, then click its buttons) against
    :class:`FloorBot`."""
    with tempfile.TemporaryDirectory() as tmp:
        async with Double() as double, BotProcess(double, "floor", Path(tmp) / "x") as bot:
            users = [double.add_user(f"p{i}") for i in range(concurrency)]
            await double.flush_events()
            stats = Stats()
            stats.lanes = concurrency
            cpu_before, own_before = bot.cpu, time.process_time()

            rng = random.Random(3)

            async def lane(i: int) -> None:
                await think(pace, rng)
                shown = stats.add(await double.slash(users[i], double.channel, "kachuful",
                                                     "hand", settle=False), 3)
                stats.lanes_started += 1
                panel = shown.message
                assert panel is not None
                for n in range(per_lane):
                    if n % 2 == 1:
                        await think(pace, rng)
                    enabled = custom_ids(panel)
                    stats.add(await double.click(users[i], panel, enabled[0], settle=False), 3)

            elapsed = await lanes(concurrency, lane)
            await double.settle()
            stats.cpu = bot.cpu - cpu_before
            stats.harness_cpu = time.process_time() - own_before
        return stats, elapsed


def line(label: str, latencies: list[float]) -> str:
    p = percentiles(latencies)
    return (f"{label}: n={len(latencies)} p50={p['p50']:.1f} ms p95={p['p95']:.1f} ms "
            f"p99={p['p99']:.1f} ms max={p['max']:.1f} ms")


def busy(cpu: float, elapsed: float) -> str:
    return f"{100 * cpu / elapsed:.0f}%"


def cpu_ms(stats: Stats) -> float:
    return 1000 * stats.cpu / max(1, len(stats.latencies))


@dataclass(frozen=True)
class Lane:
    """One card-bot run of an invocation: its code (None: this checkout) and pictures."""

    root: str | None
    images: bool

    @property
    def label(self) -> str:
        return (f"{'pictures' if self.images else 'text-only'}, "
                f"{'this checkout' if self.root is None else self.root}")


def lanes_of(args: argparse.Namespace) -> list[Lane]:
    """The card-bot runs asked for, alternated round by round: each checkout (this one,
    ``--bot-root``, ``--compare``) with each pictures setting."""
    roots: list[str | None] = [args.bot_root]
    if args.compare:
        roots.append(args.compare)
    images = {"on": [True], "off": [False], "both": [False, True]}[args.images]
    return [Lane(root, shown) for _ in range(args.rounds) for root in roots
            for shown in images]


async def run(args: argparse.Namespace) -> int:
    logging.getLogger("discord").setLevel(logging.ERROR)
    n = args.tables
    bare, bare_s = await measure_bare(n, 2 * args.actions, args.pace)
    floor, floor_s = await measure_floor(n, 2 * args.actions, args.pace)
    game = GAMES[args.game]
    actions = sys.maxsize if args.to_end else args.actions
    print(f"{n} {args.game} tables x {args.actions} accepted actions, {game.seats} members each, "
          f"storage {args.backend}, {os.cpu_count()} CPUs; "
          + (f"a think time of {args.pace:g} s on average before each action; "
             if args.pace else "playing as fast as the bot answers; ")
          + "table edits limited to "
          f"{args.edit_limit or 'unlimited'} per 5 s per channel")
    print(line(f"bare bot (/ping), {n} in flight", bare.latencies))
    print(line(f"floor bot (same panels and clicks), {n} in flight", floor.latencies))
    print(line("  floor bot after the opening burst", floor.steady))
    print(f"floors: bare bot {len(bare.latencies) / bare_s:.0f} interactions/s, "
          f"{cpu_ms(bare):.2f} ms of CPU an interaction, busy {busy(bare.cpu, bare_s)} / "
          f"{busy(bare.harness_cpu, bare_s)} (bot / double and driver); floor bot "
          f"{len(floor.latencies) / floor_s:.0f}/s, {cpu_ms(floor):.2f} ms, busy "
          f"{busy(floor.cpu, floor_s)} / {busy(floor.harness_cpu, floor_s)}")
    failed = bare.unanswered or bare.late or floor.unanswered or floor.late
    rows = []
    for lane in lanes_of(args):
        with contextlib.ExitStack() as stack:
            server = (stack.enter_context(PostgresServer(durable=True))
                      if args.backend == "postgres" else None)
            card = await measure_cardbot(n, actions, args.edit_limit, game, lane.root, server,
                                         lane.images, args.pace)
        rows.append(summary(lane, card))
        failed = report(args, lane, card, bare) or failed
    print()
    print("| card bot | load average | accepted actions/s (interactions/s) | accepted actions "
          "a second per core | p50 / p95 / p99 | game actions p99 | bot CPU per interaction |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)
    return 1 if failed else 0


def per_core(stats: Stats) -> float:
    """Accepted actions a second of the bot process's CPU time (one core fully busy)."""
    return stats.accepted / max(1e-9, stats.cpu)


def summary(lane: Lane, card: dict[str, Any]) -> str:
    """One row of the closing table, in Markdown."""
    stats: Stats = card["stats"]
    p = percentiles(stats.latencies)
    actions = percentiles(stats.action_latencies)
    return (f"| {lane.label} | {card['load']:.1f} | {stats.accepted / card['elapsed']:.0f} "
            f"({len(stats.latencies) / card['elapsed']:.0f}) | {per_core(stats):.0f} | "
            f"{p['p50']:.0f} / {p['p95']:.0f} / {p['p99']:.0f} ms | {actions['p99']:.0f} ms | "
            f"{cpu_ms(stats):.2f} ms |")


def report(args: argparse.Namespace, lane: Lane, card: dict[str, Any], bare: Stats) -> bool:
    """Print one card-bot run; whether it failed (unanswered, late, refused, a rule
    broken)."""
    n = args.tables
    stats: Stats = card["stats"]
    written = card["written"]
    print(f"\ncard bot, {lane.label} (code from {written.get('source')}), load average "
          f"{card['load']:.1f}")
    print(line(f"card bot, {n} in flight", stats.latencies))
    print(line("  of which game actions", stats.action_latencies))
    print(line("  after the opening burst", stats.steady))
    p99 = percentiles(stats.latencies)["p99"]
    print(f"p99 ratio: {p99 / percentiles(bare.latencies)['p99']:.2f}x the bare bot")
    print(f"throughput: {stats.accepted / card['elapsed']:.0f} accepted actions/s "
          f"({len(stats.latencies) / card['elapsed']:.0f} interactions/s); "
          f"{per_core(stats):.0f} accepted actions a second per core of the bot process")
    per = max(1, stats.accepted)
    print(f"per accepted action: {card['calls'] / per:.2f} REST calls (interaction answers "
          f"included), {card['edits'] / per:.3f} table edits")
    print(f"429s received: {card['hits429']}; unanswered: {stats.unanswered}; later than 3 s: "
          f"{stats.late}; deferred: {stats.deferred}; refused moves: {stats.refused}; "
          f"lanes ended before their actions (game over, or no member found to act): "
          f"{stats.stopped}; "
          f"Discord rule violations: {len(card['violations'])}")
    print(f"bot process CPU per interaction: {cpu_ms(stats):.2f} ms"
          + (f"; PostgreSQL server {1000 * card['db_cpu'] / max(1, len(stats.latencies)):.2f}"
             " ms" if args.backend == "postgres" else ""))
    print(f"busy (share of one core), bot process / double and driver: "
          f"{busy(stats.cpu, card['elapsed'])} / {busy(stats.harness_cpu, card['elapsed'])}")
    print(f"bot process peak memory: {card['peak']:.0f} MB ({card['started']:.0f} MB once "
          f"started, so {1000 * (card['peak'] - card['started']) / n:.0f} kB per table)")
    if args.backend == "sqlite":
        print(f"handed to SQLite: {written['bytes'] / 1e6:.2f} MB in {written['statements']} "
              f"statements, {written['bytes'] / per:.0f} bytes per accepted action"
              + (f", {written['bytes'] / n / 1e3:.1f} kB per finished game"
                 if args.to_end else ""))
    return bool(stats.unanswered or stats.late or stats.refused or card["violations"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=40,
                        help="accepted actions per table")
    parser.add_argument("--edit-limit", type=int, default=5,
                        help="table edits allowed per 5 s per channel (0: unlimited)")
    parser.add_argument("--game", choices=tuple(GAMES), default="kachuful",
                        help="the game the tables play")
    parser.add_argument("--serve", choices=("cardbot", "bare", "floor"), help=argparse.SUPPRESS)
    parser.add_argument("--api", help=argparse.SUPPRESS)
    parser.add_argument("--gateway", help=argparse.SUPPRESS)
    parser.add_argument("--token", help=argparse.SUPPRESS)
    parser.add_argument("--images", choices=("on", "off", "both"), default="on",
                        help="the tables' pictures (the images start option; default on; "
                        "both: a text-only run, then one with pictures)")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="mean think time in seconds before each action (0: none)")
    parser.add_argument("--to-end", action="store_true",
                        help="play every table's game to its end (bytes per finished game)")
    parser.add_argument("--bot-root", help="run the card bot from this checkout instead "
                        "(an earlier version, for a before/after comparison)")
    parser.add_argument("--compare", metavar="DIR",
                        help="also run the card bot from this checkout, alternating with "
                        "the first (side by side in one invocation)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="how many times to run the card bot's lanes in turn")
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--stats", help=argparse.SUPPRESS)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite",
                        help="the card bot's storage (postgres: a throwaway local server)")
    parser.add_argument("--database-url", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        if args.bot_root and args.serve == "cardbot":
            use_bot_from(args.bot_root)
        with contextlib.suppress(KeyboardInterrupt):
            serve(args.serve, args.api, args.gateway, args.token, args.db, args.stats,
                  args.database_url)
        return 0
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
