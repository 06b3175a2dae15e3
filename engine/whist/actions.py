"""Whist's one action, playing a card (W4), in the replay notation ``{"play": "K♥"}``
(a ``seat`` key is read by the driver, :mod:`engine.record`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import CardParseError, parse_card
from engine.game import Action, IllegalAction, Play

_KEYS = 'a Whist action is {"play": card}'


def parse_action(data: Mapping[str, Any]) -> Action:
    """Read ``{"play": card}``; ``bad_input`` for anything else."""
    if not isinstance(data, Mapping) or set(data) - {"seat"} != {"play"}:
        raise IllegalAction("bad_input", _KEYS)
    try:
        return Play.of(parse_card(data["play"]))
    except CardParseError as exc:
        raise IllegalAction("bad_input", exc.template, **exc.params) from None


def encode_action(action: Action) -> dict[str, Any]:
    """The replay notation of a plain play (inverse of :func:`parse_action`)."""
    if type(action) is not Play or action.suit is not None or action.call_joker:
        raise IllegalAction("bad_input", f"{action!r} is not a Whist action")
    return {"play": str(action.card)}
