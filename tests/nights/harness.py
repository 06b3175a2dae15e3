"""Playing a game night through the Discord double: its members, short games (the
server's saved defaults), reading its tables from the bot, playing each to its end,
and the standings the points scheme gives from the games storage recorded."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations

from bot.client import CardBot
from bot.nights import MEAN, table_points
from bot.render.components import NightButton
from bot.storage.nights import NightRecord
from bot.storage.recorded import RecordedGame
from testkit.double import Channel, Double, FakeUser, StoredMessage
from testkit.driver import MOVES, Driver, table_message
from tests.bot.harness import done

MANAGE_GUILD = 1 << 5
NAMES = ("ana", "bo", "cy", "di", "ed", "flo", "gus", "hal", "ivy")


async def short_games(double: Double) -> None:
    """Save the server's defaults so that every game is short and text-only: Kachuful's
    hands of 2 and 1, Mighty's one hand."""
    admin = double.add_user("admin", roles=[double.add_role("admins", MANAGE_GUILD)])
    for game, options in (("kachuful", {"start_size": 2, "schedule": "descending"}),
                          ("mighty", {"hands": 1})):
        saved = await double.slash(admin, double.channel, game, "defaults", images=False,
                                   hints=False, turn_ping=True, **options)
        assert saved.content.startswith("Saved."), saved


def night_message(double: Double, night_id: int) -> StoredMessage:
    """The night's message in the double's channel (the one carrying its buttons)."""
    seat = NightButton(night_id, "seat").custom_id
    return next(m for m in reversed(double.messages(double.channel))
                if seat in m.custom_ids())


async def night_of(bot: CardBot, channel: Channel) -> NightRecord:
    return await bot.service.nights.in_channel(channel.id)


def round_tables(
    double: Double, bot: CardBot, night: NightRecord,
) -> list[tuple[str, int, Channel, list[int]]]:
    """The latest round's open tables: game, table id, channel and members in seat
    order."""
    assert night.state.current is not None
    found = []
    for t in night.state.current.tables:
        assert t.table_id is not None
        table = bot.registry.get(t.table_id)
        assert table is not None, f"table {t.table_id} is not open"
        found.append((t.game, t.table_id, double.channels[table.rec.channel_id],
                      list(t.members)))
    return found


def driver_for(double: Double, users: dict[int, FakeUser], game: str, channel: Channel,
               members: list[int], seed: int) -> Driver:
    """A driver playing the members' turns at the table of ``channel``."""
    moves = MOVES[game]
    seated = [users[m] for m in members]
    if game == "mighty":  # secret turns: the panels say whose turn it is
        return Driver(double, seated, moves, channel=channel, seed=seed, follow="panels",
                      open_by="command", confirm=done)
    return Driver(double, seated, moves, channel=channel, seed=seed, slash_every=3,
                  confirm=done)


async def play_out(driver: Driver, steps: int | None = None) -> int:
    """Play the table's turns to its end (or ``steps`` of them); how many were played."""
    played = 0
    while steps is None or played < steps:
        if await driver.step() is None:
            break
        played += 1
    return played


def finished(double: Double, channel: Channel) -> bool:
    """Whether the channel's table message shows the final standings."""
    return "game over" in str(table_message(double, channel).embeds[0].get("title"))


def expected_totals(night: NightRecord, games: list[RecordedGame]) -> dict[int, Fraction]:
    """Each member's points from the recorded games (docs/nights.md "Points") and the
    byes of the night's complete rounds."""
    totals: defaultdict[int, Fraction] = defaultdict(Fraction)
    for game in games:
        if game.status != "finished":
            continue
        stayed = [p.score for p in game.players if not p.left]
        standing = {p.user_id: p.score if not p.left else min(stayed) - 1
                    for p in game.players if p.user_id is not None}
        for member, points in table_points(standing).items():
            totals[member] += points
    for played in night.state.rounds:
        if played.complete:
            for member in played.waiting:
                totals[member] += MEAN
    return {m.user_id: totals[m.user_id] for m in night.state.members}


def repeated_pairs(before: list[list[int]], after: list[list[int]]) -> int:
    """How many pairs of members sat together in both rounds."""
    pairs = Counter(frozenset(p) for t in before for p in combinations(t, 2))
    return sum(pairs[frozenset(p)] for t in after for p in combinations(t, 2))
