"""Whist's hint reasons (W4; docs/playing.md "Hints"): every hinted card of whole games
gets a reason that fits what the seat sees, and a replay of a finished game shows its
deals (``Reveal``) while an unfinished one shows none."""

from __future__ import annotations

from engine.ai.hints import hint
from engine.cards import Suit, parse_card
from engine.game import Play
from engine.tricks import winning_position
from engine.whist import WhistGame
from engine.whist.descriptor import WHIST
from engine.whist.reasons import SENTENCES
from engine.whist.rules import partnership


def _check(view: dict[str, object], code: str) -> None:
    trick = view["trick"]
    assert isinstance(trick, list)
    if code == "only":
        assert len(view["legal"]) == 1  # type: ignore[arg-type]
    elif not trick:
        assert code.startswith("lead_")
    else:
        cards = [parse_card(p["card"]) for p in trick]
        ahead = trick[winning_position(cards, cards[0].suit, Suit.from_label(str(view["trump"])))]
        ours = partnership(ahead["seat"]) == partnership(int(view["seat"]))  # type: ignore[arg-type]
        assert (code == "partner") == ours, (code, view)


def test_every_hinted_card_has_a_reason_that_fits_the_view() -> None:
    seen: set[str] = set()
    for seed in range(6):
        game = WhistGame({"deals": 1}, seed=seed)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            given = hint("whist", view, game.legal_actions(seat))
            assert given.reason in SENTENCES and isinstance(given.action, Play)
            assert given.template.format(**given.params).startswith(("Lead ", "Play "))
            _check(view, given.reason)
            seen.add(given.reason)
            game.apply(seat, given.action)
    assert {"lead_ace", "lead_long", "win", "partner", "lowest", "only"} <= seen


def test_a_finished_game_s_deals_are_public_in_its_replay() -> None:
    game = WhistGame({"deals": 1}, seed=3)
    doc = game.record(expand_deals=True)
    assert WHIST.reveal.dealt(doc, 0, finished=False) is None
    dealt = WHIST.reveal.dealt(doc, 0, finished=True)
    assert dealt is not None and [len(h) for h in dealt] == [13] * 4
    assert WHIST.reveal.document(doc, 1, {}, [])["deals"] == doc["deals"][:1]
