"""The pictures in the members' languages, through the Discord double: the table
picture in the table's language, the hand picture in the language of the member's
client (the panel's), their alt text included."""

from __future__ import annotations

from bot.client import CardBot
from testkit.double import Double
from testkit.double.results import InteractionResult
from tests.bot.harness import members, table_id, table_message


def hand_alt(panel: InteractionResult) -> str:
    """The alt text of the hand picture the panel answer carries."""
    message = panel.original if panel.original is not None else panel.followups[-1]
    [hand] = message.current.attachments
    assert hand["filename"] == "hand.png", hand
    return str(hand["description"])


async def test_table_picture_speaks_the_table_s_language_and_the_hand_the_member_s(
    double: Double, bot: CardBot,
) -> None:
    ana, bo, cy = members(double, 3)
    ana.locale, bo.locale, cy.locale = "en-US", "ko", "hi"
    await double.slash(ana, double.channel, "kachuful", "start", images=True,
                       language="pt-BR", turn_ping=False)
    tid = table_id(double)
    for user in (bo, cy):
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.slash(ana, double.channel, "kachuful", "deal")
    await double.settle()

    table = table_message(double)
    [picture] = table.current.attachments
    alt = picture["description"]
    assert alt.startswith("Mesa de cartas: Kachuful · Rodada 1/"), alt
    assert "Trunfo: " in alt and "distribuidor" in alt, alt
    assert table.embeds[0]["image"]["url"] == f"attachment://{picture['filename']}"

    for user, start in ((bo, "내 카드: "), (cy, "आपके पत्ते: "), (ana, "Your cards: ")):
        alt = hand_alt(await double.click(user, table, f"t:{tid}:hand"))
        assert alt.startswith(start), alt
    await double.settle()
    [again] = table_message(double).current.attachments
    assert again["description"].startswith("Mesa de cartas: "), again["description"]
