"""Kachuful on the shared table runtime (RULES K1–K11, KV1–KV8): the adapter, its
options (``options.py``) and commands (``commands.py``), table lines, panel and scene."""

from bot.games.kachuful.adapter import KACHUFUL, KachufulAdapter

__all__ = ["KACHUFUL", "KachufulAdapter"]
