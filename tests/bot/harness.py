"""Running the real bot against the Discord double, playing it as members, and reading
what it showed and stored."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.client import CardBot
from bot.config import Settings
from bot.render.table_message import Payload
from bot.storage.results import GameName
from bot.storage.standings import Leaderboard
from bot.storage.tables import TableRecord
from engine.game import Game
from testkit.double import Double, FakeUser, InteractionResult, StoredMessage
from testkit.double.harness import RunBot
from testkit.driver import KACHUFUL, table_id, table_message
from testkit.driver import Driver as PanelDriver
from testkit.driver import custom_ids as custom_ids
from testkit.driver import refresh_id as refresh_id
from testkit.driver import whose_turn as whose_turn
from tests.backends import StorageAt

SETTLE_QUIET = 0.005
"""Quiet time after which the bot counts as done: its table edit starts before it answers."""


def storage_at(db: Path | StorageAt) -> StorageAt:
    """``db`` as a database of either backend (a path: an SQLite file)."""
    return db if isinstance(db, StorageAt) else StorageAt("sqlite", db)


def make_bot(double: Double, db: Path | StorageAt, seed: int | None = 7,
             **settings: Any) -> CardBot:
    """The production client, pointed at the double, with AI players acting at once, turn
    pings at once (unless ``ping_delay`` is given) and repeatable deals, on the SQLite
    file or database ``db`` (and further ``settings``); the double counts the bot as done
    after :data:`SETTLE_QUIET`."""
    settings.setdefault("ping_delay", 0.0)
    config = Settings(_env_file=None, discord_token=double.token,  # type: ignore[call-arg]
                      **storage_at(db).settings(), **settings)
    double.settle_quiet = SETTLE_QUIET
    bot = CardBot(config, ai_delay=0.0, seed=seed)
    double.busy_checks.append(lambda: _ai_moving(bot) or _publishing(bot))
    return bot


async def started_bot(double: Double, run_bot: RunBot, db: Path | StorageAt) -> CardBot:
    """:func:`make_bot` on the database ``db``, connected to the double."""
    return await run_bot(make_bot(double, db))


NAMES = ("ana", "bo", "cy", "di", "ed", "flo", "gus")


def members(double: Double, count: int) -> list[FakeUser]:
    """``count`` members of the double's guild, named from :data:`NAMES` in order."""
    return [double.add_user(name) for name in NAMES[:count]]


def _publishing(bot: CardBot) -> bool:
    """Whether a table message update is under way (its picture may be drawing in a
    worker thread, out of the double's sight)."""
    return bot.registry.publishing()


def _ai_moving(bot: CardBot) -> bool:
    """Whether an AI move is being decided (in a worker thread, out of the double's sight)."""
    try:
        return bot.turns.ai.moving > 0
    except RuntimeError:
        return False


def field(message: StoredMessage | InteractionResult, name: str) -> str:
    for embed in message.embeds:
        for f in embed.get("fields") or []:
            if f["name"] == name:
                return str(f["value"])
    raise AssertionError(f"no field {name!r}")


def labels(message: StoredMessage | InteractionResult) -> dict[str, Any]:
    return {c["custom_id"]: c.get("label") for row in message.components
            for c in row.get("components") or [] if "custom_id" in c}


def done(result: InteractionResult) -> bool:
    """Whether the bot confirmed a member's move (privately)."""
    return result.ephemeral and result.content.startswith("Done")


class Driver(PanelDriver):
    """Plays the members' Kachuful turns (whose turn the table message shows) through
    their panels, every third by slash command."""

    def __init__(self, double: Double, users: list[FakeUser], seed: int = 1) -> None:
        super().__init__(double, users, KACHUFUL, seed=seed, slash_every=3, confirm=done)


async def open_table(double: Double, users: list[FakeUser], *, deal: bool = True,
                     **options: Any) -> StoredMessage:
    """The first user opens a table with ``options``, the others join by button, and
    (with ``deal``) the host deals; returns the table message. Pictures are off unless
    ``options`` turn them on."""
    options.setdefault("images", False)
    opened = await double.slash(users[0], double.channel, "kachuful", "start", **options)
    assert opened.ephemeral and "open" in opened.content, opened
    tid = table_id(double)
    for user in users[1:]:
        joined = await double.click(user, table_message(double), f"t:{tid}:join")
        assert "joined" in joined.content, joined
    if deal:
        dealt = await double.slash(users[0], double.channel, "kachuful", "deal")
        assert dealt.content.startswith("Dealt"), dealt
    return table_message(double)


SCORE_LINE = re.compile(r"^<@(\d+)>.* (-?\d+)$")
G = TypeVar("G", bound=Game)


def shown_scores(message: StoredMessage) -> dict[int, int]:
    """The scores the final standings show, by member id."""
    shown = {}
    for line in field(message, "Scores").splitlines():
        match = SCORE_LINE.match(line)
        assert match, line
        shown[int(match[1])] = int(match[2])
    return shown


async def replayed(
    db: Path | StorageAt, new_game: Callable[[TableRecord, dict[str, Any]], G],
) -> G:
    """The first table, finished, replayed from its stored actions onto
    ``new_game(record, deal action)``; the replay must reach the end."""
    storage = await storage_at(db).open()
    try:
        log = await storage.actions(1)
        rec = await storage.table(1)
    finally:
        await storage.close()
    assert rec is not None and rec.status == "finished"
    game = new_game(rec, log[0].action)
    for entry in log[1:]:
        assert entry.seat is not None
        game.apply(entry.seat, game.parse_action(entry.action))
    assert game.is_over
    return game


async def stored_leaderboard(
    db: Path | StorageAt, guild_id: int, game: GameName,
) -> Leaderboard:
    """The server's leaderboard of ``game`` as stored in ``db``."""
    storage = await storage_at(db).open()
    try:
        return await storage.leaderboard(guild_id, game)
    finally:
        await storage.close()


async def table_shows(double: Double, text: str, tries: int = 100) -> bool:
    """Whether the table message comes to show ``text`` (its edit may first wait out the
    channel's rate limit)."""
    for _ in range(tries):
        await double.settle(quiet=0.05)
        if text in table_message(double).current.text():
            return True
    return False


PNG = "image/png"


def payload_text(payload: Payload) -> str:
    """Every text of a table message as rendered: its content and each embed's title,
    description and fields."""
    parts = [payload.content or ""]
    for embed in payload.embeds:
        data: dict[str, Any] = embed.to_dict()  # type: ignore[assignment]
        parts += [str(data.get("title", "")), str(data.get("description", ""))]
        parts += [f"{f['name']}\n{f['value']}" for f in data.get("fields", [])]
    return "\n".join(parts)


def embed_lines(embed: dict[str, Any]) -> int:
    """The lines an embed takes as Discord renders its texts: the title, the description,
    each field's name and value."""
    lines = 1 if embed.get("title") else 0
    lines += len(str(embed["description"]).splitlines()) if embed.get("description") else 0
    for f in embed.get("fields") or []:
        lines += 1 + len(str(f["value"]).splitlines())
    return lines


def check_pictures(double: Double, users: list[FakeUser], running_title: str = " — hand ") -> None:
    """With pictures on: every version of the running table message (its title holding
    ``running_title``) carries its PNG and its embed shows it (``attachment://``, with
    alt text); the final standings show the score chart; every panel version shows its
    hand picture."""
    tables = [m for m in double.messages() if not m.ephemeral]
    running = [v for m in tables for v in m.versions
               if v.embeds and running_title in str(v.embeds[0].get("title"))]
    assert running
    for version in running:
        [picture] = version.attachments
        assert picture["content_type"] == PNG and picture["description"], picture
        assert version.embeds[0]["image"]["url"] == f"attachment://{picture['filename']}"
        assert picture["filename"] == "table.png"
    final = table_message(double)
    [chart] = final.current.attachments
    assert chart["filename"] == "scores.png" and chart["content_type"] == PNG
    assert final.embeds[0]["image"]["url"] == "attachment://scores.png"
    panels = [v for m in double.all_messages() if m.ephemeral_to in users
              for v in m.versions if any(f.get("name") == "Your cards"
                                         for e in v.embeds for f in e.get("fields") or [])]
    assert panels
    for version in panels:
        [hand] = version.attachments
        assert hand["filename"] == "hand.png" and hand["content_type"] == PNG
        assert version.embeds[0]["image"]["url"] == "attachment://hand.png"
