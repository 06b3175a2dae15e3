"""Mighty on the shared runtime (RULES M1–M18): lobby options, the table fields, the
hand panel and the words for its actions and refusals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import ActionFor, Draft, GameAdapter, GameTable, Panel, game_as
from bot.games.commands import Command, Moves
from bot.games.mighty import history
from bot.games.mighty.commands import mighty_commands
from bot.games.mighty.options import OPTIONS
from bot.games.mighty.panel import build_panel, decode_button, decode_select
from bot.games.mighty.scene import SCENE
from bot.games.mighty.table import score_lines, summary_lines, table_fields
from bot.games.mighty.words import bid_text
from bot.games.words import seat_label, trump_text
from bot.i18n import N_, _, reason
from bot.storage.tables import SeatRecord
from engine.game import Action, Game, IllegalAction, Play
from engine.mighty import (
    ASK_LEAD,
    DEAL_MISS,
    PASS,
    Contract,
    Discard,
    FriendCall,
    MightyBid,
    MightyGame,
    NameLead,
)
from engine.mighty.descriptor import MIGHTY as ENGINE_MIGHTY
from engine.mighty.rules import parse_trump


def rules_card() -> str:
    """The rules as the engine plays them (RULES M1–M18), in the language being spoken."""
    return "\n".join([
        _("**Mighty** (5 players, 53 cards with the joker; a match is 10 hands, M3)"),
        _("• **Points** (M1): every A K Q J 10 is one point, 20 in all."),
        _("• **Auction** (M4, M5): bid a number 13–20 and a trump (or no-trump) that beats "
          "the standing bid; a pass is final. With a hand worth ½ or less on your first turn "
          "you may claim a **deal-miss** (show it; you deal again)."),
        _("• **Declarer** (M6–M8): takes the 3-card kitty, discards 3 face down, may raise "
          "the contract (a trump change costs +2, to no-trump +1), then calls a friend: a "
          "card (its holder stays secret until it is played), the first trick's winner, or "
          "no friend."),
        _("• **Play** (M9–M14): the declarer leads; follow suit if you can. The **Mighty** "
          "(A♠; A♦ when spades are trump) beats everything; the **joker** wins in tricks 2–9 "
          "and, led, names the suit to follow. Leading the **joker-caller** (3♣; 3♠ when "
          "clubs are trump) after trick 1 may demand the joker: whoever holds it must play "
          "it. At **20 no-trump** the declarer may first ask the friend to name the suit of "
          "the first lead (nobody learns who answers)."),
        _("• **Score** (M15, M16): P is the points the declarer's side captured, B the bid, "
          "S the stake each side settles. Made (P at least B): S = 2·(B − 13) + (P − B); "
          "failed: S = B − P. S doubles for no-trump, no friend (an open solo: the declarer "
          "plays alone), a run (all 20 points) or a back-run (9 points or fewer). Declarer "
          "±2S, friend ±S, each defender ∓S (solo: ±4S)."),
        _("Your cards and moves: the **My hand** button or `/mighty hand`; or `/mighty bid`, "
          "`pass`, `dealmiss`, `discard`, `contract`, `friend`, `asklead`, `lead`, `play`."),
    ])


def _headline(game: MightyGame) -> str:
    return _("hand {number}/{count}", number=game.hand_number, count=game.match_length)


def _labels(seats: Sequence[SeatRecord]) -> list[str]:
    return [seat_label(s) for s in seats]


class MightyAdapter(GameAdapter):
    """Mighty (RULES M1–M18) for the shared table runtime."""

    engine = ENGINE_MIGHTY
    table = GameTable(
        MightyGame, _headline,
        summary=lambda game, labels: summary_lines(game.view(None), labels),
        score_lines=lambda game, labels: score_lines(game.view(None), labels),
        fields=lambda game, seats: table_fields(game.view(None), _labels(seats)),
        panel=lambda game, seat, seats: build_panel(game, seat, _labels(seats)),
    )
    net_scores = True
    scene = SCENE
    command_description = N_("Play Mighty")
    own_options = OPTIONS

    def commands(self, moves: Moves) -> list[Command]:
        return mighty_commands(self, moves)

    # --- the panel -----------------------------------------------------------------------

    def draft_panel(
        self, game: Game, seat: int, seats: Sequence[SeatRecord], draft: str,
    ) -> Panel:
        return build_panel(game_as(game, MightyGame), seat, _labels(seats), draft)

    def hidden_actor(self, game: Game) -> str | None:
        """The friend naming the first lead acts in secret (M9)."""
        return _("The friend") if game_as(game, MightyGame).secret_turn else None

    def decode_button(self, payload: str) -> Action | ActionFor:
        return decode_button(payload)

    def decode_select(self, payload: str, values: Sequence[str]) -> Action | ActionFor | Draft:
        return decode_select(payload, values)

    # --- actions -----------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        """A public phrase: never a discarded card (M6), never who named the lead (M9)."""
        if isinstance(action, Play):
            if action.suit is not None:
                return _("played {card}, asking for {suit}", card=action.card,
                         suit=action.suit.symbol)
            if action.call_joker:
                return _("played {card} and demanded the joker", card=action.card)
            return _("played {card}", card=action.card)
        if isinstance(action, MightyBid):
            return _("bid {bid}", bid=bid_text(action.points, action.trump))
        if action is PASS:
            return _("passed")
        if action is DEAL_MISS:
            return _("claimed a deal-miss")
        if isinstance(action, Discard):
            return _("discarded three cards face down")
        if isinstance(action, Contract):
            return _("set the contract to {contract}",
                     contract=bid_text(action.points, action.trump))
        if isinstance(action, FriendCall):
            target = action.target
            if target == "first":
                return _("called the winner of the first trick as friend")
            if target == "none":
                return _("called no friend: an open solo, the declarer plays alone")
            return _("called {card} as friend", card=target)
        if action is ASK_LEAD:
            return _("asked the friend to name the first lead")
        if isinstance(action, NameLead):
            return _("asked for {suit} as the first lead", suit=action.suit.symbol)
        return _("acted")

    def reason_words(self, exc: IllegalAction) -> str:
        return _said(exc)

    def own_refusal(self, exc: IllegalAction, said: str) -> str | None:
        code = exc.code
        if code == "already_passed":
            return _("{reason}. Wait for the next hand.", reason=said)
        if code == "card_not_in_hand":
            return _("{reason}. See your cards with `/mighty hand` or the **My hand** button.",
                     reason=said)
        if code == "must_follow_suit":
            return _("{reason}: you hold a card of the suit led, so play one of those (or the "
                     "Mighty or the joker).", reason=said)
        if code == "joker_suit_required":
            return _("{reason}: add `suit:` to `/mighty play`, or use the joker menu on your "
                     "panel.", reason=said)
        if code == "bad_discard":
            return _("{reason}. Name three cards you hold, e.g. "
                     "`/mighty discard cards:\"2♣ 3♦ 4♥\"`.", reason=said)
        if code == "bad_contract_change":
            return _("{reason}. Or keep the contract and call your friend.", reason=said)
        if code == "must_name_lead":
            return _("{reason} with the suit buttons on your panel or `/mighty lead suit:`.",
                     reason=said)
        return None

    def rules_card(self) -> str:
        return rules_card()

    # --- replays ---------------------------------------------------------------------

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str:
        return history.replay_head(summary, names)

    def replay_trick_note(
        self, summary: Mapping[str, Any], trick: Mapping[str, Any], names: Sequence[str],
    ) -> str | None:
        return history.trick_note(summary, trick, names)


def _said(exc: IllegalAction) -> str:
    """An engine refusal's reason, the trumps it names (M7's ``from_trump`` and
    ``to_trump``) in words of the language being spoken."""
    trumps = {key: trump_text(parse_trump(str(value))) for key, value in exc.params.items()
              if key in ("from_trump", "to_trump")}
    if not trumps:
        return reason(exc)
    return _(exc.template, **{**exc.params, **trumps})


MIGHTY: Final = MightyAdapter()
