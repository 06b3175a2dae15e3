"""The shared runtime in the members' languages, through the Discord double
(docs/languages.md): refusals, confirmations, panels, hints, history and replays follow
each member's client; the table message and its notes follow the table's language, whoever
acted."""

from __future__ import annotations

from pathlib import Path

from bot.client import CardBot
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import (
    Driver,
    labels,
    members,
    open_table,
    started_bot,
    table_id,
    table_message,
)
from tests.i18n.english import english_in

LEFT_KO = "테이블에서 나갔습니다. AI 플레이어가 자리를 넘겨받았습니다."


async def test_members_get_the_runtime_texts_in_their_language(
    double: Double, bot: CardBot,
) -> None:
    ana, bo, cy = members(double, 3)
    ana.locale, bo.locale, cy.locale = "pt-BR", "ko", "hi"
    await double.slash(ana, double.channel, "kachuful", "start", images=False,
                       language="pt-BR", turn_ping=False)
    tid = table_id(double)
    for user in (bo, cy):
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.settle()
    lobby = table_message(double)
    assert lobby.embeds[0]["title"] == "Kachuful — sala de espera", lobby.embeds[0]
    assert labels(lobby)[f"t:{tid}:join"] == "Entrar"
    refused = await double.click(bo, lobby, f"t:{tid}:deal")
    assert refused.content == f"방장(<@{ana.id}>)만 카드를 돌릴 수 있습니다.", refused.content
    refused = await double.slash(cy, double.channel, "kachuful", "kick", member=bo)
    assert refused.content == (f"सिर्फ़ होस्ट (<@{ana.id}>) या 'संदेश प्रबंधित करें' अनुमति वाला "
                               "कोई खिलाड़ियों को हटा सकता है।"), refused.content
    refused = await double.slash(bo, double.channel, "kachuful", "kick", member=bo)
    assert refused.content == "방장(<@" + str(ana.id) + ">) 또는 메시지 관리 권한이 있는 사람만 " \
        "플레이어를 내보낼 수 있습니다.", refused.content
    await double.slash(ana, double.channel, "kachuful", "deal")
    await double.settle()

    panel = await double.click(cy, table_message(double), f"t:{tid}:hand")
    shown = set(labels(panel).values())
    assert {"ताज़ा करें", "सुझाव"} <= shown, shown
    hint_id = next(i for i in labels(panel) if i.endswith(":hint"))
    hint = await double.click(cy, panel, hint_id)
    assert hint.content.startswith("💡 सुझाव: ") or hint.content == (
        "अभी आपको कुछ तय नहीं करना है, इसलिए कोई सुझाव नहीं है।"), hint.content

    left = await double.slash(bo, double.channel, "kachuful", "leave")
    assert left.content == LEFT_KO, left.content
    ended = await double.slash(ana, double.channel, "kachuful", "end")
    assert ended.content == "A mesa foi encerrada e registrada como abandonada.", ended.content
    await double.settle()

    history = await double.slash(bo, double.channel, "history")
    embed = history.embeds[0]
    assert embed["title"] == "게임 기록 — 1쪽 중 1쪽", embed
    assert "중간에 끝남" in embed["description"] and "(나감)" in embed["description"], embed
    replay_id = next(i for i in labels(history) if i.startswith("r:"))
    assert labels(history)[replay_id].startswith("리플레이 #")
    replay = await double.slash(cy, double.channel, "replay", game=int(replay_id.split(":")[1]))
    assert replay.content == ("इस खेल का कोई दौर नहीं खेला गया, इसलिए रीप्ले के लिए कुछ नहीं "
                              "है।"), replay.content  # ended before a card was played


async def test_the_table_message_built_during_a_korean_members_action_is_the_tables(
    double: Double, bot: CardBot,
) -> None:
    ana, bo, cy = members(double, 3)
    bo.locale = "ko"
    await double.slash(ana, double.channel, "kachuful", "start", images=False,
                       language="pt-BR", turn_ping=False)
    tid = table_id(double)
    for user in (bo, cy):
        await double.click(user, table_message(double), f"t:{tid}:join")
    await double.slash(ana, double.channel, "kachuful", "deal")
    left = await double.slash(bo, double.channel, "kachuful", "leave")
    assert left.content == LEFT_KO, left.content
    await double.settle()
    table = bot.registry.get(tid)
    assert table is not None
    assert table.note == f"<@{bo.id}> saiu; 🤖 Ada (IA, normal) joga no lugar dele.", table.note
    message = table_message(double)
    embed = message.embeds[0]
    assert table.note in embed["description"], embed
    assert embed["fields"][0]["name"] == "Placar", embed["fields"]
    assert labels(message)[f"t:{tid}:hand"] == "Minha mão"
    # The English client gets English privately at the same pt-BR table.
    refused = await double.slash(cy, double.channel, "kachuful", "kick", member=ana)
    assert refused.content.startswith(f"Only the host (<@{ana.id}>)"), refused.content


async def test_the_table_keeps_its_language_across_a_restart(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    """A Hindi table stopped mid-hand speaks Hindi again after the restart, to an
    English-speaking server and members."""
    db = tmp_path / "bot.sqlite3"
    first = await started_bot(double, run_bot, db)
    users = members(double, 3)
    await open_table(double, users, start_size=2, language="hi")
    driver = Driver(double, users)
    assert await driver.step()
    await first.close()

    await started_bot(double, run_bot, db)
    assert await driver.step()
    await double.settle()
    title = table_message(double).embeds[0]["title"]
    assert "दौर" in title and not english_in(title), title
