"""Settings, read from the environment and from ``.env`` (PRODUCT "Configuration")."""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_delay: float = Field(default=1.0, ge=0.0, le=60.0)
    """Seconds before an AI player's move, its thinking included (``AI_DELAY``)."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError("LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
