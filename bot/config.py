"""Settings, read from the environment and from ``.env`` (PRODUCT "Configuration")."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.shards import Shards

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create an application at "
    "https://discord.com/developers/applications, copy its bot token (Bot → Reset Token) "
    "and put DISCORD_TOKEN=<token> in the environment or in a .env file (see .env.example)."
)


class Settings(BaseSettings):
    """The bot's configuration. ``discord_token`` is needed only to connect."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = None
    database_path: Path = Path("./data/bot.sqlite3")
    database_url: str | None = None
    """``postgresql://…``: PostgreSQL instead of the SQLite file (``DATABASE_URL``)."""
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """This process's shards, ``SHARD_IDS=0,1`` (default: every shard)."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_delay: float = Field(default=1.0, ge=0.0, le=60.0)
    """Seconds before an AI player's move, its thinking included (``AI_DELAY``)."""
    ping_delay: float = Field(default=5.0, ge=0.0, le=300.0)
    """Seconds the member to act has before the turn ping (``PING_DELAY``): a member who
    acts sooner is not pinged."""
    log_format: Literal["text", "json"] = "text"
    """``json``: one JSON object a log line (``LOG_FORMAT``, docs/service.md)."""
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """Where ``GET /metrics`` and ``GET /healthz`` are served (``METRICS_PORT``; off
    when unset)."""
    lease_wait: float = Field(default=0.0, ge=0.0, le=600.0)
    """Seconds a starting process waits for its shards' leases while another process
    holds them (``LEASE_WAIT``; 0: refuse at once), so that a replacement can be
    started before the process it replaces stops (docs/service.md "Handover")."""
    metrics_host: str = "127.0.0.1"
    """The address that server listens on (``METRICS_HOST``; the image sets 0.0.0.0)."""
    extra_games: Annotated[tuple[str, ...], NoDecode] = ()
    """Hidden games offered all the same (``EXTRA_GAMES=whist``; for tests only,
    :data:`bot.games.registry.HIDDEN`)."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("dev_guild_id", "database_url", "shard_count", "metrics_port",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("DATABASE_URL must be a postgresql://… URL (or unset for SQLite)")
        return value

    @field_validator("extra_games", mode="before")
    @classmethod
    def _name_list(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(p.strip().lower() for p in value.split(",") if p.strip())
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            if not all(p.isdigit() for p in parts):
                raise ValueError("SHARD_IDS must be shard numbers separated by commas, e.g. 0,1")
            return tuple(int(p) for p in parts) or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards in all")
        shards = self.shards
        if self.database_url is None and not shards.every:
            raise ValueError(
                f"one SQLite file serves one process running every shard: set SHARD_IDS "
                f"to all of 0-{shards.count - 1} (or leave it unset), or use PostgreSQL "
                "(DATABASE_URL) to run shards in several processes")
        return self

    @property
    def shards(self) -> Shards:
        """This process's shards (one shard of one when ``SHARD_COUNT`` is unset)."""
        count = self.shard_count or 1
        return Shards(count, self.shard_ids or tuple(range(count)))

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError("LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
