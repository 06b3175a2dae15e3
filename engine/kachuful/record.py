"""Kachuful replay documents: the ``python -m engine replay`` input and the saved game
(``to_json``) share one format, checked here with pydantic at the edge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import IllegalAction
from engine.i18n import N_
from engine.kachuful.deal import read_deal
from engine.kachuful.game import KachufulGame
from engine.record import Setup, read_deals, read_setup


class KachufulSetup(Setup):
    """The setup part of a Kachuful replay document: any seed (the game refuses a bad
    one in its own words), and where the schedule starts and stops."""

    seed: Any = None
    start_hand: int = 0
    max_hands: int | None = None


def game_from_doc(doc: Mapping[str, Any]) -> KachufulGame:
    """The game a replay document sets up, before its actions; ``IllegalAction``
    (``bad_input``) for a bad config or deal. ``players`` may be left out of the config
    when ``deals`` gives the hands."""
    setup = read_setup(doc, KachufulGame.name, KachufulSetup)
    config = dict(setup.config)
    if "players" not in config:
        first = setup.deals[0] if setup.deals else None
        if not (isinstance(first, Mapping) and isinstance(first.get("hands"), list)):
            raise IllegalAction("bad_input", N_("config.players is required with a seed"))
        config["players"] = len(first["hands"])
    return KachufulGame(
        config,
        seed=setup.seed,
        deals=read_deals(setup.deals, read_deal),
        first_dealer=setup.first_dealer,
        start_hand=setup.start_hand,
        max_hands=setup.max_hands,
    )
