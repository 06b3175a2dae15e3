"""What the leaderboard and ``/stats`` read of a server's finished games: each member's
games, wins, scores and rating in one game and season, their rank, recent games,
seasons and rating history, and the game a server plays most (docs/playing.md
"Leaderboards and stats"; the decisions are those of :mod:`bot.storage.results`). Every
function takes an open connection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.storage import seasons
from bot.storage.ratings import Skill, competition_ranks
from bot.storage.results import GameName, GameStatus, load_skills
from bot.storage.sql import Sql, fetchone


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
    provisional ones (fewer than :data:`~bot.storage.ratings.MIN_RATED_GAMES` rated games),
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


async def most_played_game(db: Sql, guild_id: int, games: Sequence[GameName],
                           season: int | None = None) -> GameName:
    """Of ``games``, the one with the most finished games in this server and season (the
    running one when None; the first listed on a tie)."""
    rows = await db.fetch(
        "SELECT game, COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished' "
        "AND season = ? GROUP BY game",
        (guild_id, await seasons.number(db, guild_id, season)),
    )
    counts = {str(r[0]): int(r[1]) for r in rows}
    return max(games, key=lambda g: (counts.get(g, 0), g == games[0]))
