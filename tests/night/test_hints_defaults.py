"""Hints and house rules through the double (docs/playing.md "Hints", "House rules"): the Hint
button answers privately with the normal AI's move for the seat and its reason, in every
phase of both games, and changes nothing (the table message, the panel, the table's
version); a table can turn hints off; a server's defaults are saved, shown, overridden,
and refused without Manage Server."""

from __future__ import annotations

from bot.client import CardBot
from bot.games.mighty.words import bid_text
from bot.render.hint_words import words
from bot.tables.table import Table
from engine.ai.hints import Hint, hint
from engine.game import Play
from engine.mighty import Discard, FriendCall, MightyGame
from testkit.double import Double, FakeUser, StoredMessage
from testkit.driver import MIGHTY, Panel, Step, table_id, table_message
from testkit.driver import Driver as PanelDriver
from tests.bot.harness import Driver, custom_ids, done, open_table
from tests.mighty_bot.harness import open_mighty

MANAGE_GUILD = 1 << 5
SHORT = 200
"""The most characters a hint takes: one short sentence, and the note that it is one."""


async def _hint(double: Double, table: Table, user: FakeUser, panel: StoredMessage) -> str:
    """Press Hint on the member's panel: a new private answer, and nothing changed."""
    seat = table.seat_of(user.id)
    assert seat is not None
    shown = table_message(double)
    before = (len(shown.versions), len(panel.versions), table.rec.version)
    hint_id = f"p:{table.id}:{seat}:hint"
    assert hint_id in custom_ids(panel)
    answer = await double.click(user, panel, hint_id)
    assert answer.ephemeral and answer.response_type == 4, answer
    await double.settle()
    assert table_message(double) is shown
    assert (len(shown.versions), len(panel.versions), table.rec.version) == before
    assert answer.content.startswith("💡 Hint: ") and "nothing was played" in answer.content
    assert len(answer.content) <= SHORT, answer.content
    return answer.content


async def test_the_hint_button_for_bids_and_cards(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    three = users[:3]
    await open_table(double, three, start_size=2, schedule="descending")
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    driver = Driver(double, three)
    phases: set[str] = set()
    while table.is_open and len(phases) < 2:
        user, panel = await driver.mover()
        await _hint(double, table, user, panel)
        phases.add(table.game.phase)
        assert await driver.step()
    assert phases == {"bidding", "playing"}


async def test_a_table_without_hints_has_no_hint_button(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    three = users[:3]
    await open_table(double, three, start_size=2, schedule="descending", hints=False)
    _, panel = await Driver(double, three).mover()
    assert not [c for c in custom_ids(panel) if c.endswith(":hint")]


async def test_mighty_auction_hint(double: Double, bot: CardBot, users: list[FakeUser]) -> None:
    host = users[0]
    await double.slash(host, double.channel, "mighty", "start", hands=1)
    await double.slash(host, double.channel, "mighty", "addbot", count=4)
    assert (await double.slash(host, double.channel, "mighty", "deal")).content.startswith("Dealt")
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    driver = PanelDriver(double, [host], MIGHTY, confirm=done)
    await double.settle()
    while table.is_open and table.game.to_act != 0:
        await double.settle()
    assert table.game.phase == "auction"
    panel = await driver.panel(host)
    text = await _hint(double, table, host, panel)
    assert "Bid" in text or "Pass" in text


def _mighty(table: Table) -> MightyGame:
    game = table.game
    assert isinstance(game, MightyGame)
    return game


async def _checked_hint(double: Double, table: Table, user: FakeUser,
                        panel: StoredMessage) -> Hint:
    """The Hint of the member's panel: the normal AI's legal move for the seat, from its
    own view, worded with its reason; nothing changed."""
    game, seat = _mighty(table), table.seat_of(user.id)
    assert seat is not None
    legal = game.legal_actions(seat)
    expected = hint("mighty", game.view(seat), legal)
    assert expected.action in legal
    assert await _hint(double, table, user, panel) == words(expected)
    return expected


def _menu(panel: StoredMessage, payload: str) -> tuple[str, ...]:
    shown = Panel.read(panel).find(payload)
    assert shown is not None and shown.menu, custom_ids(panel)
    return shown.values


def _contract(game: MightyGame) -> str:
    """The standing contract as the panel shows it."""
    assert game.contract is not None
    return bid_text(*game.contract)


async def test_mighty_hints_for_the_discard_contract_friend_call_and_cards(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    """Five members: the first speaker bids, the others pass; the declarer's panel hints
    its discard (M6), whether to change the contract (M7), its friend call once the
    contract is changed (M8), and every member's panel its first card."""
    five = [*users, double.add_user("ed")]
    await open_mighty(double, five, hands=1, images=False)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    game = _mighty(table)
    driver = PanelDriver(double, five, MIGHTY, confirm=done)
    while game.phase == "auction":
        assert await driver.step()
    assert game.phase == "discard" and game.declarer is not None
    declarer = next(u for u in five if table.seat_of(u.id) == game.declarer)
    others = [u for u in five if u is not declarer]
    assert not [c for c in custom_ids(await driver.panel(others[0])) if c.endswith(":hint")]

    panel = await driver.panel(declarer)
    got = await _checked_hint(double, table, declarer, panel)
    assert isinstance(got.action, Discard) and got.reason == "discard"
    assert {str(c.index) for c in got.action} <= set(_menu(panel, "D"))
    assert await driver.play(declarer, got.action)

    # The contract (M7): the normal AI keeps it, and says so with its friend call.
    assert game.phase == "friend"
    panel = await driver.panel(declarer)
    contracts = _menu(panel, "C")
    got = await _checked_hint(double, table, declarer, panel)
    assert isinstance(got.action, FriendCall) and got.reason.startswith("friend_")
    assert got.params["contract"] == _contract(game)
    assert await driver.play(declarer, Step("C", (contracts[0],)))

    # The friend call (M8), under the contract as changed.
    assert game.phase == "friend" and game.contract_changed
    panel = await driver.panel(declarer)
    assert Panel.read(panel).find("C") is None
    got = await _checked_hint(double, table, declarer, panel)
    assert isinstance(got.action, FriendCall) and got.reason.startswith("friend_")
    assert got.params["contract"] == _contract(game)
    assert await driver.play(declarer, got.action)

    # The first trick: every member's card, one the panel offers.
    assert game.phase == "playing"
    for _ in range(5):
        user, panel = await driver.mover()
        got = await _checked_hint(double, table, user, panel)
        assert isinstance(got.action, Play) and str(got.action.card) in words(got)
        assert MIGHTY.plan(got.action, Panel.read(panel)) is not None
        assert await driver.play(user, got.action)
    assert len(game.tricks) == 1


async def test_defaults_saved_shown_overridden_and_refused(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    host, other = users[:2]
    admin = double.add_user("admin", roles=[double.add_role("admins", MANAGE_GUILD)])
    none = await double.slash(other, double.channel, "kachuful", "defaults")
    assert none.ephemeral and "no saved Kachuful defaults" in none.content
    refused = await double.slash(other, double.channel, "kachuful", "defaults",
                                 schedule="descending")
    assert refused.content.startswith("Only members with Manage Server")
    saved = await double.slash(admin, double.channel, "kachuful", "defaults",
                               schedule="descending", hook=False, turn_timer=30)
    assert saved.content.startswith("Saved."), saved
    shown = await double.slash(other, double.channel, "kachuful", "defaults")
    assert shown.content.startswith("This server's Kachuful defaults") and "30" in shown.content
    await double.slash(host, double.channel, "kachuful", "start", turn_timer=0)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    settings = table.rec.settings
    assert settings["schedule"] == "descending" and settings["hook"] is False
    assert settings["turn_timer"] == 0 and settings["hints"] is True
    mighty = await double.slash(other, double.channel, "mighty", "defaults")
    assert "no saved Mighty defaults" in mighty.content
    assert table_id(double) == table.id
