"""Hints: the move the ``normal`` AI player would make for a seat, with one short reason
(docs/playing.md "Hints"), decided from that seat's view alone.

Pure: :func:`hint` reads only ``game.view(seat)`` and ``game.legal_actions(seat)`` and
uses only the public :class:`~engine.ai.decide.LevelPolicy` API, with a random source
seeded from the view itself, so the same view always gives the same hint and cards
the seat cannot see change nothing. The reason comes from the game's own
:class:`~engine.ai.reasons.HintReasons` (its descriptor's ``hints``): a code with
parameters and its sentence, an English template the bot translates and words.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai.decide import LevelPolicy
from engine.ai.reasons import Params
from engine.game import Action
from engine.registry import GAMES, game_named

HINT_LEVEL: Final = "normal"
"""The AI level whose move a hint shows."""

REASONS: Final = tuple(dict.fromkeys(code for g in GAMES for code in g.hints.sentences))
"""Every reason code :func:`hint` gives, over the registered games."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested ``action`` and why: a code of :data:`REASONS` with its ``params``,
    its sentence (``template``, English, marked for translation) and the placeholders
    among ``params`` that are bare numbers rather than counts (``plain``)."""

    action: Action
    reason: str
    template: str
    """The reason's sentence, a :meth:`str.format` template over ``params``."""
    params: Params = field(default_factory=dict)
    plain: frozenset[str] = frozenset()


def hint(game: str, view: Mapping[str, Any], legal: Sequence[Action]) -> Hint:
    """The ``normal`` AI's choice among ``legal`` for the seat whose ``view`` this is,
    with its reason. ``ValueError`` for an unknown game or an empty ``legal``."""
    reasons = game_named(game).hints
    seed = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    action = LevelPolicy(game, HINT_LEVEL, seconds=None).choose(view, legal, random.Random(seed))
    code, params = reasons.reason(view, action)
    return Hint(action, code, reasons.template(code, params), params,
                reasons.plain.get(code, frozenset()))
