"""Every refusal specific to Mighty is ephemeral, says why, and changes nothing
(PRODUCT "Promises"; M4–M8, M11, M13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import CardBot
from engine.cards import JOKER, parse_card
from engine.game import Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid
from engine.mighty.actions import JOKER_DEMANDS
from engine.mighty.rules import parse_trump
from testkit.double import Double, FakeUser, InteractionResult
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot, table_message
from tests.engine.mighty.util import build_deal
from tests.mighty_bot.harness import (
    MightyDriver,
    find_id,
    fixed_deals,
    open_mighty,
    the_table,
)

DECLARER = "A♠ 3♣ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"
"""Seat 0: the Mighty, the joker-caller and hearts (worth 3½: no deal-miss)."""


def _snapshot(bot: CardBot, double: Double) -> tuple[Any, ...]:
    table = the_table(bot, double)
    return (table.rec.version, table.game and table.game.to_json(), table.rec.status,
            len(table_message(double).versions))


class Refusals:
    def __init__(self, bot: CardBot, double: Double, users: list[FakeUser]) -> None:
        self.bot, self.double, self.users = bot, double, users
        self.count = 0

    async def slash(self, seat: int, sub: str, *words: str, **options: Any) -> None:
        before = _snapshot(self.bot, self.double)
        result = await self.double.slash(self.users[seat], self.double.channel, "mighty", sub,
                                         **options)
        await self.expect(result, before, *words)

    async def expect(self, result: InteractionResult, before: tuple[Any, ...],
                     *words: str) -> None:
        await self.double.settle()
        assert result.response_type == 4 and result.ephemeral, result
        for word in words:
            assert word in result.content, result.content
        assert _snapshot(self.bot, self.double) == before
        self.count += 1


async def test_every_mighty_refusal_is_private_and_changes_nothing(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal = build_deal({0: DECLARER, 1: "JK 4♣"})
    fixed_deals(monkeypatch, [deal], first_dealer=0)
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    await run_bot(bot)
    users = [double.add_user(n) for n in ("ana", "bo", "cy", "di", "ed")]
    await open_mighty(double, users, hands=1)
    driver = MightyDriver(bot, double, users, lambda g, s: PASS)
    r = Refusals(bot, double, users)

    # The auction (M4, M5).
    await r.slash(0, "dealmiss", "worth 3½")
    await r.slash(1, "bid", "not your turn", points=15, trump="spades")
    await driver.perform(0, MightyBid.of(13, parse_trump("hearts")), panel=True)
    await r.slash(1, "bid", "must beat 13 ♥", "14 or more", "13 no-trump",
                  points=13, trump="spades")
    await driver.perform(1, MightyBid.of(14, parse_trump("spades")), panel=False)
    for seat in (2, 3, 4):
        await driver.perform(seat, PASS, panel=seat % 2 == 0)
    await r.slash(0, "dealmiss", "first turn")
    await driver.perform(0, MightyBid.of(15, parse_trump("hearts")), panel=False)
    await r.slash(2, "bid", "passed", "final", points=16, trump="hearts")
    await driver.perform(1, PASS, panel=True)
    game = driver.game
    assert game.phase == "discard" and game.declarer == 0

    # The kitty (M6) and the friend call out of phase (M8).
    await r.slash(0, "discard", "do not hold 2♠", cards="2♠ 6♥ 7♥")
    await r.slash(0, "discard", "exactly 3", cards="6♥ 7♥")
    await r.slash(0, "discard", "is not", cards="6♥ 7♥ zz")
    await r.slash(0, "friend", "discard", call="none")
    await r.slash(3, "discard", "not your turn", cards="6♥ 7♥ 8♥")
    await driver.perform(0, Discard(game.kitty), panel=True)

    # The final contract (M7).
    await r.slash(0, "contract", "needs 17", points=16, trump="spades")
    await r.slash(0, "contract", "below the bid", points=14, trump="hearts")
    await driver.perform(0, FriendCall.of("none"), panel=True)
    await r.slash(0, "contract", "cannot change the contract", points=17, trump="hearts")

    # Play (M11, M13).
    await r.slash(0, "play", "trick 1", card="6♥")
    await r.slash(0, "play", "do not hold", card="2♠")
    await r.slash(0, "play", "is not", card="banana")
    await driver.perform(0, Play.of(parse_card("A♠")), panel=True)
    await r.slash(1, "play", "must follow ♠", card="4♣")
    await r.slash(2, "play", "not your turn", card="2♥")
    for seat in (1, 2, 3, 4):
        legal = game.legal_actions(seat)
        await driver.perform(seat, legal[0], panel=seat % 2 == 1)
    assert game.to_act == 0 and game.trick_no == 2
    opened = await double.slash(users[0], double.channel, "mighty", "hand")
    stale = opened.message  # the live panel, left behind by a move made by command
    assert stale is not None
    await driver.perform(0, JOKER_DEMANDS[parse_card("3♣")], panel=False)
    assert game.demanded
    await r.slash(1, "play", "demanded the joker", card="4♣")
    old = find_id(stale, "p" + str(parse_card("K♥").index))
    assert old is not None
    before = _snapshot(bot, double)
    await r.expect(await double.click(users[0], stale, old), before, "earlier turn")
    await driver.perform(1, Play.of(JOKER), panel=True)
    assert r.count == 20
