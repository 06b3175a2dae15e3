"""The rules of one Kachuful hand on bit masks (K7–K10): the phase machine that
:class:`~engine.kachuful.game.KachufulGame` wraps and the AI's playouts follow.

Cards and trump as in :mod:`engine.kachuful.trick`. A hand is bid in turn from the
dealer's left (K7), the dealer last under the hook (K8), then played a trick at a time
(K9) until every card is out; :meth:`HandCore.scores` scores it (K10, KV5, KV7).
"""

from __future__ import annotations

from typing import Final

from engine.cards import CARD_OF_BIT, NAMES, Suit
from engine.game import IllegalAction
from engine.i18n import N_
from engine.kachuful.config import Scoring
from engine.kachuful.scoring import hand_score
from engine.kachuful.trick import BEATS, legal_mask
from engine.slots import Reduced, by_slots

_NAME_OF_BIT: Final = tuple(NAMES[c.index] for c in CARD_OF_BIT)


def forbidden_bid(size: int, bids: list[int | None]) -> int | None:
    """The dealer's forbidden bid under the hook (K8): the hand size minus the other
    bids, when that is a bid at all."""
    value = size - sum(b for b in bids if b is not None)
    return value if 0 <= value <= size else None


class HandCore:
    """One hand as it is bid and played. ``hands`` are the seats' masks; ``to_act`` the
    seat to bid or play; ``playing`` once the dealer has bid; ``trick`` the current
    trick's bits from ``leader``; ``tricks`` every finished trick as ``(leader, bits)``
    with its winner in ``winners`` and the count per seat in ``won``."""

    __slots__ = (
        "best",
        "bids",
        "blind",
        "dealer",
        "hands",
        "hook",
        "leader",
        "players",
        "playing",
        "size",
        "to_act",
        "trick",
        "tricks",
        "trump",
        "win_pos",
        "winners",
        "won",
    )

    def __init__(
        self, players: int, size: int, dealer: int, trump: int, hook: bool, hands: list[int]
    ) -> None:
        self.players = players
        self.size = size
        self.dealer = dealer
        self.trump = trump
        self.hook = hook
        self.hands = hands
        self.bids: list[int | None] = [None] * players
        self.blind = [False] * players
        self.won = [0] * players
        self.winners: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.trick: list[int] = []
        self.best = -1
        self.win_pos = 0
        self.leader = self.to_act = (dealer + 1) % players
        self.playing = False

    def __reduce__(self) -> Reduced:
        return by_slots(self, (self.players, self.size, self.dealer, self.trump, self.hook,
                               self.hands))

    @property
    def over(self) -> bool:
        """Whether every card has been played."""
        return self.playing and not self.trick and not self.hands[self.leader]

    # --- bidding (K7, K8) -----------------------------------------------------------------

    def forbidden(self, seat: int) -> int | None:
        """The bid ``seat`` may not make now (K8), if any."""
        if self.playing or seat != self.dealer or not self.hook:
            return None
        return forbidden_bid(self.size, self.bids)

    def bid_range(self, amount: object) -> None:
        """Refuse a bid that is not a whole number from 0 to the hand size (K7)."""
        if type(amount) is not int or not 0 <= amount <= self.size:
            raise IllegalAction("bid_out_of_range", N_("bid a whole number from 0 to {size}"),
                                size=self.size)

    def bid(self, seat: int, amount: int, blind: bool) -> None:
        """``seat`` (to act, bidding) bids ``amount`` (in range): refused under the hook
        (K8); the dealer's bid ends the bidding and the dealer's left leads (K7, K9)."""
        if amount == self.forbidden(seat):
            raise IllegalAction(
                "hook_rule", N_("as dealer you may not bid {bid}: the bids would total {size}"),
                bid=amount, size=self.size)
        self.bids[seat] = amount
        self.blind[seat] = blind
        if seat == self.dealer:
            self.playing = True
            self.to_act = self.leader
        else:
            self.to_act = (seat + 1) % self.players

    # --- play (K9) --------------------------------------------------------------------------

    def legal(self, seat: int) -> int:
        """The cards ``seat`` may play now (K9)."""
        trick = self.trick
        return legal_mask(self.hands[seat], trick[0] & 3 if trick else -1)

    def refusal(self, seat: int, bit: int) -> IllegalAction | None:
        """Why ``seat`` may not play ``bit`` now (not held, or not following), if so."""
        hand = self.hands[seat]
        if not hand >> bit & 1:
            return IllegalAction("card_not_in_hand", N_("you do not hold {card}"),
                                 card=_NAME_OF_BIT[bit])
        trick = self.trick
        if trick and not legal_mask(hand, trick[0] & 3) >> bit & 1:
            return IllegalAction("must_follow_suit", N_("you must follow {suit}"),
                                 suit=Suit(trick[0] & 3).symbol)
        return None

    def _refused(self, seat: int, bit: int) -> IllegalAction:
        err = self.refusal(seat, bit)
        assert err is not None
        return err

    def play(self, seat: int, bit: int) -> int:
        """``seat`` (to act, playing) plays ``bit``, refused unless legal (K9). Returns
        the trick's winner when this card completes it (who then leads), else -1."""
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            if not legal_mask(hand, trick[0] & 3) >> bit & 1:
                raise self._refused(seat, bit)
            if BEATS[self.trump][self.best] >> bit & 1:
                self.best = bit
                self.win_pos = len(trick)
        elif hand >> bit & 1:
            self.best = bit
            self.win_pos = 0
        else:
            raise self._refused(seat, bit)
        self.hands[seat] = hand ^ (1 << bit)
        trick.append(bit)
        n = self.players
        if len(trick) < n:
            self.to_act = seat + 1 if seat + 1 < n else 0
            return -1
        winner = (self.leader + self.win_pos) % n
        self.won[winner] += 1
        self.winners.append(winner)
        self.tricks.append((self.leader, tuple(trick)))
        self.trick = []
        self.leader = self.to_act = winner
        return winner

    # --- scoring (K10) -----------------------------------------------------------------------

    def scores(self, scoring: Scoring) -> list[int]:
        """Each seat's score for this hand (K10, KV5, KV7)."""
        return [
            hand_score(scoring, bid or 0, self.won[s], self.blind[s])
            for s, bid in enumerate(self.bids)
        ]
