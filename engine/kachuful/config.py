"""Kachuful table settings (K1–K3, K6, K8, KV1–KV8), fixed once the game starts."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Final, Literal

from pydantic import model_validator

from engine.cards import Suit
from engine.game import GameConfig, IllegalAction
from engine.i18n import N_

MIN_PLAYERS = 3
MAX_PLAYERS = 7
DECK_SIZE = 52

Schedule = Literal["full", "descending"]
TrumpRule = Literal["cycle", "cycle_notrump", "turned"]
Scoring = Literal["classic", "penalty", "per_trick", "judgement"]

TRUMP_CYCLE: tuple[Suit | None, ...] = (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS)
"""K6: ♠ ♦ ♣ ♥, by hand index over the whole schedule."""
TRUMP_CYCLE_NOTRUMP: tuple[Suit | None, ...] = (*TRUMP_CYCLE, None)
"""KV3: ♠ ♦ ♣ ♥ NT."""


def max_start_size(players: int) -> int:
    """K2: floor(52 / players)."""
    return DECK_SIZE // players


class KachufulConfig(GameConfig):
    """The variants chosen at the table (seed 000 §05: never changed after the first deal).

    ``start_size`` defaults to floor(52 / players) (K2) and may be set lower (KV1);
    ``schedule`` full is H…1…H (K3), descending H…1 (KV2); ``trump`` cycle (K6),
    cycle_notrump (KV3) or turned (KV4); ``scoring`` classic (K10) or a KV5 variant;
    ``hook`` the K8 rule (KV6 turns it off); ``blind_bids`` KV7; ``forehead`` KV8.
    """

    players: int
    start_size: int
    schedule: Schedule = "full"
    trump: TrumpRule = "cycle"
    scoring: Scoring = "classic"
    hook: bool = True
    blind_bids: bool = False
    forehead: bool = False

    @model_validator(mode="before")
    @classmethod
    def _default_start_size(cls, data: Any) -> Any:
        """K2: floor(52 / players) when not given (1 as a placeholder when the players
        are themselves wrong, so that only that error is reported)."""
        if isinstance(data, dict) and data.get("start_size") is None:
            players = data.get("players")
            count = 0
            if isinstance(players, int | str) and not isinstance(players, bool):
                with contextlib.suppress(ValueError):
                    count = int(players)
            ok = MIN_PLAYERS <= count <= MAX_PLAYERS
            data = {**data, "start_size": max_start_size(count) if ok else 1}
        return data

    @model_validator(mode="after")
    def _check(self) -> KachufulConfig:
        """Refused settings raise :class:`IllegalAction` itself (pydantic lets it
        through), so that its reason can be translated."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise IllegalAction(
                "bad_input", N_("Kachuful is for {low} to {high} players, not {players}"),
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=self.players,
            )
        top = max_start_size(self.players)
        if not 1 <= self.start_size <= top:
            raise IllegalAction(
                "bad_input",
                N_("start_size must be from 1 to {top} for {players} players "
                   "(52 cards / {players}), not {size}"),
                top=top, players=self.players, size=self.start_size,
            )
        return self

    def sizes(self) -> list[int]:
        """Hand sizes over the schedule: H…1…H (K3) or H…1 (KV2)."""
        return list(self.hand_sizes)

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        """:meth:`sizes`, computed once."""
        down = tuple(range(self.start_size, 0, -1))
        if self.schedule == "descending":
            return down
        return down + tuple(range(2, self.start_size + 1))

    @cached_property
    def settings(self) -> Mapping[str, Any]:
        """``model_dump()``, computed once (copy it before changing it)."""
        return self.model_dump()

    def cycle_trump(self, index: int) -> Suit | None:
        """The trump of hand ``index`` (from 0 over the whole schedule) under the cycle
        rules (K6, KV3); not used with turned trump (KV4)."""
        cycle = TRUMP_CYCLE_NOTRUMP if self.trump == "cycle_notrump" else TRUMP_CYCLE
        return cycle[index % len(cycle)]


_PARSED: Final[dict[tuple[tuple[str, type, Any], ...], KachufulConfig]] = {}
_PARSED_MAX: Final = 256


def config_of(data: KachufulConfig | Mapping[str, Any] | None) -> KachufulConfig:
    """:meth:`KachufulConfig.parse`, remembering the settings already read (a table
    starts many games with the same settings)."""
    if isinstance(data, KachufulConfig):
        return data
    if not isinstance(data, Mapping):
        return KachufulConfig.parse(data)
    try:
        key = tuple(sorted((k, type(v), v) for k, v in data.items()))
        cfg = _PARSED.get(key)
    except TypeError:  # unhashable or unorderable settings: not remembered
        return KachufulConfig.parse(dict(data))
    if cfg is None:
        cfg = KachufulConfig.parse(dict(data))
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = cfg
    return cfg
