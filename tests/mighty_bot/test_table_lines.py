"""The Mighty table at a glance, through the double: at most 16 lines in every phase (the
auction, the discard, the friend call, play with the friend revealed, the hand recap
with a redeal, the final standings), with the turn timer's line, one line per player
with the seat to act marked, the contract and friend call on one line, and the last
trick with each card by seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.mighty.table import DECLARER, FRIEND
from bot.games.words import TURN_MARK
from engine.game import Action
from engine.mighty import PASS, Contract, MightyGame
from engine.mighty.deals import seeded_deal
from testkit.double import Double, StoredMessage
from testkit.double.harness import RunBot
from tests.bot.harness import embed_lines, field, make_bot, table_message
from tests.mighty_bot.harness import (
    Chooser,
    MightyDriver,
    fixed_deals,
    open_mighty,
    simple_chooser,
)

MAX_LINES = 16


def _choose() -> Chooser:
    """Quick legal moves; everyone passes on the second deal (a redeal, M4) and the
    declarer of the second hand raises the contract (M7)."""
    quick = simple_chooser(3)

    def choose(game: MightyGame, seat: int) -> Action:
        if game.phase == "auction" and len(game.records) == 2:
            return PASS
        if game.phase == "friend" and len(game.records) == 3 and not game.contract_changed:
            assert game.contract is not None
            return next(a for a in game.legal_actions(seat)
                        if isinstance(a, Contract) and a.points > game.contract[0])
        return quick(game, seat)

    return choose


def _phase(game: MightyGame, message: StoredMessage) -> str:
    if game.is_over:
        return "final"
    if game.phase == "auction":
        recap = any(f["name"].endswith(" result") for f in message.embeds[0].get("fields", []))
        return "recap with redeal" if recap and game.last_redeal is not None else "auction"
    if game.phase == "playing" and game.current.friend is not None:
        return "play, friend revealed"
    return game.phase


def _check_players(game: MightyGame, message: StoredMessage, mentions: list[str]) -> None:
    """One line per seat, in seat order, the seat to act (and only it) marked."""
    lines = field(message, "Scores").splitlines()
    assert len(lines) == 5, lines
    for seat, line in enumerate(lines):
        marked = game.to_act == seat and not game.secret_turn and not game.is_over
        assert line.startswith(f"{TURN_MARK} {mentions[seat]}" if marked else mentions[seat]), line
        assert (TURN_MARK in line) == marked, line
    if game.declarer is not None and game.phase != "auction":
        assert f"{mentions[game.declarer]} · {DECLARER} · " in lines[game.declarer]
    friend = game.current.friend
    if friend is not None and friend != game.declarer:
        assert f"{mentions[friend]} · {FRIEND} · " in lines[friend]


def _check_tricks(game: MightyGame, message: StoredMessage, mentions: list[str]) -> None:
    """The contract and friend call on one line; the last trick with each card by seat."""
    if game.phase != "playing" or game.is_over:
        return
    description = message.embeds[0]["description"].splitlines()
    assert sum("Contract **" in line and "friend call" in line for line in description) == 1
    trick = field(message, f"Trick {game.trick_no}/10").splitlines()
    if game.tricks:
        [last] = [line for line in trick if line.startswith("Last trick: ")]
        played = game.tricks[-1]
        for i, card in enumerate(played.cards):
            assert f"{mentions[(played.leader + i) % 5]} {card}" in last, (card, last)


async def test_every_phase_fits_sixteen_lines(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    fixed_deals(monkeypatch, [seeded_deal(5, i, 0) for i in range(1, 4)], first_dealer=0)
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    await run_bot(bot)
    users = [double.add_user(n) for n in ("ana", "bo", "cy", "di", "ed")]
    mentions = [u.mention for u in users]
    await open_mighty(double, users, hands=2, turn_timer=600, images=False)
    driver = MightyDriver(bot, double, users, _choose())
    seen: dict[str, int] = {}
    while True:
        await double.settle()
        game = driver.game
        message = table_message(double)
        [embed] = message.embeds
        lines = embed_lines(embed)
        assert lines <= MAX_LINES, (lines, embed)
        phase = _phase(game, message)
        seen[phase] = max(seen.get(phase, 0), lines)
        if not game.is_over:
            assert "Turn timer" in embed["description"], embed
        _check_players(game, message, mentions)
        _check_tricks(game, message, mentions)
        if not await driver.step():
            break
    assert set(seen) >= {"auction", "discard", "friend", "play, friend revealed",
                         "recap with redeal", "final"}, seen
    assert not message.current.attachments  # images off: text only


ENGLISH_WORDS = ("Contract", "friend call", "Dealer", "speaks first", "declarer", "defender",
                 "Trick ", "Last trick", "No card played yet", "passed", "no call yet",
                 "Points captured", " result", "Friend:", "discards", "deals again")
"""Words of the Mighty table texts (bot/games/mighty/table.py) that no translation keeps."""


def _embed_text(embed: dict[str, object]) -> str:
    fields = embed.get("fields") or []
    assert isinstance(fields, list)
    parts = [str(embed.get("title") or ""), str(embed.get("description") or "")]
    return "\n".join(parts + [f"{f['name']}\n{f['value']}" for f in fields])


def _within_discord_limits(embed: dict[str, object]) -> None:
    """Discord's embed caps (DISCORD-NOTES): title 256, field name 256 and value 1024,
    description 4096, 6000 in all."""
    fields = embed.get("fields") or []
    assert isinstance(fields, list)
    assert len(str(embed.get("title") or "")) <= 256
    assert len(str(embed.get("description") or "")) <= 4096
    for f in fields:
        assert 0 < len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024, f
    footer = embed.get("footer") or {}
    assert isinstance(footer, dict)
    total = sum(len(str(embed.get(k) or "")) for k in ("title", "description"))
    total += sum(len(f["name"]) + len(f["value"]) for f in fields) + len(footer.get("text", ""))
    assert total <= 6000, total


@pytest.mark.parametrize("language", ["pt-BR", "ko"])
async def test_every_phase_fits_in_the_tables_language(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    """A whole match at a table started in ``language``: every version of the table
    message stays within 16 lines and Discord's limits, and shows none of the English
    words of the Mighty table texts (the last action's line and the shared frame are
    other modules' texts)."""
    fixed_deals(monkeypatch, [seeded_deal(5, i, 0) for i in range(1, 4)], first_dealer=0)
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    await run_bot(bot)
    users = [double.add_user(n) for n in ("ana", "bo", "cy", "di", "ed")]
    await open_mighty(double, users, hands=2, turn_timer=600, images=False, language=language)
    driver = MightyDriver(bot, double, users, _choose())
    phases: set[str] = set()
    while True:
        await double.settle()
        game = driver.game
        phases.add("final" if game.is_over else game.phase)
        if game.phase == "playing" and game.current.friend is not None:
            phases.add("friend revealed")
        [embed] = table_message(double).embeds
        assert embed_lines(embed) <= MAX_LINES, embed
        _within_discord_limits(embed)
        table = bot.registry.in_channel(double.channel.id)
        note = None if table is None else table.note  # the last action's line: not ours
        text = _embed_text(embed).replace(note or "\0", "")
        assert not [w for w in ENGLISH_WORDS if w in text], text
        if not await driver.step():
            break
    assert phases >= {"auction", "discard", "friend", "playing", "friend revealed", "final"}
    versions = [v for m in double.messages() if not m.ephemeral for v in m.versions]
    for version in versions:
        for embed in version.embeds:
            _within_discord_limits(embed)
