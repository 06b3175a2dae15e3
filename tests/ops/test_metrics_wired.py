"""The real bot against the Discord double with ``METRICS_PORT`` set, a short game with
pictures and an AI player: ``/metrics`` counts what the game did as the double saw it
(docs/service.md "Metrics")."""

from __future__ import annotations

from pathlib import Path

from bot.ops.serve import serving
from testkit.double import Double
from testkit.double.harness import RunBot
from testkit.double.results import MESSAGE_COMPONENT
from testkit.driver import table_id, table_message
from tests.bot.harness import Driver, make_bot, members, open_table
from tests.ops.helpers import free_port, get, ops_settings, samples

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


def total(text: str, name: str, **labels: str) -> float:
    """The sum of the samples called ``name`` whose labels include ``labels``."""
    return sum(value for key, value in samples(text, name).items()
               if set(labels.items()) <= set(key))


async def test_metrics_count_what_the_game_did(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    async with serving(bot, ops_settings(free_port())) as server:
        assert server is not None
        await run_bot(bot)
        users = members(double, 3)
        await open_table(double, users, deal=False, images=True)
        tid = table_id(double)
        again = await double.click(users[1], table_message(double), f"t:{tid}:join")
        assert again.ephemeral and again.answered  # already seated: refused
        stale = await double.interact(MESSAGE_COMPONENT, users[2], double.channel,
                                      {"custom_id": "zz:not-ours", "component_type": 2},
                                      message=table_message(double))
        assert stale.ephemeral and "no longer in use" in stale.content
        added = await double.slash(users[0], double.channel, "kachuful", "addbot", count=1)
        assert added.content.startswith("Added")
        dealt = await double.slash(users[0], double.channel, "kachuful", "deal")
        assert dealt.content.startswith("Dealt")
        driver = Driver(double, users)
        moves = 0
        while moves < 6:
            await double.settle()  # the AI player's move, decided in a worker thread
            moves += await driver.step() is not None
        await double.settle()

        status, text = await get(server.port, "/metrics")
        assert status == 200
        answered = [r for r in double.interactions.values() if r.answered]
        assert answered and len(answered) == len(double.interactions)
        assert total(text, "cardnight_interactions_total") == len(answered)
        assert total(text, "cardnight_interaction_answer_seconds_count") == len(answered)
        assert total(text, "cardnight_interactions_total", kind="command") == sum(
            r.type == 2 for r in answered)
        assert total(text, "cardnight_interactions_total", outcome="unknown_id") == 1
        assert total(text, "cardnight_interactions_total", outcome="refused") >= 1

        shown = table_message(double)  # posted once, then edited: one version a call
        assert total(text, "cardnight_table_edits_total") == len(shown.versions) \
            == double.calls[TABLE_EDIT] + 1
        assert samples(text, "cardnight_open_tables") == {(("game", "kachuful"),): 1}
        assert total(text, "cardnight_ai_decision_seconds_count", game="kachuful") >= 1
        assert total(text, "cardnight_picture_draw_seconds_count", kind="table") >= 1
        assert total(text, "cardnight_storage_commit_seconds_count") >= 1
        assert samples(text, "cardnight_shard_lease") == {(("shard", "0"),): 1}

        ended = await double.slash(users[0], double.channel, "kachuful", "end")
        assert ended.answered
        await double.settle()
        _, text = await get(server.port, "/metrics")
        assert samples(text, "cardnight_open_tables") == {(("game", "kachuful"),): 0}
