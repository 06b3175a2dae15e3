"""A whole Mighty match by five members through slash commands and panels
(M1–M18): a deal-miss redeal (M5), an all-pass redeal (M4), a contract change (M7), a
called friend revealed mid-hand (M8, M15), a secret solo (M8, M16) and a joker demand
(M13); the final balances equal the engine's replay of the stored actions, the result
is stored for the leaderboard, and no public payload ever names a hidden card."""

from __future__ import annotations

import logging

import pytest

from engine.cards import Card
from engine.game import Action, Play
from engine.mighty import DEAL_MISS, PASS, Contract, FriendCall, MightyBid, MightyGame
from engine.mighty.deals import Deal, seeded_deal
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.backends import StorageAt
from tests.bot.harness import (
    check_pictures,
    members,
    replayed,
    shown_scores,
    started_bot,
    stored_leaderboard,
    table_message,
)
from tests.engine.mighty.util import build_deal
from tests.mighty_bot.harness import (
    MightyDriver,
    PrivacyWatch,
    fixed_deals,
    longest_suit,
    open_mighty,
    simple_chooser,
)

WEAK = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 2♥ 3♥"
"""A hand worth 0 (M5): seat 0 claims a deal-miss with it."""


def match_deals() -> list[Deal]:
    """Deal 1: a deal-miss hand for seat 0; deal 2: everyone passes; then one deal per
    hand of the match."""
    return [build_deal({0: WEAK}), *(seeded_deal(11, i, 0) for i in range(1, 12))]


def script() -> tuple[list[str], object]:
    """The moves: scripted specials on deals 1–4, quick legal moves elsewhere."""
    happened: list[str] = []
    quick = simple_chooser(5)

    def choose(game: MightyGame, seat: int) -> Action:
        deal = len(game.records)
        if game.phase == "auction":
            if deal == 1:
                happened.append("deal_miss")
                return DEAL_MISS
            if deal == 2:
                if seat == game.first_speaker:
                    happened.append("all_pass")
                return PASS
            if deal == 3 and game.bid is None:
                return MightyBid.of(14, longest_suit(game.hands[seat]))
        if game.phase == "friend" and deal == 3:
            if not game.contract_changed:
                assert game.bid is not None
                change = next(a for a in game.legal_actions(seat) if isinstance(a, Contract)
                              and a.points == 16 and a.trump not in (game.bid[1], None))
                happened.append("contract_change")
                return change
            held = set(game.hands[seat]) | set(game.discards)
            target = game.mighty if game.mighty not in held else next(
                c for c in game.current.deal.hands[(seat + 1) % 5] if c.is_point)
            happened.append("friend_card")
            return FriendCall.of(target)
        if game.phase == "friend" and deal == 4:
            own: Card = max((c for c in game.hands[seat] if c.suit is not None),
                            key=lambda c: c.rank)
            happened.append("secret_solo")
            return FriendCall.of(own)
        action = quick(game, seat)
        if isinstance(action, Play) and action.call_joker:
            happened.append("joker_demand")
        return action

    return happened, choose


@pytest.mark.parametrize("hands", [3, pytest.param(10, marks=pytest.mark.slow)])
async def test_match_matches_engine_replay(
    double: Double, run_bot: RunBot, storage_at: StorageAt, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, hands: int,
) -> None:
    """Three hands play every special above (deals 1–5); the default match of ten is the
    slow variant."""
    caplog.set_level(logging.INFO)
    deals = match_deals()
    fixed_deals(monkeypatch, deals, first_dealer=0)
    db = storage_at
    bot = await started_bot(double, run_bot, db)
    users = members(double, 5)
    await open_mighty(double, users, images=True, **({} if hands == 10 else {"hands": hands}))
    happened, choose = script()
    driver = MightyDriver(bot, double, users, choose)  # type: ignore[arg-type]
    watch = PrivacyWatch(double)
    revealed_mid_hand = False
    while True:
        game = driver.game
        secret_hand = len(game.records) == 4
        if not await driver.step():
            break
        await double.settle()
        texts = watch.check(driver.game)
        if secret_hand and len(driver.game.records) == 4:
            assert not any("secret" in t.lower() or "solo" in t.lower() for t in texts)
        if len(game.records) == 3 and game.friend_seat is not None:
            revealed_mid_hand = revealed_mid_hand or any("Friend: <@" in t for t in texts)
    assert watch.checked > 100
    for what in ("deal_miss", "all_pass", "contract_change", "friend_card", "secret_solo",
                 "joker_demand"):
        assert what in happened, what
    assert revealed_mid_hand

    final = table_message(double)
    assert "game over" in final.embeds[0]["title"]
    check_pictures(double, users)
    replay = await replayed(
        db, lambda rec, opening: MightyGame({"hands": hands}, deals=deals, first_dealer=0))
    assert replay.to_json() == driver.game.to_json()
    totals = replay.results().totals
    assert shown_scores(final) == {u.id: totals[i] for i, u in enumerate(users)}
    board = await stored_leaderboard(db, double.guild.id, "mighty")
    assert board.games_recorded == 1
    public = "\n".join(double.public_payloads())
    assert "claimed a deal-miss (hand worth 0)" in public and WEAK in public  # M5
    assert "Everyone passed" in public  # M4
    # The secret solo was told once the hand was over.
    assert any("secret solo" in t for m in double.messages() if not m.ephemeral
               for v in m.versions for t in [v.text()])
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "kitty" not in logged.lower()
