"""A game night speaks the server's language in public (its message, its tables) and
each member's own in private answers, as a table does (README "Languages")."""

from __future__ import annotations

from bot.client import CardBot
from bot.render.components import NightButton
from testkit.double import Double
from testkit.driver import table_message
from tests.nights.harness import MANAGE_GUILD, NAMES, night_message, night_of, short_games


async def test_the_night_speaks_the_servers_language_and_answers_in_each_members(
    double: Double, bot: CardBot,
) -> None:
    await short_games(double)
    admin = double.add_user("boss", roles=[double.add_role("bosses", MANAGE_GUILD)])
    saved = await double.slash(admin, double.channel, "settings", "language",
                               language="pt-BR")
    assert saved.content.startswith("Saved."), saved
    people = [double.add_user(name) for name in NAMES[:5]]
    people[1].locale, people[2].locale = "ko", "hi"
    host = people[0]
    await double.slash(host, double.channel, "night", "start", title="Sexta", game="mighty")
    for user in people[1:]:
        await double.slash(user, double.channel, "night", "join")
    await double.settle()
    night = await night_of(bot, double.channel)
    message = night_message(double, night.id)
    assert message.embeds[0]["title"] == "Noite de jogos: Sexta"
    seat = NightButton(night.id, "seat").custom_id
    assert message.component(seat)["label"] == "Distribuir a próxima rodada"

    refused = await double.click(people[1], message, seat)
    assert refused.content == f"밤의 라운드 자리는 주최자({host.mention})만 배정합니다.", refused
    await double.click(host, message, seat)
    await double.settle()
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.rec.settings["language"] == "pt-BR"
    shown = night_message(double, night.id).current.text()
    assert "A rodada 1 está em jogo." in shown and " · em jogo" in shown, shown
    assert table_message(double).id != night_message(double, night.id).id

    await double.slash(host, double.channel, "night", "end")
    over = await double.click(people[2], night_message(double, night.id),
                              NightButton(night.id, "join").custom_id)
    assert over.content == "यह खेल की रात ख़त्म हो चुकी है।", over
