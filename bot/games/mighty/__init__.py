"""Mighty on the shared table runtime (RULES M1–M18)."""

from bot.games.mighty.adapter import MIGHTY, MightyAdapter, engine_config

__all__ = ["MIGHTY", "MightyAdapter", "engine_config"]
