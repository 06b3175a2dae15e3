"""What ``/history`` and ``/replay`` show (docs/playing.md "/history", "/replay"): the
words (full sentences with placeholders, in the member's language), the embeds and their
component rows. Times in embeds are Discord timestamps, which each member's client shows
in their own language and time zone; elsewhere dates are written by Babel in the member's
language (:meth:`bot.i18n.Lang.date`). Names in embeds never ping."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Final

import discord

from bot.games.adapter import GameAdapter
from bot.i18n import N_, _, _n, current
from bot.records.replays import HandPages, Replay
from bot.render.components import Component, HistoryButton, ReplayButton, Rows, in_rows, row
from bot.render.embeds import clip
from bot.storage.recorded import RecordedGame
from bot.storage.results import PlayerResult

PER_PAGE: Final = 10
NOT_HERE: Final = N_("That game is not one of this server's recorded games, so it cannot be "
                     "replayed.")
NOT_IN_SERVER: Final = N_("History and replays belong to a server: use this command in a "
                          "server channel.")
NO_STATE: Final = N_("That game's cards were not stored, so it cannot be replayed.")
REPLAY_COLOUR: Final = discord.Colour.dark_teal()
"""A replay viewer's colour."""
NO_HANDS: Final = N_("No hand of this game was played, so there is nothing to replay.")
ATTACHED: Final = N_("Replay of game #{id}. The attached file reproduces its totals with "
                     "`python -m engine replay`.")
DECLARER_ONLY: Final = N_("Only you see this, as this hand's declarer: the kitty was {kitty}; "
                          "you discarded {discards}.")
_STATUS: Final = {"finished": N_("finished"), "abandoned": N_("ended early")}


def seat_name(player: PlayerResult) -> str:
    return f"🤖 {player.name}" if player.user_id is None else f"<@{player.user_id}>"


def _length(game: RecordedGame) -> str:
    hands = _n("{count} hand", "{count} hands", game.hands_played)
    if game.started_at is None:
        return hands
    minutes = max(1, round((game.ended_at - game.started_at) / 60))
    return _("{hands}, {minutes} min", hands=hands, minutes=current().number(minutes))


def history_line(game: RecordedGame, title: str) -> str:
    """One game of the history: id, game, when, length, players with scores."""
    when = f"<t:{int(game.ended_at)}:f>"
    number = current().number
    players = ", ".join(
        f"{seat_name(p)} {number(p.score)}" + (" 🏆" if p.won else "")
        + (" " + _("(left)") if p.left else "") for p in game.players)
    winners = [seat_name(p) for p in game.players if p.won]
    won = _n("Winner: {names}", "Winners: {names}", len(winners), names=", ".join(winners)) \
        if winners else _("No winner")
    return (f"**#{game.game_id}** · {title} · {when} · {_length(game)} · "
            f"{_(_STATUS[game.status])}\n{players}\n{won}")


def history_page(
    games: list[RecordedGame], total: int, page: int, game: str | None, member: int | None,
    titles: dict[str, str],
) -> tuple[discord.Embed, discord.ui.View]:
    """A page of the history with its Replay buttons and Prev/Next."""
    pages = max(1, -(-total // PER_PAGE))
    title = _("Game history (filtered) — page {page} of {pages}", page=page + 1, pages=pages) \
        if game or member else _("Game history — page {page} of {pages}", page=page + 1,
                                 pages=pages)
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip("\n\n".join(history_line(g, titles.get(g.game, g.game))
                                     for g in games) or _no_games(game and titles[game], member),
                         4096),
        colour=discord.Colour.blurple(),
    )
    return embed, page_rows([g.game_id for g in games], page, pages,
                            lambda to: HistoryButton(to, game, member))


def page_rows(
    replays: list[int], page: int, pages: int, turn: Callable[[int], Component],
) -> Rows:
    """A history page's rows: a Replay button for each of the games ``replays``, then
    Prev/Next (``turn``: the button to a page) where there is a page to turn to."""
    rows = in_rows([ReplayButton(gid, 0, 0).button(
        _("Replay #{id}", id=gid), discord.ButtonStyle.secondary) for gid in replays])
    nav = [turn(to).button(label, discord.ButtonStyle.primary)
           for shown, label, to in ((page > 0, _("Prev"), page - 1),
                                    (page + 1 < pages, _("Next"), page + 1)) if shown]
    if nav:
        rows.append(row(nav))
    return Rows(rows)


def _no_games(title: str | None, member: int | None) -> str:
    """The empty history, saying which filters it had."""
    mention = f"<@{member}>"
    if title and member:
        return _("This server has no recorded games yet of {game} with {member}.", game=title,
                 member=mention)
    if title:
        return _("This server has no recorded games yet of {game}.", game=title)
    if member:
        return _("This server has no recorded games yet with {member}.", member=mention)
    return _("This server has no recorded games yet.")


def autocomplete_name(game: RecordedGame, title: str) -> str:
    """A recent game as an autocomplete answer, its time (UTC: autocomplete cannot show a
    Discord timestamp) written in the member's language."""
    moment = dt.datetime.fromtimestamp(game.ended_at, dt.UTC)
    when = _("{when} UTC", when=current().date(moment.replace(tzinfo=None)))
    names = ", ".join(p.name for p in game.players)
    return clip(f"#{game.game_id} · {when} · {title} · {names}", 100)


def replay_page(
    adapter: GameAdapter, recorded: RecordedGame, replay: Replay, hand: int, trick: int,
    viewer: int,
) -> tuple[discord.Embed, discord.ui.View]:
    """The viewer at ``hand`` (from 0) and ``trick`` (0: the hand's bids or auction;
    then each trick), with its Prev/Next buttons, as member ``viewer`` may see it: a
    hand's private cards (Mighty's kitty and discards) only when they sat in the seat
    the game's reveal names (its declarer)."""
    hand = min(hand, len(replay.hands) - 1)
    pages = replay.hands[hand]
    trick = min(trick, len(pages.tricks))
    names = [seat_name(p) for p in recorded.players]
    head = adapter.replay_head(pages.summary, names)
    lines = [] if head is None else [head]
    if trick == 0:
        if pages.dealt is not None:
            lines.append(_("Dealt:") + "\n" + "\n".join(
                f"{n}: {' '.join(cards)}" for n, cards in zip(names, pages.dealt, strict=True)))
        seat = next((p.seat for p in recorded.players if p.user_id == viewer), None)
        if pages.kitty is not None and seat is not None and seat == pages.privy:
            lines.append(_(DECLARER_ONLY, kitty=" ".join(pages.kitty),
                           discards=" ".join(pages.discards or ())))
        lines.append(_n("{count} trick in this hand: press Trick ▶ to follow it.",
                        "{count} tricks in this hand: press Trick ▶ to follow them.",
                        len(pages.tricks)))
    else:
        lines.append(_trick_text(adapter, pages, trick, names))
    if trick == len(pages.tricks) and pages.scores is not None:
        number = current().number
        lines.append(_("Scores this hand: {scores}", scores=", ".join(
            f"{n} {'+' if s >= 0 else ''}{number(s)}"
            for n, s in zip(names, pages.scores, strict=True))))
        if hand == len(replay.hands) - 1:
            lines.append(_("Final totals: {totals}", totals=", ".join(
                f"{n} {number(s)}" for n, s in zip(names, replay.totals, strict=True))))
    embed = discord.Embed(
        title=clip(_("Replay #{id}: {game} — hand {hand} of {hands}", id=recorded.game_id,
                     game=adapter.title, hand=hand + 1, hands=len(replay.hands)), 256),
        description=clip("\n\n".join(lines), 4096), colour=REPLAY_COLOUR,
    )
    gid, last = recorded.game_id, len(pages.tricks)
    nav = [(hand > 0, _("◀ Hand"), hand - 1, 0), (trick > 0, _("◀ Trick"), hand, trick - 1),
           (trick < last, _("Trick ▶"), hand, trick + 1),
           (hand + 1 < len(replay.hands), _("Hand ▶"), hand + 1, 0)]
    return embed, Rows(in_rows([ReplayButton(gid, h, t).button(label, discord.ButtonStyle.primary)
                                for shown, label, h, t in nav if shown]))


def _trick_text(adapter: GameAdapter, pages: HandPages, trick: int, names: list[str]) -> str:
    shown = pages.tricks[trick - 1]
    cards = "\n".join(f"{names[c['seat']]}: {c['card']}" for c in shown["cards"])
    head = _("Trick {trick} of {tricks}: led by {leader}, won by {winner}", trick=trick,
             tricks=len(pages.tricks), leader=names[shown["leader"]],
             winner=names[shown["winner"]])
    note = adapter.replay_trick_note(pages.summary, shown, names)
    return f"{head}\n{cards}" if note is None else f"{head}\n{cards}\n{note}"
