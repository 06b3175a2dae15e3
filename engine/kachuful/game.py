"""The Kachuful game (K1–K11, KV1–KV8): the public interface over the rules core.

Phases: ``bidding`` → ``playing`` for every hand of the schedule, then ``over``. Each
hand is a :class:`~engine.kachuful.core.HandCore` on bit masks, which holds the rules
of bidding, following, trick winners and scoring; this class adds the schedule, the
deals, looking at one's cards (KV7), the totals, the actions log and the events, and
lists the legal actions as interned objects in the order the cards were dealt. Every
action is checked before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.cards import (
    BIT_OF_CARD,
    CARD_OF_BIT,
    CARDS,
    NAMES,
    SUIT_MASK,
    Card,
    Suit,
    sort_hand,
    trump_label,
)
from engine.game import Action, Event, Game, IllegalAction, Play, Results
from engine.i18n import N_
from engine.kachuful.actions import (
    BIDS,
    BLIND_BIDS,
    LOOK,
    MAX_BID,
    Bid,
    Look,
    encode_action,
    parse_action,
)
from engine.kachuful.config import MAX_PLAYERS, KachufulConfig, config_of
from engine.kachuful.core import HandCore
from engine.kachuful.deal import Deal, SeededDecks, check_deal, deal_from, draw_first_dealer
from engine.kachuful.hand import HandRecord
from engine.kachuful.trick import legal_mask
from engine.kachuful.view import build_view
from engine.record import replay_document
from engine.setup import check_source, checked_first_dealer

BIDDING: Final = "bidding"
PLAYING: Final = "playing"
OVER: Final = "over"

_HELD_BY_CARD: Final = {c: (BIT_OF_CARD[c.index], Play.of(c)) for c in CARDS}
"""Each card's bit and interned play, as one seat's held cards list them."""
_MASK_BY_CARD: Final = {c: 1 << BIT_OF_CARD[c.index] for c in CARDS}
_NAME_BY_CARD: Final = {c: NAMES[c.index] for c in CARDS}
_PLAY_OF_BIT: Final = tuple(Play.of(c) for c in CARD_OF_BIT)
_NAME_OF_BIT: Final = tuple(NAMES[c.index] for c in CARD_OF_BIT)
_CARD_PLAYED: Final = tuple(
    tuple(Event("card_played", seat, {"card": name}) for name in _NAME_OF_BIT)
    for seat in range(MAX_PLAYERS)
)
"""The ``card_played`` event of each seat and card bit (events are read-only values)."""
_BID_EVENTS: Final = tuple(
    tuple(
        tuple(Event("bid", seat, {"amount": n, "blind": blind}) for n in range(MAX_BID + 1))
        for blind in (False, True)
    )
    for seat in range(MAX_PLAYERS)
)
"""The ``bid`` event of each seat, blindness and amount."""
_LEGAL_BIDS: Final[dict[tuple[int, int | None, bool], tuple[Action, ...]]] = {}
"""The legal bids by hand size, forbidden value (K8) and whether blind bids are open."""


def _lean_trump(trump: Suit | None) -> int:
    return -1 if trump is None else int(trump)


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
    to_act: int | None = None
    """The seat whose turn it is, or None when the game is over: a plain attribute, as
    it is read before every action (only :meth:`apply` sets it)."""

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
        cfg = config_of(config)
        n = cfg.players
        sizes = cfg.hand_sizes
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
        self._draw: list[list[tuple[int, Card]]] | None = None
        if first_dealer is None and seed is not None:
            first_dealer, self._draw = draw_first_dealer(random.Random(f"{seed}:draw"), n)
        self._first_dealer = checked_first_dealer(first_dealer, n)
        self._totals = [0] * n
        self._records: list[HandRecord] = []
        self._log: list[tuple[int, Action]] = []
        self._looked = [False] * n
        self._phase = BIDDING
        self._held: list[dict[int, Play]] = []
        self._suits: list[list[dict[int, Play]] | None] = []
        self._begin_hand(0)

    def _check_source(
        self, seed: int | str | None, deals: Sequence[Deal] | None
    ) -> int | str | None:
        check_source(seed, deals)
        if deals is None:
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
        events = self._deal_events(self._records[0])
        if self._draw is not None:
            dealer = self._first_dealer
            rounds = [[{"seat": s, "card": NAMES[c.index]} for s, c in r] for r in self._draw]
            events.insert(0, Event("dealer_drawn", dealer, {"rounds": rounds, "dealer": dealer}))
        return events

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as ``(seat, card)`` in play order."""
        n = self._n
        leader = self._core.leader
        return [((leader + i) % n, CARD_OF_BIT[b]) for i, b in enumerate(self._core.trick)]

    @property
    def forehead(self) -> bool:
        """Whether this is the forehead one-card hand (KV8)."""
        return self._config.forehead and self._records[-1].size == 1

    def cards_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in the order dealt (for the table's own use, not
        for display rules)."""
        return [CARD_OF_BIT[b] for b in self._held[seat]]

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has looked at its cards this hand (KV7)."""
        return self._looked[seat]

    def reveal_hand(self, seat: int) -> list[Event]:
        """``seat`` opens its hand: the same as ``apply(seat, LOOK)`` (KV7)."""
        return self.apply(seat, LOOK)

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal cards (K9, from the core) in the order dealt, or the legal bids."""
        if seat != self.to_act:
            return []
        if self._phase != PLAYING:
            return self._legal_bids(seat)
        core = self._core
        hand = core.hands[seat]
        trick = core.trick
        led = trick[0] & 3 if trick else -1
        legal = legal_mask(hand, led)
        if legal == hand:
            return list(self._held[seat].values())
        if led >= 0 and legal == hand & SUIT_MASK[led]:
            suits = self._suits[seat]
            if suits is None:
                suits = self._suit_maps(seat)
            return list(suits[led].values())
        return [p for b, p in self._held[seat].items() if legal >> b & 1]

    def _suit_maps(self, seat: int) -> list[dict[int, Play]]:
        """``seat``'s held cards by suit, in the order dealt (made when first needed)."""
        suits: list[dict[int, Play]] = [{}, {}, {}, {}]
        for b, p in self._held[seat].items():
            suits[b & 3][b] = p
        self._suits[seat] = suits
        return suits

    def _legal_bids(self, seat: int) -> list[Action]:
        """K7: 0 to the hand size, K8: without the dealer's forbidden bid, KV7: blind too
        while the seat has not looked."""
        core = self._core
        key = (core.size, core.forbidden(seat),
               self._config.blind_bids and not self._looked[seat])
        bids = _LEGAL_BIDS.get(key)
        if bids is None:
            size, forbidden, blind = key
            out = [*BIDS[: size + 1], *(BLIND_BIDS[: size + 1] if blind else ())]
            bids = _LEGAL_BIDS[key] = tuple(b for b in out if b.amount != forbidden)
        return list(bids)

    def forbidden_bid(self) -> int | None:
        """The bid the dealer may not make now (K8), if any."""
        if self.to_act is None or self._phase != BIDDING:
            return None
        return self._core.forbidden(self.to_act)

    def apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) is not Play:
            if type(action) is Bid:
                return self._bid(seat, action)
            if type(action) is Look:
                return self._look(seat)
            raise IllegalAction("bad_input", N_("{action} is not a Kachuful action"),
                                action=repr(action))
        if seat != self.to_act or self._phase != PLAYING:
            raise self._refusal(seat, action)
        core = self._core
        bit = BIT_OF_CARD[action.card.index]
        if action.suit is not None or action.call_joker:
            self._refuse_named(seat, bit)
        if self._deals is not None and len(core.trick) == self._n - 1:
            self._check_next_deal(seat, bit)
        winner = core.play(seat, bit)
        del self._held[seat][bit]
        suits = self._suits[seat]
        if suits is not None:
            del suits[bit & 3][bit]
        self._log.append((seat, action))
        if winner < 0:
            self.to_act = core.to_act
            return [_CARD_PLAYED[seat][bit]]
        events = [_CARD_PLAYED[seat][bit]]
        self._finish_trick(core, winner, events)
        return events

    def _refuse_named(self, seat: int, bit: int) -> None:
        """A play naming a suit or demanding the joker (Mighty only) is refused, after
        a card not held."""
        err = self._core.refusal(seat, bit)
        if err is not None and err.code == "card_not_in_hand":
            raise err
        raise IllegalAction("bad_input", N_("a Kachuful play names only the card"))

    def _check_next_deal(self, seat: int, bit: int) -> None:
        """Refuse the play that ends a hand when the game goes on but the deals given
        stop there (before any change, after the rules' own refusals)."""
        core = self._core
        if core.hands[seat] & (core.hands[seat] - 1):
            return
        err = core.refusal(seat, bit)
        if err is not None:
            raise err
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
        if seat != self.to_act:
            text = N_("it is not your turn: seat {seat} is to bid") if self._phase == BIDDING \
                else N_("it is not your turn: seat {seat} is to play")
            return IllegalAction("not_your_turn", text, seat=self.to_act)
        if isinstance(action, Bid):
            return IllegalAction("wrong_phase", N_("the bidding is over: play a card"))
        return IllegalAction("wrong_phase", N_("the bidding is not over: bid first"))

    def _finish_trick(self, core: HandCore, winner: int, events: list[Event]) -> None:
        """The trick's winner (K9, from the core) leads the next one; after the last
        trick the hand is scored."""
        leader, cards = core.tricks[-1]
        data = {
            "leader": leader,
            "cards": list(map(_NAME_OF_BIT.__getitem__, cards)),
            "number": len(core.tricks),
        }
        events.append(Event("trick_won", winner, data))
        self.to_act = winner
        if not core.hands[winner]:
            self._end_hand(self._records[-1], events)

    def _bid(self, seat: int, action: Bid) -> list[Event]:
        """K7 bids in turn from the dealer's left, 0..size; K8 hook rule; KV7 blind."""
        if seat != self.to_act or self._phase != BIDDING:
            raise self._refusal(seat, action)
        core = self._core
        amount = action.amount
        core.bid_range(amount)
        blind = action.blind
        if type(blind) is not bool:
            raise IllegalAction("bad_input",
                                N_("a bid is blind or not: 'blind' is true or false"))
        if blind:
            if not self._config.blind_bids:
                raise IllegalAction("blind_bid", N_("blind bids are not played at this table"))
            if self._looked[seat]:
                raise IllegalAction(
                    "blind_bid", N_("you have looked at your cards: you may not bid blind"))
        core.bid(seat, amount, blind)
        if not blind:
            self._looked[seat] = True
        self._log.append((seat, action))
        if core.playing:
            self._phase = PLAYING
        self.to_act = core.to_act
        return [_BID_EVENTS[seat][blind][amount]]

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

    def _begin_hand(self, number: int) -> HandRecord:
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
        else:
            trump = self._config.cycle_trump(index)
        held = [dict(map(_HELD_BY_CARD.__getitem__, cards)) for cards in deal.hands]
        masks = [sum(map(_MASK_BY_CARD.__getitem__, cards)) for cards in deal.hands]
        self._held = held
        self._suits = [None] * n
        self._core = core = HandCore(n, size, dealer, _lean_trump(trump), self._config.hook,
                                     masks)
        rec = HandRecord(number, index, deal, trump, core)
        self._records.append(rec)
        self._looked = [False] * n
        self.to_act = core.to_act
        self._phase = BIDDING
        return rec

    def _deal_events(self, rec: HandRecord) -> list[Event]:
        """The ``dealt`` event of a hand and each seat's private ``cards_dealt``."""
        turned = rec.deal.turned if self._config.trump == "turned" else None
        data = {
            "hand_number": rec.number + 1,
            "hand_count": len(self._indices),
            "hand_index": rec.index,
            "size": rec.size,
            "trump": trump_label(rec.trump),
            "dealer": rec.dealer,
            "turned": None if turned is None else NAMES[turned.index],
        }
        events = [Event("dealt", rec.dealer, data)]
        for seat in range(self._n):
            events.append(Event("cards_dealt", seat, self._private_cards(rec, seat),
                                private_to=seat))
        return events

    def _private_cards(self, rec: HandRecord, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the deal: its own cards, or in the forehead one-card
        hand (KV8) everyone else's card and not its own."""
        hands = rec.deal.hands
        if self._config.forehead and rec.size == 1:
            others = [{"seat": s, "card": NAMES[h[0].index]}
                      for s, h in enumerate(hands) if s != seat and h]
            return {"cards": [], "others": others}
        return {"cards": list(map(_NAME_BY_CARD.__getitem__, sort_hand(hands[seat], rec.trump)))}

    def _end_hand(self, rec: HandRecord, events: list[Event]) -> None:
        """K10 (the core's scores), totals; the next hand or the end."""
        scores = rec.core.scores(self._config.scoring)
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
            events.extend(self._deal_events(self._begin_hand(rec.number + 1)))
            return
        self._phase = OVER
        self.to_act = None
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
        """See :mod:`engine.kachuful.view`."""
        return build_view(self, seat)

    # --- JSON -------------------------------------------------------------------------

    def record(self, expand_deals: bool = False) -> dict[str, Any]:
        """The game as a replay document (the format of ``python -m engine replay``):
        setup plus every action so far. ``expand_deals`` writes the cards of every hand
        instead of the seed."""
        turned = self._config.trump == "turned"
        own: dict[str, int] = {}
        if self._indices.start:
            own["start_hand"] = self._indices.start
        if self._indices.stop != len(self._sizes):
            own["max_hands"] = len(self._indices)
        return replay_document(
            self, self._config.settings, self._first_dealer, self._seed,
            lambda: [d.encode(turned) for d in self.all_deals()], expand_deals, self._log,
            **own,
        )

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

    parse_action = staticmethod(parse_action)
    encode_action = staticmethod(encode_action)


def _is_int(value: object) -> bool:
    return type(value) is int
