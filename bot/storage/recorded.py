"""A server's recorded games as ``/history``, ``/replay`` and game nights read them: a
page of them, newest first, one game with its final engine state, and a night's games
(docs/playing.md "/history", "/replay", docs/nights.md). Every function takes an open
connection."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.storage.results import GameName, GameStatus, PlayerResult
from bot.storage.sql import Sql, fetchone


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A recorded game of a server, for its history and replay: its seats in order,
    and (for a replay) its final engine state, ``state`` (None when not loaded)."""

    game_id: int
    game: GameName
    status: GameStatus
    started_at: float | None
    ended_at: float
    hands_played: int
    players: list[PlayerResult]
    state: str | None = None
    night_id: int | None = None
    """The game night it was played at, and its round there (None outside a night)."""
    night_round: int | None = None


_RECORDED_SQL: Final = (
    "SELECT g.id, g.game, g.status, g.started_at, g.ended_at, g.hands_played, g.night_id, "
    "g.night_round FROM games g WHERE g.guild_id = ?"
)


async def _with_players(db: Sql, rows: Sequence[Sequence[Any]]) -> list[RecordedGame]:
    ids = [int(r[0]) for r in rows]
    seats: dict[int, list[PlayerResult]] = {i: [] for i in ids}
    if ids:
        found = await db.fetch(
            "SELECT game_id, seat, user_id, name, score, won, left_game FROM game_players "
            f"WHERE game_id IN ({', '.join('?' * len(ids))}) ORDER BY game_id, seat", ids)
        for gid, seat, uid, name, score, won, left in found:
            seats[int(gid)].append(PlayerResult(seat=seat, user_id=uid, name=name,
                                                score=score, won=bool(won), left=bool(left)))
    return [
        RecordedGame(game_id=int(r[0]), game=str(r[1]), status=r[2],
                     started_at=None if r[3] is None else float(r[3]),
                     ended_at=float(r[4]), hands_played=int(r[5]),
                     players=seats[int(r[0])],
                     night_id=None if r[6] is None else int(r[6]),
                     night_round=None if r[7] is None else int(r[7]))
        for r in rows
    ]


async def history(
    db: Sql, guild_id: int, game: GameName | None, user_id: int | None,
    offset: int, limit: int,
) -> tuple[list[RecordedGame], int]:
    """A page of the server's recorded games, newest first (of ``game``, with
    ``user_id`` seated or having left, when given), and how many there are in all."""
    where, params = "", [guild_id]
    if game is not None:
        where += " AND g.game = ?"
        params.append(game)  # type: ignore[arg-type]
    if user_id is not None:
        where += " AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id " \
                 "AND p.user_id = ?)"
        params.append(user_id)
    total_row = await fetchone(db, f"SELECT COUNT(*) FROM games g WHERE g.guild_id = ?{where}",
                               params)
    rows = await db.fetch(
        f"{_RECORDED_SQL}{where} ORDER BY g.ended_at DESC, g.id DESC LIMIT ? OFFSET ?",
        [*params, limit, offset])
    return await _with_players(db, rows), int(total_row[0]) if total_row else 0


async def recorded_game(db: Sql, guild_id: int, game_id: int) -> RecordedGame | None:
    """One of the server's recorded games with its final state (None when the server
    has no such game)."""
    row = await fetchone(db, f"{_RECORDED_SQL} AND g.id = ?", (guild_id, game_id))
    if row is None:
        return None
    state = await fetchone(
        db, "SELECT s.state FROM games g JOIN snapshots s ON s.table_id = g.table_id "
        "WHERE g.id = ?", (game_id,))
    found = (await _with_players(db, [row]))[0]
    return dataclasses.replace(found, state=None if state is None else str(state[0]))


async def night_games(db: Sql, guild_id: int, night_id: int) -> list[RecordedGame]:
    """The server's recorded games of a game night, round by round, in the order they
    ended."""
    rows = await db.fetch(
        f"{_RECORDED_SQL} AND g.night_id = ? ORDER BY g.night_round, g.ended_at, g.id",
        (guild_id, night_id))
    return await _with_players(db, rows)
