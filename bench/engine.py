"""Single-core random-playout speed of every registered game, through the public
interface (``legal_actions`` + ``apply``), with the default settings of each game.

Usage: ``python bench/engine.py [--seconds 3] [--openspiel] [game ...]``. Prints full
games per second, card plays per second (legal-move generation included) and peak
memory of one game. Rates are per second of this process's CPU time, so other load on
the machine disturbs them less.

``--openspiel`` (needs the ``bench`` extra) adds Kachuful side by side with OpenSpiel's
``oh_hell`` driven from Python, at every hand size 1..12 with the same deals: one hand
from the chance actions (hand size, dealer, cards) to the last card, random legal bids
and plays, the two engines alternated in rounds within this process; it prints hands
per second of each, our ratio to OpenSpiel, and the ratio a game that does nothing
reaches through the same loop (the ceiling of any engine measured this way). It then
times the search core, the same way at every size: our search's random playout
(:func:`engine.ai.kachuful.simulate.random_playout`, the cards of a hand after the
bids) against OpenSpiel's own C++ random playouts (``pyspiel.evaluate_bots`` with
``pyspiel.make_uniform_random_bot`` in every seat: one call clones the state and plays
it out in C++, legal moves included) from the first card of the same deals, and
prints card plays per second of each and the ratio (target ≥3×).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import BIT_OF_CARD, CARDS
from engine.descriptor import GameDescriptor
from engine.game import Action, Event, Play
from engine.registry import GAMES, game_named


class Playable(Protocol):
    """What :func:`playout` drives: the turn, the legal actions and apply."""

    @property
    def to_act(self) -> int | None: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def apply(self, seat: int, action: Action) -> list[Event]: ...


def playout(game: Playable, rng: random.Random) -> int:
    """Play ``game`` to the end with uniformly random legal actions; return the number
    of cards played."""
    plays = 0
    while (seat := game.to_act) is not None:
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        if type(action) is Play:
            plays += 1
    return plays


def measure(info: GameDescriptor[Any], seconds: float) -> None:
    rng = random.Random(1)
    seed = 0
    games = plays = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        plays += playout(info.spec.new_game(info.default_players, seed, {}), rng)
        games += 1
        seed += 1
        elapsed = time.process_time() - start
    tracemalloc.start()
    playout(info.spec.new_game(info.default_players, seed, {}), rng)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{info.name} ({info.default_players} players, default settings): "
        f"{games / elapsed:,.0f} games/s, {plays / elapsed:,.0f} card plays/s "
        f"({plays / games:.0f} plays/game, {games} games in {elapsed:.1f} s of CPU); "
        f"peak memory of one game {peak / 1024:,.0f} KiB"
    )


# --- Mighty section: hands per second (kept by the Mighty engine) -----------------------


def measure_mighty_hands(seconds: float) -> None:
    """Mighty's own figure: random hands per second on one core, a hand being one scored
    deal (auction, kitty and discards, friend call, ten tricks); redeals are extra work
    inside that time. Target: at least 6,000."""
    from engine.mighty import MightyGame

    rng = random.Random(2)
    seed = hands = deals = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        game = MightyGame({"hands": 10}, seed=seed)
        playout(game, rng)
        hands += len(game.hand_scores)
        deals += len(game.records)
        seed += 1
        elapsed = time.process_time() - start
    print(
        f"mighty hands: {hands / elapsed:,.0f} random hands/s on one core "
        f"({hands} hands, {deals - hands} redeals, {elapsed:.1f} s of CPU; target 6,000)"
    )


# --- end of the Mighty section ------------------------------------------------------------


def _openspiel(game: Any, size: int, dealer: int, chance: list[int], rng: random.Random) -> None:
    state = game.new_initial_state()
    state.apply_action(size)
    state.apply_action(dealer)
    for a in chance:
        state.apply_action(a)
    choice = rng.choice
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))


class _Idle:
    """A game that does nothing: the turns of a hand of ``size`` cards, each offering
    the same four plays. Through :func:`playout` it gives the ceiling of any engine
    driven by that loop (the loop and ``random.choice`` alone)."""

    def __init__(self, size: int) -> None:
        self._left = 4 + 4 * size
        self.to_act: int | None = 0
        self._legal: list[Action] = [Play.of(c) for c in CARDS[:4]]

    def legal_actions(self, seat: int) -> list[Action]:
        return self._legal[:]

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._left -= 1
        if not self._left:
            self.to_act = None
        return []


def side_by_side(seconds: float) -> None:
    """Kachuful and OpenSpiel's oh_hell, one hand of each size with the same deals, and
    the ceiling of the loop itself (:class:`_Idle`)."""
    from bench.oh_hell import MAX_SIZE, as_deal, deal_cards, load, our_game

    print(f"Kachuful vs OpenSpiel oh_hell (4 players, one hand, random legal play, "
          f"{seconds:.1f} s of CPU each per size; 'ceiling': a game that does nothing, "
          f"through the same loop):")
    for size in range(1, MAX_SIZE + 1):
        game = load(size)
        deals = [deal_cards(size, random.Random(f"speed:{size}:{i}")) for i in range(200)]
        spent = [0.0, 0.0, 0.0]
        hands = [0, 0, 0]
        rng = random.Random(size)
        while min(spent) < seconds:
            for side in (0, 1, 2):
                start = time.process_time()
                for i, chance in enumerate(deals[:50]):
                    if side == 0:
                        playout(our_game(size, i % 4, as_deal(chance)), rng)
                    elif side == 1:
                        _openspiel(game, size, i % 4, chance, rng)
                    else:
                        playout(_Idle(size), rng)
                spent[side] += time.process_time() - start
                hands[side] += 50
            deals = deals[50:] + deals[:50]
        ours, theirs, idle = (hands[k] / spent[k] for k in (0, 1, 2))
        print(f"  size {size:2}: ours {ours:8,.0f} hands/s  OpenSpiel {theirs:8,.0f} hands/s  "
              f"ratio {ours / theirs:.2f}x  (ceiling {idle / theirs:.2f}x)")


def _playing_state(game: Any, size: int, dealer: int, chance: list[int],
                   rng: random.Random) -> Any:
    """OpenSpiel's state at the first card of a deal, after random legal bids."""
    state = game.new_initial_state()
    for a in (size, dealer, *chance):
        state.apply_action(a)
    while state.legal_actions()[0] >= 52:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def search_side_by_side(seconds: float) -> None:
    """Random playouts of the cards of the same deals: our search core against
    OpenSpiel's C++ rollouts, card plays per second of CPU."""
    import pyspiel

    from bench.oh_hell import MAX_SIZE, PLAYERS, as_deal, deal_cards, load
    from engine.ai.kachuful.simulate import random_playout

    rollouts = 20
    bots = [pyspiel.make_uniform_random_bot(s, s) for s in range(PLAYERS)]
    print(f"Search core, random playouts of a hand's cards (4 players, the same deals, "
          f"{seconds:.1f} s of CPU each per size; OpenSpiel: evaluate_bots with uniform "
          f"random bots, in C++):")
    for size in range(1, MAX_SIZE + 1):
        game = load(size)
        rng = random.Random(size)
        states = []
        lean: list[tuple[list[int], int, int]] = []
        for i in range(50):
            chance = deal_cards(size, random.Random(f"speed:{size}:{i}"))
            dealer = i % PLAYERS
            states.append(_playing_state(game, size, dealer, chance, rng))
            deal = as_deal(chance)
            hands = [sum(1 << BIT_OF_CARD[c.index] for c in h) for h in deal.hands]
            assert deal.turned is not None
            lean.append((hands, (dealer + 1) % PLAYERS, BIT_OF_CARD[deal.turned.index] & 3))
        spent = [0.0, 0.0]
        plays = [0, 0]
        per_hand = PLAYERS * size
        while min(spent) < seconds:
            start = time.process_time()
            for hands, leader, trump in lean:
                for _ in range(rollouts):
                    random_playout(list(hands), leader, trump, rng)
            spent[0] += time.process_time() - start
            plays[0] += len(lean) * rollouts * per_hand
            start = time.process_time()
            for state in states:
                for _ in range(rollouts):
                    pyspiel.evaluate_bots(state.clone(), bots, rng.randrange(1 << 30))
            spent[1] += time.process_time() - start
            plays[1] += len(states) * rollouts * per_hand
        ours, theirs = (plays[k] / spent[k] for k in (0, 1))
        print(f"  size {size:2}: ours {ours:12,.0f} card plays/s  OpenSpiel {theirs:12,.0f} "
              f"card plays/s  ratio {ours / theirs:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--openspiel", action="store_true",
                        help="Kachuful side by side with OpenSpiel's oh_hell, sizes 1..12")
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    args = parser.parse_args()
    for name in args.games or sorted(g.name for g in GAMES):
        measure(game_named(name), args.seconds)
        if name == "mighty":
            measure_mighty_hands(args.seconds)
    if args.openspiel:
        side_by_side(args.seconds)
        search_side_by_side(args.seconds)


if __name__ == "__main__":
    main()
