"""The Mighty state machine (M1–M18): auction, deal-miss, kitty, final contract, friend
call, ten tricks, settlement and the match.

Phases: ``auction`` → ``discard`` (the declarer holds 13 cards) → ``friend`` (one
optional :class:`Contract` change, then the :class:`FriendCall`) → ``playing`` → the
next deal, until ``over``. At 20 no-trump the declarer may, before leading trick 1,
ask the hidden friend to name the suit of the first lead (M9): while the friend
answers, the turn is secret (:attr:`MightyGame.secret_turn`). Every action of the
match is kept, so the JSON form is the replay document, which ``MIGHTY.from_json``
(:mod:`engine.mighty.descriptor`) replays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from engine.bits import BIT_OF_CARD, CARD_OF_BIT, JOKER_BIT, NO_TRUMP, SUIT_MASK
from engine.cards import CARDS, NAMES, Card, Suit, sort_hand, trump_label
from engine.game import Action, Event, Game, IllegalAction, Play, Results
from engine.i18n import N_
from engine.mighty.actions import (
    ASK_LEAD,
    BIDS,
    CONTRACTS,
    DEAL_MISS,
    FIRST,
    FRIEND_CALLS,
    JOKER_DEMANDS,
    JOKER_LEADS,
    NAME_LEADS,
    NONE,
    PASS,
    AskLead,
    Contract,
    DealMiss,
    Discard,
    FriendCall,
    FriendTarget,
    MightyBid,
    NameLead,
    Pass,
    bid_index,
    discards_of,
)
from engine.mighty.config import MightyConfig, parse_config
from engine.mighty.core.follow import can_demand, follow_mask, lead_mask
from engine.mighty.core.masks import JOKER_MASK, POINT_MASK
from engine.mighty.core.score import side_points
from engine.mighty.core.trick import Trick, TrumpCards, play_card
from engine.mighty.core.winner import joker_power
from engine.mighty.deals import Deal, deal_error, seeded_deal, seeded_first_dealer
from engine.mighty.hand import HandRecord
from engine.mighty.notation import encode_action, encode_deal, parse_action
from engine.mighty.rules import (
    DEALMISS_LIMIT_HALVES,
    KITTY_SIZE,
    MAX_BID,
    MIN_BID,
    PLAYERS,
    POINTS_OF,
    SOLO_FIRST_TRICK,
    SOLO_NONE,
    SOLO_OPEN,
    SOLO_SECRET,
    TRICKS,
    Trump,
    beats,
    contract_refusal,
    dealmiss_halves,
    format_halves,
    joker_caller,
    mighty_card,
    settle,
)
from engine.mighty.trick import PlayedTrick, first_in_hand_order
from engine.mighty.view import build_view
from engine.record import replay_document
from engine.setup import check_source, checked_first_dealer

AUCTION = "auction"
DISCARD = "discard"
FRIEND = "friend"
PLAYING = "playing"
OVER = "over"

_PLAYS: Final = tuple(Play.of(CARD_OF_BIT[b]) for b in range(53))
"""The interned plain play of each card, by its bit (:mod:`engine.bits`)."""
_SUIT_PLAYS: Final = tuple({b: _PLAYS[b] for b in range(53) if SUIT_MASK[s] >> b & 1} for s in Suit)
"""By suit: the plain plays of that suit's cards, by bit."""
_BIT_OF: Final = {c: BIT_OF_CARD[c.index] for c in CARDS}
_VALUE: Final = tuple(1 << b for b in range(53))
_NEXT: Final = tuple((s + 1) % PLAYERS for s in range(PLAYERS))
_POINT_BITS: Final = frozenset(b for b in range(53) if POINT_MASK >> b & 1)
_NAMES: Final = tuple(NAMES[CARD_OF_BIT[b].index] for b in range(53))
_SUITS: Final = tuple(Suit)
_SUIT_LABELS: Final = tuple(s.label for s in Suit)
_JOKER_LEADS: Final = tuple(JOKER_LEADS[s] for s in Suit)
_TRUMP_CARDS: Final = {t: TrumpCards(NO_TRUMP if t is None else int(t)) for t in (*Suit, None)}
_DEALMISS_HALVES: Final = tuple(dealmiss_halves((CARD_OF_BIT[b],)) for b in range(53))
_SORTED_NAMES: Final = tuple(NAMES[c.index] for c in sort_hand(CARDS))
_SORT_POS: Final = tuple(_SORTED_NAMES.index(_NAMES[b]) for b in range(53))
"""Each card's place (by bit) in a hand sorted before trump is known; sorting these
numbers is much faster than sorting cards with a key (``cards_dealt``)."""

_NOT_YOUR_TURN: Final = {
    AUCTION: N_("it is not your turn: seat {seat} is to bid or pass"),
    DISCARD: N_("it is not your turn: seat {seat} is to discard three cards"),
    FRIEND: N_("it is not your turn: seat {seat} is to call a friend"),
    PLAYING: N_("it is not your turn: seat {seat} is to play a card"),
}

_WRONG_PHASE: Final = {
    "play": {
        AUCTION: N_("you cannot play a card now: bid or pass first"),
        DISCARD: N_("you cannot play a card now: discard three cards first"),
        FRIEND: N_("you cannot play a card now: call a friend first"),
    },
    "discard": {
        AUCTION: N_("you cannot discard now: bid or pass first"),
        FRIEND: N_("you cannot discard now: call a friend first"),
        PLAYING: N_("you cannot discard now: play a card first"),
    },
    "contract": {
        AUCTION: N_("you cannot change the contract now: bid or pass first"),
        DISCARD: N_("you cannot change the contract now: discard three cards first"),
        PLAYING: N_("you cannot change the contract now: play a card first"),
    },
    "friend": {
        AUCTION: N_("you cannot call a friend now: bid or pass first"),
        DISCARD: N_("you cannot call a friend now: discard three cards first"),
        PLAYING: N_("you cannot call a friend now: play a card first"),
    },
    "ask_lead": {
        AUCTION: N_("you cannot ask for the first lead now: bid or pass first"),
        DISCARD: N_("you cannot ask for the first lead now: discard three cards first"),
        FRIEND: N_("you cannot ask for the first lead now: call a friend first"),
    },
    "name_lead": {
        AUCTION: N_("you cannot name the first lead now: bid or pass first"),
        DISCARD: N_("you cannot name the first lead now: discard three cards first"),
        FRIEND: N_("you cannot name the first lead now: call a friend first"),
    },
    "speak": {
        DISCARD: N_("you cannot speak in the auction now: discard three cards first"),
        FRIEND: N_("you cannot speak in the auction now: call a friend first"),
        PLAYING: N_("you cannot speak in the auction now: play a card first"),
    },
}
"""The wrong-phase refusal of each kind of action, by the phase the match is in."""

_CONTRACT_CHOICES: dict[tuple[int, Trump], list[Action]] = {}


def _mask(bits: Iterable[int]) -> int:
    """The mask of distinct bits."""
    return sum(map(_VALUE.__getitem__, bits))


def _contract_choices(bid: tuple[int, Trump]) -> list[Action]:
    """The legal contract changes after winning with ``bid`` (M7), cached."""
    found = _CONTRACT_CHOICES.get(bid)
    if found is None:
        found = [c for c in CONTRACTS if contract_refusal(bid, (c.points, c.trump)) is None]
        _CONTRACT_CHOICES[bid] = found
    return found


class MightyGame(Game):
    """A match of Mighty for five seats (M1–M18).

    ``MightyGame({"hands": 10}, seed=7)`` deals from the seed (deal number ``i``, counting
    redeals, from ``random.Random(f"{seed}:{i}")``) and draws the first dealer from it
    (M2) unless ``first_dealer`` is given; ``deals=[Deal, ...]`` (one per deal, redeals
    included) replaces the seed and then needs ``first_dealer``. ``config["hands"]`` is
    the match length (M3, default 10; redeals do not count). Bad settings raise
    ``IllegalAction('bad_input')``.

    The public attributes (``hands``, ``declarer``, ``tricks``, ``records`` ...) are for
    reading; only :meth:`apply` changes the state. What a seat may see is :meth:`view`.
    """

    name: ClassVar[str] = "mighty"
    to_act: int | None = None
    """The seat whose turn it is, or None when the match is over: a plain attribute, as
    it is read before every action."""

    def __init__(
        self,
        config: MightyConfig | Mapping[str, Any] | None = None,
        *,
        seed: int | str | None = None,
        deals: Sequence[Deal] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        cfg = parse_config(config)
        check_source(seed, deals)
        if deals is not None:
            if not deals:
                raise IllegalAction("bad_input", "'deals' must hold at least one deal")
            for number, deal in enumerate(deals, 1):
                reason = deal_error(deal.hands, deal.kitty)
                if reason is not None:
                    raise IllegalAction("bad_input", f"deal {number}: {reason}")
        if first_dealer is None and seed is not None:
            first_dealer = seeded_first_dealer(seed)
        first_dealer = checked_first_dealer(first_dealer, PLAYERS)
        self.config = cfg
        self.match_length = cfg.hands
        self.seed = seed
        self.deals: tuple[Deal, ...] | None = None if deals is None else tuple(deals)
        self.first_dealer = first_dealer
        self.log: list[tuple[int, Action]] = []
        self.records: list[HandRecord] = []
        self.hand_scores: list[list[int]] = []
        self.totals = [0] * PLAYERS
        self._phase = AUCTION
        self.to_act = first_dealer
        self.dealer = first_dealer
        self.bits: list[list[int]] = []
        """Each seat's cards as bits (:mod:`engine.bits`), in the order held (``hands``)."""
        self.held: list[int] = []
        """The bit masks of ``bits``: the hands of the rules core."""
        self.kitty: tuple[Card, ...] = ()
        self.discards: tuple[Card, ...] = ()
        # auction (M4, M5)
        self.first_speaker = first_dealer
        self.passed = [False] * PLAYERS
        self.spoken = [False] * PLAYERS
        self.calls: list[tuple[int, Action]] = []
        self.bid: tuple[int, Trump] | None = None
        self.bidder: int | None = None
        # declaration (M6–M8)
        self.declarer: int | None = None
        self.contract: tuple[int, Trump] | None = None
        self.contract_changed = False
        self.friend_call: FriendTarget | None = None
        self.called_card: Card | None = None
        self.friend_seat: int | None = None
        self.solo: str | None = None
        self.trump: Trump = None
        self.mighty = mighty_card(None)
        self.caller = joker_caller(None)
        self._trumps = _TRUMP_CARDS[None]
        # play (M11–M15)
        self._trick = Trick(1, 0)
        """The trick in progress, in the rules core."""
        self._legal = -1
        """The follows :meth:`legal_actions` found for the seat to play, as a mask, until
        the next card is played (-1: not known)."""
        self.lead_asked = False
        """The declarer asked the friend to name the first lead (M9)."""
        self.lead_suit: Suit | None = None
        """The suit the friend named for the first lead (M9)."""
        self.tricks: list[PlayedTrick] = []
        self.captured: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.last_trick: tuple[int, PlayedTrick] | None = None
        """The last completed trick, maybe of the previous hand, with its hand number."""
        self.last_redeal: HandRecord | None = None
        self._opening = self._start_deal(first_dealer, first_dealer)

    # --- interface -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, in the order held."""
        return [[CARD_OF_BIT[b] for b in h] for h in self.bits]

    @property
    def trick_no(self) -> int:
        """The trick being played, from 1 (M11)."""
        return self._trick.number

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick in progress."""
        return self._trick.leader

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order."""
        return [CARD_OF_BIT[b] for b in self._trick.cards]

    @property
    def led(self) -> Suit | None:
        """The suit to follow (M11, M12), None while no card has set one."""
        led = self._trick.led
        return None if led < 0 else _SUITS[led]

    @property
    def demanded(self) -> bool:
        """The leader demanded the joker with the joker-caller (M13)."""
        return self._trick.demanded

    @property
    def secret_turn(self) -> bool:
        """The friend is naming the first lead (M9): who acts must not be shown."""
        return self.lead_asked and self.lead_suit is None

    def opening_events(self) -> list[Event]:
        """What happened before the first action: the first deal (M2)."""
        return list(self._opening)

    @property
    def hand_number(self) -> int:
        """The hand of the match being played, from 1 (redeals do not count, M4)."""
        return min(len(self.hand_scores) + 1, self.match_length)

    @property
    def current(self) -> HandRecord:
        """The record of the current deal (the last one once the match is over)."""
        return self.records[-1]

    def play_refusal(self, seat: int, card: Card) -> IllegalAction | None:
        """Why ``seat``, to play now, may not play ``card`` plainly (M11–M13), or None
        when it may; changes nothing."""
        if seat != self.to_act or self._phase != "playing" or self.secret_turn:
            return None
        play = _PLAYS[BIT_OF_CARD[card.index]]
        try:
            if self._trick.cards:
                self._check_follow(seat, play)
            else:
                self._check_lead(seat, play)
        except IllegalAction as exc:
            return exc
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        phase = self._phase
        if phase == PLAYING:
            trick = self._trick
            if trick.cards:
                held = self.held[seat]
                trumps = self._trumps
                legal = self._legal = follow_mask(held, trick.led, trumps.mighty, trick.demanded)
                if not held & trumps.specials:
                    if legal == held:
                        return list(map(_PLAYS.__getitem__, self.bits[seat]))
                    if legal == held & SUIT_MASK[trick.led]:
                        return list(filter(None, map(_SUIT_PLAYS[trick.led].get, self.bits[seat])))
                return self._follows(seat, trick, legal)
            if trick.number == 1:
                return self._first_lead_actions(seat)
            return self._leads(seat, trick.number)
        if phase == AUCTION:
            acts: list[Action] = [PASS]
            if not self.spoken[seat] and self._dealmiss_halves(seat) <= DEALMISS_LIMIT_HALVES:
                acts.append(DEAL_MISS)
            bid = self.bid
            if bid is None:
                acts.extend(BIDS)
            elif bid[1] is None:
                acts.extend(BIDS[bid_index(bid[0] + 1, Suit.SPADES) :])
            else:
                acts.extend(BIDS[bid_index(bid[0], None) :])
            return acts
        if phase == DISCARD:
            return discards_of(list(map(CARD_OF_BIT.__getitem__, self.bits[seat])))
        assert self.bid is not None
        friend: list[Action] = list(FRIEND_CALLS)
        return friend if self.contract_changed else _contract_choices(self.bid) + friend

    def listed_actions(self, seat: int) -> list[Action]:
        """The legal actions as listed to people and in the replay output: in the discard
        phase one single-card :class:`Discard` per card held (the action names three)."""
        if self._phase == DISCARD and seat == self.to_act:
            return [Discard((c,)) for c in sort_hand(self.hands[seat], self.trump)]
        return self.legal_actions(seat)

    def _dealmiss_halves(self, seat: int) -> int:
        return sum(map(_DEALMISS_HALVES.__getitem__, self.bits[seat]))

    def _follows(self, seat: int, trick: Trick, legal: int) -> list[Action]:
        """The ``legal`` follows of ``seat`` (M11, M13) as plays: the led suit's first,
        each group in the order held."""
        held = self.held[seat]
        hand = self.bits[seat]
        plays = _PLAYS
        first = first_in_hand_order(legal, held, trick.led, trick.demanded)
        out: list[Action] = [plays[b] for b in hand if first >> b & 1]
        rest = legal & ~first
        if rest:
            out += [plays[b] for b in hand if rest >> b & 1]
        return out

    def _first_lead_actions(self, seat: int) -> list[Action]:
        """Before the first lead (M9, M11): the friend's answers while asked; else the
        declarer's leads (of the named suit when held), and the request when allowed."""
        if self.secret_turn:
            return list(NAME_LEADS.values())
        named = -1 if self.lead_suit is None else int(self.lead_suit)
        legal = lead_mask(self.held[seat], 1, self._trumps.trump, named)
        plays: list[Action] = [_PLAYS[b] for b in self.bits[seat] if legal >> b & 1]
        if named < 0 and self._ask_lead_error() is None:
            plays.append(ASK_LEAD)
        return plays

    def _leads(self, seat: int, trick_no: int) -> list[Action]:
        """The leads of tricks 2–10 (M11): any card; the joker with each suit it may name
        while it has power (M12); the joker-caller with and without a demand (M13)."""
        hand = self.bits[seat]
        caller = self._trumps.caller
        if not self.held[seat] & (JOKER_MASK | 1 << caller):
            return list(map(_PLAYS.__getitem__, hand))
        powered = joker_power(trick_no, False)
        demand = can_demand(trick_no)
        out: list[Action] = []
        for b in hand:
            if b == JOKER_BIT and powered:
                out.extend(_JOKER_LEADS)
            elif b == caller and demand:
                out.append(_PLAYS[b])
                out.append(JOKER_DEMANDS[CARD_OF_BIT[b]])
            else:
                out.append(_PLAYS[b])
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            # A card (M11–M15), the hot path: its checks, then the core's trick.
            if (
                self._phase != PLAYING
                or seat != self.to_act
                or (self.lead_asked and self.lead_suit is None)  # secret_turn, inlined
            ):
                self._check_turn(seat, PLAYING, "play")
                self._check_not_asked()
            card = action.card
            b = BIT_OF_CARD[card.index]
            held = self.held[seat]
            if not held >> b & 1:
                raise IllegalAction("card_not_in_hand", N_("you do not hold {card}"),
                                    card=str(card))
            trick = self._trick
            size = len(trick.cards)
            plain = action is _PLAYS[b]
            if size:
                legal = self._legal
                if legal < 0:
                    legal = follow_mask(held, trick.led, self._trumps.mighty, trick.demanded)
                if not (plain and legal >> b & 1):
                    self._check_follow(seat, action)
                self._legal = -1
            elif not plain or b == JOKER_BIT or trick.number == 1:
                # After trick 1 any plain lead but the joker's is legal (M11, M12).
                self._check_lead(seat, action)
            if size == PLAYERS - 1 and trick.number == TRICKS:
                self._check_deal_left_after_hand()
            self.log.append((seat, action))
            self.bits[seat].remove(b)
            self.held[seat] = held ^ _VALUE[b]
            name = _NAMES[b]
            if plain:
                play_card(self._trumps, trick, b)
                events = [Event("card_played", seat, {"card": name})]
            else:
                events = [Event("card_played", seat, self._special_play(action, b, size))]
            if b == self._called and seat != self.declarer:
                self._reveal_friend(seat, name, events)
            if size < PLAYERS - 1:
                self.to_act = _NEXT[seat]
            else:
                self._end_trick(events)
            return events
        if isinstance(action, MightyBid):
            self._check_auction_turn(seat)
            return self._bid(seat, action)
        if isinstance(action, Pass):
            self._check_auction_turn(seat)
            return self._pass(seat)
        if isinstance(action, DealMiss):
            self._check_auction_turn(seat)
            return self._deal_miss(seat)
        if isinstance(action, Discard):
            self._check_turn(seat, DISCARD, "discard")
            return self._discard(seat, action)
        if isinstance(action, Contract):
            self._check_turn(seat, FRIEND, "contract")
            return self._change_contract(seat, action)
        if isinstance(action, FriendCall):
            self._check_turn(seat, FRIEND, "friend")
            return self._call_friend(seat, action)
        if isinstance(action, AskLead):
            self._check_turn(seat, PLAYING, "ask_lead")
            self._check_not_asked()
            return self._ask_lead(seat)
        if isinstance(action, NameLead):
            self._check_turn(seat, PLAYING, "name_lead")
            return self._name_lead(seat, action)
        raise IllegalAction("bad_input", f"{action!r} is not a Mighty action")

    # --- checks ------------------------------------------------------------------------

    def _check_turn(self, seat: int, phase: str, doing: str) -> None:
        if self._phase == phase and seat == self.to_act:
            return
        if self._phase == OVER:
            raise IllegalAction("wrong_phase", N_("the match is over"))
        if seat != self.to_act and self.secret_turn:
            raise IllegalAction(
                "not_your_turn", N_("it is not your turn: the friend is naming the first lead")
            )
        if seat != self.to_act:
            raise IllegalAction("not_your_turn", _NOT_YOUR_TURN[self._phase], seat=self.to_act)
        raise IllegalAction("wrong_phase", _WRONG_PHASE[doing][self._phase])

    def _check_not_asked(self) -> None:
        """The acting friend must answer the request before anything else (M9)."""
        if self.secret_turn:
            raise IllegalAction(
                "must_name_lead",
                N_("the declarer asked you to name the suit of the first lead: name a suit"),
            )

    def _check_auction_turn(self, seat: int) -> None:
        if self._phase == AUCTION and 0 <= seat < PLAYERS and self.passed[seat]:
            raise IllegalAction(
                "already_passed", N_("you passed: a pass is final for this auction"))
        self._check_turn(seat, AUCTION, "speak")

    def _check_deal_left_after_hand(self) -> None:
        if len(self.hand_scores) + 1 < self.match_length:
            self._check_deal_left()

    def _check_deal_left(self) -> None:
        """Refuse (before any change) an action that needs a deal the file lacks."""
        if self.deals is not None and len(self.records) >= len(self.deals):
            raise IllegalAction(
                "bad_input", f"the deals list has no deal {len(self.records) + 1} for the next deal"
            )

    # --- auction (M4, M5) ---------------------------------------------------------------

    def _bid(self, seat: int, action: MightyBid) -> list[Event]:
        points, trump = action.points, action.trump
        if type(points) is not int or not MIN_BID <= points <= MAX_BID:
            raise IllegalAction("bad_bid", N_("a bid is a number from {low} to {high}"),
                               low=MIN_BID, high=MAX_BID)
        if trump is not None and not isinstance(trump, Suit):
            raise IllegalAction("bad_bid", N_("a bid names a suit or no-trump"))
        if not beats(points, trump, self.bid):
            assert self.bid is not None
            number, standing = self.bid
            if standing is None:
                raise IllegalAction("bid_too_low", N_(
                    "a bid must beat {number} no-trump: bid {more} or more"),
                    number=number, more=number + 1)
            raise IllegalAction("bid_too_low", N_(
                "a bid must beat {number} {suit}: bid {more} or more, or {number} no-trump"),
                number=number, suit=standing.symbol, more=number + 1)
        self.log.append((seat, action))
        self.calls.append((seat, action))
        self.spoken[seat] = True
        self.bid = (points, trump)
        self.bidder = seat
        events = [Event("bid", seat, {"points": points, "trump": trump_label(trump)})]
        if sum(self.passed) == PLAYERS - 1:
            return events + self._end_auction()
        self.to_act = self._next_speaker(seat)
        return events

    def _pass(self, seat: int) -> list[Event]:
        passes = sum(self.passed) + 1
        if passes == PLAYERS:
            self._check_deal_left()
        self.log.append((seat, PASS))
        self.calls.append((seat, PASS))
        self.spoken[seat] = True
        self.passed[seat] = True
        events = [Event("passed", seat, {})]
        if passes == PLAYERS:
            return events + self._redeal("all_pass", None, self.dealer, self.first_speaker)
        if passes == PLAYERS - 1 and self.bidder is not None:
            return events + self._end_auction()
        self.to_act = self._next_speaker(seat)
        return events

    def _deal_miss(self, seat: int) -> list[Event]:
        if self.spoken[seat]:
            raise IllegalAction(
                "dealmiss_not_allowed",
                N_("a deal-miss may only be claimed on your first turn to speak"),
            )
        hand = self.hands[seat]
        value = self._dealmiss_halves(seat)
        if value > DEALMISS_LIMIT_HALVES:
            raise IllegalAction(
                "dealmiss_too_strong",
                N_("a deal-miss needs a hand worth ½ or less; yours is worth {value}"),
                value=format_halves(value),
            )
        self._check_deal_left()
        self.log.append((seat, DEAL_MISS))
        shown = tuple(hand)
        self.current.shown = shown
        events = [
            Event(
                "deal_miss",
                seat,
                {"hand": [NAMES[c.index] for c in shown], "value": format_halves(value)},
            )
        ]
        return events + self._redeal("deal_miss", seat, seat, seat)

    def _next_speaker(self, seat: int) -> int:
        passed = self.passed
        nxt = (seat + 1) % PLAYERS
        while passed[nxt]:
            nxt = (nxt + 1) % PLAYERS
        return nxt

    def _redeal(self, reason: str, claimant: int | None, dealer: int, speaker: int) -> list[Event]:
        record = self.current
        record.redeal = reason
        record.claimant = claimant
        self.last_redeal = record
        events = [Event("redeal", claimant, {"reason": reason, "dealer": dealer})]
        return events + self._start_deal(dealer, speaker)

    def _start_deal(self, dealer: int, speaker: int) -> list[Event]:
        number = len(self.records)
        if self.deals is not None:
            deal = self.deals[number]
        else:
            assert self.seed is not None
            deal = seeded_deal(self.seed, number, dealer)
        self.records.append(HandRecord(deal, dealer, speaker))
        self.dealer = dealer
        self.first_speaker = speaker
        self.bits = [list(map(_BIT_OF.__getitem__, h)) for h in deal.hands]
        self.held = [_mask(h) for h in self.bits]
        self.kitty = deal.kitty
        self.discards = ()
        self.passed = [False] * PLAYERS
        self.spoken = [False] * PLAYERS
        self.calls = []
        self.bid = None
        self.bidder = None
        self.declarer = None
        self.contract = None
        self.contract_changed = False
        self.friend_call = None
        self.called_card = None
        self._called = -1
        self.friend_seat = None
        self.solo = None
        self._set_trump(None)
        self._trick = Trick(1, self._trick.leader)
        self.lead_asked = False
        self.lead_suit = None
        self.tricks = []
        self.captured = [[] for _ in range(PLAYERS)]
        self._phase = AUCTION
        self.to_act = speaker
        data = {
            "hand_number": self.hand_number,
            "hand_count": self.match_length,
            "deal_number": number + 1,
            "dealer": dealer,
            "first_speaker": speaker,
        }
        events = [Event("dealt", dealer, data)]
        for seat in range(PLAYERS):
            order = sorted(map(_SORT_POS.__getitem__, self.bits[seat]))
            cards = list(map(_SORTED_NAMES.__getitem__, order))
            events.append(Event("cards_dealt", seat, {"cards": cards}, private_to=seat))
        return events

    def _end_auction(self) -> list[Event]:
        declarer = self.bidder
        assert declarer is not None and self.bid is not None
        self.declarer = declarer
        self.contract = self.bid
        self._set_trump(self.bid[1])
        record = self.current
        record.declarer = declarer
        record.bid = record.contract = self.bid
        kitty_bits = list(map(_BIT_OF.__getitem__, self.kitty))
        self.bits[declarer].extend(kitty_bits)
        self.held[declarer] |= _mask(kitty_bits)
        self._phase = DISCARD
        self.to_act = declarer
        points, trump = self.bid
        kitty = [NAMES[c.index] for c in self.kitty]
        return [
            Event("auction_won", declarer, {"points": points, "trump": trump_label(trump)}),
            Event("kitty_taken", declarer, {"cards": kitty}, private_to=declarer),
        ]

    def _set_trump(self, trump: Trump) -> None:
        self.trump = trump
        self.mighty = mighty_card(trump)
        self.caller = joker_caller(trump)
        self._trumps = _TRUMP_CARDS[trump]

    # --- declaration (M6–M8) ------------------------------------------------------------

    def _discard(self, seat: int, action: Discard) -> list[Event]:
        cards = action.cards
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            raise IllegalAction("bad_discard", N_("discard {count} cards"), count=KITTY_SIZE)
        if len(cards) != KITTY_SIZE:
            raise IllegalAction("bad_discard", N_("discard exactly {count} cards"),
                                count=KITTY_SIZE)
        if len({id(c) for c in cards}) != KITTY_SIZE:
            raise IllegalAction("bad_discard", N_("discard {count} different cards"),
                                count=KITTY_SIZE)
        thrown = [BIT_OF_CARD[c.index] for c in cards]
        for c, b in zip(cards, thrown, strict=True):
            if not self.held[seat] >> b & 1:
                raise IllegalAction("bad_discard", N_("you do not hold {card}"), card=str(c))
        self.log.append((seat, action))
        hand = self.bits[seat]
        for b in thrown:
            hand.remove(b)
        self.held[seat] ^= _mask(thrown)
        self.discards = cards
        self._phase = FRIEND
        return [
            Event("discarded", seat, {}),
            Event("discards", seat, {"cards": [NAMES[c.index] for c in cards]}, private_to=seat),
        ]

    def _change_contract(self, seat: int, action: Contract) -> list[Event]:
        assert self.bid is not None
        if self.contract_changed:
            raise IllegalAction(
                "bad_contract_change", N_("the contract was already changed: call your friend")
            )
        points, trump = action.points, action.trump
        if type(points) is not int or (trump is not None and not isinstance(trump, Suit)):
            raise IllegalAction("bad_contract_change",
                                N_("a contract is a number and a trump"))
        refusal = contract_refusal(self.bid, (points, trump))
        if refusal is not None:
            raise refusal
        self.log.append((seat, action))
        self.contract = (points, trump)
        self.contract_changed = True
        self.current.contract = self.contract
        self._set_trump(trump)
        return [Event("contract_changed", seat, {"points": points, "trump": trump_label(trump)})]

    def _call_friend(self, seat: int, action: FriendCall) -> list[Event]:
        target = action.target
        if not isinstance(target, Card) and target not in (FIRST, NONE):
            raise IllegalAction("bad_input", N_("call a card, \"first\" or \"none\""))
        self.log.append((seat, action))
        self.friend_call = target
        record = self.current
        record.friend_call = target
        if target == NONE:
            self.solo = record.solo = SOLO_OPEN
        elif isinstance(target, Card):
            self.called_card = target
            self._called = BIT_OF_CARD[target.index]
            bit = 1 << self._called
            holder = next((s for s in range(PLAYERS) if self.held[s] & bit), None)
            if holder is None or holder == seat:  # buried or the declarer's own
                self.solo = SOLO_SECRET
            else:
                self.friend_seat = holder
        self._phase = PLAYING
        self._trick.leader = seat
        self.to_act = seat
        call = target if isinstance(target, str) else NAMES[target.index]
        return [Event("friend_called", seat, {"call": call})]

    # --- the first lead asked of the friend (M9) -----------------------------------------

    def _ask_lead_error(self) -> str | None:
        """Why the declarer (to lead trick 1) may not ask for the first lead now (an
        English template), or None."""
        if self.contract != (MAX_BID, None):
            return N_("the friend may be asked for the first lead only at 20 no-trump")
        if self.lead_asked:
            return N_("you already asked the friend for the first lead")
        if self._trick.number != 1 or self._trick.cards:
            return N_("the friend may be asked only before the first lead")
        if self.friend_seat is None:
            return N_("only a friend called by a card held by another player can be asked")
        return None

    def _ask_lead(self, seat: int) -> list[Event]:
        reason = self._ask_lead_error()
        if reason is not None:
            raise IllegalAction("ask_lead_not_allowed", reason)
        self.log.append((seat, ASK_LEAD))
        self.lead_asked = True
        assert self.friend_seat is not None
        self.to_act = self.friend_seat
        return [Event("lead_asked", seat, {})]

    def _name_lead(self, seat: int, action: NameLead) -> list[Event]:
        if not self.secret_turn:
            raise IllegalAction("no_lead_asked", N_("nobody asked you to name the first lead"))
        suit = action.suit
        if not isinstance(suit, Suit):
            raise IllegalAction("bad_input", N_("name a suit: spades, hearts, diamonds or clubs"))
        self.log.append((seat, NAME_LEADS[suit]))
        self.lead_suit = self.current.lead_suit = suit
        assert self.declarer is not None
        self.to_act = self.declarer
        return [Event("lead_named", None, {"suit": suit.label})]

    # --- play (M11–M15) -----------------------------------------------------------------

    def _special_play(self, action: Play, b: int, size: int) -> dict[str, Any]:
        """Play a card named with a suit (a led joker, M12) or with a joker demand (M13),
        or a plain play that is not the interned one; its event's data."""
        named = action.suit
        trick = self._trick
        if not size:
            trick.demanded = action.call_joker
        play_card(self._trumps, trick, b, -1 if named is None else int(named))
        data: dict[str, Any] = {"card": _NAMES[b]}
        if named is not None:
            data["suit"] = _SUIT_LABELS[named]
        if action.call_joker:
            data["call_joker"] = True
        return data

    def _reveal_friend(self, seat: int, card: str | None, events: list[Event]) -> None:
        """The friend is known (M8, M15): the called card was played, or they won trick 1."""
        self.friend_seat = seat
        record = self.current
        record.friend = seat
        record.solo = SOLO_NONE
        events.append(Event("friend_revealed", seat, {"card": card}))

    def _check_lead(self, seat: int, action: Play) -> None:
        card = action.card
        b = BIT_OF_CARD[card.index]
        held = self.held[seat]
        trick_no = self._trick.number
        trump = self._trumps.trump
        if not lead_mask(held, trick_no, trump) >> b & 1:
            raise IllegalAction(
                "trump_lead_in_first_trick",
                N_("in trick 1 the declarer may not lead a trump while holding other suits"),
            )
        named = self.lead_suit
        if named is not None and not lead_mask(held, trick_no, trump, int(named)) >> b & 1:
            raise IllegalAction(
                "must_lead_named_suit",
                N_("the friend asked for {suit}: lead a {suit}"), suit=named.symbol,
            )
        powered = joker_power(trick_no, False)
        if action.suit is not None:
            if b != JOKER_BIT:
                raise IllegalAction("suit_not_allowed", N_("only a led joker names a suit"))
            if not powered:
                raise IllegalAction(
                    "joker_suit_not_allowed",
                    N_("in trick {trick} the joker has no power: lead it without naming a suit"),
                    trick=trick_no,
                )
            if not isinstance(action.suit, Suit):
                raise IllegalAction("bad_input",
                                    N_("name a suit: spades, hearts, diamonds or clubs"))
        elif b == JOKER_BIT and powered:
            raise IllegalAction(
                "joker_suit_required",
                N_("leading the joker, name the suit the others must follow"),
            )
        if action.call_joker:
            if b != self._trumps.caller:
                raise IllegalAction(
                    "bad_joker_call", N_("only the joker-caller ({card}) may demand the joker"),
                    card=str(self.caller),
                )
            if not can_demand(trick_no):
                raise IllegalAction("bad_joker_call",
                                    N_("the joker may not be demanded in trick 1"))

    def _check_follow(self, seat: int, action: Play) -> None:
        if action.suit is not None:
            raise IllegalAction("suit_not_allowed", N_("only a led joker names a suit"))
        if action.call_joker:
            raise IllegalAction(
                "bad_joker_call", N_("only the leader of a trick may demand the joker")
            )
        held = self.held[seat]
        trick = self._trick
        if follow_mask(held, trick.led, self._trumps.mighty, trick.demanded) >> BIT_OF_CARD[
            action.card.index
        ] & 1:
            return
        if trick.demanded and held & JOKER_MASK:
            raise IllegalAction(
                "must_play_demanded_joker",
                N_("the joker-caller demanded the joker: play it (or the Mighty)"),
            )
        raise IllegalAction("must_follow_suit", N_("you must follow {suit}"),
                            suit=_SUITS[trick.led].symbol)

    def _end_trick(self, events: list[Event]) -> None:
        trick = self._trick
        trick_no = trick.number
        leader = trick.leader
        winner = (leader + trick.best_pos) % PLAYERS
        bits = trick.cards
        cards = tuple(map(CARD_OF_BIT.__getitem__, bits))
        won = list(filter(_POINT_BITS.__contains__, bits))
        if won:
            self.captured[winner].extend(map(CARD_OF_BIT.__getitem__, won))
        led = None if trick.led < 0 else _SUITS[trick.led]
        done = tuple.__new__(PlayedTrick, (leader, cards, winner, led, trick.demanded))
        self.tricks.append(done)
        self.last_trick = (len(self.hand_scores) + 1, done)
        record = self.records[-1]
        record.trick_winners.append(winner)
        data = {
            "leader": leader,
            "cards": list(map(_NAMES.__getitem__, bits)),
            "number": trick_no,
            "points": list(map(_NAMES.__getitem__, won)),
            "led": None if led is None else _SUIT_LABELS[led],
            "joker_demanded": trick.demanded,
        }
        events.append(Event("trick_won", winner, data))
        if trick_no == 1 and self.friend_call == FIRST:
            if winner == self.declarer:
                self.solo = record.solo = SOLO_FIRST_TRICK
            else:
                self._reveal_friend(winner, None, events)
        if trick_no == TRICKS:
            events.extend(self._score_hand())
            return
        trick.next(winner)
        self.to_act = winner

    # --- settlement and match (M15–M18) -------------------------------------------------------

    def _score_hand(self) -> list[Event]:
        declarer = self.declarer
        assert declarer is not None and self.contract is not None
        friend = self.friend_seat
        points = side_points([len(c) for c in self.captured], declarer, friend)
        solo = self.solo if friend is None else SOLO_NONE
        assert solo is not None
        settlement = settle(declarer, friend, self.contract[0], self.contract[1], points, solo)
        record = self.current
        record.friend = friend
        record.solo = solo
        record.buried = sum(POINTS_OF[c.index] for c in self.discards)
        record.settlement = settlement
        self.hand_scores.append(list(settlement.scores))
        for s in range(PLAYERS):
            self.totals[s] += settlement.scores[s]
        data = {
            "hand_number": len(self.hand_scores),
            **record.summary(),
            "totals": list(self.totals),
        }
        events = [Event("hand_scored", declarer, data)]
        if len(self.hand_scores) == self.match_length:
            self._phase = OVER
            self.to_act = None
            self._trick.cards = []
            res = self.results()
            events.append(Event("game_over", None, {"totals": res.totals, "winners": res.winners}))
            return events
        self.last_redeal = None
        dealer = friend if friend is not None else declarer
        return events + self._start_deal(dealer, declarer)

    def results(self) -> Results:
        over = self._phase == OVER
        winners: list[int] = []
        if over:
            best = max(self.totals)
            winners = [s for s in range(PLAYERS) if self.totals[s] == best]
        return Results([list(h) for h in self.hand_scores], list(self.totals), winners, over)

    # --- views and notation --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """See :mod:`engine.mighty.view`."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < PLAYERS):
            raise IllegalAction("bad_input", f"a seat is a number from 0 to {PLAYERS - 1}")
        return build_view(self, seat)

    def record(self, expand_deals: bool = False) -> dict[str, Any]:
        """The match as a replay document (the format of ``python -m engine replay``):
        setup plus every action so far. ``expand_deals`` writes the cards of every deal
        so far (redeals included) instead of the seed."""
        dealt = self.deals if self.deals is not None else [r.deal for r in self.records]
        return replay_document(
            self, self.config.model_dump(), self.first_dealer, self.seed,
            lambda: [encode_deal(d) for d in dealt], expand_deals, self.log,
        )

    parse_action = staticmethod(parse_action)
    encode_action = staticmethod(encode_action)
