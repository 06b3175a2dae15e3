"""Whose language the bot speaks, through the Discord double (docs/languages.md):
the synced commands carry their translations, a member's answers follow their client,
and a table speaks its ``language`` option, else the server's saved language, else the
server's Discord language, else English."""

from __future__ import annotations

from typing import Any

from bot.client import CardBot
from testkit.double import Double
from tests.bot.harness import members, table_id, table_message

Json = dict[str, Any]
TRANSLATED = ("pt-BR", "ko", "hi")
MANAGE_GUILD = 1 << 5


def _walk(command: Json, path: str = "") -> list[tuple[str, Json]]:
    """Every command, subcommand and option of a synced command, with its path."""
    here = f"{path} {command['name']}".strip()
    found = [(here, command)]
    for option in command.get("options") or []:
        found.extend(_walk(option, here))
    return found


async def test_the_synced_commands_carry_every_translation(double: Double, bot: CardBot) -> None:
    commands = list(double.commands.global_commands.values())
    assert {c["name"] for c in commands} >= {"kachuful", "mighty", "settings", "history"}
    for command in commands:
        for path, item in _walk(command):
            assert "name_localizations" not in item or not item["name_localizations"], path
            shown = item.get("description_localizations") or {}
            for code in TRANSLATED:
                assert shown.get(code), (path, code)
                assert shown[code] != item["description"], (path, code, shown[code])
            for choice in item.get("choices") or []:
                names = choice.get("name_localizations") or {}
                assert all(names.get(code) for code in TRANSLATED), (path, choice)
    kachuful = double.commands.find(None, "kachuful")
    start = next(o for o in kachuful["options"] if o["name"] == "start")
    assert start["description_localizations"]["pt-BR"] == "Abrir uma mesa de Kachuful aqui"
    mighty = double.commands.find(None, "mighty")
    bid = next(o for o in mighty["options"] if o["name"] == "bid")
    trump = next(o for o in bid["options"] if o["name"] == "trump")
    assert [c["name_localizations"]["pt-BR"] for c in trump["choices"]] == [
        "espadas", "copas", "ouros", "paus", "sem trunfo"]
    assert [c["value"] for c in trump["choices"]] == [
        "spades", "hearts", "diamonds", "clubs", "notrump"]
    language = next(o for o in start["options"] if o["name"] == "language")
    assert [c["name"] for c in language["choices"]] == [
        "English", "हिन्दी", "한국어", "Português (Brasil)"]


async def test_a_member_is_answered_in_their_client_language(
    double: Double, bot: CardBot,
) -> None:
    ana, bo, cy = members(double, 3)
    ana.locale, bo.locale, cy.locale = "pt-BR", "ko", "fr"
    opened = await double.slash(ana, double.channel, "kachuful", "start", images=False)
    assert opened.content.startswith("Sua mesa de Kachuful está aberta."), opened.content
    joined = await double.click(bo, table_message(double), f"t:{table_id(double)}:join")
    assert joined.content == "테이블에 참가했습니다 (2번 자리).", joined.content
    joined = await double.click(cy, table_message(double), f"t:{table_id(double)}:join")
    assert joined.content == "You joined the table (seat 3).", joined.content
    again = await double.slash(cy, double.channel, "kachuful", "join")
    assert again.content == "You already have a seat at this table.", again.content


async def test_an_engine_refusal_is_translated(double: Double, bot: CardBot) -> None:
    ana, bo, cy = members(double, 3)
    await double.slash(ana, double.channel, "kachuful", "start", images=False,
                       turn_ping=False)
    for user in (bo, cy):
        await double.click(user, table_message(double), f"t:{table_id(double)}:join")
    await double.slash(ana, double.channel, "kachuful", "deal")
    game = bot.registry.get(table_id(double)).game
    assert game is not None
    waiting = [ana, bo, cy][(game.to_act + 1) % 3]
    waiting.locale = "pt-BR"
    refused = await double.slash(waiting, double.channel, "kachuful", "bid", amount=0)
    assert refused.content == "Não é a sua vez: a mensagem da mesa mostra de quem é a vez."
    turn = [ana, bo, cy][game.to_act]
    turn.locale = "hi"
    refused = await double.slash(turn, double.channel, "kachuful", "play", card="2♣")
    assert refused.content == "बोली अभी ख़त्म नहीं हुई: पहले बोली लगाएँ।", refused.content




async def test_the_table_language_option_then_server_then_discord_then_english(
    double: Double, bot: CardBot,
) -> None:
    host = double.add_user("host", roles=[double.add_role("admins", MANAGE_GUILD)])
    guest = double.add_user("guest")
    guild = double.channel.guild
    assert guild is not None

    async def opened(**options: Any) -> str:
        await double.slash(host, double.channel, "kachuful", "start", images=False, **options)
        table = bot.registry.get(table_id(double))
        assert table is not None
        language = str(table.rec.settings["language"])
        await double.slash(host, double.channel, "kachuful", "end")
        return language

    assert await opened() == "en"
    guild.locale = "ko"
    assert await opened() == "ko"
    guild.locale = "fr"
    assert await opened() == "en"
    shown = await double.slash(guest, double.channel, "settings", "language")
    assert "English" in shown.content and "no saved language" in shown.content
    refused = await double.slash(guest, double.channel, "settings", "language", language="hi")
    assert refused.content.startswith("Only members with Manage Server"), refused.content
    saved = await double.slash(host, double.channel, "settings", "language", language="pt-BR")
    assert saved.content == "Saved. New tables on this server speak Português (Brasil)."
    shown = await double.slash(guest, double.channel, "settings", "language")
    assert shown.content.startswith("New tables on this server speak Português (Brasil)")
    assert await opened() == "pt-BR"
    assert await opened(language="hi") == "hi"


async def test_the_table_speaks_its_language_whoever_acts(double: Double, bot: CardBot) -> None:
    ana, bo, cy = members(double, 3)
    bo.locale = "ko"
    await double.slash(ana, double.channel, "kachuful", "start", images=False,
                       language="pt-BR", turn_ping=True)
    for user in (bo, cy):
        await double.click(user, table_message(double), f"t:{table_id(double)}:join")
    await double.slash(ana, double.channel, "kachuful", "deal")
    table = bot.registry.get(table_id(double))
    assert table is not None and table.note == "As cartas foram dadas."
    pings = [m for m in double.messages() if not m.ephemeral and "é a sua vez" in m.content]
    assert pings, [m.content for m in double.messages() if not m.ephemeral]
