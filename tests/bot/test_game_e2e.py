"""A whole 4-player game (hands of 6 down to 1 and back) played by four members through
the double, on each storage backend (K1–K10)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.games.kachuful import KACHUFUL
from bot.storage.tables import TableRecord
from engine.kachuful.game import KachufulGame
from testkit.double import Double
from testkit.double.harness import RunBot
from tests.backends import StorageAt
from tests.bot.harness import (
    Driver,
    check_pictures,
    members,
    replayed,
    shown_scores,
    started_bot,
    stored_leaderboard,
    table_message,
)


async def test_full_game_matches_engine_replay(
    double: Double, run_bot: RunBot, storage_at: StorageAt, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    db = storage_at
    bot = await started_bot(double, run_bot, db)
    users = members(double, 4)
    ana = users[0]
    # Hands of 6 down to 1 and back (11 hands): every rule of the default game, pictures
    # on, in a fraction of its 25 hands' time.
    opened = await double.slash(ana, double.channel, "kachuful", "start", start_size=6)
    assert opened.ephemeral
    lobby = table_message(double)
    for user in users[1:]:
        joined = await double.click(user, lobby, lobby.custom_ids()[0])
        assert joined.ephemeral and "joined" in joined.content
    dealt = await double.slash(ana, double.channel, "kachuful", "deal")
    assert dealt.ephemeral and dealt.content.startswith("Dealt")

    driver = Driver(double, users)
    while await driver.step():
        pass

    final = table_message(double)
    assert "game over" in final.embeds[0]["title"]
    check_pictures(double, users)  # pictures are on by default
    # At most one table edit per accepted action (besides the three joins in the lobby
    # and pointing the old message to the final standings).
    edits = double.calls["PATCH /channels/{channel_id}/messages/{message_id}"]
    assert edits <= bot.service.accepted + 3 + 1

    def new_game(rec: TableRecord, opening: dict[str, Any]) -> KachufulGame:
        deal = opening["deal"]
        config = KACHUFUL.engine_config(rec.settings, deal["players"])
        return KachufulGame(config, seed=deal["seed"])

    totals = (await replayed(db, new_game)).results().totals
    assert shown_scores(final) == {u.id: totals[i] for i, u in enumerate(users)}
    board = await stored_leaderboard(db, double.guild.id, "kachuful")
    assert board.games_recorded == 1
    listed = {p.user_id for p in board.provisional} | {s.player.user_id for s in board.ranked}
    assert listed == {u.id for u in users}

    # Hands only ever in ephemeral messages; nothing private in public or INFO logs.
    hands = {v for u in users for v in _hand_fields(double, u)}
    assert hands
    public = "\n".join(double.public_payloads())
    assert not any(h in public for h in hands)
    assert "Your cards" not in public and "Your hand" not in public
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert not any(h in logged for h in hands)


def _hand_fields(double: Double, user: object) -> list[str]:
    out = []
    for message in double.all_messages():
        if message.ephemeral_to is user:
            for version in message.versions:
                for embed in version.embeds:
                    for f in embed.get("fields") or []:
                        # Several suits, one line each: no public text looks like that.
                        if f["name"] == "Your cards" and "\n" in f["value"]:
                            out.append(f["value"])
    return out
