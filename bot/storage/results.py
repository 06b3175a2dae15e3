"""Finished games: recording them, updating ratings, and the leaderboard and stats queries.

Decisions (README "Leaderboards and stats", docs/nights.md "Seasons"):

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
  of a game are rated among themselves by final score (see :mod:`bot.ratings`).
- A seat is recorded as whoever holds it at the end, except that a member who left
  (or was kicked from) a running game is recorded at their seat, ``left``, with their
  total at leaving and in last place: rated and counted like any member, so leaving
  never dodges a rating loss; the AI player that took the seat is not recorded. The
  winners are the best of the seats not left.

Every function takes an open connection and leaves committing to the caller.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from bot.ratings import Skill, competition_ranks, rate
from bot.storage import seasons
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


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A member's finished games in one server and game, and their rating."""

    user_id: int
    games: int
    wins: int
    total_score: int
    best_score: int
    skill: Skill

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Standing:
    """A ranked member: their place (shared on equal ratings) and summary."""

    rank: int
    player: PlayerSummary


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """A server's table for one game in one season: ranked members best first, then
    provisional ones (fewer than :data:`~bot.ratings.MIN_RATED_GAMES` rated games),
    best first."""

    game: GameName
    season: int
    games_recorded: int
    last_played: float | None
    ranked: list[Standing]
    provisional: list[PlayerSummary]

    @property
    def empty(self) -> bool:
        return not self.ranked and not self.provisional


@dataclass(frozen=True, slots=True)
class RecentGame:
    """One of a member's latest games: their place among all seats (AI players
    included; ties share), the number of seats, their score and outcome."""

    game_id: int
    ended_at: float
    status: GameStatus
    place: int
    seats: int
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A member's record in one server, game and season. ``summary`` is None when
    they have only abandoned games; ``rank`` is None while provisional."""

    game: GameName
    season: int
    summary: PlayerSummary | None
    abandoned: int
    rank: int | None
    ranked_players: int
    recent: list[RecentGame]


_SUMMARY_SQL: Final = (
    "SELECT gp.user_id, COUNT(*), SUM(gp.won), SUM(gp.score), MAX(gp.score) "
    "FROM games g JOIN game_players gp ON gp.game_id = g.id "
    "WHERE g.guild_id = ? AND g.game = ? AND g.season = ? AND g.status = 'finished' "
    "AND gp.user_id IS NOT NULL"
)


_RECENT_SQL: Final = (
    "SELECT g.id, g.ended_at, g.status, gp.score, gp.won, "
    "CASE WHEN gp.left_game <> 0 THEN (SELECT COUNT(*) FROM game_players o "
    "WHERE o.game_id = g.id AND o.left_game = 0) + 1 ELSE (SELECT 1 + COUNT(*) "
    "FROM game_players o WHERE o.game_id = g.id AND o.score > gp.score "
    "AND o.left_game = 0) END,"
    " (SELECT COUNT(*) FROM game_players o WHERE o.game_id = g.id) "
    "FROM games g JOIN game_players gp ON gp.game_id = g.id "
    "WHERE g.guild_id = ? AND g.game = ? AND g.season = ? AND gp.user_id = ? "
    "ORDER BY g.ended_at DESC, g.id DESC LIMIT ?"
)


def _summaries(rows: Sequence[Sequence[Any]], skills: dict[int, Skill]) -> list[PlayerSummary]:
    return [
        PlayerSummary(user_id=int(uid), games=int(n), wins=int(w), total_score=int(total),
                      best_score=int(best), skill=skills.get(int(uid), Skill()))
        for uid, n, w, total, best in rows
    ]


def _by_rating(players: Sequence[PlayerSummary]) -> list[PlayerSummary]:
    return sorted(players, key=lambda p: (-p.skill.ordinal, -p.games, p.user_id))


def _rank(summary: PlayerSummary | None, skills: Mapping[int, Skill]) -> tuple[int | None, int]:
    """A member's rank among the ranked members (None while provisional or without a
    finished game), and how many are ranked."""
    ranked = [s for s in skills.values() if s.ranked]
    if summary is None or not summary.skill.ranked:
        return None, len(ranked)
    return 1 + sum(s.ordinal > summary.skill.ordinal for s in ranked), len(ranked)


async def leaderboard(
    db: Sql, guild_id: int, game: GameName, season: int | None = None,
) -> Leaderboard:
    """The leaderboard of ``game`` in this server and season (the running one when
    None; members only, AI players never)."""
    season = await seasons.number(db, guild_id, season)
    count_row = await fetchone(
        db,
        "SELECT COUNT(*), MAX(ended_at) FROM games "
        "WHERE guild_id = ? AND game = ? AND season = ? AND status = 'finished'",
        (guild_id, game, season),
    )
    rows = await db.fetch(_SUMMARY_SQL + " GROUP BY gp.user_id", (guild_id, game, season))
    players = _summaries(rows, await load_skills(db, guild_id, game, season=season))
    ranked = _by_rating([p for p in players if p.skill.ranked])
    ranks = competition_ranks([p.skill.ordinal for p in ranked])
    return Leaderboard(
        game=game,
        season=season,
        games_recorded=int(count_row[0]) if count_row else 0,
        last_played=count_row[1] if count_row else None,
        ranked=[Standing(rank=r, player=p) for r, p in zip(ranks, ranked, strict=True)],
        provisional=_by_rating([p for p in players if not p.skill.ranked]),
    )


async def player_stats(
    db: Sql, guild_id: int, game: GameName, user_id: int, recent: int = 5, *,
    season: int | None = None,
) -> PlayerStats | None:
    """A member's stats for ``game`` in this server and season (the running one when
    None) with their ``recent`` latest games of it, or None when they have no recorded
    game of it there."""
    season = await seasons.number(db, guild_id, season)
    latest = [
        RecentGame(game_id=int(r[0]), ended_at=float(r[1]), status=r[2], score=int(r[3]),
                   won=bool(r[4]), place=int(r[5]), seats=int(r[6]))
        for r in await db.fetch(_RECENT_SQL, (guild_id, game, season, user_id, recent))
    ]
    if not latest:
        return None
    abandoned_row = await fetchone(
        db,
        "SELECT COUNT(*) FROM games g JOIN game_players gp ON gp.game_id = g.id "
        "WHERE g.guild_id = ? AND g.game = ? AND g.season = ? AND gp.user_id = ? "
        "AND g.status = 'abandoned'",
        (guild_id, game, season, user_id),
    )
    rows = await db.fetch(_SUMMARY_SQL + " AND gp.user_id = ? GROUP BY gp.user_id",
                          (guild_id, game, season, user_id))
    skills = await load_skills(db, guild_id, game, season=season)
    summary = next(iter(_summaries(rows, skills)), None)
    rank, ranked_players = _rank(summary, skills)
    return PlayerStats(
        game=game, season=season, summary=summary,
        abandoned=int(abandoned_row[0]) if abandoned_row else 0,
        rank=rank, ranked_players=ranked_players, recent=latest,
    )


@dataclass(frozen=True, slots=True)
class PlayerSeason:
    """A member's finished games of one game in one season, with their rank then
    (None while provisional) among the members ranked in it."""

    season: int
    summary: PlayerSummary
    rank: int | None
    ranked_players: int


async def player_seasons(
    db: Sql, guild_id: int, game: GameName, user_id: int,
) -> list[PlayerSeason]:
    """Each season of this server in which the member finished a game of ``game``,
    oldest first."""
    rows = await db.fetch(
        "SELECT g.season, gp.user_id, COUNT(*), SUM(gp.won), SUM(gp.score), MAX(gp.score) "
        "FROM games g JOIN game_players gp ON gp.game_id = g.id "
        "WHERE g.guild_id = ? AND g.game = ? AND g.status = 'finished' AND gp.user_id = ? "
        "GROUP BY g.season, gp.user_id ORDER BY g.season",
        (guild_id, game, user_id),
    )
    skills: dict[int, dict[int, Skill]] = {}
    for season, uid, mu, sigma, games in await db.fetch(
            "SELECT season, user_id, mu, sigma, games FROM ratings "
            "WHERE guild_id = ? AND game = ?", (guild_id, game)):
        skills.setdefault(int(season), {})[int(uid)] = Skill(float(mu), float(sigma), int(games))
    found = []
    for row in rows:
        season = int(row[0])
        summary = _summaries([row[1:]], skills.get(season, {}))[0]
        found.append(PlayerSeason(season, summary, *_rank(summary, skills.get(season, {}))))
    return found


async def rating_history(
    db: Sql, guild_id: int, game: GameName, user_id: int, season: int | None = None,
) -> list[tuple[float, float]]:
    """A member's rating ``(mu, sigma)`` after each of their rated games of ``game`` in
    this server and season (the running one when None), oldest first."""
    rows = await db.fetch(
        "SELECT gp.mu, gp.sigma FROM game_players gp JOIN games g ON g.id = gp.game_id "
        "WHERE gp.user_id = ? AND g.guild_id = ? AND g.game = ? AND g.season = ? "
        "AND gp.mu IS NOT NULL ORDER BY g.ended_at, g.id",
        (user_id, guild_id, game, await seasons.number(db, guild_id, season)),
    )
    return [(float(mu), float(sigma)) for mu, sigma in rows]


async def most_played_game(db: Sql, guild_id: int, games: Sequence[GameName]) -> GameName:
    """Of ``games``, the one with the most finished games in this server (the first
    listed on a tie)."""
    rows = await db.fetch(
        "SELECT game, COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished' "
        "GROUP BY game",
        (guild_id,),
    )
    counts = {str(r[0]): int(r[1]) for r in rows}
    return max(games, key=lambda g: (counts.get(g, 0), g == games[0]))



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
