"""The Kachuful state machine (K1–K11, KV1–KV8).

Phases: ``bidding`` → ``playing`` for every hand of the schedule, then ``over``. The
hot path (``legal_actions`` and ``apply`` of a :class:`~engine.game.Play`) works on
plain lists of flyweight cards and interned actions, and validates everything before
it changes anything.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.cards import CARDS, NAMES, Card, Suit, sort_hand, trump_label
from engine.game import Action, Event, Game, IllegalAction, Play, Results
from engine.i18n import N_
from engine.kachuful.actions import (
    BIDS,
    BLIND_BIDS,
    LOOK,
    Bid,
    Look,
    encode_action,
    parse_action,
)
from engine.kachuful.config import KachufulConfig
from engine.kachuful.deal import Deal, SeededDecks, check_deal, deal_from, draw_first_dealer
from engine.kachuful.scoring import hand_score
from engine.tricks import winning_position

BIDDING: Final = "bidding"
PLAYING: Final = "playing"
OVER: Final = "over"

_PLAYS: Final = tuple(Play.of(c) for c in CARDS)


class HandRecord:
    """One hand as it goes: its deal, bids, tricks and (once scored) scores. Read-only
    outside the game."""

    __slots__ = (
        "bids",
        "blind",
        "deal",
        "dealer",
        "index",
        "number",
        "scores",
        "size",
        "trick_winners",
        "tricks",
        "tricks_won",
        "trump",
    )

    def __init__(
        self,
        number: int,
        index: int,
        size: int,
        dealer: int,
        deal: Deal,
        trump: Suit | None,
        players: int,
    ) -> None:
        self.number = number
        self.index = index
        self.size = size
        self.dealer = dealer
        self.deal = deal
        self.trump = trump
        self.bids: list[int | None] = [None] * players
        self.blind = [False] * players
        self.tricks_won = [0] * players
        self.trick_winners: list[int] = []
        self.tricks: list[tuple[int, tuple[Card, ...]]] = []
        self.scores: list[int] | None = None


class KachufulGame(Game):
    """A whole Kachuful game.

    ``KachufulGame(config, seed=7)`` deals from the seed and draws the first dealer
    (K4) unless ``first_dealer`` is given; ``deals=[Deal, ...]`` replaces the seed and
    then needs ``first_dealer``: one deal per hand from the first, maybe only the hands
    played so far (the play that would need a missing deal is refused). ``start_hand``
    starts at that index of the schedule (trump cycle at its position, ``first_dealer``
    dealing it); ``max_hands`` stops after that many hands. Bad settings raise
    ``IllegalAction('bad_input')``.
    """

    name = "kachuful"

    def __init__(
        self,
        config: KachufulConfig | Mapping[str, Any],
        *,
        seed: int | str | None = None,
        deals: Sequence[Deal] | None = None,
        first_dealer: int | None = None,
        start_hand: int = 0,
        max_hands: int | None = None,
    ) -> None:
        cfg = KachufulConfig.parse(dict(config) if isinstance(config, Mapping) else config)
        n = cfg.players
        sizes = cfg.sizes()
        if not _is_int(start_hand) or not 0 <= start_hand < len(sizes):
            raise IllegalAction(
                "bad_input",
                N_("start_hand must be from 0 to {last} (the schedule has {count} hands), "
                   "not {value}"),
                last=len(sizes) - 1, count=len(sizes), value=repr(start_hand),
            )
        if max_hands is not None and (not _is_int(max_hands) or max_hands < 1):
            raise IllegalAction("bad_input", N_("max_hands must be at least 1, not {value}"),
                                value=repr(max_hands))
        stop = len(sizes) if max_hands is None else min(len(sizes), start_hand + max_hands)
        self._config = cfg
        self._n = n
        self._sizes = sizes
        self._indices = range(start_hand, stop)
        self._seed = self._check_source(seed, deals)
        self._decks = None if self._seed is None else SeededDecks(self._seed)
        self._deals = None if deals is None else list(deals)
        draw: list[list[tuple[int, Card]]] | None = None
        if first_dealer is None:
            if seed is None:
                raise IllegalAction("bad_input",
                                    N_("first_dealer is required with explicit deals"))
            first_dealer, draw = draw_first_dealer(random.Random(f"{seed}:draw"), n)
        elif not _is_int(first_dealer) or not 0 <= first_dealer < n:
            raise IllegalAction(
                "bad_input", N_("first_dealer must be a seat from 0 to {last}, not {value}"),
                last=n - 1, value=repr(first_dealer),
            )
        self._first_dealer = first_dealer
        self._totals = [0] * n
        self._records: list[HandRecord] = []
        self._log: list[tuple[int, Action]] = []
        self._phase = BIDDING
        self._to_act: int | None = None
        self._hands: list[list[Card]] = []
        self._looked = [False] * n
        self._trick: list[Card] = []
        self._leader = 0
        self._opening = self._begin_hand(0)
        if draw is not None:
            rounds = [[{"seat": s, "card": NAMES[c.index]} for s, c in r] for r in draw]
            drawn = Event("dealer_drawn", first_dealer, {"rounds": rounds, "dealer": first_dealer})
            self._opening.insert(0, drawn)

    def _check_source(
        self, seed: int | str | None, deals: Sequence[Deal] | None
    ) -> int | str | None:
        if (seed is None) == (deals is None):
            raise IllegalAction("bad_input",
                                N_("give either a seed or the deals, not both or neither"))
        if deals is None:
            if not (_is_int(seed) or isinstance(seed, str)):
                raise IllegalAction(
                    "bad_input", N_("the seed must be a whole number or text, not {value}"),
                    value=repr(seed),
                )
            return seed
        count = len(self._indices)
        if not deals:
            raise IllegalAction("bad_input", N_("'deals' must hold at least one deal"))
        if len(deals) > count:
            raise IllegalAction(
                "bad_input", N_("the game plays {count} hand(s) but {given} deal(s) are given"),
                count=count, given=len(deals),
            )
        turned = self._config.trump == "turned"
        for number, (deal, index) in enumerate(zip(deals, self._indices, strict=False), 1):
            check_deal(deal, number, self._n, self._sizes[index], turned)
        return None

    # --- the Game interface ------------------------------------------------------

    @property
    def players(self) -> int:
        return self._n

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_act(self) -> int | None:
        return self._to_act

    @property
    def config(self) -> KachufulConfig:
        return self._config

    @property
    def current(self) -> HandRecord:
        """The current (or, once over, the last) hand."""
        return self._records[-1]

    @property
    def hands(self) -> Sequence[HandRecord]:
        """Every hand dealt so far, the current one last."""
        return self._records

    @property
    def hand_count(self) -> int:
        """How many hands this game plays."""
        return len(self._indices)

    def opening_events(self) -> list[Event]:
        """What happened before the first action: the first-dealer draw (K4, when
        drawn) and the first deal."""
        return list(self._opening)

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as ``(seat, card)`` in play order."""
        n = self._n
        return [((self._leader + i) % n, c) for i, c in enumerate(self._trick)]

    @property
    def forehead(self) -> bool:
        """Whether this is the forehead one-card hand (KV8)."""
        return self._config.forehead and self._records[-1].size == 1

    def cards_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (for the table's own use, not for display rules)."""
        return list(self._hands[seat])

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has looked at its cards this hand (KV7)."""
        return self._looked[seat]

    def reveal_hand(self, seat: int) -> list[Event]:
        """``seat`` opens its hand: the same as ``apply(seat, LOOK)`` (KV7)."""
        return self.apply(seat, LOOK)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self._to_act:
            return []
        if self._phase == PLAYING:
            hand = self._hands[seat]
            if self._trick:
                led = self._trick[0].suit
                same: list[Action] = [_PLAYS[c.index] for c in hand if c.suit is led]
                if same:
                    return same
            return [_PLAYS[c.index] for c in hand]
        return self._legal_bids(seat)

    def _legal_bids(self, seat: int) -> list[Action]:
        rec = self._records[-1]
        forbidden = self._forbidden_bid(seat)
        out: list[Action] = list(BIDS[: rec.size + 1])
        if self._config.blind_bids and not self._looked[seat]:
            out += BLIND_BIDS[: rec.size + 1]
        if forbidden is not None:
            out = [a for a in out if a.amount != forbidden]  # type: ignore[attr-defined]
        return out

    def forbidden_bid(self) -> int | None:
        """The bid the dealer may not make now (K8), if any."""
        return None if self._to_act is None else self._forbidden_bid(self._to_act)

    def _forbidden_bid(self, seat: int) -> int | None:
        rec = self._records[-1]
        if self._phase != BIDDING or seat != rec.dealer or not self._config.hook:
            return None
        value = rec.size - sum(b for b in rec.bids if b is not None)
        return value if 0 <= value <= rec.size else None

    def apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) is not Play:
            if type(action) is Bid:
                return self._bid(seat, action)
            if type(action) is Look:
                return self._look(seat)
            raise IllegalAction("bad_input", N_("{action} is not a Kachuful action"),
                                action=repr(action))
        # K9, inline as the hot path: follow the led suit if you can.
        if seat != self._to_act or self._phase != PLAYING:
            raise self._refusal(seat, action)
        card = action.card
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", N_("you do not hold {card}"), card=str(card))
        if action.suit is not None or action.call_joker:
            raise IllegalAction("bad_input", N_("a Kachuful play names only the card"))
        trick = self._trick
        if trick:
            led = trick[0].suit
            if card.suit is not led and any(c.suit is led for c in hand):
                raise IllegalAction("must_follow_suit", N_("you must follow {suit}"),
                                    suit=led.symbol)  # type: ignore[union-attr]
        if self._deals is not None and len(hand) == 1 and len(trick) == self._n - 1:
            self._check_next_deal()
        hand.remove(card)
        trick.append(card)
        self._log.append((seat, action))
        events = [Event("card_played", seat, {"card": NAMES[card.index]})]
        if len(trick) < self._n:
            self._to_act = (seat + 1) % self._n
        else:
            self._finish_trick(events)
        return events

    def _check_next_deal(self) -> None:
        """Refuse the play that ends a hand when the game goes on but the deals given
        stop there (before any change)."""
        number = self._records[-1].number + 1
        assert self._deals is not None
        if len(self._deals) <= number < len(self._indices):
            raise IllegalAction(
                "bad_input", N_("the deals list has no deal {number} for the next hand"),
                number=number + 1,
            )

    def _refusal(self, seat: int, action: Action) -> IllegalAction:
        if self._phase == OVER:
            return IllegalAction("wrong_phase", N_("the game is over"))
        if seat != self._to_act:
            text = N_("it is not your turn: seat {seat} is to bid") if self._phase == BIDDING \
                else N_("it is not your turn: seat {seat} is to play")
            return IllegalAction("not_your_turn", text, seat=self._to_act)
        if isinstance(action, Bid):
            return IllegalAction("wrong_phase", N_("the bidding is over: play a card"))
        return IllegalAction("wrong_phase", N_("the bidding is not over: bid first"))

    def _finish_trick(self, events: list[Event]) -> None:
        rec = self._records[-1]
        trick = self._trick
        leader = self._leader
        winner = (leader + winning_position(trick, trick[0].suit, rec.trump)) % self._n
        rec.tricks_won[winner] += 1
        rec.trick_winners.append(winner)
        rec.tricks.append((leader, tuple(trick)))
        data = {
            "leader": leader,
            "cards": [NAMES[c.index] for c in trick],
            "number": len(rec.tricks),
        }
        events.append(Event("trick_won", winner, data))
        self._trick = []
        self._leader = self._to_act = winner
        if not self._hands[winner]:
            self._end_hand(rec, events)

    def _bid(self, seat: int, action: Bid) -> list[Event]:
        """K7 bids in turn from the dealer's left, 0..size; K8 hook rule; KV7 blind."""
        if seat != self._to_act or self._phase != BIDDING:
            raise self._refusal(seat, action)
        rec = self._records[-1]
        amount = action.amount
        if type(amount) is not int or not 0 <= amount <= rec.size:
            raise IllegalAction("bid_out_of_range", N_("bid a whole number from 0 to {size}"),
                                size=rec.size)
        if type(action.blind) is not bool:
            raise IllegalAction("bad_input",
                                N_("a bid is blind or not: 'blind' is true or false"))
        if action.blind:
            if not self._config.blind_bids:
                raise IllegalAction("blind_bid", N_("blind bids are not played at this table"))
            if self._looked[seat]:
                raise IllegalAction(
                    "blind_bid", N_("you have looked at your cards: you may not bid blind"))
        if amount == self._forbidden_bid(seat):
            raise IllegalAction(
                "hook_rule", N_("as dealer you may not bid {bid}: the bids would total {size}"),
                bid=amount, size=rec.size)
        rec.bids[seat] = amount
        rec.blind[seat] = action.blind
        if not action.blind:
            self._looked[seat] = True
        self._log.append((seat, action))
        events = [Event("bid", seat, {"amount": amount, "blind": action.blind})]
        if seat == rec.dealer:
            self._phase = PLAYING
            self._to_act = self._leader
        else:
            self._to_act = (seat + 1) % self._n
        return events

    def _look(self, seat: int) -> list[Event]:
        if self._phase == OVER:
            raise IllegalAction("wrong_phase", N_("the game is over"))
        if not _is_int(seat) or not 0 <= seat < self._n:
            raise IllegalAction("bad_input", N_("there is no seat {seat}"), seat=repr(seat))
        if self._looked[seat]:
            return []
        self._looked[seat] = True
        self._log.append((seat, LOOK))
        return [Event("looked", seat)]

    # --- hands ----------------------------------------------------------------------

    def _begin_hand(self, number: int) -> list[Event]:
        """K5 deal, K6/KV3/KV4 trump; the player left of the dealer bids first (K7)."""
        n = self._n
        index = self._indices[number]
        size = self._sizes[index]
        dealer = (self._first_dealer + number) % n
        if self._decks is None:
            deal = self._deals[number]  # type: ignore[index]
        else:
            deal = deal_from(self._decks.deck(index), n, size, dealer)
        if self._config.trump == "turned":
            trump = None if deal.turned is None else deal.turned.suit
            turned = deal.turned
        else:
            trump = self._config.cycle_trump(index)
            turned = None
        rec = HandRecord(number, index, size, dealer, deal, trump, n)
        self._records.append(rec)
        self._hands = [list(h) for h in deal.hands]
        self._looked = [False] * n
        self._trick = []
        self._leader = self._to_act = (dealer + 1) % n
        self._phase = BIDDING
        data = {
            "hand_number": number + 1,
            "hand_count": len(self._indices),
            "hand_index": index,
            "size": size,
            "trump": trump_label(trump),
            "dealer": dealer,
            "turned": None if turned is None else NAMES[turned.index],
        }
        events = [Event("dealt", dealer, data)]
        for seat in range(n):
            events.append(Event("cards_dealt", seat, self._private_cards(seat), private_to=seat))
        return events

    def _private_cards(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the deal: its own cards, or in the forehead one-card
        hand (KV8) everyone else's card and not its own."""
        if self.forehead:
            others = [
                {"seat": s, "card": NAMES[h[0].index]}
                for s, h in enumerate(self._hands)
                if s != seat and h
            ]
            return {"cards": [], "others": others}
        trump = self._records[-1].trump
        return {"cards": [NAMES[c.index] for c in sort_hand(self._hands[seat], trump)]}

    def _end_hand(self, rec: HandRecord, events: list[Event]) -> None:
        scoring = self._config.scoring
        scores = [
            hand_score(scoring, bid or 0, rec.tricks_won[s], rec.blind[s])
            for s, bid in enumerate(rec.bids)
        ]
        rec.scores = scores
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        events.append(
            Event(
                "hand_scored",
                None,
                {
                    "hand_number": rec.number + 1,
                    "bids": list(rec.bids),
                    "tricks": list(rec.tricks_won),
                    "scores": scores,
                    "totals": list(self._totals),
                },
            )
        )
        if rec.number + 1 < len(self._indices):
            events.extend(self._begin_hand(rec.number + 1))
            return
        self._phase = OVER
        self._to_act = None
        res = self.results()
        events.append(Event("game_over", None, {"totals": res.totals, "winners": res.winners}))

    # --- reading the state ------------------------------------------------------------

    def results(self) -> Results:
        """K10: totals over every scored hand; the best total wins, ties share; no
        winners before the end."""
        over = self._phase == OVER
        best = max(self._totals)
        winners = [s for s, t in enumerate(self._totals) if t == best] if over else []
        scored = [list(r.scores) for r in self._records if r.scores is not None]
        return Results(scored, list(self._totals), winners, over)

    def view(self, seat: int | None) -> dict[str, Any]:
        """See :mod:`engine.kachuful.view`, which imports the game (hence the late import)."""
        from engine.kachuful.view import build_view

        return build_view(self, seat)

    # --- JSON -------------------------------------------------------------------------

    def record(self, expand_deals: bool = False) -> dict[str, Any]:
        """The game as a replay document (the format of ``python -m engine replay``):
        setup plus every action so far. ``expand_deals`` writes the cards of every hand
        instead of the seed."""
        doc: dict[str, Any] = {
            "game": self.name,
            "config": self._config.model_dump(),
            "first_dealer": self._first_dealer,
        }
        if self._seed is not None and not expand_deals:
            doc["seed"] = self._seed
        else:
            turned = self._config.trump == "turned"
            doc["deals"] = [d.encode(turned) for d in self.all_deals()]
        if self._indices.start:
            doc["start_hand"] = self._indices.start
        if self._indices.stop != len(self._sizes):
            doc["max_hands"] = len(self._indices)
        doc["actions"] = [{"seat": s, **encode_action(a)} for s, a in self._log]
        return doc

    def all_deals(self) -> list[Deal]:
        """The deal of every hand this game plays (dealt or not yet); with explicit
        deals, those given."""
        if self._deals is not None:
            return list(self._deals)
        assert self._seed is not None
        n = self._n
        decks = SeededDecks(self._seed)
        return [
            deal_from(decks.deck(index), n, self._sizes[index], (self._first_dealer + k) % n)
            for k, index in enumerate(self._indices)
        ]

    @classmethod
    def parse_action(cls, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    @classmethod
    def encode_action(cls, action: Action) -> dict[str, Any]:
        return encode_action(action)


def _is_int(value: object) -> bool:
    return type(value) is int
