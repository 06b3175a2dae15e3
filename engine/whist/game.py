"""The Whist game (W1–W6): the public interface over one :class:`~engine.whist.hand.Hand`
per deal, which holds the play of the cards. This class adds the deals and their
dealers, the running totals, the actions log and the events. Every action is checked
before anything changes.

Phases: ``playing`` for every deal, then ``over``. The refusals a player can meet in
play are marked for translation (:func:`engine.i18n.N_`); setup errors are for the
table's code and the command line, in English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from engine.cards import NAMES, sort_hand, trump_label
from engine.game import Action, Event, Game, IllegalAction, Play, Results
from engine.i18n import N_
from engine.record import replay_document
from engine.setup import check_source, checked_first_dealer
from engine.whist.actions import encode_action, parse_action
from engine.whist.config import WhistConfig
from engine.whist.deal import Deal, check_deal, seeded_deal, seeded_first_dealer
from engine.whist.hand import Hand
from engine.whist.rules import PLAYERS, per_seat
from engine.whist.view import build_view

PLAYING: Final = "playing"
OVER: Final = "over"


class WhistGame(Game):
    """A whole Whist game.

    ``WhistGame(config, seed=7)`` deals from the seed and draws the first dealer from it
    (W2) unless ``first_dealer`` is given; ``deals=[Deal, ...]``, one per deal of the
    game, replaces the seed and then needs ``first_dealer``. ``config["deals"]`` is the
    length of the game (W6, default 4). Bad settings raise ``IllegalAction('bad_input')``.
    """

    name: ClassVar[str] = "whist"

    def __init__(
        self,
        config: WhistConfig | Mapping[str, Any] | None = None,
        *,
        seed: int | str | None = None,
        deals: Sequence[Deal] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        cfg = WhistConfig.parse(dict(config) if isinstance(config, Mapping) else config)
        check_source(seed, deals)
        if deals is not None and len(deals) != cfg.deals:
            raise IllegalAction(
                "bad_input", f"the game plays {cfg.deals} deal(s) but {len(deals)} are given"
            )
        if first_dealer is None and seed is not None:
            first_dealer = seeded_first_dealer(seed)
        first_dealer = checked_first_dealer(first_dealer, PLAYERS)
        self._config = cfg
        self._seed = seed
        self._first_dealer = first_dealer
        self._deals = None if deals is None else tuple(deals)
        for number, deal in enumerate(self._deals or (), 1):
            check_deal(deal, number, self.dealer_of(number - 1))
        self._hands = [Hand(0, first_dealer, self._deal(0))]
        self._totals = [0, 0]
        self._log: list[tuple[int, Play]] = []

    # --- the Game interface ------------------------------------------------------

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def phase(self) -> str:
        return OVER if self.current.over else PLAYING

    @property
    def to_act(self) -> int | None:
        hand = self.current
        return None if hand.over else hand.to_act

    @property
    def config(self) -> WhistConfig:
        return self._config

    @property
    def current(self) -> Hand:
        """The deal in play (once the game is over, the last one)."""
        return self._hands[-1]

    @property
    def hands(self) -> Sequence[Hand]:
        """Every deal so far, the current one last."""
        return self._hands

    @property
    def totals(self) -> list[int]:
        """Each partnership's points so far (W6)."""
        return list(self._totals)

    def dealer_of(self, number: int) -> int:
        """The dealer of deal ``number`` (from 0): the deal passes to the left (W6)."""
        return (self._first_dealer + number) % PLAYERS

    def legal_actions(self, seat: int) -> list[Action]:
        """The cards ``seat`` may play (W4), trumps first then by suit, high to low;
        empty unless it is the seat's turn."""
        if seat != self.to_act:
            return []
        return [Play.of(c) for c in self.current.legal(seat)]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) is not Play:
            raise IllegalAction("bad_input", f"{action!r} is not a Whist action")
        hand = self.current
        if hand.over:
            raise IllegalAction("wrong_phase", N_("the game is over"))
        if seat != hand.to_act:
            raise IllegalAction("not_your_turn", N_("it is not your turn: seat {seat} is to play"),
                                seat=hand.to_act)
        refusal = hand.refusal(seat, action.card)
        if refusal is not None:
            raise refusal
        if action.suit is not None or action.call_joker:
            raise IllegalAction("bad_input", "a Whist play names only the card")
        winner = hand.play(seat, action.card)
        self._log.append((seat, action))
        events = [Event("card_played", seat, {"card": NAMES[action.card.index]})]
        if winner is not None:
            leader, cards = hand.tricks[-1]
            data = {"leader": leader, "cards": [NAMES[c.index] for c in cards],
                    "number": len(hand.tricks)}
            events.append(Event("trick_won", winner, data))
            if hand.scores is not None:
                self._end_deal(hand, hand.scores, events)
        return events

    def opening_events(self) -> list[Event]:
        """The first deal."""
        return self._deal_events(self._hands[0])

    def results(self) -> Results:
        """W6: each seat scores its partnership's points; once the game is over the
        seats of the side with more points win, all four on equal points (a draw)."""
        totals = per_seat(self._totals)
        scored = [per_seat(h.scores) for h in self._hands if h.scores is not None]
        over = self.current.over
        winners = [s for s in range(PLAYERS) if totals[s] == max(totals)] if over else []
        return Results(scored, totals, winners, over)

    def view(self, seat: int | None) -> dict[str, Any]:
        """See :mod:`engine.whist.view`."""
        return build_view(self, seat)

    # --- deals ----------------------------------------------------------------------

    def _deal(self, number: int) -> Deal:
        if self._deals is not None:
            return self._deals[number]
        assert self._seed is not None
        return seeded_deal(self._seed, number, self.dealer_of(number))

    def _end_deal(self, hand: Hand, scores: list[int], events: list[Event]) -> None:
        """The deal's points (W5) added to the totals; the next deal, or the end (W6)."""
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        events.append(Event("hand_scored", None, {
            "hand_number": hand.number + 1,
            "tricks": hand.tricks_by_seat,
            "partnership_tricks": list(hand.won),
            "scores": per_seat(scores),
            "totals": per_seat(self._totals),
        }))
        number = hand.number + 1
        if number < self._config.deals:
            self._hands.append(Hand(number, self.dealer_of(number), self._deal(number)))
            events.extend(self._deal_events(self._hands[-1]))
            return
        res = self.results()
        events.append(Event("game_over", None, {"totals": res.totals, "winners": res.winners}))

    def _deal_events(self, hand: Hand) -> list[Event]:
        """The public ``dealt`` event (the turned card and trump, W3) and each seat's
        private ``cards_dealt``."""
        data = {
            "hand_number": hand.number + 1,
            "hand_count": self._config.deals,
            "dealer": hand.dealer,
            "trump": trump_label(hand.trump),
            "turned": NAMES[hand.deal.turned.index],
        }
        events = [Event("dealt", hand.dealer, data)]
        for seat in range(PLAYERS):
            cards = [NAMES[c.index] for c in sort_hand(hand.held[seat], hand.trump)]
            events.append(Event("cards_dealt", seat, {"cards": cards}, private_to=seat))
        return events

    # --- JSON -------------------------------------------------------------------------

    def record(self, expand_deals: bool = False) -> dict[str, Any]:
        """The game as a replay document: setup plus every card played so far;
        ``expand_deals`` writes the cards of every deal instead of the seed."""
        return replay_document(
            self, self._config.model_dump(), self._first_dealer, self._seed,
            lambda: [self._deal(k).encode() for k in range(self._config.deals)],
            expand_deals, self._log,
        )

    parse_action = staticmethod(parse_action)
    encode_action = staticmethod(encode_action)
