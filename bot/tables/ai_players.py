"""AI players: their names and their moves, decided off the event loop.

A move is decided on a snapshot (the seat's view and legal actions, taken under the
table lock) in a worker thread by :func:`engine.ai.decide.decide`; the table service then
applies it under the lock if the table is still at the same point. Paced moves take
the same time whatever the cards: the thinking time is padded to :attr:`AiPlayers.delay`,
so the wait before an AI move tells nobody anything private (in Mighty, not who holds
the called card).
"""

from __future__ import annotations

import asyncio
import copy
import time
from dataclasses import dataclass
from typing import Any

from bot.i18n import _
from bot.ops import metrics
from bot.storage.tables import TableRecord
from bot.tables.table import Refusal, Table
from engine.ai.decide import DEFAULT_SECONDS, decide
from engine.ai.levels import DEFAULT_LEVEL, LEVELS
from engine.game import Action, Game

AI_NAMES = ("Ada", "Boole", "Curie", "Dijkstra", "Euler", "Fermat", "Gauss", "Hopper")


def ai_name(rec: TableRecord) -> str:
    """The first of :data:`AI_NAMES` no AI player at the table has yet."""
    used = {s.name for s in rec.seats if s.ai}
    for name in AI_NAMES:
        if name not in used:
            return name
    return f"AI {len(rec.seats) + 1}"


def check_level(level: str) -> str:
    """``level`` if it is one of :data:`~engine.ai.levels.LEVELS`, else a :class:`Refusal`."""
    if level not in LEVELS:
        raise Refusal(_("There is no AI level “{level}”: pick easy, normal or hard.",
                        level=level[:20]), "bad_input")
    return level


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What one AI decision needs, copied out of the game under the table lock."""

    seat: int
    level: str
    stamp: tuple[int, int]
    """The table's (version, action count) when taken; the move applies only while unchanged."""
    view: dict[str, Any]
    legal: list[Action]
    seed: str


def stamp(table: Table) -> tuple[int, int]:
    """Where the table is: its turn version and the number of logged actions."""
    return table.rec.version, table.seq


def snapshot(table: Table, game: Game, seat: int) -> Snapshot:
    """The decision input for ``seat`` (lock held). An AI seat plays at its stored
    level; a member's seat played by the turn timer at the default level. The seed
    comes from the table id and its action count, so a restarted bot decides alike."""
    rec = table.rec.seats[seat]
    return Snapshot(
        seat=seat, level=rec.level if rec.ai else DEFAULT_LEVEL, stamp=stamp(table),
        view=copy.deepcopy(game.view(seat)), legal=list(game.legal_actions(seat)),
        seed=f"{table.id}:{table.seq}",
    )


class AiPlayers:
    """Decides AI moves in a worker thread. ``delay`` is the pause before a paced move
    (seconds, thinking included); ``budget`` the thinking time ``hard`` may use, at
    most ``delay`` for a paced move so that the padding always hides it."""

    def __init__(self, delay: float, budget: float | None = DEFAULT_SECONDS) -> None:
        self.delay = delay
        self.budget = budget
        self.clock = time.monotonic
        self.moving = 0
        """Moves being decided or paced right now."""

    async def move(self, game_name: str, snap: Snapshot, *, paced: bool) -> Action:
        """The move for ``snap``; with ``paced`` it comes no sooner than :attr:`delay`."""
        self.moving += 1
        try:
            budget = self.budget
            if paced and budget is not None and self.delay > 0:
                budget = min(budget, self.delay)
            started = self.clock()
            action = await asyncio.to_thread(
                decide, game_name, snap.level, snap.view, snap.legal, snap.seed, budget,
            )
            thought = self.clock() - started
            metrics.ai_decided(game_name, snap.level, thought)
            if paced:
                await asyncio.sleep(max(0.0, self.delay - thought))
            return action
        finally:
            self.moving -= 1
