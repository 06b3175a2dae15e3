"""A table's options, each declared once (docs/playing.md "House rules"): its name (the
command option's and the key it is stored under in the table's settings), its type and
range, its default, its command description and choices, and its words in the lobby
summary.

The options every game has are :data:`SHARED`, here; a game's own options are declared
in its package (``bot/games/<game>/options.py``) and its adapter lists them before the
shared ones (:attr:`bot.games.adapter.GameAdapter.options`). From that one list come the
game's ``start`` and ``defaults`` commands (:mod:`bot.interactions.options`), the lobby
summary (:func:`summary`), the defaults a table takes (:func:`defaults`,
:func:`table_option`) and the check of saved or given values (:func:`check`).

Descriptions, choice labels and words are catalog keys (marked with ``N_``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.i18n import N_, _, _n
from engine.game import IllegalAction

BAD_VALUE: Final = N_("{option} cannot be {value}.")
"""The refusal of a value an option does not take."""


@dataclass(frozen=True, slots=True)
class Words:
    """An option's words in the lobby summary: the catalog key ``named`` for a value,
    else ``counted`` formatted with the value as ``{<number>}``, else the pair
    ``plural`` (:func:`bot.i18n.Nn_`) chosen by the value as ``{count}``, else nothing.
    With ``when``, they are shown only while that other option is on."""

    named: Mapping[Any, str] = field(default_factory=dict)
    counted: str | None = None
    number: str = "count"
    plural: tuple[str, str] | None = None
    when: str | None = None

    def text(self, value: Any, settings: Mapping[str, Any]) -> str | None:
        """The words for ``value`` in the language being spoken (None: nothing)."""
        if self.when is not None and not settings.get(self.when):
            return None
        if value in self.named:
            return _(self.named[value])
        if self.counted is not None:
            return _(self.counted, **{self.number: value})
        return None if self.plural is None else _n(*self.plural, int(value))


@dataclass(frozen=True, slots=True)
class TableOption:
    """One table option, stored in a table's settings under its ``name`` as a JSON
    value of ``kind`` (``bool``, ``int`` or ``str``); ``default`` is what a table takes
    when neither the member nor the server's defaults set it (None: the game decides,
    e.g. from the players). ``bounds`` are an ``int``'s range, ``choices`` a ``str``'s
    ``(label, value)`` pairs; ``engine``: the option configures the engine's game."""

    name: str
    kind: type
    default: Any
    description: str
    words: Words
    choices: tuple[tuple[str, str], ...] = ()
    bounds: tuple[int, int] | None = None
    engine: bool = False

    def takes(self, value: Any) -> bool:
        """Whether ``value`` is one this option takes (None: its default)."""
        if value is None:
            return True
        if self.kind is bool or isinstance(value, bool):
            return self.kind is bool and isinstance(value, bool)
        if not isinstance(value, self.kind):
            return False
        if self.bounds is not None and isinstance(value, int):
            return self.bounds[0] <= value <= self.bounds[1]
        return not self.choices or value in {v for _label, v in self.choices}


DECK_CHOICES: Final = ((N_("classic (red and black)"), "classic"),
                       (N_("four colours (♠ black, ♥ red, ♦ blue, ♣ green)"), "four_color"))
"""The ``deck`` option's choices (:data:`bot.render.pictures.DECKS`)."""

SHARED: Final[tuple[TableOption, ...]] = (
    TableOption("turn_timer", int, 0,
                N_("Seconds before the AI plays for a slow player (0: off)"),
                Words({0: N_("no turn timer")}, N_("turn timer {seconds} s"), "seconds"),
                bounds=(0, 3600)),
    TableOption("turn_ping", bool, True,
                N_("Ping the player whose turn it is with a short message (default: on)"),
                Words({True: N_("turn pings"), False: N_("no turn pings")})),
    TableOption("hints", bool, True, N_("Offer a Hint button on the private panels"),
                Words({True: N_("Hint button"), False: N_("no Hint button")})),
    TableOption("images", bool, True,
                N_("Show the table and hands as pictures too (default: on)"),
                Words({False: N_("text only (no pictures)")})),
    TableOption("deck", str, "classic", N_("The cards' colours in the pictures"),
                Words({"classic": N_("pictures (classic deck)"),
                       "four_color": N_("pictures (four-colour deck)")}, when="images"),
                DECK_CHOICES),
)
"""The options every table has, whatever its game: the turn timer (seconds, 0 off),
turn pings, the panels' Hint button, pictures (the table, hand and chart pictures) and
the deck they are drawn in."""
_SHARED_DEFAULTS: Final = {o.name: o.default for o in SHARED}


def defaults(options: Iterable[TableOption]) -> dict[str, Any]:
    """Every one of ``options`` at its own default."""
    return {o.name: o.default for o in options}


def table_option(settings: Mapping[str, Any], key: str) -> Any:
    """One of the :data:`SHARED` options of a table, its default when the table
    predates it."""
    value = settings.get(key)
    return _SHARED_DEFAULTS[key] if value is None else value


def summary(options: Sequence[TableOption], settings: Mapping[str, Any]) -> str:
    """The lobby's one-line summary of ``settings`` (each option's words, in the order
    declared), in the language being spoken."""
    full = {**defaults(options), **settings}
    parts = [w for o in options if (w := o.words.text(full[o.name], full)) is not None]
    # TRANSLATORS: {options} is a list of the table's options, joined by ", ".
    return _("Options: {options}.", options=", ".join(parts))


def check(options: Iterable[TableOption], settings: Mapping[str, Any]) -> None:
    """Raise :class:`IllegalAction` ``bad_input`` when one of ``options`` holds a value
    it does not take."""
    for o in options:
        if not o.takes(settings.get(o.name)):
            raise IllegalAction("bad_input", BAD_VALUE, option=o.name,
                                value=str(settings.get(o.name)))
