"""A member's hint (docs/playing.md "Hints"): the normal AI's move for their seat with one
reason, decided in a worker thread from that seat's view only. Nothing changes."""

from __future__ import annotations

import asyncio
import copy

from bot.games.options import table_option
from bot.i18n import _
from bot.render import hint_words
from bot.tables.commit import TableWork
from bot.tables.table import Refusal, Table
from engine.ai.hints import hint


class HintJobs(TableWork):
    """The hints of the table service."""

    async def hint(self, table: Table, user_id: int) -> str:
        """The hint's words for the member's seat, in the language being spoken."""
        async with table.lock:
            game = table.running_game()
            seat = self._seat(table, user_id)
            if not table_option(table.rec.settings, "hints"):
                raise Refusal(_(hint_words.HINTS_OFF), "hints_off")
            legal = list(game.legal_actions(seat))
            view = copy.deepcopy(game.view(seat))
        if not legal:
            return _(hint_words.NO_HINT)
        return hint_words.words(await asyncio.to_thread(hint, table.adapter.name, view, legal))
