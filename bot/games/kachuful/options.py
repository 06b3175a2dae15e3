"""Kachuful's own table options (RULES KV1–KV8), before the shared ones
(:data:`bot.games.options.SHARED`); each configures the engine's game."""

from __future__ import annotations

from typing import Final

from bot.games.options import TableOption, Words
from bot.i18n import N_
from engine.kachuful.actions import MAX_BID

OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("start_size", int, None,
                N_("Cards in the first hand (default: 52 ÷ players, rounded down)"),
                Words({None: N_("start size ⌊52 / players⌋")}, N_("start size {size}"), "size"),
                bounds=(1, MAX_BID), engine=True),
    TableOption("schedule", str, "full",
                N_("full: down to 1 and back up; descending: down to 1 only"),
                Words({"full": N_("down and back up"), "descending": N_("descending only")}),
                ((N_("full (down and back up)"), "full"), (N_("descending only"), "descending")),
                engine=True),
    TableOption("trump", str, "cycle", N_("How trump is chosen each hand"),
                Words({"cycle": N_("trump cycle ♠ ♦ ♣ ♥"),
                       "cycle_notrump": N_("trump cycle ♠ ♦ ♣ ♥ NT"),
                       "turned": N_("turned trump")}),
                ((N_("cycle ♠ ♦ ♣ ♥"), "cycle"),
                 (N_("cycle ♠ ♦ ♣ ♥ with a no-trump hand"), "cycle_notrump"),
                 (N_("turned card"), "turned")),
                engine=True),
    TableOption("scoring", str, "classic", N_("How hands score"),
                Words({"classic": N_("classic scoring (10 + bid)"),
                       "penalty": N_("penalty scoring"), "per_trick": N_("per-trick scoring"),
                       "judgement": N_("judgement scoring")}),
                ((N_("classic (10 + bid)"), "classic"),
                 (N_("penalty (minus the miss)"), "penalty"),
                 (N_("per trick (+10 if exact)"), "per_trick"),
                 (N_("judgement (±10)"), "judgement")),
                engine=True),
    TableOption("hook", bool, True,
                N_("Hook rule: the dealer may not make the bids add up to the hand size"),
                Words({True: N_("hook rule on (the dealer may not make the bids total the hand "
                                "size)"),
                       False: N_("hook rule off")}),
                engine=True),
    TableOption("blind_bids", bool, False,
                N_("Allow bids before looking at one's cards (an exact blind bid doubles)"),
                Words({True: N_("blind bids")}), engine=True),
    TableOption("forehead", bool, False, N_("One-card hand: see everyone's card but your own"),
                Words({True: N_("forehead one-card hand")}), engine=True),
)
"""Kachuful's options, in the order of its commands and of its lobby summary."""
