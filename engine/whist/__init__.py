"""Whist, classic English short whist for four in two partnerships (RULES W1–W6):
:class:`WhistGame`, its deals and settings."""

from engine.game import Play
from engine.whist.config import WhistConfig
from engine.whist.deal import Deal
from engine.whist.game import WhistGame

__all__ = ["Deal", "Play", "WhistConfig", "WhistGame"]
