"""Whist replay documents: the ``python -m engine replay`` input and the saved game
(``to_json``) share one format, checked here with pydantic at the edge:
``{"game": "whist", "config": {"deals": N}, "seed": S | "deals": [...],
"first_dealer": d, "actions": [...]}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.game import invalid_config
from engine.record import OUTPUT_KEYS
from engine.whist.deal import read_deal
from engine.whist.game import WhistGame


class WhistSetup(BaseModel):
    """The setup part of a replay document (``actions`` are run by the driver)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["whist"]
    config: dict[str, Any] = Field(default_factory=dict)
    first_dealer: int | None = None
    seed: int | str | None = None
    deals: list[Any] | None = None
    actions: list[Any] = Field(default_factory=list)


def game_from_doc(doc: Mapping[str, Any]) -> WhistGame:
    """The game a replay document sets up, before its actions; ``IllegalAction``
    (``bad_input``) for a bad config or deal."""
    setup_doc = {k: v for k, v in doc.items() if k not in OUTPUT_KEYS}
    try:
        setup = WhistSetup.model_validate(setup_doc)
    except ValidationError as exc:
        raise invalid_config(exc) from None
    deals = None
    if setup.deals is not None:
        deals = [read_deal(raw, k) for k, raw in enumerate(setup.deals, 1)]
    return WhistGame(setup.config, seed=setup.seed, deals=deals, first_dealer=setup.first_dealer)
