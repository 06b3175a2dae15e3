"""Schema migrations of both backends, from one description.

``_TEMPLATES[n - 1]`` brings the schema from version ``n - 1`` to ``n``; its column
types are written ``{ID}`` (the table's generated key), ``{INT}`` and ``{REAL}``, which
each backend spells its own way: :data:`MIGRATIONS` for SQLite (applied by
:mod:`bot.storage.db`, version in ``PRAGMA user_version``), :data:`POSTGRES_MIGRATIONS`
for PostgreSQL (applied by :mod:`bot.storage.postgres`, version in ``schema_version``).
Append new versions; never edit a released one.
"""

from __future__ import annotations

from typing import Final

V1: Final = """
CREATE TABLE tables (
    id {ID},
    guild_id {INT} NOT NULL,
    channel_id {INT} NOT NULL,
    game TEXT NOT NULL,
    host_id {INT} NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    message_id {INT},
    message_posted_at {REAL},
    state TEXT,
    version {INT} NOT NULL DEFAULT 0,
    deadline {REAL},
    created_at {REAL} NOT NULL,
    updated_at {REAL} NOT NULL
);
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE TABLE actions (
    table_id {INT} NOT NULL,
    seq {INT} NOT NULL,
    seat {INT},
    user_id {INT},
    action TEXT NOT NULL,
    created_at {REAL} NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE games (
    id {ID},
    table_id {INT},
    guild_id {INT} NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL,
    hands_played {INT} NOT NULL,
    started_at {REAL},
    ended_at {REAL} NOT NULL
);
CREATE TABLE game_players (
    game_id {INT} NOT NULL,
    seat {INT} NOT NULL,
    user_id {INT},
    is_ai {INT} NOT NULL,
    name TEXT NOT NULL,
    score {INT} NOT NULL,
    won {INT} NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE ratings (
    guild_id {INT} NOT NULL,
    game TEXT NOT NULL,
    user_id {INT} NOT NULL,
    mu {REAL} NOT NULL,
    sigma {REAL} NOT NULL,
    games {INT} NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
"""

V2: Final = """
CREATE INDEX games_by_guild_game ON games (guild_id, game, status);
CREATE INDEX game_players_by_user ON game_players (user_id);
"""
"""Indexes for the leaderboard (a server's games) and stats (a member's games)."""

V3: Final = """
CREATE TABLE snapshots (
    table_id {INT} PRIMARY KEY,
    seq {INT} NOT NULL,
    state TEXT NOT NULL
);
INSERT INTO snapshots (table_id, seq, state)
    SELECT id, COALESCE((SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id), 0),
           state
    FROM tables WHERE state IS NOT NULL;
ALTER TABLE tables DROP COLUMN state;
CREATE TABLE guild_settings (
    guild_id {INT} PRIMARY KEY,
    settings TEXT NOT NULL
);
"""
"""A table's state is no longer rewritten by every action: the latest snapshot (taken
at most once per hand) plus the actions logged after it restore it. Per-server
settings get their own table."""

V4: Final = """
ALTER TABLE game_players ADD COLUMN left_game {INT} NOT NULL DEFAULT 0;
CREATE INDEX games_by_guild_ended ON games (guild_id, ended_at);
CREATE INDEX games_by_table ON games (table_id);
ALTER TABLE tables ADD COLUMN final_pending {INT} NOT NULL DEFAULT 0;
"""
"""Fair records: a member who left a running game is recorded at their seat, last
(``left_game``), and a game's final standings not yet posted when the bot stopped
(``final_pending``) are posted when it starts again; a server's history lists its
games newest first, each found by its table for its replay."""

V5: Final = """
ALTER TABLE game_players ADD COLUMN mu {REAL};
ALTER TABLE game_players ADD COLUMN sigma {REAL};
UPDATE game_players SET
    mu = (SELECT r.mu FROM ratings r JOIN games g ON g.guild_id = r.guild_id AND g.game = r.game
          WHERE g.id = game_players.game_id AND r.user_id = game_players.user_id),
    sigma = (SELECT r.sigma FROM ratings r JOIN games g
             ON g.guild_id = r.guild_id AND g.game = r.game
             WHERE g.id = game_players.game_id AND r.user_id = game_players.user_id)
WHERE user_id IS NOT NULL AND game_id = (
    SELECT g.id FROM games g JOIN game_players p ON p.game_id = g.id
    JOIN games cur ON cur.id = game_players.game_id
    WHERE p.user_id = game_players.user_id AND g.guild_id = cur.guild_id
      AND g.game = cur.game AND g.status = 'finished'
      AND (SELECT COUNT(*) FROM game_players m
           WHERE m.game_id = g.id AND m.user_id IS NOT NULL) >= 2
    ORDER BY g.ended_at DESC, g.id DESC LIMIT 1);
"""
"""A member's rating history: their rating (``mu``, ``sigma``) after each rated game,
kept on their seat of that game (NULL where the game changed no rating). Games rated
before this version have no history to rebuild, except the last one of each member,
whose rating is the current one."""

V6: Final = """
CREATE TABLE seasons (
    guild_id {INT} NOT NULL,
    season {INT} NOT NULL,
    started_at {REAL},
    ends_at {REAL},
    monthly {INT} NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season)
);
ALTER TABLE games ADD COLUMN season {INT} NOT NULL DEFAULT 1;
DROP INDEX games_by_guild_game;
CREATE INDEX games_by_guild_season ON games (guild_id, game, season, status);
CREATE TABLE ratings_by_season (
    guild_id {INT} NOT NULL,
    game TEXT NOT NULL,
    season {INT} NOT NULL,
    user_id {INT} NOT NULL,
    mu {REAL} NOT NULL,
    sigma {REAL} NOT NULL,
    games {INT} NOT NULL,
    PRIMARY KEY (guild_id, game, season, user_id)
);
INSERT INTO ratings_by_season (guild_id, game, season, user_id, mu, sigma, games)
    SELECT guild_id, game, 1, user_id, mu, sigma, games FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_by_season RENAME TO ratings;
"""
"""Seasons: each server's seasons (none stored: season 1, since its first game), and
every game, rating and rating history in one season. Everything recorded before seasons
is season 1's."""

V7: Final = """
CREATE TABLE nights (
    id {ID},
    guild_id {INT} NOT NULL,
    channel_id {INT} NOT NULL,
    host_id {INT} NOT NULL,
    title TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'ended')),
    message_id {INT},
    state TEXT NOT NULL,
    final_pending {INT} NOT NULL DEFAULT 0,
    created_at {REAL} NOT NULL,
    updated_at {REAL} NOT NULL,
    ended_at {REAL}
);
CREATE UNIQUE INDEX nights_open_channel ON nights (channel_id) WHERE status = 'open';
CREATE INDEX nights_by_guild ON nights (guild_id, status, ended_at);
CREATE TABLE night_members (
    night_id {INT} NOT NULL,
    user_id {INT} NOT NULL,
    guild_id {INT} NOT NULL,
    active {INT} NOT NULL,
    PRIMARY KEY (night_id, user_id)
);
CREATE UNIQUE INDEX night_members_one_open ON night_members (guild_id, user_id)
    WHERE active = 1;
ALTER TABLE games ADD COLUMN night_id {INT};
ALTER TABLE games ADD COLUMN night_round {INT};
CREATE INDEX games_by_night ON games (night_id, night_round);
"""
"""Game nights: a night's row (its settings and state as JSON), the members holding
it (``active``: the host and every member who has not left an open night; one open
night per member per server, one per channel), and each recorded game's night and
round."""

V8: Final = """
CREATE TABLE gateway_sessions (
    shard {INT} PRIMARY KEY,
    shard_count {INT} NOT NULL,
    session_id TEXT NOT NULL,
    seq {INT} NOT NULL,
    resume_url TEXT NOT NULL,
    saved_at {REAL} NOT NULL
);
"""
"""Handover: the gateway session each shard's last process left resumable when it
stopped, for the next one to resume (docs/service.md "Handover")."""

_TEMPLATES: Final = (V1, V2, V3, V4, V5, V6, V7, V8)

MIGRATIONS: Final[list[str]] = [
    t.format(ID="INTEGER PRIMARY KEY", INT="INTEGER", REAL="REAL") for t in _TEMPLATES
]
"""Every SQLite migration script; the schema version is ``len(MIGRATIONS)``."""

POSTGRES_MIGRATIONS: Final[list[str]] = [
    t.format(ID="BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", INT="BIGINT",
             REAL="DOUBLE PRECISION")
    for t in _TEMPLATES
]
"""The same migrations for PostgreSQL (snowflakes need 64-bit integers)."""
