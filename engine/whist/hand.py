"""One Whist deal as it is played (W3–W5): the cards held, the trick in play, the
finished tricks and each partnership's count. The rules of following and of the
trick's winner are the shared trick core's (:mod:`engine.tricks`)."""

from __future__ import annotations

from engine.cards import Card, Suit, sort_hand
from engine.game import IllegalAction
from engine.i18n import N_
from engine.tricks import follow_options, must_follow, winning_position
from engine.whist.deal import Deal
from engine.whist.rules import HAND_SIZE, PLAYERS, deal_points, left_of, partnership


class Hand:
    """Deal ``number`` (from 0), dealt by ``dealer``. ``held`` are the cards each seat
    still holds, ``trick`` the current trick's cards from ``leader``, ``tricks`` every
    finished trick as ``(leader, cards)`` with its winner in ``winners``; ``won`` counts
    each partnership's tricks and ``scores`` its points once the deal is over. Read-only
    outside the game."""

    __slots__ = ("deal", "dealer", "held", "leader", "number", "scores", "to_act", "trick",
                 "tricks", "trump", "winners", "won")

    def __init__(self, number: int, dealer: int, deal: Deal) -> None:
        self.number = number
        self.dealer = dealer
        self.deal = deal
        self.trump: Suit = _suit(deal.turned)
        self.held = [list(cards) for cards in deal.hands]
        self.leader = self.to_act = left_of(dealer)
        self.trick: list[Card] = []
        self.tricks: list[tuple[int, tuple[Card, ...]]] = []
        self.winners: list[int] = []
        self.won = [0, 0]
        self.scores: list[int] | None = None

    @property
    def led(self) -> Suit | None:
        """The suit of the trick in play, None before its first card."""
        return self.trick[0].suit if self.trick else None

    @property
    def turned(self) -> Card | None:
        """The turned card while the dealer still holds it: public until played (W3)."""
        card = self.deal.turned
        return card if card in self.held[self.dealer] else None

    @property
    def over(self) -> bool:
        return len(self.tricks) == HAND_SIZE

    @property
    def tricks_by_seat(self) -> list[int]:
        """The tricks each seat has won itself (its side's count is in ``won``)."""
        return [self.winners.count(seat) for seat in range(PLAYERS)]

    def legal(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, trumps first (W4); for the seat to act."""
        return follow_options(sort_hand(self.held[seat], self.trump), self.led)

    def refusal(self, seat: int, card: Card) -> IllegalAction | None:
        """Why the seat to act may not play ``card`` (not held, or not following), if so."""
        held = self.held[seat]
        if card not in held:
            return IllegalAction("card_not_in_hand", N_("you do not hold {card}"), card=str(card))
        led = self.led
        if led is not None and must_follow(held, led, card):
            return IllegalAction("must_follow_suit", N_("you must follow {suit}"),
                                 suit=led.symbol)
        return None

    def play(self, seat: int, card: Card) -> int | None:
        """The seat to act plays ``card`` (checked by :meth:`refusal`). Returns the
        winner once the trick is complete, who leads the next one (W4); scores the deal
        after its last trick (W5)."""
        self.held[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < PLAYERS:
            self.to_act = left_of(seat)
            return None
        cards = tuple(self.trick)
        winner = (self.leader + winning_position(cards, self.led, self.trump)) % PLAYERS
        self.tricks.append((self.leader, cards))
        self.winners.append(winner)
        self.won[partnership(winner)] += 1
        self.trick = []
        self.leader = self.to_act = winner
        if self.over:
            self.scores = deal_points(self.won)
        return winner


def _suit(card: Card) -> Suit:
    assert card.suit is not None, "a Whist deal holds no joker"
    return card.suit
