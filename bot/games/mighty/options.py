"""Mighty's own table option (RULES M3), before the shared ones
(:data:`bot.games.options.SHARED`)."""

from __future__ import annotations

from typing import Final

from bot.games.options import TableOption, Words
from bot.i18n import N_, Nn_
from engine.mighty.rules import DEFAULT_HANDS

OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("hands", int, DEFAULT_HANDS,
                N_("Hands in the match (default 10; redeals do not count)"),
                Words(plural=Nn_("a match of {count} hand", "a match of {count} hands")),
                bounds=(1, 50), engine=True),
)
"""Mighty's options: the match's length."""
