"""Schema migrations, applied in order by :mod:`bot.storage.db`.

``MIGRATIONS[n - 1]`` brings the schema from version ``n - 1`` to ``n`` (recorded in
``PRAGMA user_version``). Append new versions; never edit a released one.
"""

from __future__ import annotations

from typing import Final

V1: Final = """
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    settings TEXT NOT NULL,
    seats TEXT NOT NULL,
    message_id INTEGER,
    message_posted_at REAL,
    state TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    deadline REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE TABLE actions (
    table_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER,
    user_id INTEGER,
    action TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    table_id INTEGER,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL,
    hands_played INTEGER NOT NULL,
    started_at REAL,
    ended_at REAL NOT NULL
);
CREATE TABLE game_players (
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    is_ai INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
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
    table_id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL
);
INSERT INTO snapshots (table_id, seq, state)
    SELECT id, COALESCE((SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id), 0),
           state
    FROM tables WHERE state IS NOT NULL;
ALTER TABLE tables DROP COLUMN state;
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL
);
"""
"""A table's state is no longer rewritten by every action: the latest snapshot (taken
at most once per hand) plus the actions logged after it restore it. Per-server
settings get their own table."""

V4: Final = """
ALTER TABLE game_players ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_by_guild_ended ON games (guild_id, ended_at);
CREATE INDEX games_by_table ON games (table_id);
ALTER TABLE tables ADD COLUMN final_pending INTEGER NOT NULL DEFAULT 0;
"""
"""Fair records: a member who left a running game is recorded at their seat, last
(``left_game``), and a game's final standings not yet posted when the bot stopped
(``final_pending``) are posted when it starts again; a server's history lists its
games newest first, each found by its table for its replay."""

MIGRATIONS: Final[list[str]] = [V1, V2, V3, V4]
"""Every migration script; the schema version is ``len(MIGRATIONS)``."""
