"""The ``/leaderboard`` and ``/stats`` embeds.

Ratings show as the conservative figure ``mu − 3σ`` in bold, followed by the range
``mu ± 3σ`` it is the low end of, so a new member's wide uncertainty is plain to see.
Kachuful shows average and best scores; Mighty scores are balances that sum to zero
over a match (M3), so it shows net units instead. Embeds stay inside Discord's limits:
at most :data:`TOP` ranked and :data:`PROVISIONAL` provisional lines, fields packed
under 1024 characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import discord

from bot.games.registry import GAMES, game_named
from bot.ratings import MIN_RATED_GAMES, Skill
from bot.render import COLOUR, FIELD_LIMIT, clip
from bot.storage.results import (
    GameName,
    Leaderboard,
    PlayerStats,
    PlayerSummary,
    RecentGame,
    Standing,
)

TOP: Final = 20
"""Ranked members listed on the leaderboard (the viewer's own line is added below)."""
PROVISIONAL: Final = 10
"""Provisional members listed on the leaderboard."""

RATING_NOTE: Final = (
    "Ranked by skill rating: **conservative estimate** (likely range μ ± 3σ). "
    f"Members need {MIN_RATED_GAMES} rated games (games with at least one other member) "
    "to be ranked; AI players are never rated or listed."
)


def title(game: GameName) -> str:
    adapter = game_named(game)
    return game.title() if adapter is None else adapter.title


def _net(game: GameName) -> bool:
    """Whether the game's scores are balances (shown signed, as net units)."""
    adapter = game_named(game)
    return adapter is not None and adapter.net_scores


def rating_text(skill: Skill) -> str:
    """``**18.4** (25.3 ± 6.9)``: the ranked figure, then the range it is the low end of."""
    return f"**{skill.ordinal:.1f}** ({skill.mu:.1f} ± {skill.spread:.1f})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _record_text(game: GameName, p: PlayerSummary) -> str:
    """Games, wins and the score figure that fits the game (net units for Mighty)."""
    played = _plural(p.games, "game")
    wins = f"{_plural(p.wins, 'win')} ({p.win_rate:.0%})"
    if _net(game):
        return f"{played} · {wins} · net {p.total_score:+d}"
    return f"{played} · {wins} · avg {p.average_score:.1f}"


def _ranked_line(game: GameName, s: Standing) -> str:
    return f"**{s.rank}.** <@{s.player.user_id}> {rating_text(s.player.skill)} · " + _record_text(
        game, s.player
    )


def _provisional_line(game: GameName, p: PlayerSummary) -> str:
    return (f"<@{p.user_id}> {p.skill.games} of {MIN_RATED_GAMES} rated games · "
            + _record_text(game, p))


def add_lines(embed: discord.Embed, name: str, lines: Iterable[str]) -> None:
    """Add ``lines`` as fields named ``name`` (then ``name (cont.)``), each value under
    Discord's 1024-character cap; a line never splits."""
    chunk: list[str] = []
    size = 0
    first = True
    for line in lines:
        line = clip(line)
        if chunk and size + 1 + len(line) > FIELD_LIMIT:
            embed.add_field(name=name if first else f"{name} (cont.)", value="\n".join(chunk),
                            inline=False)
            chunk, size, first = [], 0, False
        chunk.append(line)
        size += len(line) + (1 if size else 0)
    if chunk:
        embed.add_field(name=name if first else f"{name} (cont.)", value="\n".join(chunk),
                        inline=False)


def empty_embed(game: GameName) -> discord.Embed:
    """The friendly answer for a server without games of ``game``."""
    return discord.Embed(
        title=f"{title(game)} leaderboard",
        description=(f"No {title(game)} games recorded on this server yet. Start one with "
                     f"`/{game} start` and the leaderboard fills in when it ends."),
        colour=COLOUR,
    )


def leaderboard_embed(board: Leaderboard, viewer_id: int | None = None) -> discord.Embed:
    """The public leaderboard: the top :data:`TOP` ranked members (plus the viewer's
    own standing when lower), then provisional members."""
    if board.empty:
        return empty_embed(board.game)
    game = board.game
    last = f"\nLast game <t:{int(board.last_played)}:R>." if board.last_played else ""
    embed = discord.Embed(title=f"{title(game)} leaderboard", description=RATING_NOTE + last,
                          colour=COLOUR)
    lines = [_ranked_line(game, s) for s in board.ranked[:TOP]]
    mine = next((s for s in board.ranked[TOP:] if s.player.user_id == viewer_id), None)
    if mine is not None:
        lines += ["…", _ranked_line(game, mine)]
    if len(board.ranked) > TOP:
        lines.append(f"… {len(board.ranked) - TOP} more ranked (see `/stats`).")
    add_lines(embed, "Ranked", lines or [f"Nobody has {MIN_RATED_GAMES} rated games yet."])
    if board.provisional:
        prov = [_provisional_line(game, p) for p in board.provisional[:PROVISIONAL]]
        if len(board.provisional) > PROVISIONAL:
            prov.append(f"… and {len(board.provisional) - PROVISIONAL} more.")
        add_lines(embed, "Provisional", prov)
    embed.set_footer(text=(f"{_plural(board.games_recorded, 'game')} recorded · "
                           f"{len(board.ranked)} ranked · {len(board.provisional)} provisional · "
                           "openskill Plackett-Luce"))
    return embed


def _place(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _recent_line(game: GameName, g: RecentGame) -> str:
    score = f"{g.score:+d}" if _net(game) else str(g.score)
    outcome = " · abandoned" if g.status == "abandoned" else (" 🏆" if g.won else "")
    return f"<t:{int(g.ended_at)}:d> · {_place(g.place)} of {g.seats} · {score}{outcome}"


def _stats_fields(embed: discord.Embed, stats: PlayerStats) -> None:
    game, p = stats.game, stats.summary
    name = title(game)
    if p is None:
        rating = "Not rated: no finished game yet."
        record = "No finished games yet."
    else:
        skill = p.skill
        if skill.ranked and stats.rank is not None:
            rating = f"{rating_text(skill)} · #{stats.rank} of {stats.ranked_players} ranked"
        elif skill.games:
            rating = (f"{rating_text(skill)} · provisional: "
                      f"{skill.games} of {MIN_RATED_GAMES} rated games")
        else:
            rating = "Not rated yet: only games against AI players so far."
        if _net(game):
            scores = (f"Net units {p.total_score:+d} (avg {p.average_score:+.1f} a match, "
                      f"best {p.best_score:+d})")
        else:
            scores = f"Average score {p.average_score:.1f} · best {p.best_score}"
        record = (f"{_plural(p.games, 'game')} · {_plural(p.wins, 'win')} "
                  f"({p.win_rate:.0%} win rate)\n{scores}")
    if stats.abandoned:
        record += f"\n{_plural(stats.abandoned, 'abandoned game')} (not counted)"
    embed.add_field(name=f"{name} rating", value=clip(rating), inline=False)
    embed.add_field(name=f"{name} record", value=clip(record), inline=False)
    add_lines(embed, f"{name} recent games", [_recent_line(game, g) for g in stats.recent])


def stats_embed(display_name: str, user_id: int, stats: Sequence[PlayerStats]) -> discord.Embed:
    """A member's stats for each game they have records of (at least one)."""
    embed = discord.Embed(title=clip(f"Stats — {display_name}", 256),
                          description=f"<@{user_id}> on this server.", colour=COLOUR)
    for one in stats:
        _stats_fields(embed, one)
    embed.set_footer(text=("Rating: conservative estimate (μ ± 3σ); wins and scores count "
                           "finished games only."))
    return embed


def no_stats_text(user_id: int, game: GameName | None) -> str:
    """The answer for a member without any recorded game (of ``game``) here."""
    what = f"{title(game)} games" if game else " or ".join(g.title for g in GAMES) + " games"
    return f"<@{user_id}> has no recorded {what} on this server yet."
