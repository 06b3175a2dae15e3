"""Mighty table settings (M3), fixed once the match starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ConfigDict, Field

from engine.game import GameConfig
from engine.mighty.rules import DEFAULT_HANDS


class MightyConfig(GameConfig):
    """``hands``: the match length agreed at the table (M3, default 10; redeals do not
    count)."""

    model_config = ConfigDict(strict=True)

    hands: int = Field(DEFAULT_HANDS, ge=1)


_PARSED: dict[tuple[tuple[str, Any], ...], MightyConfig] = {}


def parse_config(config: MightyConfig | Mapping[str, Any] | None) -> MightyConfig:
    """:meth:`MightyConfig.parse`, with the settings seen before (plain numbers) read
    once: a config is frozen, so one object serves every match with those settings."""
    if not isinstance(config, Mapping) or not all(type(v) is int for v in config.values()):
        return MightyConfig.parse(dict(config) if isinstance(config, Mapping) else config)
    key = tuple(sorted(config.items()))
    found = _PARSED.get(key)
    if found is None:
        found = MightyConfig.parse(dict(config))
        if len(_PARSED) < 64:
            _PARSED[key] = found
    return found
