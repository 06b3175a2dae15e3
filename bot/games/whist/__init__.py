"""Whist (RULES W1–W7) on the shared runtime: its adapter, table lines, panel, picture
scene and replay words, and its own catalogs (``locales/``)."""

from bot.games.whist.adapter import WHIST

__all__ = ["WHIST"]
