"""Whist on the shared runtime (RULES W1–W7): exactly four seats, the ``deals`` option,
the words for its one action and its refusals, and its table lines
(:mod:`bot.games.whist.table`), hand panel (:mod:`bot.games.whist.panel`), picture
scene and replay head; its option is in :mod:`bot.games.whist.options`, its
``play`` command in :mod:`bot.games.whist.commands`. It is not offered to members yet
(:data:`bot.games.registry.HIDDEN`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import Field, GameAdapter, Panel, number
from bot.games.commands import Command, Moves
from bot.games.whist.commands import whist_commands
from bot.games.whist.history import replay_head
from bot.games.whist.options import OPTIONS
from bot.games.whist.panel import build_panel
from bot.games.whist.scene import SCENE
from bot.games.whist.table import headline, score_lines, summary_lines, table_fields
from bot.i18n import N_, _, reason
from bot.storage.tables import SeatRecord
from engine.cards import CARDS
from engine.game import Action, Game, IllegalAction, Play
from engine.whist.config import WhistConfig
from engine.whist.descriptor import WHIST as ENGINE_WHIST
from engine.whist.game import WhistGame
from engine.whist.rules import DEFAULT_DEALS, PLAYERS

RULES_CARD: Final = N_(
    "**Whist**: two partnerships of two, partners facing each other, take tricks "
    "together (rule ids as in the rules).\n"
    "• **W1** 4 players: seats 1 and 3 against seats 2 and 4.\n"
    "• **W2** All 52 cards are dealt, 13 each; the deal passes to the left.\n"
    "• **W3** The dealer's last card is turned for trump and stays in view until the "
    "dealer plays it.\n"
    "• **W4** The dealer's left leads. Follow the suit led if you can, else play any card. "
    "The highest trump takes the trick, else the highest card of the suit led; the winner "
    "leads next.\n"
    "• **W5** Each trick over six scores a point for the partnership.\n"
    "• **W6** The partnership with more points after the last deal wins.\n"
    "Your cards: `/whist hand` or the **My hand** button. Moves: its buttons, or "
    "`/whist play`."
)


def _game(game: Game) -> WhistGame:
    if not isinstance(game, WhistGame):
        raise TypeError(f"not a Whist game: {game!r}")
    return game


def engine_config(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's config for these lobby options."""
    return {"deals": settings.get("deals") or DEFAULT_DEALS}


class WhistAdapter(GameAdapter):
    """Whist (RULES W1–W7) for the shared table runtime."""

    name = "whist"
    title = "Whist"
    engine = ENGINE_WHIST
    scene = SCENE
    min_seats = PLAYERS
    max_seats = PLAYERS
    command_description = N_("Play Whist")
    own_options = OPTIONS

    def commands(self, moves: Moves) -> list[Command]:
        return whist_commands(self, moves)

    # --- lobby and engine ------------------------------------------------------------

    def check_game(self, settings: Mapping[str, Any], players: int | None) -> None:
        WhistConfig.parse(engine_config(settings))

    def new_game(self, settings: Mapping[str, Any], players: int, seed: int) -> Game:
        return WhistGame(engine_config(settings), seed=seed)

    # --- the table embed ------------------------------------------------------------------

    def headline(self, game: Game) -> str:
        return headline(_game(game))

    def summary(self, game: Game, labels: Sequence[str]) -> list[str]:
        return summary_lines(_game(game), labels)

    def score_lines(self, game: Game, labels: Sequence[str]) -> list[str]:
        return score_lines(_game(game), labels)

    def table_fields(self, game: Game, seats: Sequence[SeatRecord]) -> list[Field]:
        return table_fields(_game(game), seats)

    # --- the private panel ---------------------------------------------------------------

    def look_action(self, game: Game, seat: int) -> Action | None:
        return None

    def panel(self, game: Game, seat: int, seats: Sequence[SeatRecord]) -> Panel:
        return build_panel(_game(game), seat, seats)

    def decode_button(self, payload: str) -> Action:
        if payload[:1] == "p" and (index := number(payload[1:], len(CARDS))) is not None:
            return Play.of(CARDS[index])
        raise IllegalAction("bad_input", N_("that button names no Whist action"))

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        return [str(a.card) for a in _game(game).legal_actions(seat) if isinstance(a, Play)]

    # --- actions -------------------------------------------------------------------------

    def is_turn(self, action: Action) -> bool:
        return True

    def describe_action(self, action: Action) -> str:
        return _("played {card}", card=str(action.card)) if isinstance(action, Play) else ""

    def refusal(self, exc: IllegalAction) -> str:
        said = reason(exc)
        said = said[:1].upper() + said[1:]
        if exc.code == "not_your_turn":
            return _("It is not your turn: the table message shows whose turn it is.")
        if exc.code == "card_not_in_hand":
            return _("{reason}. See your cards with `/whist hand` or the **My hand** button.",
                     reason=said)
        if exc.code == "must_follow_suit":
            return _("{reason}: you hold a card of the suit led, so play one of those.",
                     reason=said)
        return _("{reason}.", reason=said)

    def rules_card(self) -> str:
        return _(RULES_CARD)

    # --- replays -------------------------------------------------------------------------

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str:
        return replay_head(summary, names)


WHIST: Final = WhistAdapter()
