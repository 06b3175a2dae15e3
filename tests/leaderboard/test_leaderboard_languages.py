"""``/leaderboard`` and ``/stats`` answer in the asking member's language
(docs/languages.md): the real bot against the Discord double."""

from __future__ import annotations

import re
from pathlib import Path

from testkit.double import Double
from testkit.double.harness import RunBot
from tests.bot.harness import make_bot
from tests.leaderboard.test_leaderboard_e2e import seed

ENGLISH = ("leaderboard", "Ranked", "Provisional", "rating", "record", "recent games",
           "game", "win", "ranked", "abandoned", "Last game", "on this server")


def _text(embed: dict[str, object]) -> str:
    fields = embed.get("fields") or []
    assert isinstance(fields, list)
    footer = embed.get("footer") or {}
    assert isinstance(footer, dict)
    return "\n".join([str(embed.get("title") or ""), str(embed.get("description") or ""),
                      str(footer.get("text") or ""),
                      *(f"{f['name']}\n{f['value']}" for f in fields)])


async def test_a_korean_member_gets_the_leaderboard_and_stats_in_korean(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    alice, bob, carol = (double.add_user(n) for n in ("alice", "bob", "carol"))
    bob.locale = carol.locale = "ko"
    await seed(tmp_path / "bot.sqlite3", double.guild.id, alice.id, bob.id)
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))

    board = await double.slash(bob, double.channel, "leaderboard", game="kachuful")
    [embed] = board.embeds
    assert embed["title"] == "Kachuful 순위표"
    assert "순위" in [f["name"] for f in embed["fields"]]
    assert "보수적 추정치" in embed["description"] and "마지막 게임" in embed["description"]
    text = _text(embed)
    assert not [w for w in ENGLISH if w in text], text

    mine = await double.slash(bob, double.channel, "stats")
    [embed] = mine.embeds
    assert embed["title"] == "전적 — bob"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "순위 2명 중 2위" in fields["Kachuful 레이팅"]
    assert "중단된 게임 1판 (집계 안 함)" in fields["Kachuful 전적"]
    assert re.search(r"\d+명 중 \d+위", fields["최근 Kachuful 게임"])
    text = _text(embed)
    assert not [w for w in ENGLISH if w in text], text

    nobody = await double.slash(carol, double.channel, "stats", member=carol)
    assert nobody.ephemeral
    assert nobody.content == (
        f"{carol.mention} 님은 이 서버에 아직 기록된 Kachuful 또는 Mighty 게임이 없습니다.")

    # The same records for an English member stay English.
    theirs = await double.slash(alice, double.channel, "stats", member=bob)
    assert theirs.embeds[0]["title"] == "Stats — bob"


async def test_numbers_follow_the_members_language(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    """A Brazilian member reads ratings with a decimal comma, an English one with a point."""
    alice, bob = (double.add_user(n) for n in ("alice", "bob"))
    alice.locale = "pt-BR"
    await seed(tmp_path / "bot.sqlite3", double.guild.id, alice.id, bob.id)
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    pt = await double.slash(alice, double.channel, "leaderboard", game="kachuful")
    en = await double.slash(bob, double.channel, "leaderboard", game="kachuful")
    [pt_first] = pt.embeds[0]["fields"][0]["value"].splitlines()[:1]
    [en_first] = en.embeds[0]["fields"][0]["value"].splitlines()[:1]
    assert re.search(r"\*\*-?\d+,\d\*\* \(\d+,\d ± \d+,\d\)", pt_first), pt_first
    assert re.search(r"\*\*-?\d+\.\d\*\* \(\d+\.\d ± \d+\.\d\)", en_first), en_first
    assert "vitórias" in pt_first and "wins" in en_first
