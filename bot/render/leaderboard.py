"""The ``/leaderboard`` and ``/stats`` embeds.

Ratings show as the conservative figure ``mu − 3σ`` in bold, followed by the range
``mu ± 3σ`` it is the low end of, so a new member's wide uncertainty is plain to see.
Kachuful shows average and best scores; Mighty scores are balances that sum to zero
over a match (M3), so it shows net units instead. Embeds stay inside Discord's limits:
at most :data:`TOP` ranked and :data:`PROVISIONAL` provisional lines, fields packed
under 1024 characters. Built in the language being spoken (the asking member's), numbers
written the way it writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import discord
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from bot.games.registry import GAMES, game_named
from bot.i18n import N_, _, _n, current
from bot.render.embeds import COLOUR, FIELD_LIMIT, clip
from bot.storage.ratings import MIN_RATED_GAMES, Skill
from bot.storage.results import GameName
from bot.storage.standings import (
    Leaderboard,
    PlayerSeason,
    PlayerStats,
    PlayerSummary,
    RecentGame,
    Standing,
)

TOP: Final = 20
"""Ranked members listed on the leaderboard (the viewer's own line is added below)."""
PROVISIONAL: Final = 10
"""Provisional members listed on the leaderboard."""

RATING_NOTE: Final = N_(
    "Ranked by skill rating: **conservative estimate** (likely range μ ± 3σ). "
    "Members need {games} rated games (games with at least one other member) "
    "to be ranked; AI players are never rated or listed."
)
PLACES: Final = {
    "one": N_("{place}st of {seats}"), "two": N_("{place}nd of {seats}"),
    "few": N_("{place}rd of {seats}"), "other": N_("{place}th of {seats}"),
}
"""A finishing place by the language's CLDR ordinal category (``other`` for the rest)."""
SEASON_NOW: Final = N_("Season {season}, the running one.")
SEASON_PAST: Final = N_("Season {season}, ended (the running season is {running}).")


def title(game: GameName) -> str:
    adapter = game_named(game)
    return game.title() if adapter is None else adapter.title


def _net(game: GameName) -> bool:
    """Whether the game's scores are balances (shown signed, as net units)."""
    adapter = game_named(game)
    return adapter is not None and adapter.net_scores


def _decimal(value: float, signed: bool = False) -> str:
    """``value`` with one decimal, written the way the language being spoken writes it."""
    pattern = "+#,##0.0;-#,##0.0" if signed else "#,##0.0"
    return format_decimal(value, format=pattern, locale=current().locale)


def _percent(value: float) -> str:
    return format_percent(value, locale=current().locale)


def rating_text(skill: Skill) -> str:
    """``**18.4** (25.3 ± 6.9)``: the ranked figure, then the range it is the low end of."""
    return _("**{rating}** ({mu} ± {spread})", rating=_decimal(skill.ordinal),
             mu=_decimal(skill.mu), spread=_decimal(skill.spread))


def _games(n: int) -> str:
    return _n("{count} game", "{count} games", n)


def _record_text(game: GameName, p: PlayerSummary) -> str:
    """Games, wins and the score figure that fits the game (net units for Mighty)."""
    wins = _n("{count} win ({rate})", "{count} wins ({rate})", p.wins, rate=_percent(p.win_rate))
    if _net(game):
        net = f"{p.total_score:+d}"
        return _("{games} · {wins} · net {net}", games=_games(p.games), wins=wins, net=net)
    return _("{games} · {wins} · avg {average}", games=_games(p.games), wins=wins,
             average=_decimal(p.average_score))


def _ranked_line(game: GameName, s: Standing) -> str:
    return f"**{s.rank}.** <@{s.player.user_id}> {rating_text(s.player.skill)} · " + _record_text(
        game, s.player
    )


def _provisional_line(game: GameName, p: PlayerSummary) -> str:
    rated = _("{count} of {needed} rated games", count=p.skill.games, needed=MIN_RATED_GAMES)
    return f"<@{p.user_id}> {rated} · " + _record_text(game, p)


def add_lines(embed: discord.Embed, name: str, lines: Iterable[str]) -> None:
    """Add ``lines`` as fields named ``name`` (then ``name (cont.)``), each value under
    Discord's 1024-character cap; a line never splits."""
    chunk: list[str] = []
    size = 0
    first = True
    for line in lines:
        line = clip(line)
        if chunk and size + 1 + len(line) > FIELD_LIMIT:
            embed.add_field(name=_field_name(name, first), value="\n".join(chunk), inline=False)
            chunk, size, first = [], 0, False
        chunk.append(line)
        size += len(line) + (1 if size else 0)
    if chunk:
        embed.add_field(name=_field_name(name, first), value="\n".join(chunk), inline=False)


def _field_name(name: str, first: bool) -> str:
    return name if first else _("{name} (cont.)", name=name)


def _board_title(game: GameName) -> str:
    return _("{game} leaderboard", game=title(game))


def _season_line(season: int, running: int | None) -> str | None:
    """Which season a board is of, once the server has had more than one (None
    before: a server in its first season sees no seasons)."""
    running = season if running is None else running
    if running == 1 and season == 1:
        return None
    if season == running:
        return _(SEASON_NOW, season=season)
    return _(SEASON_PAST, season=season, running=running)


def empty_embed(game: GameName, season: int = 1, running: int | None = None) -> discord.Embed:
    """The friendly answer for a server without games of ``game`` in ``season``
    (``running``: the server's running season, ``season`` when None)."""
    running = season if running is None else running
    if season < running:
        text = _("No {game} games were recorded on this server in season {season}.",
                 game=title(game), season=season)
    elif season > 1:
        text = _("No {game} games recorded on this server in season {season} yet. Start one "
                 "with `/{command} start` and the leaderboard fills in when it ends.",
                 game=title(game), season=season, command=game)
    else:
        text = _("No {game} games recorded on this server yet. Start one with "
                 "`/{command} start` and the leaderboard fills in when it ends.",
                 game=title(game), command=game)
    return discord.Embed(title=_board_title(game), description=text, colour=COLOUR)


def leaderboard_embed(
    board: Leaderboard, running: int | None = None, viewer_id: int | None = None,
) -> discord.Embed:
    """The leaderboard: the top :data:`TOP` ranked members (plus the viewer's own
    standing when lower), then provisional members; ``running``: the server's running
    season (the board's when None), to say which season the board is of."""
    if board.empty:
        return empty_embed(board.game, board.season, running)
    game = board.game
    description = _(RATING_NOTE, games=MIN_RATED_GAMES)
    season = _season_line(board.season, running)
    if season is not None:
        description = season + "\n" + description
    if board.last_played:
        when = f"<t:{int(board.last_played)}:R>"
        description += "\n" + _("Last game {when}.", when=when)
    embed = discord.Embed(title=_board_title(game), description=description, colour=COLOUR)
    lines = [_ranked_line(game, s) for s in board.ranked[:TOP]]
    mine = next((s for s in board.ranked[TOP:] if s.player.user_id == viewer_id), None)
    if mine is not None:
        lines += ["…", _ranked_line(game, mine)]
    if len(board.ranked) > TOP:
        lines.append(_("… {count} more ranked (see `/stats`).", count=len(board.ranked) - TOP))
    nobody = _("Nobody has {games} rated games yet.", games=MIN_RATED_GAMES)
    add_lines(embed, _("Ranked"), lines or [nobody])
    if board.provisional:
        prov = [_provisional_line(game, p) for p in board.provisional[:PROVISIONAL]]
        if len(board.provisional) > PROVISIONAL:
            prov.append(_("… and {count} more.", count=len(board.provisional) - PROVISIONAL))
        add_lines(embed, _("Provisional"), prov)
    embed.set_footer(text=_n(
        "{count} game recorded · {ranked} ranked · {provisional} provisional · openskill "
        "Plackett-Luce",
        "{count} games recorded · {ranked} ranked · {provisional} provisional · openskill "
        "Plackett-Luce",
        board.games_recorded, ranked=len(board.ranked), provisional=len(board.provisional)))
    return embed


def _place(place: int, seats: int) -> str:
    """``2nd of 5``, by the ordinal rule of the language being spoken."""
    category = current().locale.ordinal_form(place)
    return _(PLACES.get(category, PLACES["other"]), place=place, seats=seats)


def _recent_line(game: GameName, g: RecentGame) -> str:
    score = f"{g.score:+d}" if _net(game) else str(g.score)
    line = f"<t:{int(g.ended_at)}:d> · {_place(g.place, g.seats)} · {score}"
    if g.status == "abandoned":
        return _("{line} · abandoned", line=line)
    return line + (" 🏆" if g.won else "")


def _stats_fields(embed: discord.Embed, stats: PlayerStats) -> None:
    game, p = stats.game, stats.summary
    name = title(game)
    if p is None:
        rating = _("Not rated: no finished game yet.")
        record = _("No finished games yet.")
    else:
        skill = p.skill
        if skill.ranked and stats.rank is not None:
            rating = _("{rating} · #{rank} of {count} ranked", rating=rating_text(skill),
                       rank=stats.rank, count=stats.ranked_players)
        elif skill.games:
            rating = _("{rating} · provisional: {count} of {needed} rated games",
                       rating=rating_text(skill), count=skill.games, needed=MIN_RATED_GAMES)
        else:
            rating = _("Not rated yet: only games against AI players so far.")
        if _net(game):
            net, best = f"{p.total_score:+d}", f"{p.best_score:+d}"
            scores = _("Net units {net} (avg {average} a match, best {best})", net=net,
                       average=_decimal(p.average_score, signed=True), best=best)
        else:
            scores = _("Average score {average} · best {best}",
                       average=_decimal(p.average_score), best=p.best_score)
        wins = _n("{count} win ({rate} win rate)", "{count} wins ({rate} win rate)", p.wins,
                  rate=_percent(p.win_rate))
        record = _("{games} · {wins}", games=_games(p.games), wins=wins) + "\n" + scores
    if stats.abandoned:
        record += "\n" + _n("{count} abandoned game (not counted)",
                            "{count} abandoned games (not counted)", stats.abandoned)
    embed.add_field(name=_("{game} rating", game=name), value=clip(rating), inline=False)
    embed.add_field(name=_("{game} record", game=name), value=clip(record), inline=False)
    add_lines(embed, _("{game} recent games", game=name),
              [_recent_line(game, g) for g in stats.recent])


def _season_record(game: GameName, played: PlayerSeason) -> str:
    """``Season 2: #1 of 4 ranked · 6 games · 3 wins (50%) · avg 31.5``."""
    if played.rank is not None:
        rank = _("#{rank} of {count} ranked", rank=played.rank, count=played.ranked_players)
    else:
        rank = _("provisional")
    return _("Season {season}: {rank} · {record}", season=played.season, rank=rank,
             record=_record_text(game, played.summary))


def stats_embed(
    display_name: str, user_id: int, stats: Sequence[PlayerStats],
    seasons: Mapping[GameName, Sequence[PlayerSeason]] | None = None,
) -> discord.Embed:
    """A member's stats for each game they have records of in the running season, and,
    once they have played in another season, their record in each season of ``seasons``
    (by game, oldest first); at least one of the two."""
    member = f"<@{user_id}>"
    embed = discord.Embed(title=clip(_("Stats — {name}", name=display_name), 256),
                          description=_("{member} on this server.", member=member),
                          colour=COLOUR)
    for one in stats:
        _stats_fields(embed, one)
    running = {one.game: one.season for one in stats}
    for game, played in (seasons or {}).items():
        if any(p.season != running.get(game) for p in played):
            add_lines(embed, _("{game} seasons", game=title(game)),
                      [_season_record(game, p) for p in played])
    embed.set_footer(text=_("Rating: conservative estimate (μ ± 3σ); wins and scores count "
                            "finished games only."))
    return embed


def no_stats_text(user_id: int, game: GameName | None) -> str:
    """The answer for a member without any recorded game here (of ``game``, else of the
    games offered to members)."""
    offered = [g.title for g in GAMES]
    games = title(game) if game else format_list(offered, style="or", locale=current().locale)
    member = f"<@{user_id}>"
    return _("{member} has no recorded {games} games on this server yet.", member=member,
             games=games)
