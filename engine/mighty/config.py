"""Mighty table settings (M3), fixed once the match starts."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from engine.game import GameConfig
from engine.mighty.rules import DEFAULT_HANDS


class MightyConfig(GameConfig):
    """``hands``: the match length agreed at the table (M3, default 10; redeals do not
    count)."""

    model_config = ConfigDict(strict=True)

    hands: int = Field(DEFAULT_HANDS, ge=1)
