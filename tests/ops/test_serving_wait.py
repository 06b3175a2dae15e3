"""Interactions that arrive while a starting process is not serving its tables yet
(docs/service.md "Handover"): deferred at once, before their table is looked up, the
way their answer needs; completed once the tables are served, else answered
"restarting"; each counted in ``cardnight_handover_interactions_total``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.interactions import handling
from bot.ops.serve import serving
from testkit.double import Double
from testkit.double.harness import RunBot
from testkit.double.results import DEFERRED_MESSAGE, DEFERRED_UPDATE
from testkit.driver import is_panel, refresh_id, table_id, table_message
from tests.bot.harness import make_bot, members, open_table
from tests.ops.helpers import free_port, handover_counts, ops_settings


async def test_clicks_before_the_tables_are_served_wait_deferred_then_are_answered(
    double: Double, run_bot: RunBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    users = members(double, 3)
    bot = make_bot(double, tmp_path / "bot.sqlite3")
    async with serving(bot, ops_settings(free_port())) as server:
        assert server is not None
        await run_bot(bot)
        await open_table(double, users)
        tid = table_id(double)
        opened = await double.click(users[1], table_message(double), f"t:{tid}:hand")
        panel = opened.message
        assert panel is not None and is_panel(panel)
        refresh = refresh_id(panel)
        assert refresh is not None

        bot.registry.serving.clear()  # as while a starting process restores its tables
        hand = await double.click(users[2], table_message(double), f"t:{tid}:hand",
                                  settle=False)
        again = await double.click(users[1], panel, refresh, settle=False)
        # Both answered at once: a private "thinking" answer for the table's button, an
        # update of the member's own panel for its Refresh; nothing shown yet.
        assert hand.response_type == DEFERRED_MESSAGE and not hand.followups
        assert again.response_type == DEFERRED_UPDATE and len(panel.versions) == 1
        bot.registry.serving.set()
        shown = await hand.wait_original()
        assert is_panel(shown) and shown.ephemeral
        await again.wait_until(lambda r: len(panel.versions) > 1)
        assert is_panel(panel) and not table_message(double).deleted

        monkeypatch.setattr(handling, "SERVING_WAIT", 0.2)
        bot.registry.serving.clear()
        late = await double.click(users[2], table_message(double), f"t:{tid}:hand",
                                  settle=False)
        refused = await late.wait_original()
        assert "restarting" in refused.content and refused.ephemeral
        bot.registry.serving.set()
        await double.settle()
        assert await handover_counts(server.port) == {"waited": 2, "restarting": 1}
