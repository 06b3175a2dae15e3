"""OpenSpiel's ``oh_hell`` next to our Kachuful: card and action translation, and the
duplicate match of our AI levels against OpenSpiel's ISMCTS.

OpenSpiel's oh_hell is one hand of Kachuful with turned trump (KV4; the card after the
deal is always there, hand sizes 1..12 for 4 players), the hook (K8: the dealer, who
bids last, may not make the bids total the hand size), bidding and play from the
dealer's left (K7, K9). Its two scorings are ours: 1 point a trick plus 10 for an
exact bid is ``per_trick`` (KV5); ``off_bid_penalty`` (tricks + 10 when exact, else
−|tricks − bid|) is ``penalty`` (KV5, 10 + bid when exact). Each hand is played in
lockstep on both engines from the same deal; our seats decide from
``KachufulGame.view(seat)`` through :class:`~engine.ai.decide.LevelPolicy`, the
ISMCTS seats from the OpenSpiel state, and the two engines must agree on every legal
action set and on the scores.

OpenSpiel 2.0.2's ``ResampleFromInfostate`` for oh_hell, which ``pyspiel.ISMCTSBot``
samples its worlds with, only shuffles the cards the opponents really hold among them
(:func:`leaked_cards`): the bot knows which cards were not dealt (47 of 52 in a one-card
hand, 3 in a twelve-card hand), so in small hands it nearly sees the deal.
:class:`HonestIsmcts` is OpenSpiel's own Python ISMCTS with a resampler that deals the
hidden cards from every card the seat has not seen.

OpenSpiel numbers a card ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits
clubs, diamonds, spades, hearts; bids are actions ``52 + amount``. It deals card ``k``
of the deal to player ``k mod players`` and the next card is the trump card.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot as PyIsmcts
from open_spiel.python.algorithms.ismcts import ISMCTSFinalPolicyType as PyIsmctsPolicy

from engine.ai.decide import LevelPolicy
from engine.ai.kachuful.info import info_from_view
from engine.ai.lean import CARD_OF_BIT, bits
from engine.ai.sampling import sample_world
from engine.cards import Suit, card
from engine.game import Action, Play
from engine.kachuful.actions import Bid
from engine.kachuful.config import KachufulConfig
from engine.kachuful.deal import Deal
from engine.kachuful.game import KachufulGame

PLAYERS: Final = 4
MAX_SIZE: Final = 12
"""OpenSpiel's largest hand: (52 − 1) // 4, one card always left to turn."""
_OS_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
OS_CARDS: Final = tuple(card(a // 4 + 2, _OS_SUITS[a % 4]) for a in range(52))
"""Our card for each OpenSpiel card action."""
OS_ACTION: Final = {c: a for a, c in enumerate(OS_CARDS)}
BID_BASE: Final = 52
SCORINGS: Final = {"per_trick": False, "penalty": True}
"""Our scoring name and OpenSpiel's ``off_bid_penalty`` for the same scheme."""


def load(size: int, scoring: str = "per_trick") -> Any:
    """OpenSpiel's 4-player oh_hell with a fixed hand size."""
    return pyspiel.load_game(
        "oh_hell",
        {"players": PLAYERS, "num_tricks_fixed": size, "off_bid_penalty": SCORINGS[scoring]},
    )


@cache
def our_config(scoring: str = "per_trick") -> KachufulConfig:
    """Our Kachuful settings with OpenSpiel's rules (hand sizes from 12 down)."""
    return KachufulConfig.parse({
        "players": PLAYERS,
        "start_size": MAX_SIZE,
        "schedule": "descending",
        "trump": "turned",
        "scoring": scoring,
    })


def our_game(size: int, dealer: int, deal: Deal, scoring: str = "per_trick") -> KachufulGame:
    """Our one-hand Kachuful game of ``size`` cards with OpenSpiel's rules."""
    return KachufulGame(
        our_config(scoring), deals=[deal], first_dealer=dealer, start_hand=MAX_SIZE - size,
        max_hands=1,
    )


def deal_cards(size: int, rng: random.Random) -> list[int]:
    """A deal as OpenSpiel's chance actions: ``size * 4`` cards dealt round the table
    from player 0, then the trump card."""
    return rng.sample(range(52), size * PLAYERS + 1)


def as_deal(chance: Sequence[int]) -> Deal:
    """Our :class:`Deal` of OpenSpiel's deal actions."""
    hands = tuple(tuple(map(OS_CARDS.__getitem__, chance[s:-1:PLAYERS])) for s in range(PLAYERS))
    return Deal(hands, OS_CARDS[chance[-1]])


def to_os(action: Action) -> int:
    """OpenSpiel's action for one of ours."""
    if type(action) is Bid:
        return BID_BASE + action.amount
    assert type(action) is Play
    return OS_ACTION[action.card]


def from_os(action: int) -> Action:
    """Our action for one of OpenSpiel's."""
    return Bid.of(action - BID_BASE) if action >= BID_BASE else Play.of(OS_CARDS[action])


def start(size: int, dealer: int, chance: Sequence[int], scoring: str) -> tuple[Any, KachufulGame]:
    """Both engines at the first bid of the same deal."""
    state = load(size, scoring).new_initial_state()
    for a in (size, dealer, *chance):
        state.apply_action(a)
    return state, our_game(size, dealer, as_deal(chance), scoring)


class ShippedIsmcts:
    """``pyspiel.ISMCTSBot`` with random rollouts, as OpenSpiel's examples build it: its
    worlds come from the game's own ``ResampleFromInfostate``."""

    def __init__(self, simulations: int, seed: int, uct_c: float = 2.0) -> None:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.ISMCTSBot(
            seed, evaluator, uct_c, simulations, -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False,
        )

    def step(self, state: Any, game: KachufulGame) -> int:
        return int(self.bot.step(state))


class UniformRollouts:
    """One uniformly random rollout a leaf, as ``pyspiel.RandomRolloutEvaluator(1, seed)``
    does for the C++ bot, in the evaluator shape OpenSpiel's Python ISMCTS asks for
    (``prior`` and ``evaluate``)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]

    def evaluate(self, state: Any) -> Any:
        working = state.clone()
        choice = self.rng.choice
        while not working.is_terminal():
            working.apply_action(choice(working.legal_actions()))
        return np.array(working.returns())


class HonestIsmcts:
    """OpenSpiel's own information-set MCTS (``open_spiel.python.algorithms.ismcts``,
    adapted by OpenSpiel from the C++ bot: the same tree, ``uct_c``, random rollouts and
    most-visited move) with an honest resampler in its ``set_resampler`` hook: every
    simulation re-deals the hidden cards from all the cards its seat has not seen, each
    seat's shown voids kept (the bids are not used, as in OpenSpiel's own sampler)."""

    def __init__(self, simulations: int, seed: int, uct_c: float = 2.0) -> None:
        self.bot = PyIsmcts(
            None, UniformRollouts(seed), uct_c, simulations,
            random_state=np.random.RandomState(seed),
            final_policy_type=PyIsmctsPolicy.MAX_VISIT_COUNT,
        )
        self.rng = random.Random(seed)

    def step(self, state: Any, game: KachufulGame) -> int:
        seat = game.to_act
        assert seat is not None
        info = info_from_view(game.view(seat))
        unknown, capacity, allowed = info.hidden()
        size = game.current.size
        history = list(state.history())
        trump_card, after_deal = history[2 + PLAYERS * size], history[2 + PLAYERS * size + 1:]
        rng = self.rng

        def resample(root: Any, player: int) -> Any:
            parts = sample_world(unknown, capacity, allowed, rng)
            hands = [bits((info.hand if s == seat else parts[s]) | info.played[s])
                     for s in range(PLAYERS)]
            world = root.get_game().new_initial_state()
            for a in (size, game.current.dealer,
                      *(OS_ACTION[CARD_OF_BIT[hands[k % PLAYERS][k // PLAYERS]]]
                        for k in range(PLAYERS * size)),
                      trump_card, *after_deal):
                world.apply_action(a)
            return world

        self.bot.set_resampler(resample)
        return int(self.bot.step(state))


def leaked_cards(size: int, samples: int, seed: int) -> tuple[int, int]:
    """How OpenSpiel's own ``ResampleFromInfostate`` (which ``pyspiel.ISMCTSBot``
    samples its worlds with) deals a hand of ``size``: over ``samples`` resamples of a
    random deal, the number of distinct cards it ever puts in the hands against the
    number really dealt. Equal numbers mean it never deals a card that was not dealt."""
    rng = random.Random(seed)
    chance = deal_cards(size, rng)
    state = load(size).new_initial_state()
    for a in (size, 0, *chance):
        state.apply_action(a)
    seen: set[int] = set()
    for _ in range(samples):
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(1 << 30), 0.0, 1.0)
        world = state.resample_from_infostate(state.current_player(), sampler)
        seen.update(world.history()[2:2 + PLAYERS * size])
    return len(seen), PLAYERS * size


@dataclass
class Hand:
    """One hand of a duplicate pair: who sat where, bids, tricks, scores, think times."""

    ours: tuple[int, ...]
    bids: list[int]
    tricks: list[int]
    scores: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)


def play_hand(
    size: int, dealer: int, chance: Sequence[int], scoring: str, level: str,
    ours: Sequence[int], simulations: int, seconds: float | None, seed: int,
    honest: bool = False, uct_c: float = 2.0,
) -> Hand:
    """Play one deal with ``level`` in seats ``ours`` and ISMCTS in the others
    (:class:`ShippedIsmcts`, or with ``honest`` :class:`HonestIsmcts`), exploring with
    ``uct_c``."""
    state, game = start(size, dealer, chance, scoring)
    policy = LevelPolicy("kachuful", level, seconds)
    opponent = (HonestIsmcts if honest else ShippedIsmcts)(simulations, seed, uct_c)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {level: [], "ismcts": []}
    while (seat := game.to_act) is not None:
        legal = game.legal_actions(seat)
        assert state.current_player() == seat
        assert sorted(state.legal_actions()) == sorted(to_os(a) for a in legal)
        began = time.perf_counter()
        if seat in ours:
            action = policy.choose(game.view(seat), legal, rng)
            os_action = to_os(action)
        else:
            os_action = opponent.step(state, game)
            action = from_os(os_action)
        if len(legal) > 1:
            times[level if seat in ours else "ismcts"].append(time.perf_counter() - began)
        game.apply(seat, action)
        state.apply_action(os_action)
    assert state.is_terminal()
    rec = game.current
    assert rec.scores is not None
    assert [int(r) for r in state.returns()] == rec.scores
    bids = [b for b in rec.bids if b is not None]
    return Hand(tuple(ours), bids, list(rec.tricks_won), list(rec.scores), times)


def duplicate(
    deal: int, scoring: str, level: str, simulations: int, seconds: float | None,
    honest: bool = False, uct_c: float = 2.0,
) -> tuple[Hand, Hand]:
    """Deal number ``deal`` played twice, ``level`` in seats 0 and 2, then 1 and 3.
    Hand sizes cycle 1..12; the dealer moves every 12 deals."""
    size = 1 + deal % MAX_SIZE
    dealer = (deal // MAX_SIZE) % PLAYERS
    chance = deal_cards(size, random.Random(f"oh_hell:{deal}"))
    return (
        play_hand(size, dealer, chance, scoring, level, (0, 2), simulations, seconds, 2 * deal,
                  honest, uct_c),
        play_hand(size, dealer, chance, scoring, level, (1, 3), simulations, seconds,
                  2 * deal + 1, honest, uct_c),
    )

