"""The table at a glance, through the double: the hand recap after every hand, one line
per player within the line budget, one live panel per member, turn pings on by default,
a text-only table with pictures off."""

from __future__ import annotations

from bot.client import CardBot
from bot.interactions.live_panels import OUT_OF_DATE
from testkit.double import Double, FakeUser, StoredMessage
from testkit.driver import is_panel
from tests.bot.harness import (
    NAMES,
    Driver,
    embed_lines,
    field,
    open_table,
    refresh_id,
    table_id,
    table_message,
    whose_turn,
)


def _live_panels(double: Double, user: FakeUser) -> list[StoredMessage]:
    """The member's panels still shown with enabled buttons."""
    return [m for m in double.all_messages() if m.ephemeral_to is user and not m.deleted
            and is_panel(m) and not m.content.startswith(OUT_OF_DATE)
            and any(not c.get("disabled") for row in m.components
                    for c in row.get("components") or [])]


async def test_recap_after_every_hand_and_one_live_panel_per_member(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    four = users[:4]
    await open_table(double, four, start_size=3, schedule="descending")
    driver = Driver(double, four)
    recaps = 0
    while await driver.step():
        await double.settle()
        for user in four:
            assert len(_live_panels(double, user)) <= 1, user.name
        table = table_message(double)
        game = bot.registry.in_channel(double.channel.id)
        if game is None or "game over" in table.embeds[0]["title"]:
            break
        assert embed_lines(table.embeds[0]) <= 14, table.embeds[0]
        rec = game.game.current  # type: ignore[union-attr]
        if len(game.game.hands) > 1 and all(b is None for b in rec.bids):  # type: ignore[union-attr]
            recaps += 1
            number = rec.number  # the hand just over, counted from 1
            assert f"Hand {number} is over" in table.embeds[0]["description"]
            lines = field(table, "Scores").splitlines()
            assert len(lines) == 4 and all(("✅" in line) != ("❌" in line) for line in lines)
            assert whose_turn(double) is not None
        elif len(game.game.hands) > 1:  # type: ignore[union-attr]
            assert f"Hand {rec.number}: " in table.embeds[0]["description"]
    assert recaps == 2  # after hands 1 and 2 (the last one's recap is the final standings)
    final = table_message(double)
    assert "game over" in final.embeds[0]["title"]
    assert all(("✅" in line) != ("❌" in line) for line in field(final, "Scores").splitlines())


async def test_my_hand_replaces_the_previous_panel(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    four = users[:4]
    await open_table(double, four)
    tid = table_id(double)
    ana = four[0]
    first = await double.click(ana, table_message(double), f"t:{tid}:hand")
    second = await double.slash(ana, double.channel, "kachuful", "hand")
    assert first.message is not None and second.message is not None
    assert first.message.deleted and not second.message.deleted
    assert _live_panels(double, ana) == [second.message]


async def test_a_panel_that_could_not_be_deleted_is_out_of_date(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    four = users[:4]
    await open_table(double, four)
    bot.registry.clock = double.clock.now
    tid = table_id(double)
    ana = four[0]
    old = await double.click(ana, table_message(double), f"t:{tid}:hand")
    assert old.message is not None
    double.clock.advance(16 * 60)  # its token is dead: it cannot be deleted any more
    new = await double.click(ana, table_message(double), f"t:{tid}:hand")
    assert not old.message.deleted and new.message is not None
    refresh = refresh_id(old.message)
    assert refresh is not None
    touched = await double.click(ana, old.message, refresh)
    assert touched.response_type == 7 and touched.content.startswith(OUT_OF_DATE)
    assert all(c.get("disabled") for row in old.message.components
               for c in row.get("components") or [])
    assert _live_panels(double, ana) == [new.message]


async def test_turn_pings_are_on_by_default(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users[:3])
    await double.settle(quiet=0.1)
    turn = whose_turn(double)
    pings = [m for m in double.messages() if "your turn" in m.content]
    assert turn is not None and len(pings) == 1 and f"<@{turn}>" in pings[0].content


async def test_seven_players_fit_twenty_lines_and_images_off_is_text_only(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    seven = users + [double.add_user(name) for name in NAMES[4:7]]
    await open_table(double, seven, start_size=2, schedule="descending", images=False)
    driver = Driver(double, seven)
    while await driver.step():
        await double.settle()
        table = table_message(double)
        assert embed_lines(table.embeds[0]) <= 20, table.embeds[0]
        assert not table.current.attachments and "image" not in table.embeds[0]
    for message in double.all_messages():
        assert not message.current.attachments


async def test_an_unchanged_picture_is_not_sent_again(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users[:3], images=True)
    await double.settle()
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.publisher is not None
    message = table_message(double)
    [before] = message.current.attachments
    table.note = "Nothing on the picture changed."
    table.publisher.schedule()
    await double.settle()
    assert message.current.embeds[0]["description"].startswith("Nothing on the picture")
    assert message.current.attachments == [before]  # kept, not uploaded again
    assert message.current.embeds[0]["image"]["url"] == "attachment://table.png"
