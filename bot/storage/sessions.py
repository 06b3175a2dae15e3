"""The gateway session a stopping process leaves for the next process of its shard
(docs/service.md "Handover"): one row a shard, written by the holder of the shard's
lease, taken (read and deleted) by the next holder."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.storage.sql import Sql, fetchone
from bot.storage.writer import Row


@dataclass(frozen=True, slots=True)
class GatewaySession:
    """Shard ``shard`` of ``shard_count``'s session: what a RESUME needs."""

    shard: int
    shard_count: int
    session_id: str
    seq: int
    resume_url: str


def session_row(session: GatewaySession) -> Row:
    return Row(
        "gateway_sessions (shard, shard_count, session_id, seq, resume_url, saved_at)",
        (session.shard, session.shard_count, session.session_id, session.seq,
         session.resume_url, time.time()),
        "ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, "
        "session_id = excluded.session_id, seq = excluded.seq, "
        "resume_url = excluded.resume_url, saved_at = excluded.saved_at",
    )


async def take(tx: Sql, shard: int, shard_count: int) -> GatewaySession | None:
    """The shard's saved session, deleted (it is resumed once); None when there is none
    or it was saved for another shard count."""
    row = await fetchone(
        tx, "SELECT session_id, seq, resume_url, shard_count FROM gateway_sessions "
        "WHERE shard = ?", (shard,))
    if row is None:
        return None
    await tx.execute("DELETE FROM gateway_sessions WHERE shard = ?", (shard,))
    if int(row[3]) != shard_count:
        return None
    return GatewaySession(shard, shard_count, str(row[0]), int(row[1]), str(row[2]))
