"""Small builders of recorded games for the leaderboard tests."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count

from bot.storage.results import FinishedGame, GameName, GameStatus, PlayerResult

_clock = count(1_700_000_000, 60)


def game_of(
    scores: Sequence[tuple[int | None, int]],
    *,
    guild_id: int = 1,
    game: GameName = "kachuful",
    status: GameStatus = "finished",
) -> FinishedGame:
    """A game with one seat per ``(user_id or None for an AI player, score)``; the best
    totals win when finished (K10, M3); each game ends a minute after the previous."""
    best = max(score for _, score in scores)
    players = [
        PlayerResult(seat=i, user_id=uid, name=f"AI {i}" if uid is None else f"member {uid}",
                     score=score, won=status == "finished" and score == best)
        for i, (uid, score) in enumerate(scores)
    ]
    return FinishedGame(guild_id=guild_id, game=game, status=status, players=players,
                        hands_played=5, ended_at=float(next(_clock)))
