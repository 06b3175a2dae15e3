"""What every game checks of its setup before dealing: where its deals come from (a
seed, or the deals given, never both) and its first dealer. The refusals are
``IllegalAction('bad_input')`` marked for translation (:func:`engine.i18n.N_`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import IllegalAction
from engine.i18n import N_


def check_source(seed: object, deals: Sequence[object] | None) -> None:
    """Refuse a game given both a seed and deals, or neither, or a seed that is not a
    whole number or text."""
    if (seed is None) == (deals is None):
        raise IllegalAction("bad_input",
                            N_("give either a seed or the deals, not both or neither"))
    if deals is None and not (type(seed) is int or isinstance(seed, str)):
        raise IllegalAction(
            "bad_input", N_("the seed must be a whole number or text, not {value}"),
            value=repr(seed),
        )


def checked_first_dealer(first_dealer: object, players: int) -> int:
    """The first dealer, a seat of ``players``: given, or drawn from the seed by the
    game beforehand (explicit deals need it given)."""
    if first_dealer is None:
        raise IllegalAction("bad_input", N_("first_dealer is required with explicit deals"))
    if type(first_dealer) is not int or not 0 <= first_dealer < players:
        raise IllegalAction(
            "bad_input", N_("first_dealer must be a seat from 0 to {last}, not {value}"),
            last=players - 1, value=repr(first_dealer),
        )
    return first_dealer
