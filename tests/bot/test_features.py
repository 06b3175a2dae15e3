"""Lobby and table features through the double: blind bids (KV7), the forehead hand
(KV8), Discord's limits at 3 players (17 cards) and 7 players, leaving, AI players,
autocomplete, re-posting the table, the turn ping and the rules card."""

from __future__ import annotations

import pytest

from bot.client import CardBot
from testkit.double import Double, FakeUser
from tests.bot.harness import (
    Driver,
    custom_ids,
    field,
    labels,
    members,
    open_table,
    table_id,
    table_message,
    whose_turn,
)


@pytest.fixture
def users(double: Double) -> list[FakeUser]:
    return members(double, 7)


def _fields(message: object) -> dict[str, str]:
    return {f["name"]: f["value"] for e in message.embeds for f in e.get("fields") or []}  # type: ignore[attr-defined]


async def test_kv7_blind_bid_offered_before_looking_17_cards(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    three = users[:3]
    await open_table(double, three, blind_bids=True)
    driver = Driver(double, three)
    bidder, panel = await driver.mover()
    names = labels(panel)
    assert sum(1 for v in names.values() if str(v).startswith("Blind ")) == 18
    assert "Your cards" not in _fields(panel)
    blind = next(c for c in custom_ids(panel) if names[c] == "Blind 2")
    done = await double.click(bidder, panel, blind)
    assert done.content == "Done: you bid 2 blind."
    assert "bid 2 (blind)" in field(table_message(double), "Scores")

    other = next(u for u in three if u.id != bidder.id and u.id != whose_turn(double))
    offer = await driver.panel(other)
    assert not [c for c in custom_ids(offer) if labels(offer)[c].startswith("Blind")]
    look = next(c for c in custom_ids(offer) if labels(offer)[c] == "Look at my cards")
    shown = await double.click(other, offer, look)
    assert shown.response_type == 7
    assert len(_fields(shown)["Your cards"].split()) >= 17
    assert not any(str(v).startswith("Blind") for v in labels(shown).values())

    while bot.registry.in_channel(double.channel.id).game.phase == "bidding":  # type: ignore[union-attr]
        assert await driver.step()
    _, playing = await driver.mover()
    cards = [c for c in labels(playing) if c.startswith("a:")]
    assert len(cards) == 17


async def test_kv8_forehead_hand_shows_others_not_your_own(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    three = users[:3]
    await open_table(double, three, start_size=1, schedule="descending", forehead=True)
    game = bot.registry.in_channel(double.channel.id).game  # type: ignore[union-attr]
    assert game is not None
    driver = Driver(double, three)
    for _ in range(3):
        assert await driver.step()
    assert game.phase == "playing"
    seat = game.to_act
    user = three[seat]
    own = str(game.cards_of(seat)[0])
    panel = await driver.panel(user)
    text = str(panel.embeds)
    assert "Others' cards" in _fields(panel) and own not in text
    for other in range(3):
        if other != seat:
            assert str(game.cards_of(other)[0]) in _fields(panel)["Others' cards"]
    auto = await double.autocomplete(user, double.channel, "kachuful", "play", focused="card",
                                     card="")
    assert [c["value"] for c in auto.choices] == ["hidden"]
    played = await double.slash(user, double.channel, "kachuful", "play", card="hidden")
    assert played.content == f"Done: you played {own}. That was the last card!" or \
        played.content == f"Done: you played {own}."
    nxt = three[game.to_act] if game.to_act is not None else None
    if nxt is not None:
        panel = await driver.panel(nxt)
        hidden = next(c for c in custom_ids(panel) if c.endswith(":ph"))
        done = await double.click(nxt, panel, hidden)
        assert done.content.startswith("Done: you played")


async def test_seven_players_leave_hands_seat_to_ai(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    members = users[:3]
    await open_table(double, members, deal=False)
    added = await double.slash(members[0], double.channel, "kachuful", "addbot", count=4)
    assert added.content == "Added 4 AI players (normal)."
    full = await double.slash(users[3], double.channel, "kachuful", "join")
    assert "full" in full.content and full.ephemeral
    seats = field(table_message(double), "Seats (7/7)")
    assert seats.count("(AI, normal)") == 4
    dealt = await double.slash(members[0], double.channel, "kachuful", "deal")
    assert dealt.content.startswith("Dealt")
    await double.settle()
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    leaver = members[1]
    left = await double.slash(leaver, double.channel, "kachuful", "leave")
    assert "AI player took your seat" in left.content
    await double.settle()
    assert f"<@{leaver.id}>" not in field(table_message(double), "Scores")
    assert table.seat_of(leaver.id) is None and table.seats[1].ai
    driver = Driver(double, [members[0], members[2]])
    for _ in range(20):
        if not await driver.step():
            break
    assert table.game.hands[0].bids[1] is not None  # the AI bid for the seat


async def test_autocomplete_lists_only_legal_cards(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    four = users[:4]
    await open_table(double, four)
    game = bot.registry.in_channel(double.channel.id).game  # type: ignore[union-attr]
    assert game is not None
    driver = Driver(double, four)
    while not (game.phase == "playing" and game.view(None)["trick"]):
        assert await driver.step()
    seat = game.to_act
    legal = sorted(str(a.card) for a in game.legal_actions(seat))  # type: ignore[attr-defined]
    auto = await double.autocomplete(four[seat], double.channel, "kachuful", "play",
                                     focused="card", card="")
    assert sorted(c["value"] for c in auto.choices) == legal
    waiting = four[(seat + 1) % 4]
    auto = await double.autocomplete(waiting, double.channel, "kachuful", "play",
                                     focused="card", card="")
    assert auto.choices == []


async def test_table_repost_rules_and_turn_ping(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    four = users[:4]
    old = await open_table(double, four, turn_ping=True)
    await double.settle(quiet=0.1)
    pings = [m for m in double.messages() if "your turn" in m.content]
    assert len(pings) == 1
    turn = whose_turn(double)
    assert turn is not None and f"<@{turn}>" in pings[0].content
    assert await Driver(double, four).step()
    await double.settle(quiet=0.1)
    assert pings[0].deleted
    live = [m for m in double.messages() if "your turn" in m.content]
    assert len(live) == 1 and live[0] is not pings[0]

    posted = await double.slash(four[2], double.channel, "kachuful", "table")
    assert posted.ephemeral and "posted again" in posted.content
    # The new message's id is stored before the old one is pointed to it: a database
    # write between two REST calls, which the double cannot see.
    await double.settle(quiet=0.1)
    new = table_message(double)
    assert new.id != old.id and f"t:{table_id(double)}:hand" in new.custom_ids()
    assert old.content.startswith("This table moved")

    rules = await double.slash(four[3], double.channel, "kachuful", "rules")
    assert rules.ephemeral and "hook rule" in rules.content


async def test_lobby_buttons_leave_host_handover_and_cancel(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    ana, bo, cy = users[:3]
    await open_table(double, [ana, bo, cy], deal=False)
    tid = table_id(double)
    cancel = await double.click(bo, table_message(double), f"t:{tid}:cancel")
    assert cancel.ephemeral and "Only the host" in cancel.content
    addbot = await double.click(bo, table_message(double), f"t:{tid}:addbot")
    assert addbot.ephemeral and "Only the host" in addbot.content
    left = await double.click(ana, table_message(double), f"t:{tid}:leave")
    assert left.content == "You left the table."
    await double.settle()
    lobby = table_message(double)
    assert f"Host: <@{bo.id}>" in lobby.embeds[0]["description"]
    assert f"<@{ana.id}>" not in field(lobby, "Seats (2/7)")
    again = await double.click(ana, lobby, f"t:{tid}:join")
    assert "joined the table (seat 3)" in again.content
    ended = await double.click(bo, table_message(double), f"t:{tid}:cancel")
    assert ended.content == "The table was ended."
    await double.settle()
    assert "closed" in table_message(double).embeds[0]["title"]
    assert bot.registry.in_channel(double.channel.id) is None
    reopened = await double.slash(cy, double.channel, "kachuful", "start", hook=False)
    assert "open" in reopened.content
