"""Kachuful as registered in :mod:`engine.registry` (RULES K1–K11, KV1–KV8)."""

from __future__ import annotations

from engine.ai.kachuful.reasons import REASONS
from engine.ai.kachuful.simple import KachufulSimple
from engine.ai.levels import decide_kachuful
from engine.descriptor import PLAYED_OUT, GameDescriptor
from engine.kachuful.config import MAX_PLAYERS, MIN_PLAYERS, KachufulConfig
from engine.kachuful.game import KachufulGame
from engine.kachuful.spec import SPEC

KACHUFUL: GameDescriptor[KachufulGame] = GameDescriptor(
    title="Kachuful",
    game=KachufulGame,
    config=KachufulConfig,
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    default_players=4,
    spec=SPEC,
    decide=decide_kachuful,
    policies={"simple": KachufulSimple},
    hints=REASONS,
    reveal=PLAYED_OUT,
)
