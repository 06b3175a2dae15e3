"""Every refusal is ephemeral, specific, and changes nothing (PRODUCT "Promises")."""

from __future__ import annotations

import asyncio

from bot.client import CardBot
from bot.tables.table import Table
from engine.cards import parse_card
from testkit.double import Double, FakeUser, InteractionResult
from tests.bot.harness import (
    Driver,
    custom_ids,
    labels,
    open_table,
    table_id,
    table_message,
    whose_turn,
)


def _snapshot(bot: CardBot, double: Double) -> tuple[object, ...]:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    versions = len(table_message(double).versions)
    state = table.game and table.game.to_json()
    return (table.rec.version, state, table.rec.status, len(table.seats), versions)


def _table(bot: CardBot, double: Double) -> Table:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    return table


async def _refused(double: Double, result: InteractionResult, *words: str) -> None:
    await double.settle()
    assert result.response_type == 4 and result.ephemeral, result
    for word in words:
        assert word in result.content, result.content


async def test_not_your_turn(double: Double, bot: CardBot, users: list[FakeUser]) -> None:
    await open_table(double, users)
    turn = whose_turn(double)
    assert turn is not None
    other = next(u for u in users if u.id != turn)
    before = _snapshot(bot, double)
    result = await double.slash(other, double.channel, "kachuful", "bid", amount=1)
    await _refused(double, result, "not your turn")
    assert _snapshot(bot, double) == before


async def test_non_player_is_refused(double: Double, bot: CardBot, users: list[FakeUser]) -> None:
    message = await open_table(double, users)
    stranger = double.add_user("eve")
    before = _snapshot(bot, double)
    tid = table_id(double)
    for result in (await double.click(stranger, message, f"t:{tid}:hand"),
                   await double.slash(stranger, double.channel, "kachuful", "bid", amount=0),
                   await double.slash(stranger, double.channel, "kachuful", "leave")):
        await _refused(double, result, "not playing at this table")
    assert _snapshot(bot, double) == before


async def test_deal_with_too_few_players(double: Double, bot: CardBot,
                                         users: list[FakeUser]) -> None:
    await open_table(double, users[:2], deal=False)
    before = _snapshot(bot, double)
    result = await double.slash(users[0], double.channel, "kachuful", "deal")
    await _refused(double, result, "3–7 players", "2 are seated", "addbot")
    assert _snapshot(bot, double) == before
    not_host = await double.slash(users[1], double.channel, "kachuful", "deal")
    await _refused(double, not_host, "Only the host")


async def test_second_table_in_a_channel_links_the_first(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    message = await open_table(double, users[:1], deal=False)
    before = _snapshot(bot, double)
    result = await double.slash(users[1], double.channel, "kachuful", "start")
    await _refused(double, result, "already has an open table", str(message.id))
    assert _snapshot(bot, double) == before
    assert len(bot.registry) == 1


async def test_no_table_here(double: Double, bot: CardBot, users: list[FakeUser]) -> None:
    result = await double.slash(users[0], double.channel, "kachuful", "hand")
    await _refused(double, result, "no open table", "/kachuful start")


async def test_dealers_forbidden_bid_is_refused_and_disabled(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    driver = Driver(double, users)
    game = _table(bot, double).game
    assert game is not None
    while game.view(None)["forbidden_bid"] is None:
        assert await driver.step()
    dealer = users[game.to_act]  # type: ignore[index]
    forbidden = game.view(None)["forbidden_bid"]
    panel = await driver.panel(dealer)
    button = next(c for c, label in labels(panel).items() if label == f"Bid {forbidden}")
    assert button not in custom_ids(panel)  # shown, but disabled
    before = _snapshot(bot, double)
    result = await double.slash(dealer, double.channel, "kachuful", "bid", amount=forbidden)
    await _refused(double, result, "Hook rule", f"may not bid {forbidden}")
    assert _snapshot(bot, double) == before


async def test_illegal_cards_are_refused_with_the_reason(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    driver = Driver(double, users)
    game = _table(bot, double).game
    assert game is not None
    found = None
    while found is None:
        assert await driver.step()
        view = game.view(None)
        if view["phase"] != "playing" or not view["trick"]:
            continue
        seat = game.to_act
        assert seat is not None
        led = parse_card(view["trick"][0]["card"]).suit
        hand = game.view(seat)["hand"]
        cards = [parse_card(c) for c in hand]
        if any(c.suit is led for c in cards):
            off = [c for c in cards if c.suit is not led]
            if off:
                found = (seat, off[0], led)
    seat, card, led = found
    user = users[seat]
    before = _snapshot(bot, double)
    result = await double.slash(user, double.channel, "kachuful", "play", card=str(card))
    await _refused(double, result, "must follow", led.symbol)  # type: ignore[union-attr]
    held = {parse_card(c) for c in game.view(seat)["hand"]}
    missing = next(c for c in (parse_card(f"{r}{s}") for r in "AKQJ" for s in "shdc")
                   if c not in held)
    result = await double.slash(user, double.channel, "kachuful", "play", card=str(missing))
    await _refused(double, result, f"do not hold {missing}")
    result = await double.slash(user, double.channel, "kachuful", "play", card="zz")
    await _refused(double, result, "zz names no card")
    assert _snapshot(bot, double) == before


async def test_two_clicks_at_once_apply_once(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    driver = Driver(double, users)
    user, panel = await driver.mover()
    first, second = [c for c in custom_ids(panel) if c.startswith("a:")][:2]
    clicks = await asyncio.gather(double.click(user, panel, first, settle=False),
                                  double.click(user, panel, second, settle=False))
    await double.settle()
    done = [c for c in clicks if c.content.startswith("Done")]
    stale = [c for c in clicks if "earlier turn" in c.content]
    assert len(done) == 1 and len(stale) == 1 and stale[0].ephemeral
    assert _table(bot, double).rec.version == 1


async def test_stale_button_from_an_earlier_turn(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    driver = Driver(double, users)
    user, panel = await driver.mover()
    button = next(c for c in custom_ids(panel) if c.startswith("a:"))
    acted = await double.slash(user, double.channel, "kachuful", "bid", amount=0)
    assert acted.content.startswith("Done")
    before = _snapshot(bot, double)
    result = await double.click(user, panel, button)
    await _refused(double, result, "earlier turn", "Refresh")
    assert _snapshot(bot, double) == before


async def test_closed_table_button_is_refused(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    driver = Driver(double, users)
    panel = await driver.panel(users[1])
    tid = table_id(double)
    not_host = await double.slash(users[1], double.channel, "kachuful", "end")
    await _refused(double, not_host, "Only the host")
    ended = await double.slash(users[0], double.channel, "kachuful", "end")
    assert ended.ephemeral and "abandoned" in ended.content
    assert "ended early" in table_message(double).embeds[0]["title"]
    result = await double.click(users[1], panel, f"p:{tid}:1")
    await _refused(double, result, "closed")
