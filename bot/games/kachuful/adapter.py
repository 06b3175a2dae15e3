"""Kachuful on the shared runtime: lobby options, the table fields, the hand panel."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import discord

from bot.games.adapter import (
    TABLE_DEFAULTS,
    Field,
    GameAdapter,
    Panel,
    number,
    table_options_text,
)
from bot.games.kachuful.history import replay_head
from bot.games.kachuful.scene import SCENE
from bot.games.words import (
    NO_CARD_YET,
    TURN_MARK,
    greyed_out,
    hand_text,
    last_trick_line,
    seat_label,
    trick_line,
    won_trick_line,
)
from bot.i18n import N_, _, _n, reason
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

_TRUMP_SYMBOLS: Final = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
_TRUMP_RULES: Final = {"cycle": N_("trump cycle ♠ ♦ ♣ ♥"),
                       "cycle_notrump": N_("trump cycle ♠ ♦ ♣ ♥ NT"),
                       "turned": N_("turned trump")}
_SCORING: Final = {"classic": N_("classic scoring (10 + bid)"),
                   "penalty": N_("penalty scoring"), "per_trick": N_("per-trick scoring"),
                   "judgement": N_("judgement scoring")}
HOOK_REASON: Final = N_("hook rule: {bid} would make the bids total {total}, the hand size, "
                        "and the dealer may not")
FOLLOW_REASON: Final = N_("you hold {suit}, the suit led, so you must play one of those")
CARD_TYPO: Final = N_("{text} names no card. Write a rank and a suit, e.g. A♠, 10h or qc, or "
                      "pick one from the list.")
"""Shown translated: ``_(CARD_TYPO, text=typed)``."""
MADE: Final = "✅"
MISSED: Final = "❌"
_SECONDARY = discord.ButtonStyle.secondary
_TRUMP_STYLE = discord.ButtonStyle.primary
_BID_STYLE = discord.ButtonStyle.success

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
    if bid is None:
        return "—"
    return _("{bid} (blind)", bid=bid) if rec.blind[seat] else str(bid)


def _made(rec: HandRecord, seat: int) -> str:
    return MADE if rec.bids[seat] == rec.tricks_won[seat] else MISSED


def _score(rec: HandRecord, seat: int) -> str:
    return f"{(rec.scores or [0] * len(rec.bids))[seat]:+d}"


def bids_total(rec: HandRecord) -> str:
    """The bids' total against the hand size: "bids 5 for 4 tricks: over by 1"."""
    total = sum(b for b in rec.bids if b is not None)
    size = rec.size
    if any(b is None for b in rec.bids):
        return _n("bids so far {total} for {count} trick", "bids so far {total} for {count} tricks",
                  size, total=total)
    if total > size:
        return _n("bids {total} for {count} trick: over by {by}",
                  "bids {total} for {count} tricks: over by {by}", size, total=total,
                  by=total - size)
    if total < size:
        return _n("bids {total} for {count} trick: under by {by}",
                  "bids {total} for {count} tricks: under by {by}", size, total=total,
                  by=size - total)
    return _n("bids {total} for {count} trick: exactly the hand size",
              "bids {total} for {count} tricks: exactly the hand size", size, total=total)


def _trump_text(label: str, turned: str | None = None) -> str:
    word = _TRUMP_SYMBOLS.get(label) or _("no trump")
    return _("{trump} (turned {card})", trump=word, card=turned) if turned else word


class KachufulAdapter(GameAdapter):
    """Kachuful (RULES K1–K11, KV1–KV8) for the shared table runtime."""

    name = "kachuful"
    title = "Kachuful"
    engine = ENGINE_KACHUFUL
    scene = SCENE
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS

    # --- lobby and engine ------------------------------------------------------------

    def describe_settings(self, settings: Mapping[str, Any]) -> str:
        s = {**DEFAULTS, **settings}
        size = _("start size ⌊52 / players⌋") if s["start_size"] is None else \
            _("start size {size}", size=s["start_size"])
        schedule = _("down and back up") if s["schedule"] == "full" else _("descending only")
        hook = _("hook rule on (the dealer may not make the bids total the hand size)") \
            if s["hook"] else _("hook rule off")
        parts = [size, schedule, _(_TRUMP_RULES[s["trump"]]), _(_SCORING[s["scoring"]]), hook]
        if s["blind_bids"]:
            parts.append(_("blind bids"))
        if s["forehead"]:
            parts.append(_("forehead one-card hand"))
        parts.extend(table_options_text(s))
        # TRANSLATORS: {options} is a list of the table's options, joined by ", ".
        return _("Options: {options}.", options=", ".join(parts))

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> None:
        KachufulConfig.parse(engine_config(settings, players or MIN_PLAYERS))

    def new_game(self, settings: Mapping[str, Any], players: int, seed: int) -> Game:
        return KachufulGame(engine_config(settings, players), seed=seed)

    # --- the table embed ------------------------------------------------------------------

    def headline(self, game: Game) -> str:
        g = _game(game)
        rec = g.current
        trump = _trump_text(trump_label(rec.trump), _turned(g))
        return _n("hand {number}/{hands} · {count} card · trump {trump}",
                  "hand {number}/{hands} · {count} cards · trump {trump}", rec.size,
                  number=rec.number + 1, hands=g.hand_count, trump=trump)

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
            return [_("Hand {number} is over (✅ made the bid, ❌ missed it). {mark} {first} "
                      "bids first in hand {next}; {dealer} deals.", number=past.number + 1,
                      mark=TURN_MARK, first=labels[g.to_act or 0], next=rec.number + 1,
                      dealer=labels[rec.dealer])]
        lines = [_("Dealer {dealer} · {bids}", dealer=labels[rec.dealer], bids=bids_total(rec))]
        if len(g.hands) > 1:
            last = g.hands[-2]
            results = " · ".join(f"{labels[s]} {_made(last, s)} {_score(last, s)}"
                                 for s in range(g.players))
            lines.append(_("Hand {number}: {results}", number=last.number + 1, results=results))
        return lines

    def score_lines(self, game: Game, labels: Sequence[str]) -> list[str]:
        """One line per seat: bid and tricks of this hand and the total, the seat to
        act marked; while the recap stands (and once the game is over) the last hand's
        bid, tricks and points instead, made or missed."""
        g = _game(game)
        totals = g.results().totals
        past = g.current if g.is_over else _recap_hand(g)
        if past is not None:
            return [_("{label} · bid {bid} · won {won} {mark} {score} · {total}",
                      label=labels[s], bid=_bid(past, s), won=past.tricks_won[s],
                      mark=_made(past, s), score=_score(past, s), total=totals[s])
                    for s in range(g.players)]
        rec = g.current
        marks = [TURN_MARK + " " if g.to_act == s else "" for s in range(g.players)]
        return [_("{mark}{label} · bid {bid} · won {won} · {total}", mark=marks[s],
                  label=labels[s], bid=_bid(rec, s), won=rec.tricks_won[s], total=totals[s])
                for s in range(g.players)]

    def table_fields(self, game: Game, seats: Sequence[SeatRecord]) -> list[Field]:
        """The trick by seat (while cards are played) and the last trick by seat."""
        g = _game(game)
        v = g.view(None)
        labels = [seat_label(s) for s in seats]
        lines = []
        if v["phase"] == "playing" and not v["over"]:
            lines.append(trick_line(v["trick"], labels) or _(NO_CARD_YET))
        if v["last_trick"] is not None:
            lines.append(last_trick_line(v["last_trick"], labels))
        return [Field(_("Trick"), "\n".join(lines))] if lines else []

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
        embed = discord.Embed(title=_("Your hand — hand {number}/{hands}", number=rec.number + 1,
                                      hands=g.hand_count),
                              colour=discord.Colour.blurple())
        trump = _trump_text(trump_label(rec.trump), _turned(g))
        status = [_n("Trump: **{trump}** · {count} card each · dealer {dealer}",
                     "Trump: **{trump}** · {count} cards each · dealer {dealer}", rec.size,
                     trump=trump, dealer=labels[rec.dealer])]
        bid = rec.bids[seat]
        if bid is not None:
            won = rec.tricks_won[seat]
            status.append(_("Your bid: **{bid}** (blind) · tricks won: **{won}**", bid=bid, won=won)
                          if rec.blind[seat] else
                          _("Your bid: **{bid}** · tricks won: **{won}**", bid=bid, won=won))
        last = g.view(None)["last_trick"]
        if last is not None and not g.trick:
            status.append(won_trick_line(last, labels))
        actor = g.to_act
        if actor == seat:
            status.append(_("**Your turn.**"))
        elif actor is None:
            status.append(_("The game is over."))
        elif g.phase == "bidding":
            status.append(_("Waiting for {mark} {player} to bid. Press Refresh on your turn.",
                            mark=TURN_MARK, player=labels[actor]))
        else:
            status.append(_("Waiting for {mark} {player} to play. Press Refresh on your turn.",
                            mark=TURN_MARK, player=labels[actor]))
        legal = g.legal_actions(seat)
        if self._offers_blind(g, seat):
            embed.description = "\n".join([
                *status, "",
                _("You have not looked at your cards. Bid **blind** now (an exact blind bid "
                  "scores double), or look at your cards first."),
            ])
            buttons = [self._bid_button(n, legal, blind=True) for n in range(rec.size + 1)]
            buttons.append((_("Look at my cards"), "look", True, _TRUMP_STYLE))
            return Panel(embed, buttons)
        if g.forehead:
            others = "\n".join(f"{labels[o]}: {c}" for o in range(g.players) if o != seat
                               for c in g.cards_of(o)) or "—"
            embed.description = "\n".join([
                *status, "", _("Forehead hand: you see everyone's card but yours.")])
            embed.add_field(name=_("Others' cards"), value=others[:1024], inline=False)
        else:
            embed.description = "\n".join(status)
            mine = hand_text(g.cards_of(seat), g.current.trump)
            embed.add_field(name=_("Your cards"), value=mine, inline=False)
        if g.trick:
            embed.add_field(name=_("Current trick"), value="\n".join(
                f"{labels[s]}: {c}" for s, c in g.trick)[:1024])
        if g.phase == "bidding":
            buttons = [self._bid_button(n, legal, blind=False) for n in range(rec.size + 1)]
            forbidden = g.forbidden_bid()
            if forbidden is not None and g.to_act == seat:
                embed.description += "\n" + "\n".join(greyed_out([_(
                    HOOK_REASON, bid=forbidden, total=rec.size)]))
        elif g.forehead:
            held = bool(g.cards_of(seat))
            buttons = [(_("Play my hidden card"), "ph", held and g.to_act == seat, _TRUMP_STYLE)]
        else:
            buttons = self._card_buttons(g, seat, legal)
            if g.to_act == seat and not all(enabled for _, _, enabled, _ in buttons) and g.trick:
                led = g.trick[0][1].suit
                embed.description += "\n" + "\n".join(greyed_out([_(
                    FOLLOW_REASON, suit=led.symbol if led is not None else "")]))
        return Panel(embed, buttons)

    @staticmethod
    def _bid_button(
        amount: int, legal: Sequence[Action], *, blind: bool,
    ) -> tuple[str, str, bool, discord.ButtonStyle]:
        enabled = Bid.of(amount, blind) in legal
        label = _("Blind {bid}", bid=amount) if blind else _("Bid {bid}", bid=amount)
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
        raise IllegalAction("bad_input", N_("that button names no Kachuful action"))

    def hidden_play(self, game: Game, seat: int) -> Action:
        """Play the one card a player cannot see in the forehead hand (KV8)."""
        g = _game(game)
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
        g = _game(game)
        if g.forehead:
            return [HIDDEN_CARD] if g.to_act == seat and g.phase == "playing" else []
        return [str(a.card) for a in g.legal_actions(seat) if isinstance(a, Play)]

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
        return _(RULES_CARD)

    # --- replays -------------------------------------------------------------------------

    def replay_head(self, summary: Mapping[str, Any], names: Sequence[str]) -> str:
        return replay_head(summary, names)


KACHUFUL: Final = KachufulAdapter()
