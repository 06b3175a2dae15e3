"""Hints and house rules through the double (README "Hints", "House rules"): the Hint
button answers privately and leaves the panel as it was; a table can turn hints off;
a server's defaults are saved, shown, overridden, and refused without Manage Server."""

from __future__ import annotations

from bot.client import CardBot
from testkit.double import Double, FakeUser
from testkit.driver import MIGHTY, table_id
from testkit.driver import Driver as PanelDriver
from tests.bot.harness import Driver, custom_ids, done, open_table

MANAGE_GUILD = 1 << 5


async def _hint(double: Double, user: FakeUser, panel: object, tid: int, seat: int) -> str:
    before = len(panel.versions)  # type: ignore[attr-defined]
    hint_id = f"p:{tid}:{seat}:hint"
    assert hint_id in custom_ids(panel)  # type: ignore[arg-type]
    answer = await double.click(user, panel, hint_id)  # type: ignore[arg-type]
    assert answer.ephemeral and answer.response_type == 4, answer
    assert len(panel.versions) == before  # type: ignore[attr-defined]
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
        seat = table.seat_of(user.id)
        assert seat is not None
        version = table.rec.version
        text = await _hint(double, user, panel, table.id, seat)
        assert text.startswith("💡 Hint: ") and "nothing was played" in text
        assert table.rec.version == version
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
    text = await _hint(double, host, panel, table.id, 0)
    assert text.startswith("💡 Hint: ") and ("Bid" in text or "Pass" in text)


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
