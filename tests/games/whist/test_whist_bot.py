"""Whist in the bot (RULES W1–W7) through the Discord double with the suite's
permissions: a whole game played by four members through their panels and ``/whist
play``, pictures on, then ``/history``, ``/replay`` and ``/leaderboard``; nothing of a
hand reaches the channel, in text or picture, while it is private; the lobby seats
exactly four, AI players filling in; and without the ``EXTRA_GAMES`` setting no
``/whist`` command is synced."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.client import CardBot
from bot.render import table_message as table_render
from bot.render import table_pictures
from bot.render.table_message import Payload
from bot.render.table_state import TableState
from bot.tables.table import Table
from engine.game import Play
from engine.replay import replay
from engine.whist.game import WhistGame
from testkit.double import Double, InteractionResult
from testkit.double.harness import RunBot
from testkit.driver import WHIST, Driver, controls, custom_ids, table_message
from tests.bot.harness import (
    check_pictures,
    done,
    labels,
    make_bot,
    members,
    payload_text,
    shown_scores,
)

CARD = re.compile(r"(?<![0-9])(?:10|[2-9AKQJ])[♠♥♦♣]")
REASON = re.compile(r"(?:Lead|Play) (?:10|[2-9AKQJ])[♠♥♦♣]: ")
"""A Whist hint's sentence (``engine.whist.reasons``)."""


def whist_bot(double: Double, path: Path) -> CardBot:
    """The bot with Whist's commands synced (``EXTRA_GAMES=whist``)."""
    return make_bot(double, path / "bot.sqlite3", extra_games=("whist",))


def still_private(game: WhistGame) -> set[str]:
    """The cards held now that nobody else may see: every unplayed card but the turned
    one while the dealer holds it (W3), and but those of the last trick, maybe of the
    deal just over, dealt again since (shown as played then)."""
    view = game.view(None)
    last = view["last_trick"]
    shown = {view["turned"], *(p["card"] for p in last["cards"])} if last else {view["turned"]}
    return {str(c) for hand in game.current.held for c in hand} - shown


def watch_public(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Check every table message and table picture the bot makes against the game at
    that moment: neither names a card still private. Counts [texts, pictures]."""
    render, drawing = table_render.render, table_pictures.table_drawing
    counts = [0, 0]

    def leaked(game: object, text: str) -> set[str]:
        if not isinstance(game, WhistGame) or game.is_over:
            return set()
        return set(CARD.findall(text)) & still_private(game)

    def checked_render(table: Table) -> Payload:
        payload = render(table)
        assert not leaked(table.game, payload_text(payload)), payload_text(payload)
        counts[0] += 1
        return payload

    def checked_drawing(table: TableState) -> table_pictures.Draw | None:
        draw = drawing(table)
        if draw is not None and table.game is not None:
            # The picture is drawn from these arguments only (the public view and names).
            shown = json.dumps([draw.args, draw.keywords], ensure_ascii=False,  # type: ignore[attr-defined]
                               default=str)
            assert not leaked(table.game, shown), shown
            counts[1] += 1
        return draw

    monkeypatch.setattr(table_render, "render", checked_render)
    monkeypatch.setattr(table_pictures, "table_drawing", checked_drawing)
    return counts


def the_table(bot: CardBot, double: Double) -> Table:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    return table


def the_game(bot: CardBot, double: Double) -> WhistGame:
    game = the_table(bot, double).game
    assert isinstance(game, WhistGame)
    return game


def _attached(double: Double, result: InteractionResult) -> dict[str, Any]:
    message = result.original
    assert message is not None
    (attachment,) = message.versions[0].attachments
    return json.loads(double.uploads[int(attachment["id"])])  # type: ignore[no-any-return]


async def test_four_members_play_a_whole_game_then_history_replay_and_leaderboard(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = watch_public(monkeypatch)
    bot = await run_bot(whist_bot(double, tmp_path))
    users = members(double, 4)
    ana = users[0]
    opened = await double.slash(ana, double.channel, "whist", "start", deals=2)
    assert opened.ephemeral and "open" in opened.content, opened
    lobby = table_message(double)
    assert "2 deals" in str(lobby.embeds)
    for user in users[1:]:
        joined = await double.slash(user, double.channel, "whist", "join")
        assert "joined" in joined.content, joined
    dealt = await double.slash(ana, double.channel, "whist", "deal")
    assert dealt.content.startswith("Dealt"), dealt
    game = the_game(bot, double)
    turned = game.view(None)["turned"]
    assert f"turned {turned}" in str(table_message(double).embeds)

    first = users[game.to_act or 0]
    offered = await double.autocomplete(first, double.channel, "whist", "play",
                                        focused="card", card="")
    legal = {str(a.card) for a in game.legal_actions(game.to_act or 0) if isinstance(a, Play)}
    assert {c["value"] for c in offered.choices} == legal

    driver = Driver(double, users, WHIST, slash_every=3, confirm=done)
    while await driver.step():
        pass
    assert driver.steps == 2 * 52

    final = table_message(double)
    assert "game over" in final.embeds[0]["title"]
    totals = game.results().totals
    assert shown_scores(final) == {u.id: totals[i] for i, u in enumerate(users)}
    check_pictures(double, users, running_title=" — deal ")
    assert counts[0] > 2 * 52 and counts[1] > 2 * 52
    public = "\n".join(double.public_payloads())
    assert "Your cards" not in public and "Your hand" not in public

    listed = await double.slash(ana, double.channel, "history", game="whist")
    assert listed.ephemeral and "#1" in str(listed.embeds), listed
    assert "r:1:0:0" in custom_ids(listed)
    shown = await double.slash(ana, double.channel, "replay", game=1)
    assert shown.ephemeral and shown.content.startswith("Replay of game #1"), shown
    assert "Dealer" in str(shown.embeds) and "tricks" in str(shown.embeds)
    out, ok = replay(_attached(double, shown))
    assert ok and out["totals"] == totals
    nxt = next(c for c, label in labels(shown).items() if label == "Trick ▶")
    page = await double.click(ana, shown, nxt)
    assert page.response_type == 7 and "Trick 1 of" in str(page.embeds), page

    board = await double.slash(users[1], double.channel, "leaderboard", game="whist")
    assert all(f"<@{u.id}>" in str(board.embeds) for u in users), board.embeds


async def test_the_lobby_seats_exactly_four_with_ai_players_filling_in(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = await run_bot(whist_bot(double, tmp_path))
    ana, bo = members(double, 2)
    await double.slash(ana, double.channel, "whist", "start", deals=1, images=False)
    await double.slash(bo, double.channel, "whist", "join")
    early = await double.slash(ana, double.channel, "whist", "deal")
    assert not early.content.startswith("Dealt"), early
    added = await double.slash(ana, double.channel, "whist", "addbot", count=2)
    assert "Added 2" in added.content, added
    more = await double.slash(ana, double.channel, "whist", "addbot", count=1)
    assert "Added" not in more.content, more
    dealt = await double.slash(ana, double.channel, "whist", "deal")
    assert dealt.content.startswith("Dealt"), dealt
    game = the_game(bot, double)
    for user in (ana, bo):
        seat = the_table(bot, double).seat_of(user.id)
        assert seat is not None
        panel = await double.slash(user, double.channel, "whist", "hand")
        assert panel.ephemeral and "Your partner" in str(panel.embeds), panel
        assert len(controls(panel, enabled=False)) == 13
        legal = {f"p{a.card.index}" for a in game.legal_actions(seat) if isinstance(a, Play)}
        assert {c.payload for c in controls(panel)} == legal
        hint = next((c for c, label in labels(panel).items() if label == "Hint"), None)
        assert (hint is not None) == bool(legal)
        if hint is not None:  # the seat to act: the normal AI's card, with its reason
            said = await double.click(user, panel, hint)
            assert said.ephemeral and REASON.search(f"{said.content}{said.embeds}"), said


async def test_without_the_setting_no_whist_command_is_synced(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    await run_bot(make_bot(double, tmp_path / "bot.sqlite3"))
    names = {c["name"] for c in double.commands.scope(None).values()}
    assert {"kachuful", "mighty"} <= names and "whist" not in names
