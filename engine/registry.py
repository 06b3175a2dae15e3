"""Every game, registered once: the list :data:`GAMES` below. A new game is a package
exporting its :class:`~engine.descriptor.GameDescriptor` and one more entry here."""

from __future__ import annotations

from typing import Any, Final

from engine.descriptor import GameDescriptor
from engine.kachuful.descriptor import KACHUFUL
from engine.mighty.descriptor import MIGHTY
from engine.whist.descriptor import WHIST

GAMES: Final[tuple[GameDescriptor[Any], ...]] = (KACHUFUL, MIGHTY, WHIST)

_BY_NAME: Final = {g.name: g for g in GAMES}


def game_named(name: object) -> GameDescriptor[Any]:
    """The game called ``name``; ``ValueError`` naming the games there are."""
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"unknown game {name!r}: expected one of {', '.join(_BY_NAME)}")
    return found
