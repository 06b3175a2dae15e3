"""Whist's own table option (RULES W6), before the shared ones
(:data:`bot.games.options.SHARED`): how many deals a game lasts."""

from __future__ import annotations

from typing import Final

from bot.games.options import TableOption, Words
from bot.i18n import N_, Nn_
from engine.whist.rules import DEFAULT_DEALS, MAX_DEALS

OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("deals", int, DEFAULT_DEALS, N_("Deals to play, 1 to 20 (default: 4)"),
                Words(plural=Nn_("{count} deal", "{count} deals")),
                bounds=(1, MAX_DEALS), engine=True),
)
"""Whist's options (W6; also a server default)."""
