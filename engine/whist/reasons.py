"""Whist's hint reasons (``GameDescriptor.hints``; W4): the card the ``normal`` AI
plays, led or followed, named from the seat's own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.ai.reasons import HintReasons, Params
from engine.game import Action, Play
from engine.i18n import N_

SENTENCES: Final[dict[str, str]] = {
    "lead": N_("Lead {card}: the normal AI would open this trick with it."),
    "follow": N_("Play {card}: it keeps your stronger cards for later tricks."),
}
"""The sentence of each reason code."""


class WhistReasons(HintReasons):
    """Why the ``normal`` AI plays a card."""

    sentences = SENTENCES

    def reason(self, view: Mapping[str, Any], action: Action) -> tuple[str, Params]:
        if not isinstance(action, Play):
            raise ValueError(f"no hint reason for {action!r}")
        return ("follow" if view.get("trick") else "lead"), {"card": str(action.card)}


REASONS: Final = WhistReasons()
"""Whist's hint reasons."""
