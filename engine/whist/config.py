"""Whist table settings (W6), fixed once the game starts."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from engine.game import GameConfig
from engine.whist.rules import DEFAULT_DEALS, MAX_DEALS


class WhistConfig(GameConfig):
    """``deals``: how many deals the game lasts (W6, default 4, from 1 to 20)."""

    model_config = ConfigDict(strict=True)

    deals: int = Field(DEFAULT_DEALS, ge=1, le=MAX_DEALS)
