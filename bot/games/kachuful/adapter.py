"""Kachuful on the shared runtime: lobby options, the words for its actions and
refusals, and its table lines (:mod:`bot.games.kachuful.table`) and hand panel
(:mod:`bot.games.kachuful.panel`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import GameAdapter, GameTable, card_play, game_as, number
from bot.games.commands import Command, Moves
from bot.games.kachuful.commands import kachuful_commands
from bot.games.kachuful.history import replay_head
from bot.games.kachuful.options import OPTIONS
from bot.games.kachuful.panel import build_panel, offers_blind
from bot.games.kachuful.scene import SCENE
from bot.games.kachuful.table import headline, score_lines, summary_lines, table_fields
from bot.i18n import N_, _, reason
from engine.cards import parse_card
from engine.game import Action, Game, IllegalAction, Play
from engine.kachuful.actions import LOOK, Bid, Look
from engine.kachuful.descriptor import KACHUFUL as ENGINE_KACHUFUL
from engine.kachuful.game import KachufulGame

HIDDEN_CARD: Final = "hidden"
"""What ``play`` takes in the forehead hand, where a player cannot see their card (KV8)."""

RULES_CARD: Final = N_(
    "**Kachuful**: each player plays alone and tries to win exactly the tricks they bid "
    "(rule ids as in the rules).\n"
    "• **K1** 3 to 7 players, no partnerships.\n"
    "• **K2–K3** The first hand has ⌊52 / players⌋ cards (4 players: 13); hands go down by "
    "one to 1 card, then back up (13 → 1 → 13).\n"
    "• **K4–K5** The highest card drawn deals first; the deal passes to the left each hand.\n"
    "• **K6** No card is turned: trump cycles ♠ ♦ ♣ ♥ by hand.\n"
    "• **K7** Bid from the dealer's left, 0 to the hand size, after seeing your cards; no "
    "passing.\n"
    "• **K8** The dealer bids last and, by the hook rule, may not make the bids total the "
    "hand size.\n"
    "• **K9** The player left of the dealer leads. Follow the suit led if you can, else play "
    "any card. The highest trump takes the trick, else the highest card of the suit led; the "
    "winner leads next.\n"
    "• **K10** Taking exactly your bid scores 10 + bid (a made zero: 10); any other result "
    "scores 0. The highest total after the last hand wins; ties share.\n"
    "The table's options (variants KV1–KV8) are listed on the table message.\n"
    "Your cards: `/kachuful hand` or the **My hand** button. Moves: its buttons, or "
    "`/kachuful bid` and `/kachuful play`."
)


class KachufulAdapter(GameAdapter):
    """Kachuful (RULES K1–K11, KV1–KV8) for the shared table runtime."""

    engine = ENGINE_KACHUFUL
    table = GameTable(KachufulGame, headline, summary_lines, score_lines, table_fields,
                      build_panel)
    scene = SCENE
    command_description = N_("Play Kachuful")
    own_options = OPTIONS

    def commands(self, moves: Moves) -> list[Command]:
        return kachuful_commands(self, moves)

    def engine_config(self, settings: Mapping[str, Any], players: int) -> dict[str, Any]:
        return {**self.engine_options(settings), "players": players}

    # --- the private panel ---------------------------------------------------------------

    def look_action(self, game: Game, seat: int) -> Action | None:
        g = game_as(game, KachufulGame)
        if g.is_over or g.has_looked(seat) or offers_blind(g, seat):
            return None
        return LOOK

    def decode_button(self, payload: str) -> Action | Callable[[Game, int], Action]:
        kind, rest = payload[:1], payload[1:]
        if payload == "look":
            return LOOK
        if payload == "ph":
            return self.hidden_play
        if kind in ("b", "B") and (amount := number(rest, 100)) is not None:
            return Bid.of(amount, kind == "B")
        if (play := card_play(payload)) is not None:
            return play
        raise IllegalAction("bad_input", N_("that button names no Kachuful action"))

    def hidden_play(self, game: Game, seat: int) -> Action:
        """Play the one card a player cannot see in the forehead hand (KV8)."""
        g = game_as(game, KachufulGame)
        held = g.cards_of(seat)
        if not g.forehead or len(held) != 1:
            raise IllegalAction("bad_input", N_("only in the forehead hand is your card hidden"))
        return Play.of(held[0])

    def parse_play(self, text: str) -> Action | Callable[[Game, int], Action]:
        """The action ``play card:<text>`` asks for; ``CardParseError`` for no card."""
        if text.strip().lower() == HIDDEN_CARD:
            return self.hidden_play
        return Play.of(parse_card(text))

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        """The cards ``seat`` may play now, for autocomplete ("hidden" in the forehead
        hand)."""
        g = game_as(game, KachufulGame)
        if g.forehead:
            return [HIDDEN_CARD] if g.to_act == seat and g.phase == "playing" else []
        return super().legal_card_names(game, seat)

    # --- actions -------------------------------------------------------------------------

    def is_turn(self, action: Action) -> bool:
        return not isinstance(action, Look)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Bid):
            return _("bid {bid} blind", bid=action.amount) if action.blind else \
                _("bid {bid}", bid=action.amount)
        if isinstance(action, Play):
            return _("played {card}", card=str(action.card))
        return _("looked at their cards")

    def describe_own(self, action: Action) -> str:
        return _("looked at your cards") if isinstance(action, Look) else \
            self.describe_action(action)

    def own_refusal(self, exc: IllegalAction, said: str) -> str | None:
        if exc.code == "card_not_in_hand":
            return _("{reason}. See your cards with `/kachuful hand` or the **My hand** button.",
                     reason=said)
        if exc.code == "hook_rule":
            return _("Hook rule: {reason}. Choose another bid.", reason=reason(exc))
        return None

    def rules_card(self) -> str:
        return _(RULES_CARD)

    # --- replays -------------------------------------------------------------------------

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str:
        return replay_head(summary, names)


KACHUFUL: Final = KachufulAdapter()
