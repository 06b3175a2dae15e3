"""The record of a table's game for storage (docs/playing.md "Fair records")."""

from __future__ import annotations

from bot.storage.results import FinishedGame
from bot.tables.table import Table


def finished_game(table: Table, now: float) -> FinishedGame:
    """The record of the table's game as it stands (``started_at`` is filled by
    storage from the action log); members who left are recorded at their seats, last."""
    assert table.game is not None
    rec = table.rec
    left = {i: s.left_score or 0 for i, s in enumerate(rec.seats) if s.left_user_id is not None}
    return FinishedGame.from_results(
        guild_id=rec.guild_id, game=rec.game,
        status="finished" if rec.status == "finished" else "abandoned",
        seats=[(s.left_user_id, s.left_name or s.name) if i in left else (s.user_id, s.name)
               for i, s in enumerate(rec.seats)],
        results=table.game.results(), left=left,
        ended_at=now, table_id=rec.id, variant=dict(rec.settings),
    )
