"""One panel driver for every game: it plays members' turns through their private
panels (or slash commands), reading only custom_ids, component structure and the turn
mark. :class:`Driver` plays; a game's :class:`GameMoves` (:data:`KACHUFUL`,
:data:`MIGHTY`, :data:`WHIST`) maps engine actions to panel payloads, menu values and
commands."""

from testkit.driver.driver import Choice, Chooser, Driver, Observer, Refused, Turn
from testkit.driver.kachuful import KACHUFUL, KachufulMoves
from testkit.driver.mighty import MIGHTY, MightyMoves
from testkit.driver.moves import Command, GameMoves, Plan, Step
from testkit.driver.panels import (
    TURN,
    Control,
    Panel,
    controls,
    custom_ids,
    find_control,
    is_panel,
    refresh_id,
    table_id,
    table_id_of,
    table_message,
    turn_of,
    whose_turn,
)
from testkit.driver.whist import WHIST, WhistMoves

MOVES: dict[str, GameMoves] = {KACHUFUL.name: KACHUFUL, MIGHTY.name: MIGHTY,
                               WHIST.name: WHIST}
"""Each game's moves, by its command group."""

__all__ = [
    "KACHUFUL",
    "MIGHTY",
    "MOVES",
    "TURN",
    "WHIST",
    "Choice",
    "Chooser",
    "Command",
    "Control",
    "Driver",
    "GameMoves",
    "KachufulMoves",
    "MightyMoves",
    "Observer",
    "Panel",
    "Plan",
    "Refused",
    "Step",
    "Turn",
    "WhistMoves",
    "controls",
    "custom_ids",
    "find_control",
    "is_panel",
    "refresh_id",
    "table_id",
    "table_id_of",
    "table_message",
    "turn_of",
    "whose_turn",
]
