"""Kachuful on the shared runtime: lobby options, the table fields, the hand panel."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import discord

from bot.custom_ids import number
from bot.games.adapter import TABLE_DEFAULTS, Field, GameAdapter, Panel, table_options_text
from bot.i18n import _, reason
from bot.render import (
    NO_CARD_YET,
    TURN_MARK,
    greyed_out,
    hand_text,
    last_trick_line,
    seat_label,
    trick_line,
    won_trick_line,
)
from bot.storage.tables import SeatRecord
from engine.cards import CARDS, parse_card, sort_hand, trump_label
from engine.game import Action, Game, IllegalAction, Play
from engine.kachuful.actions import LOOK, Bid, Look
from engine.kachuful.config import MAX_PLAYERS, MIN_PLAYERS, KachufulConfig
from engine.kachuful.descriptor import KACHUFUL as ENGINE_KACHUFUL
from engine.kachuful.game import HandRecord, KachufulGame

ENGINE_OPTIONS: Final = ("start_size", "schedule", "trump", "scoring", "hook", "blind_bids",
                         "forehead")
"""Lobby options that configure the engine; the others (:data:`TABLE_DEFAULTS`) are
the table's."""
DEFAULTS: Final[dict[str, Any]] = {
    "start_size": None, "schedule": "full", "trump": "cycle", "scoring": "classic",
    "hook": True, "blind_bids": False, "forehead": False, **TABLE_DEFAULTS,
}
HIDDEN_CARD: Final = "hidden"
"""What ``play`` takes in the forehead hand, where a player cannot see their card (KV8)."""

_TRUMP_WORDS: Final = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣",
                       "notrump": "no trump"}
_TRUMP_RULES: Final = {"cycle": "trump cycle ♠ ♦ ♣ ♥", "cycle_notrump": "trump cycle ♠ ♦ ♣ ♥ NT",
                       "turned": "turned trump"}
_SCORING: Final = {"classic": "classic scoring (10 + bid)", "penalty": "penalty scoring",
                   "per_trick": "per-trick scoring", "judgement": "judgement scoring"}
HOOK_ON: Final = "hook rule on (the dealer may not make the bids total the hand size)"
HOOK_OFF: Final = "hook rule off"
HOOK_REASON: Final = ("hook rule: {bid} would make the bids total {total}, the hand size, "
                      "and the dealer may not")
FOLLOW_REASON: Final = "you hold {suit}, the suit led, so you must play one of those"
CARD_TYPO: Final = ("{text} names no card. Write a rank and a suit, e.g. A♠, 10h or qc, or "
                    "pick one from the list.")
HEADLINE: Final = "hand {number}/{count} · {size} card(s) · trump {trump}"
DEALER_BIDS: Final = "Dealer {dealer} · {bids}"
BIDS_SO_FAR: Final = "bids so far {total} for {size} tricks"
BIDS_OVER: Final = "bids {total} for {size} tricks: over by {by}"
BIDS_UNDER: Final = "bids {total} for {size} tricks: under by {by}"
BIDS_EXACT: Final = "bids {total} for {size} tricks: exactly the hand size"
RECAP_HEAD: Final = ("Hand {number} is over (✅ made the bid, ❌ missed it). {mark} {first} bids "
                     "first in hand {next}; {dealer} deals.")
LAST_HAND: Final = "Hand {number}: {results}"
RESULT_SHORT: Final = "{label} {mark} {score}"
PLAYER_LINE: Final = "{mark}{label} · bid {bid} · won {won} · {total}"
RECAP_LINE: Final = "{label} · bid {bid} · won {won} {mark} {score} · {total}"
BLIND_BID: Final = "{bid} (blind)"
MADE: Final = "✅"
MISSED: Final = "❌"
TRICK: Final = "Trick"
_SECONDARY = discord.ButtonStyle.secondary
_TRUMP_STYLE = discord.ButtonStyle.primary
_BID_STYLE = discord.ButtonStyle.success

RULES_CARD: Final = "\n".join([
    "**Kachuful** (3–7 players, each for themselves)",
    "• Hands shrink from the start size down to 1 card and grow back (4 players: 13 → 1 → 13).",
    "• Trump cycles ♠ ♦ ♣ ♥ by hand; no card is turned (unless the table chose otherwise).",
    "• **Bid**: after seeing your cards, from the dealer's left, bid the tricks you will take "
    "(0 to the hand size). The dealer bids last and may not make the bids add up to the hand "
    "size (hook rule).",
    "• **Play**: the player left of the dealer leads. Follow the led suit if you can, else play "
    "anything. The highest trump wins, else the highest card of the led suit. The winner leads.",
    "• **Score**: exactly your bid scores 10 + bid (a made zero scores 10); a miss scores 0. "
    "The highest total after the last hand wins.",
    "Your cards: `/kachuful hand` or the **My hand** button. Moves: its buttons, or "
    "`/kachuful bid` and `/kachuful play`.",
])


def _game(game: Game) -> KachufulGame:
    if not isinstance(game, KachufulGame):
        raise TypeError(f"not a Kachuful game: {game!r}")
    return game


def engine_config(settings: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The engine's config for these lobby options and ``players`` seats."""
    config = {k: settings[k] for k in ENGINE_OPTIONS if settings.get(k) is not None}
    return {**config, "players": players}


def _turned(game: KachufulGame) -> str | None:
    """The turned card of this hand (KV4), if any."""
    turned = game.current.deal.turned
    return str(turned) if game.config.trump == "turned" and turned is not None else None


def _recap_hand(g: KachufulGame) -> HandRecord | None:
    """The hand just scored, while its recap stands: the current hand has seen no
    action yet (a look at one's cards is none)."""
    rec = g.current
    if g.is_over or len(g.hands) < 2 or any(b is not None for b in rec.bids):
        return None
    return g.hands[-2]


def _bid(rec: HandRecord, seat: int) -> str:
    bid = rec.bids[seat]
    return "—" if bid is None else BLIND_BID.format(bid=bid) if rec.blind[seat] else str(bid)


def _made(rec: HandRecord, seat: int) -> str:
    return MADE if rec.bids[seat] == rec.tricks_won[seat] else MISSED


def _score(rec: HandRecord, seat: int) -> str:
    return f"{(rec.scores or [0] * len(rec.bids))[seat]:+d}"


def bids_total(rec: HandRecord) -> str:
    """The bids' total against the hand size: "bids 5 for 4 tricks: over by 1"."""
    total = sum(b for b in rec.bids if b is not None)
    if any(b is None for b in rec.bids):
        return BIDS_SO_FAR.format(total=total, size=rec.size)
    if total > rec.size:
        return BIDS_OVER.format(total=total, size=rec.size, by=total - rec.size)
    if total < rec.size:
        return BIDS_UNDER.format(total=total, size=rec.size, by=rec.size - total)
    return BIDS_EXACT.format(total=total, size=rec.size)


def _trump_text(label: str, turned: str | None = None) -> str:
    word = _TRUMP_WORDS.get(label, label)
    return f"{word} (turned {turned})" if turned else word


class KachufulAdapter(GameAdapter):
    """Kachuful (RULES K1–K11, KV1–KV8) for the shared table runtime."""

    name = "kachuful"
    title = "Kachuful"
    engine = ENGINE_KACHUFUL
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS

    # --- lobby and engine ------------------------------------------------------------

    def describe_settings(self, settings: Mapping[str, Any]) -> str:
        s = {**DEFAULTS, **settings}
        size = "start size ⌊52 / players⌋" if s["start_size"] is None else \
            f"start size {s['start_size']}"
        schedule = "down and back up" if s["schedule"] == "full" else "descending only"
        parts = [size, schedule, _TRUMP_RULES[s["trump"]], _SCORING[s["scoring"]],
                 HOOK_ON if s["hook"] else HOOK_OFF]
        if s["blind_bids"]:
            parts.append("blind bids")
        if s["forehead"]:
            parts.append("forehead one-card hand")
        parts.extend(table_options_text(s))
        return "Options: " + ", ".join(parts) + "."

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> None:
        KachufulConfig.parse(engine_config(settings, players or MIN_PLAYERS))

    def new_game(self, settings: Mapping[str, Any], players: int, seed: int) -> Game:
        return KachufulGame(engine_config(settings, players), seed=seed)

    # --- the table embed ------------------------------------------------------------------

    def headline(self, game: Game) -> str:
        g = _game(game)
        rec = g.current
        trump = _trump_text(trump_label(rec.trump), _turned(g))
        return HEADLINE.format(number=rec.number + 1, count=g.hand_count, size=rec.size,
                               trump=trump)

    def summary(self, game: Game, labels: Sequence[str]) -> list[str]:
        """The dealer and the bids' total against the hand size; while the last hand's
        recap stands (until the next hand's first action), who acts first; after it,
        the last hand in one line."""
        g = _game(game)
        if g.is_over:
            return []
        rec = g.current
        past = _recap_hand(g)
        if past is not None:
            return [RECAP_HEAD.format(number=past.number + 1, mark=TURN_MARK,
                                      first=labels[g.to_act or 0], next=rec.number + 1,
                                      dealer=labels[rec.dealer])]
        lines = [DEALER_BIDS.format(dealer=labels[rec.dealer], bids=bids_total(rec))]
        if len(g.hands) > 1:
            last = g.hands[-2]
            lines.append(LAST_HAND.format(number=last.number + 1, results=" · ".join(
                RESULT_SHORT.format(label=labels[s], mark=_made(last, s), score=_score(last, s))
                for s in range(g.players))))
        return lines

    def score_lines(self, game: Game, labels: Sequence[str]) -> list[str]:
        """One line per seat: bid and tricks of this hand and the total, the seat to
        act marked; while the recap stands (and once the game is over) the last hand's
        bid, tricks and points instead, made or missed."""
        g = _game(game)
        totals = g.results().totals
        past = g.current if g.is_over else _recap_hand(g)
        if past is not None:
            return [RECAP_LINE.format(label=labels[s], bid=_bid(past, s), won=past.tricks_won[s],
                                      mark=_made(past, s), score=_score(past, s),
                                      total=totals[s]) for s in range(g.players)]
        rec = g.current
        return [PLAYER_LINE.format(mark=f"{TURN_MARK} " if g.to_act == s else "",
                                   label=labels[s], bid=_bid(rec, s), won=rec.tricks_won[s],
                                   total=totals[s]) for s in range(g.players)]

    def table_fields(self, game: Game, seats: Sequence[SeatRecord]) -> list[Field]:
        """The trick by seat (while cards are played) and the last trick by seat."""
        g = _game(game)
        v = g.view(None)
        labels = [seat_label(s) for s in seats]
        lines = []
        if v["phase"] == "playing" and not v["over"]:
            lines.append(trick_line(v["trick"], labels) or NO_CARD_YET)
        if v["last_trick"] is not None:
            lines.append(last_trick_line(v["last_trick"], labels))
        return [Field(TRICK, "\n".join(lines))] if lines else []

    # --- the private panel ---------------------------------------------------------------

    def _offers_blind(self, game: KachufulGame, seat: int) -> bool:
        return (game.config.blind_bids and game.phase == "bidding"
                and not game.has_looked(seat) and game.current.bids[seat] is None)

    def look_action(self, game: Game, seat: int) -> Action | None:
        g = _game(game)
        if g.is_over or g.has_looked(seat) or self._offers_blind(g, seat):
            return None
        return LOOK

    def panel(self, game: Game, seat: int, seats: Sequence[SeatRecord]) -> Panel:
        g = _game(game)
        rec = g.current
        labels = [seat_label(s) for s in seats]
        embed = discord.Embed(title=f"Your hand — hand {rec.number + 1}/{g.hand_count}",
                              colour=discord.Colour.blurple())
        trump = _trump_text(trump_label(rec.trump), _turned(g))
        status = [f"Trump: **{trump}** · {rec.size} card(s) each · dealer {labels[rec.dealer]}"]
        bid = rec.bids[seat]
        if bid is not None:
            status.append(f"Your bid: **{bid}**{' (blind)' if rec.blind[seat] else ''} · "
                          f"tricks won: **{rec.tricks_won[seat]}**")
        last = g.view(None)["last_trick"]
        if last is not None and not g.trick:
            status.append(won_trick_line(last, labels))
        actor = g.to_act
        if actor == seat:
            status.append("**Your turn.**")
        elif actor is None:
            status.append("The game is over.")
        else:
            verb = "bid" if g.phase == "bidding" else "play"
            status.append(f"Waiting for {TURN_MARK} {labels[actor]} to {verb}. "
                          "Press Refresh on your turn.")
        legal = g.legal_actions(seat)
        if self._offers_blind(g, seat):
            embed.description = "\n".join([
                *status, "",
                "You have not looked at your cards. Bid **blind** now (an exact blind bid "
                "scores double), or look at your cards first.",
            ])
            buttons = [self._bid_button(n, legal, blind=True) for n in range(rec.size + 1)]
            buttons.append(("Look at my cards", "look", True, _TRUMP_STYLE))
            return Panel(embed, buttons)
        if g.forehead:
            others = "\n".join(f"{labels[o]}: {c}" for o in range(g.players) if o != seat
                               for c in g.cards_of(o)) or "—"
            embed.description = "\n".join([*status, "",
                                           "Forehead hand: you see everyone's card but yours."])
            embed.add_field(name="Others' cards", value=others[:1024], inline=False)
        else:
            embed.description = "\n".join(status)
            mine = hand_text(g.cards_of(seat), g.current.trump)
            embed.add_field(name="Your cards", value=mine, inline=False)
        if g.trick:
            embed.add_field(name="Current trick", value="\n".join(
                f"{labels[s]}: {c}" for s, c in g.trick)[:1024])
        if g.phase == "bidding":
            buttons = [self._bid_button(n, legal, blind=False) for n in range(rec.size + 1)]
            forbidden = g.forbidden_bid()
            if forbidden is not None and g.to_act == seat:
                embed.description += "\n" + "\n".join(greyed_out([HOOK_REASON.format(
                    bid=forbidden, total=rec.size)]))
        elif g.forehead:
            held = bool(g.cards_of(seat))
            buttons = [("Play my hidden card", "ph", held and g.to_act == seat, _TRUMP_STYLE)]
        else:
            buttons = self._card_buttons(g, seat, legal)
            if g.to_act == seat and not all(enabled for _, _, enabled, _ in buttons) and g.trick:
                led = g.trick[0][1].suit
                embed.description += "\n" + "\n".join(greyed_out([FOLLOW_REASON.format(
                    suit=led.symbol if led is not None else "")]))
        return Panel(embed, buttons)

    @staticmethod
    def _bid_button(
        amount: int, legal: Sequence[Action], *, blind: bool,
    ) -> tuple[str, str, bool, discord.ButtonStyle]:
        enabled = Bid.of(amount, blind) in legal
        label = f"Blind {amount}" if blind else f"Bid {amount}"
        return label, f"{'B' if blind else 'b'}{amount}", enabled, _BID_STYLE

    @staticmethod
    def _card_buttons(
        g: KachufulGame, seat: int, legal: Sequence[Action],
    ) -> list[tuple[str, str, bool, discord.ButtonStyle]]:
        trump = g.current.trump
        return [
            (str(c) + (" ★" if c.suit is trump else ""), f"p{c.index}", Play.of(c) in legal,
             _TRUMP_STYLE if c.suit is trump else _SECONDARY)
            for c in sort_hand(g.cards_of(seat), trump)
        ]

    def decode_button(self, payload: str) -> Action | Callable[[Game, int], Action]:
        kind, rest = payload[:1], payload[1:]
        if payload == "look":
            return LOOK
        if payload == "ph":
            return self.hidden_play
        if kind in ("b", "B") and (amount := number(rest, 100)) is not None:
            return Bid.of(amount, kind == "B")
        if kind == "p" and (index := number(rest, len(CARDS))) is not None:
            return Play.of(CARDS[index])
        raise IllegalAction("bad_input", "that button names no Kachuful action")

    def hidden_play(self, game: Game, seat: int) -> Action:
        """Play the one card a player cannot see in the forehead hand (KV8)."""
        g = _game(game)
        held = g.cards_of(seat)
        if not g.forehead or len(held) != 1:
            raise IllegalAction("bad_input", "only in the forehead hand is your card hidden")
        return Play.of(held[0])

    def parse_play(self, text: str) -> Action | Callable[[Game, int], Action]:
        """The action ``play card:<text>`` asks for; ``CardParseError`` for no card."""
        if text.strip().lower() == HIDDEN_CARD:
            return self.hidden_play
        return Play.of(parse_card(text))

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        """The cards ``seat`` may play now, for autocomplete ("hidden" in the forehead
        hand)."""
        g = _game(game)
        if g.forehead:
            return [HIDDEN_CARD] if g.to_act == seat and g.phase == "playing" else []
        return [str(a.card) for a in g.legal_actions(seat) if isinstance(a, Play)]

    # --- actions -------------------------------------------------------------------------

    def is_turn(self, action: Action) -> bool:
        return not isinstance(action, Look)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Bid):
            return f"bid {action.amount}{' blind' if action.blind else ''}"
        if isinstance(action, Play):
            return f"played {action.card}"
        return "looked at their cards"

    def describe_own(self, action: Action) -> str:
        return "looked at your cards" if isinstance(action, Look) else \
            self.describe_action(action)

    def refusal(self, exc: IllegalAction) -> str:
        said = reason(exc)
        said = said[:1].upper() + said[1:]
        if exc.code == "not_your_turn":
            return _("It is not your turn: the table message shows whose turn it is.")
        if exc.code == "card_not_in_hand":
            return _("{reason}. See your cards with `/kachuful hand` or the **My hand** button.",
                     reason=said)
        if exc.code == "must_follow_suit":
            return _("{reason}: you hold a card of the suit led, so play one of those.",
                     reason=said)
        if exc.code == "hook_rule":
            return _("Hook rule: {reason}. Choose another bid.", reason=reason(exc))
        return _("{reason}.", reason=said)

    def rules_card(self) -> str:
        return RULES_CARD


KACHUFUL: Final = KachufulAdapter()
