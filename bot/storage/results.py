"""Finished games: recording them and updating the ratings they change (the leaderboard
and stats are read by :mod:`bot.storage.standings`, the history, replays and nights' games
by :mod:`bot.storage.recorded`).

Decisions (docs/playing.md "Leaderboards and stats", docs/nights.md "Seasons"):

- Everything is per server (``guild_id``), per game and per season: a game is rated
  in the season running when it is recorded (:mod:`bot.storage.seasons`), from the
  members' ratings of that season (a new season starts everyone afresh), and a
  leaderboard or a member's stats are of one season, the running one unless asked.
- A finished game counts for games played, wins, scores and ratings. A shared win
  (equal best totals, K10 and M3) is a win for each player sharing it.
- An abandoned game (ended with ``end``, or when every member left) is recorded with
  its scores so far but has no winner, changes no rating and counts in no total; stats
  show how many a member has and list it among their recent games.
- AI players are stored with the game but never rated, counted or listed. The members
  of a game are rated among themselves by final score (see :mod:`bot.storage.ratings`).
- A seat is recorded as whoever holds it at the end, except that a member who left
  (or was kicked from) a running game is recorded at their seat, ``left``, with their
  total at leaving and in last place: rated and counted like any member, so leaving
  never dodges a rating loss; the AI player that took the seat is not recorded. The
  winners are the best of the seats not left.

Every function takes an open connection and leaves committing to the caller.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from bot.storage import seasons
from bot.storage.ratings import Skill, rate
from bot.storage.sql import Sql, fetchone
from engine.game import Results

GameName = str
"""A game's storage name (its adapter's ``name``, :mod:`bot.games.registry`)."""

GameStatus = Literal["finished", "abandoned"]


class PlayerResult(BaseModel):
    """One seat of a recorded game: a member (``user_id``) or an AI player (None)."""

    model_config = ConfigDict(frozen=True)

    seat: int = Field(ge=0)
    user_id: int | None
    name: str = Field(min_length=1)
    score: int
    won: bool
    left: bool = False
    """The member left (or was kicked from) the running game: placed last."""

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


class FinishedGame(BaseModel):
    """A game that ended (``finished``) or was ended early (``abandoned``), as stored.

    ``variant`` holds the table's options as JSON. A finished game's winners are exactly
    the seats with the best total (K10, M3) among those not ``left``; an abandoned game
    has none."""

    model_config = ConfigDict(frozen=True)

    guild_id: int
    game: GameName = Field(pattern=r"^[a-z][a-z0-9_]{0,31}$")
    status: GameStatus
    players: list[PlayerResult] = Field(min_length=1)
    hands_played: int = Field(ge=0)
    ended_at: float
    started_at: float | None = None
    table_id: int | None = None
    variant: dict[str, JsonValue] = Field(default_factory=dict)
    night_id: int | None = None
    """The game night the game's table belonged to, and its round there."""
    night_round: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.night_id is None) != (self.night_round is None):
            raise ValueError("a night's game has its night and its round")
        if sorted(p.seat for p in self.players) != list(range(len(self.players))):
            raise ValueError("seats must be numbered 0 to players - 1, each once")
        members = [p.user_id for p in self.players if p.user_id is not None]
        if len(set(members)) != len(members):
            raise ValueError("a member can hold only one seat in a game")
        if any(p.left and p.user_id is None for p in self.players):
            raise ValueError("only a member can have left")
        if self.status == "abandoned" and any(p.won for p in self.players):
            raise ValueError("an abandoned game has no winner")
        if self.status == "finished" and any(
            p.won != (p.seat in _best(self.players)) for p in self.players
        ):
            raise ValueError("the winners of a finished game are the seats with the best total")
        return self

    def standing(self, player: PlayerResult) -> int:
        """What ranks ``player`` in this game (higher is better): the score, and below
        every other seat for a member who left (leavers share the last place)."""
        if not player.left:
            return player.score
        return min((p.score for p in self.players if not p.left), default=0) - 1

    @classmethod
    def from_results(
        cls,
        *,
        guild_id: int,
        game: GameName,
        status: GameStatus,
        seats: Sequence[tuple[int | None, str]],
        results: Results,
        left: Mapping[int, int] | None = None,
        ended_at: float,
        started_at: float | None = None,
        table_id: int | None = None,
        variant: dict[str, JsonValue] | None = None,
    ) -> FinishedGame:
        """Build the record from the engine's :class:`Results` and the seats, given as
        ``(user_id or None for an AI player, name)`` in seat order; ``left`` maps the
        seats of members who left to their total at leaving."""
        if len(seats) != len(results.totals):
            raise ValueError("one seat per total is needed")
        left = left or {}
        players = [
            PlayerResult(seat=i, user_id=uid, name=name, score=left.get(i, score),
                         won=False, left=i in left)
            for i, ((uid, name), score) in enumerate(zip(seats, results.totals, strict=True))
        ]
        if status == "finished":
            best = _best(players)
            players = [p.model_copy(update={"won": p.seat in best}) for p in players]
        return cls(
            guild_id=guild_id, game=game, status=status, players=players,
            hands_played=len(results.hand_scores), ended_at=ended_at, started_at=started_at,
            table_id=table_id, variant=variant or {},
        )


def _best(players: Sequence[PlayerResult]) -> set[int]:
    """The seats with the best total among those not left."""
    stayed = [p for p in players if not p.left]
    top = max((p.score for p in stayed), default=None)
    return {p.seat for p in stayed if p.score == top}


async def record_game(db: Sql, result: FinishedGame) -> int:
    """Insert the game and its seats in the season running when it ended (starting the
    next monthly season when it is due) and, for a finished game, update the members'
    ratings of that season, each seat keeping its member's rating after the game
    (their history); return the game's id. Runs inside the caller's transaction."""
    season = (await seasons.running(db, result.guild_id, result.ended_at)).number
    row = await fetchone(
        db,
        "INSERT INTO games (table_id, guild_id, game, variant, status, hands_played, "
        "started_at, ended_at, season, night_id, night_round) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (result.table_id, result.guild_id, result.game,
         json.dumps(result.variant, ensure_ascii=False, sort_keys=True), result.status,
         result.hands_played, result.started_at, result.ended_at, season, result.night_id,
         result.night_round),
    )
    assert row is not None
    game_id = int(row[0])
    rated = await _rated(db, result, season) if result.status == "finished" else {}
    await db.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, is_ai, name, score, won, left_game, "
        "mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, p.seat, p.user_id, int(p.is_ai), p.name, p.score, int(p.won), int(p.left),
          *_rating_after(rated, p)) for p in result.players],
    )
    if rated:
        await db.executemany(
            "INSERT INTO ratings (guild_id, game, season, user_id, mu, sigma, games) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, season, user_id) "
            "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            [(result.guild_id, result.game, season, uid, s.mu, s.sigma, s.games)
             for uid, s in rated.items()],
        )
    return game_id


def _rating_after(rated: Mapping[int, Skill], p: PlayerResult) -> tuple[float | None, ...]:
    """The seat's ``mu`` and ``sigma`` after the game (NULL when it was not rated)."""
    skill = None if p.user_id is None else rated.get(p.user_id)
    return (None, None) if skill is None else (skill.mu, skill.sigma)


async def _rated(db: Sql, result: FinishedGame, season: int) -> dict[int, Skill]:
    """The members' ratings of ``season`` after this finished game (none with fewer
    than two)."""
    members = {p.user_id: result.standing(p) for p in result.players if p.user_id is not None}
    if len(members) < 2:
        return {}
    ids = list(members)
    current = await load_skills(db, result.guild_id, result.game, ids, season=season)
    after = rate([current.get(uid, Skill()) for uid in ids], list(members.values()))
    return dict(zip(ids, after, strict=True))


async def load_skills(
    db: Sql, guild_id: int, game: str, user_ids: Sequence[int] = (), *,
    season: int | None = None,
) -> dict[int, Skill]:
    """The stored ratings of these members (of everyone rated when ``user_ids`` is
    empty) in this server, game and season (the running one when None)."""
    sql = ("SELECT user_id, mu, sigma, games FROM ratings "
           "WHERE guild_id = ? AND game = ? AND season = ?")
    params: list[object] = [guild_id, game, await seasons.number(db, guild_id, season)]
    if user_ids:
        sql += f" AND user_id IN ({', '.join('?' * len(user_ids))})"
        params.extend(user_ids)
    rows = await db.fetch(sql, params)
    return {int(r[0]): Skill(mu=float(r[1]), sigma=float(r[2]), games=int(r[3])) for r in rows}
