"""Mighty table settings (M3), fixed once the match starts."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.game import IllegalAction, invalid_config
from engine.mighty.rules import DEFAULT_HANDS


class MightyConfig(BaseModel):
    """``hands``: the match length agreed at the table (M3, default 10; redeals do not
    count)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    hands: int = Field(DEFAULT_HANDS, ge=1)

    @classmethod
    def parse(cls, data: Any) -> MightyConfig:
        """Validate settings from outside; raise ``IllegalAction('bad_input')`` naming
        each bad setting."""
        if isinstance(data, MightyConfig):
            return data
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise IllegalAction("bad_input", "the config must be an object of settings")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise invalid_config(exc) from None
