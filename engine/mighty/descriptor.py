"""Mighty as registered in :mod:`engine.registry` (RULES M1–M18)."""

from __future__ import annotations

from engine.ai.levels import decide_mighty
from engine.ai.mighty.reasons import REASONS
from engine.ai.mighty.simple import MightySimple
from engine.descriptor import GameDescriptor
from engine.mighty.config import MightyConfig
from engine.mighty.game import MightyGame
from engine.mighty.reveal import REVEAL
from engine.mighty.rules import PLAYERS
from engine.mighty.spec import SPEC

MIGHTY: GameDescriptor[MightyGame] = GameDescriptor(
    title="Mighty",
    game=MightyGame,
    config=MightyConfig,
    players=range(PLAYERS, PLAYERS + 1),
    default_players=PLAYERS,
    spec=SPEC,
    decide=decide_mighty,
    policies={"simple": MightySimple},
    hints=REASONS,
    reveal=REVEAL,
)
