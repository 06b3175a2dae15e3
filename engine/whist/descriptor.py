"""Whist as registered in :mod:`engine.registry` (RULES W1–W7)."""

from __future__ import annotations

from engine.descriptor import PLAYED_OUT, GameDescriptor
from engine.whist.ai import WhistSimple, decide_whist
from engine.whist.config import WhistConfig
from engine.whist.game import WhistGame
from engine.whist.reasons import REASONS
from engine.whist.rules import PLAYERS
from engine.whist.spec import SPEC

WHIST: GameDescriptor[WhistGame] = GameDescriptor(
    title="Whist",
    game=WhistGame,
    config=WhistConfig,
    players=range(PLAYERS, PLAYERS + 1),
    default_players=PLAYERS,
    spec=SPEC,
    decide=decide_whist,
    policies={"simple": WhistSimple},
    hints=REASONS,
    reveal=PLAYED_OUT,
)
