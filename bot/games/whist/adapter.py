"""Whist on the shared runtime (RULES W1–W7): exactly four seats, the ``deals`` option,
the words for its one action and its refusals, and its table lines
(:mod:`bot.games.whist.table`), hand panel (:mod:`bot.games.whist.panel`), picture
scene and replay head; its option is in :mod:`bot.games.whist.options`, its
``play`` command in :mod:`bot.games.whist.commands`. It is not offered to members yet
(:data:`bot.games.registry.HIDDEN`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import GameAdapter, GameTable, card_play
from bot.games.commands import Command, Moves
from bot.games.whist.commands import whist_commands
from bot.games.whist.history import replay_head
from bot.games.whist.options import OPTIONS
from bot.games.whist.panel import build_panel
from bot.games.whist.scene import SCENE
from bot.games.whist.table import headline, score_lines, summary_lines, table_fields
from bot.i18n import N_, _
from engine.game import Action, IllegalAction, Play
from engine.whist.descriptor import WHIST as ENGINE_WHIST
from engine.whist.game import WhistGame

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


class WhistAdapter(GameAdapter):
    """Whist (RULES W1–W7) for the shared table runtime."""

    engine = ENGINE_WHIST
    table = GameTable(WhistGame, headline, summary_lines, score_lines, table_fields,
                      build_panel)
    scene = SCENE
    command_description = N_("Play Whist")
    own_options = OPTIONS

    def commands(self, moves: Moves) -> list[Command]:
        return whist_commands(self, moves)

    def decode_button(self, payload: str) -> Action:
        if (play := card_play(payload)) is not None:
            return play
        raise IllegalAction("bad_input", N_("that button names no Whist action"))

    def describe_action(self, action: Action) -> str:
        return _("played {card}", card=str(action.card)) if isinstance(action, Play) else ""

    def own_refusal(self, exc: IllegalAction, said: str) -> str | None:
        if exc.code == "card_not_in_hand":
            return _("{reason}. See your cards with `/whist hand` or the **My hand** button.",
                     reason=said)
        return None

    def rules_card(self) -> str:
        return _(RULES_CARD)

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str:
        return replay_head(summary, names)


WHIST: Final = WhistAdapter()
