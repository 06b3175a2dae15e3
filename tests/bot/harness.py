"""Running the real bot against the Discord double, playing it as members, and reading
what it showed and stored."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.client import CardBot
from bot.config import Settings
from bot.storage.db import connect
from bot.storage.results import GameName, Leaderboard, leaderboard
from bot.storage.tables import TableRecord, load_actions, load_table
from engine.game import Game
from testkit.double import Double, FakeUser, InteractionResult, StoredMessage
from testkit.double.harness import RunBot

SETTLE_QUIET = 0.005
"""Quiet time after which the bot counts as done: its table edit starts before it answers."""


def make_bot(double: Double, db: Path, seed: int | None = 7) -> CardBot:
    """The production client, pointed at the double, with AI players acting at once and
    repeatable deals; the double counts the bot as done after :data:`SETTLE_QUIET`."""
    settings = Settings(_env_file=None, discord_token=double.token, database_path=db)  # type: ignore[call-arg]
    double.settle_quiet = SETTLE_QUIET
    bot = CardBot(settings, ai_delay=0.0, seed=seed)
    double.busy_checks.append(lambda: _ai_moving(bot))
    return bot


async def started_bot(double: Double, run_bot: RunBot, db: Path) -> CardBot:
    """:func:`make_bot` on the database ``db``, connected to the double."""
    return await run_bot(make_bot(double, db))


NAMES = ("ana", "bo", "cy", "di", "ed", "flo", "gus")


def members(double: Double, count: int) -> list[FakeUser]:
    """``count`` members of the double's guild, named from :data:`NAMES` in order."""
    return [double.add_user(name) for name in NAMES[:count]]


def _ai_moving(bot: CardBot) -> bool:
    """Whether an AI move is being decided (in a worker thread, out of the double's sight)."""
    try:
        return bot.registry.ai.moving > 0
    except RuntimeError:
        return False


def table_message(double: Double) -> StoredMessage:
    """The latest public message of the bot with an embed (the table, lobby or standings)."""
    for message in reversed(double.messages()):
        if message.embeds:
            return message
    raise AssertionError("no table message")


def field(message: StoredMessage | InteractionResult, name: str) -> str:
    for embed in message.embeds:
        for f in embed.get("fields") or []:
            if f["name"] == name:
                return str(f["value"])
    raise AssertionError(f"no field {name!r}")


def custom_ids(message: StoredMessage | InteractionResult, *, enabled: bool = True) -> list[str]:
    out = []
    for row in message.components:
        for comp in row.get("components") or []:
            if enabled and comp.get("disabled"):
                continue
            if "custom_id" in comp:
                out.append(comp["custom_id"])
    return out


def labels(message: StoredMessage | InteractionResult) -> dict[str, Any]:
    return {c["custom_id"]: c.get("label") for row in message.components
            for c in row.get("components") or [] if "custom_id" in c}




TURN = re.compile(r"<@(\d+)> to (bid|play)")


def whose_turn(double: Double) -> tuple[int, str] | None:
    """The member (id) whose turn the table message shows, and what they do, or None."""
    message = table_message(double)
    try:
        turn = field(message, "Turn")
    except AssertionError:
        return None
    match = TURN.search(turn)
    return None if match is None else (int(match[1]), match[2])


def refresh_id(panel: StoredMessage) -> str | None:
    """The custom_id of a private panel's Refresh button (``p:<table>:<seat>``)."""
    return next((c for c in custom_ids(panel, enabled=False) if c.startswith("p:")), None)


def table_id(double: Double) -> int:
    for cid in custom_ids(table_message(double), enabled=False):
        if cid.startswith("t:"):
            return int(cid.split(":")[1])
    raise AssertionError("the table message has no table button")


class Driver:
    """Plays the members' turns through panels (buttons) and slash commands."""

    def __init__(self, double: Double, users: list[FakeUser], seed: int = 1) -> None:
        import random

        self.double = double
        self.users = {u.id: u for u in users}
        self.panels: dict[int, StoredMessage] = {}
        self.rng = random.Random(seed)
        self.steps = 0

    async def panel(self, user: FakeUser) -> StoredMessage:
        """The member's panel, refreshed (opened from the table the first time)."""
        tid = table_id(self.double)
        old = self.panels.get(user.id)
        refresh = None if old is None else refresh_id(old)
        if old is None or refresh is None or not refresh.startswith(f"p:{tid}:"):
            result = await self.double.click(user, table_message(self.double), f"t:{tid}:hand")
        else:
            result = await self.double.click(user, old, refresh)
        assert result.ephemeral or result.response_type == 7, result
        assert result.message is not None
        self.panels[user.id] = result.message
        return result.message

    async def mover(self) -> tuple[FakeUser, StoredMessage]:
        """The member whose turn the table shows, and their refreshed panel."""
        turn = whose_turn(self.double)
        assert turn is not None
        user = self.users[turn[0]]
        return user, await self.panel(user)

    async def step(self) -> bool:
        """Play one member's turn; False when no member is to act."""
        for attempt in range(4):
            turn = whose_turn(self.double)
            if turn is None:
                return False
            user = self.users[turn[0]]
            panel = await self.panel(user)
            choices = [c for c in custom_ids(panel) if c.startswith("a:")]
            if choices:
                break
            # The table edit may still be on its way on a busy machine: wait for it.
            await self.double.settle(quiet=0.05 * (attempt + 1))
        assert choices, f"no enabled action for {user.name}: {panel.embeds}"
        chosen = self.rng.choice(choices)
        label = str(labels(panel)[chosen]).removesuffix(" ★")
        self.steps += 1
        if self.steps % 3 == 0:
            if label.startswith("Bid "):
                result = await self.double.slash(user, self.double.channel, "kachuful", "bid",
                                                 amount=int(label.split()[1]))
            else:
                result = await self.double.slash(user, self.double.channel, "kachuful", "play",
                                                 card=label)
            assert result.ephemeral and result.content.startswith("Done"), result
        else:
            result = await self.double.click(user, panel, chosen)
            assert result.response_type == 7 and result.content.startswith("Done"), result
        return True




async def open_table(double: Double, users: list[FakeUser], *, deal: bool = True,
                     **options: Any) -> StoredMessage:
    """The first user opens a table with ``options``, the others join by button, and
    (with ``deal``) the host deals; returns the table message."""
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


async def replayed(db: Path, new_game: Callable[[TableRecord, dict[str, Any]], G]) -> G:
    """The first table, finished, replayed from its stored actions onto
    ``new_game(record, deal action)``; the replay must reach the end."""
    conn = await connect(db)
    try:
        log = await load_actions(conn, 1)
        rec = await load_table(conn, 1)
    finally:
        await conn.close()
    assert rec is not None and rec.status == "finished"
    game = new_game(rec, log[0]["action"])
    for entry in log[1:]:
        game.apply(entry["seat"], game.parse_action(entry["action"]))
    assert game.is_over
    return game


async def stored_leaderboard(db: Path, guild_id: int, game: GameName) -> Leaderboard:
    """The server's leaderboard of ``game`` as stored in ``db``."""
    conn = await connect(db)
    try:
        return await leaderboard(conn, guild_id, game)
    finally:
        await conn.close()
