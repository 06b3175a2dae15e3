"""Kachuful replay documents: the ``python -m engine replay`` input and the saved game
(``to_json``) share one format, checked here with pydantic at the edge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.game import IllegalAction, invalid_config
from engine.i18n import N_
from engine.kachuful.deal import read_deal
from engine.kachuful.game import KachufulGame
from engine.record import OUTPUT_KEYS


class KachufulSetup(BaseModel):
    """The setup part of a replay document (``actions`` are run by the driver)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["kachuful"]
    config: dict[str, Any] = Field(default_factory=dict)
    first_dealer: int | None = None
    seed: Any = None
    deals: list[Any] | None = None
    start_hand: int = 0
    max_hands: int | None = None
    actions: list[Any] = Field(default_factory=list)


def game_from_doc(doc: Mapping[str, Any]) -> KachufulGame:
    """The game a replay document sets up, before its actions; ``IllegalAction``
    (``bad_input``) for a bad config or deal. ``players`` may be left out of the config
    when ``deals`` gives the hands."""
    setup_doc = {k: v for k, v in doc.items() if k not in OUTPUT_KEYS}
    try:
        setup = KachufulSetup.model_validate(setup_doc)
    except ValidationError as exc:
        raise invalid_config(exc) from None
    config = dict(setup.config)
    if "players" not in config:
        first = setup.deals[0] if setup.deals else None
        if not (isinstance(first, Mapping) and isinstance(first.get("hands"), list)):
            raise IllegalAction("bad_input", N_("config.players is required with a seed"))
        config["players"] = len(first["hands"])
    deals = None
    if setup.deals is not None:
        deals = [read_deal(raw, k) for k, raw in enumerate(setup.deals, 1)]
    return KachufulGame(
        config,
        seed=setup.seed,
        deals=deals,
        first_dealer=setup.first_dealer,
        start_hand=setup.start_hand,
        max_hands=setup.max_hands,
    )

