"""Kachuful on the shared table runtime (RULES K1–K11, KV1–KV8)."""

from bot.games.kachuful.adapter import KACHUFUL, KachufulAdapter, engine_config

__all__ = ["KACHUFUL", "KachufulAdapter", "engine_config"]
