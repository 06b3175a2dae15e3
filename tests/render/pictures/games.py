"""Games for the picture tests: states reached by seeded random play, the legal cards
of a seat, and the same game with its hidden cards shuffled (for the privacy tests)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from engine.cards import CARDS, JOKER, Card, Suit, card, deck52
from engine.game import Action, Game, IllegalAction, Play
from engine.kachuful.deal import Deal as KachufulDeal
from engine.kachuful.game import KachufulGame
from engine.mighty import Discard, MightyGame
from engine.mighty.deals import Deal as MightyDeal
from engine.mighty.deals import seeded_deal

NAMES = ("Ann", "Bartholomew Longname", "Chidi 🎲", "Dana", "Eun-ji 은지", "Farid", "Gus")

Log = list[tuple[int, Action]]
G = TypeVar("G", bound=Game)


def names(game: Game) -> list[str]:
    return list(NAMES[: game.players])


def play(game: G, rng: random.Random, steps: int,
         until: Callable[[G], bool] | None = None) -> Log:
    """Apply up to ``steps`` random legal actions (stopping early when ``until`` holds or
    the game ends); return them."""
    log: Log = []
    for _ in range(steps):
        seat = game.to_act
        if seat is None or (until is not None and until(game)):
            break
        action = rng.choice(game.legal_actions(seat))
        try:
            game.apply(seat, action)
        except IllegalAction:  # an explicit deals list ran out: stop here
            break
        log.append((seat, action))
    return log


def play_until(game: G, rng: random.Random, until: Callable[[G], bool]) -> G:
    play(game, rng, 10_000, until)
    assert until(game), "the state sought was not reached"
    return game


def legal_cards(game: Game, seat: int | None) -> list[str]:
    """The cards ``seat`` may play (or, in Mighty's discard, discard) now."""
    if seat is None:
        return []
    if isinstance(game, MightyGame):
        actions = game.listed_actions(seat)
        out = [str(c) for a in actions if isinstance(a, Discard) for c in a.cards]
        return out + [str(a.card) for a in actions if isinstance(a, Play)]
    return [str(a.card) for a in game.legal_actions(seat) if isinstance(a, Play)]


def kachuful(players: int, seed: int, **config: object) -> KachufulGame:
    """A game from explicit deals (so that they can be changed), first dealer seat 0."""
    cfg = {"players": players, **config}
    deals = KachufulGame(cfg, seed=seed).all_deals()
    if cfg.get("trump") != "turned":
        deals = [KachufulDeal(d.hands) for d in deals]
    return KachufulGame(cfg, deals=deals, first_dealer=0)


def mighty(seed: int, hands: int = 1) -> MightyGame:
    """A match from explicit deals (a few spare for redeals), first dealer seat 0."""
    deals = [seeded_deal(seed, i, 0) for i in range(4 * hands)]
    return MightyGame({"hands": hands}, deals=deals, first_dealer=0)


def _shuffle_by_class(
    slots: list[Card], key: Callable[[Card], object], rng: random.Random,
) -> dict[Card, Card]:
    """A mapping that shuffles ``slots`` among themselves within each class of ``key``."""
    out: dict[Card, Card] = {}
    groups: dict[object, list[Card]] = {}
    for c in slots:
        groups.setdefault(key(c), []).append(c)
    for group in groups.values():
        shuffled = group[:]
        rng.shuffle(shuffled)
        out.update(zip(group, shuffled, strict=True))
    return out


def kachuful_shuffled(
    game: KachufulGame, log: Log, known: Collection[Card], rng: random.Random,
) -> KachufulGame:
    """``game`` replayed from deals where every card not yet seen and not in ``known``
    moved: the unplayed cards of the hand being played (within each suit, so every
    seat's suit counts and so every past play stay legal), its undealt cards, and every
    later hand's deal."""
    deals = game.all_deals()
    current = len(game.hands) - 1
    deal = deals[current]
    played = {c for _, cards in game.current.tricks for c in cards}
    played |= {c for _, c in game.trick}
    hidden = [c for c in deck52() if c not in played and c not in known
              and c is not deal.turned]
    sigma = _shuffle_by_class(hidden, lambda c: c.suit, rng)
    hands = tuple(tuple(sigma.get(c, c) for c in hand) for hand in deal.hands)
    new = list(deals)
    new[current] = KachufulDeal(hands, deal.turned)
    for k in range(current + 1, len(new)):
        later = new[k]
        deck = deck52()
        rng.shuffle(deck)
        sizes = [len(h) for h in later.hands]
        cut = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
        turned = deck[cut[-1]] if later.turned is not None else None
        new[k] = KachufulDeal(tuple(tuple(deck[cut[i]:cut[i + 1]]) for i in range(len(sizes))),
                              turned)
    other = KachufulGame(game.config, deals=new, first_dealer=0)
    for seat, action in log:
        other.apply(seat, action)
    return other


MIGHTY_FIXED = frozenset({JOKER, card(14, Suit.SPADES), card(14, Suit.DIAMONDS),
                          card(3, Suit.CLUBS), card(3, Suit.SPADES)})
"""Cards whose place changes what is legal (the Mighty and the joker in either trump,
the joker-callers): never moved."""


def _mighty_class(c: Card) -> object:
    """Cards swap only with cards of the same suit and deal-miss value (M5)."""
    value = 2 if c.rank >= 11 else 1 if c.rank == 10 else 0
    return c.suit, value


def mighty_shuffled(
    game: MightyGame, log: Log, known: Collection[Card], rng: random.Random,
) -> MightyGame | None:
    """``game`` replayed from deals where the cards of the deal being played that are
    not yet seen and not in ``known`` moved (the others' hands, the kitty, the discards),
    keeping legal play legal; the declarer's discards follow the cards they name. None
    when the replay is refused all the same."""
    assert game.deals is not None
    deals = list(game.deals)
    current = len(game.records) - 1
    deal = deals[current]
    played = {c for t in game.tricks for c in t.cards} | set(game.trick)
    fixed = set(MIGHTY_FIXED) | played | set(known)
    call = game.friend_call
    if isinstance(call, Card):
        fixed.add(call)
    hidden = [c for hand in deal.hands for c in hand if c not in fixed]
    hidden += [c for c in deal.kitty if c not in fixed]
    sigma = _shuffle_by_class(hidden, _mighty_class, rng)
    deals[current] = MightyDeal(
        tuple(tuple(sigma.get(c, c) for c in hand) for hand in deal.hands),
        tuple(sigma.get(c, c) for c in deal.kitty),
    )
    other = MightyGame(game.config, deals=deals, first_dealer=0)
    for seat, action in log:
        if isinstance(action, Discard):
            action = Discard(tuple(sigma.get(c, c) for c in action.cards))
        try:
            other.apply(seat, action)
        except IllegalAction:
            return None
    return other


def cards_named(names: Sequence[str]) -> set[Card]:
    by_name = {str(c): c for c in CARDS}
    return {by_name[n] for n in names}


# --- states the tests draw ------------------------------------------------------------


def kachuful_mid_trick() -> KachufulGame:
    """Four players, hand 1 (♠ trump), two cards of the third trick down."""
    game = kachuful(4, 1)
    return play_until(game, random.Random(3),
                      lambda g: len(g.current.tricks) == 2 and len(g.trick) == 2)


def kachuful_seven_turned() -> KachufulGame:
    """Seven players, turned trump, three cards of the second trick down."""
    game = kachuful(7, 2, trump="turned")
    return play_until(game, random.Random(2),
                      lambda g: len(g.current.tricks) == 1 and len(g.trick) == 3)


def mighty_friend_revealed() -> MightyGame:
    """Hearts trump, the friend revealed, three cards of a trick down."""
    game = mighty(8)
    return play_until(game, random.Random(8), lambda g: g.phase == "playing"
                      and g.view(None)["friend"] is not None and len(g.trick) == 3)


def mighty_discard() -> MightyGame:
    game = mighty(8)
    return play_until(game, random.Random(8), lambda g: g.phase == "discard")
