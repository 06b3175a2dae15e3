"""Mighty on the shared table runtime (RULES M1–M18): the adapter, its option
(``options.py``) and commands (``commands.py``), table lines, panel and scene."""

from bot.games.mighty.adapter import MIGHTY, MightyAdapter

__all__ = ["MIGHTY", "MightyAdapter"]
