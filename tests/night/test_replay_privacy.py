"""Who may see what in a replay (docs/playing.md "/replay"): a Mighty hand's kitty and discards
only to that hand's declarer, a finished Kachuful game's dealt hands to anyone, and the
attached file never holds the real kitty or a card that was not played."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.kachuful import KACHUFUL
from bot.games.mighty import MIGHTY
from bot.records.replays import build
from bot.render.history import replay_page
from bot.storage.recorded import RecordedGame
from bot.storage.results import PlayerResult
from engine.ai.decide import LevelPolicy
from engine.descriptor import CONCEALED
from engine.game import Game
from engine.kachuful.game import KachufulGame
from engine.mighty.game import MightyGame
from engine.replay import replay


def _played(game: Game) -> Game:
    policy, rng = LevelPolicy(game.name, "easy", None), random.Random(3)
    while (seat := game.to_act) is not None:
        game.apply(seat, policy.choose(game.view(seat), game.legal_actions(seat), rng))
    return game


def _recorded(game: Game) -> RecordedGame:
    totals = game.results().totals
    return RecordedGame(1, game.name, "finished", None, 0.0, 1, [
        PlayerResult(seat=s, user_id=100 + s, name=f"p{s}", score=t, won=False)
        for s, t in enumerate(totals)])


def test_mighty_kitty_only_to_the_declarer_and_never_in_the_file() -> None:
    game = _played(MightyGame({"hands": 1}, seed=8))
    book = build(game, MIGHTY.engine)
    recorded = _recorded(game)
    hand = book.hands[0]
    declarer = hand.summary["declarer"]
    assert hand.kitty is not None and hand.discards is not None
    for seat in range(5):
        embed, _ = replay_page(MIGHTY, recorded, book, 0, 0, 100 + seat)
        assert ("Only you see this" in str(embed.description)) == (seat == declarer)
    played = {c["card"] for t in hand.tricks for c in t["cards"]}
    assert set(book.document["deals"][-1]["kitty"]).isdisjoint(played)
    assert set(book.document["deals"][-1]["kitty"]) == set(hand.discards)
    out, ok = replay(book.document)
    assert ok and out["totals"] == game.results().totals


def test_finished_kachuful_shows_the_dealt_hands() -> None:
    game = _played(KachufulGame({"players": 3, "start_size": 2, "schedule": "descending"},
                                seed=2))
    book = build(game, KACHUFUL.engine)
    embed, _ = replay_page(KACHUFUL, _recorded(game), book, 0, 0, 999)
    dealt = book.hands[0].dealt
    assert dealt is not None and all(c in str(embed.description) for h in dealt for c in h)


def test_a_game_that_declares_no_reveal_shows_nothing_that_was_hidden() -> None:
    """The default (``engine.descriptor.Reveal``): the public pages only, no hand as
    dealt, no private cards, and a file that names the game only."""
    games = [(_played(KachufulGame({"players": 3, "start_size": 2, "schedule": "descending"},
                                   seed=2)), KACHUFUL.engine),
             (_played(MightyGame({"hands": 1}, seed=8)), MIGHTY.engine)]
    for game, engine in games:
        book = build(game, replace(engine, reveal=CONCEALED))
        assert book.document == {"game": game.name}
        assert book.hands and all(hand.tricks for hand in book.hands)
        assert all(hand.dealt is None and hand.kitty is None and hand.discards is None
                   and hand.privy is None for hand in book.hands)
