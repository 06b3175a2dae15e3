"""Kachuful actions: bids (K7, KV7), looking at one's hand (KV7) and plays (K9).

Actions are interned values: use :meth:`Bid.of`, :data:`LOOK` and ``Play.of(card)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import CardParseError, parse_card
from engine.game import Action, IllegalAction, Play
from engine.i18n import N_

MAX_BID = 17
"""The largest hand size (3 players, K2)."""


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` tricks (K7); ``blind`` bids before looking at the hand (KV7)."""

    amount: int
    blind: bool = False

    @staticmethod
    def of(amount: int, blind: bool = False) -> Bid:
        """The interned bid (a fresh one outside 0..17, which the game then refuses)."""
        if type(amount) is int and 0 <= amount <= MAX_BID:
            return BLIND_BIDS[amount] if blind else BIDS[amount]
        return Bid(amount, blind)


@dataclass(frozen=True, slots=True)
class Look(Action):
    """The seat opens its hand (KV7): from then on it may not bid blind. Any seat may
    look at any time during a hand; it is not a turn and is never in ``legal_actions``."""


LOOK = Look()
BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
"""The interned plain bids, by amount."""
BLIND_BIDS: tuple[Bid, ...] = tuple(Bid(n, True) for n in range(MAX_BID + 1))
"""The interned blind bids, by amount."""

_KEYS = N_('an action is {{"bid": n}} (optionally with "blind": true), {{"play": card}} or '
          '{{"look": true}}')
"""A template (its braces doubled), shown with no parameters: ``_KEYS.format()``."""


def parse_action(data: Mapping[str, Any]) -> Action:
    """Read the replay notation: ``{"bid": 2}``, ``{"bid": 0, "blind": true}``,
    ``{"play": "K♥"}``, ``{"look": true}`` (a ``seat`` key is ignored here)."""
    if not isinstance(data, Mapping):
        raise IllegalAction("bad_input", _KEYS.format())
    keys = set(data) - {"seat"}
    if keys == {"play"}:
        text = data["play"]
        try:
            return Play.of(parse_card(text))
        except CardParseError as exc:
            raise IllegalAction("bad_input", exc.template, **exc.params) from None
    if keys in ({"bid"}, {"bid", "blind"}):
        amount = data["bid"]
        blind = data.get("blind", False)
        if type(amount) is not int:
            raise IllegalAction("bad_input", N_("a bid is a whole number, not {value}"),
                                value=repr(amount))
        if type(blind) is not bool:
            raise IllegalAction("bad_input", N_("'blind' is true or false, not {value}"),
                                value=repr(blind))
        return Bid.of(amount, blind)
    if keys == {"look"} and data["look"] is True:
        return LOOK
    raise IllegalAction("bad_input", _KEYS.format())


def encode_action(action: Action) -> dict[str, Any]:
    """The replay notation of ``action`` (inverse of :func:`parse_action`)."""
    if isinstance(action, Play):
        return {"play": str(action.card)}
    if isinstance(action, Bid):
        return {"bid": action.amount, "blind": True} if action.blind else {"bid": action.amount}
    if isinstance(action, Look):
        return {"look": True}
    raise IllegalAction("bad_input", N_("{action} is not a Kachuful action"),
                        action=repr(action))
