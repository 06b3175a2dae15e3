"""What ``/history`` and ``/replay`` show (README "History", "Replays"): the words
(full sentences with placeholders, translations come later), the embeds and their
component rows. Times are Discord timestamps, shown in each member's locale; names in
embeds never ping."""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import discord

from bot import custom_ids as ids
from bot.games.adapter import GameAdapter
from bot.render import clip
from bot.replays import HandPages, Replay
from bot.storage.results import PlayerResult, RecordedGame
from bot.views import Rows, _button, _rows

PER_PAGE: Final = 10
NO_GAMES: Final = "This server has no recorded games yet{which}."
HISTORY_TITLE: Final = "Game history{which} — page {page} of {pages}"
NOT_HERE: Final = "That game is not one of this server's recorded games, so it cannot be replayed."
NOT_IN_SERVER: Final = ("History and replays belong to a server: use this command in a "
                        "server channel.")
NO_STATE: Final = "That game's cards were not stored, so it cannot be replayed."
REPLAY_PREFIX: Final = "Replay #"
REPLAY_TITLE: Final = REPLAY_PREFIX + "{id}: {game} — hand {hand} of {hands}"
NO_HANDS: Final = "No hand of this game was played, so there is nothing to replay."
ATTACHED: Final = ("Replay of game #{id}. The attached file reproduces its totals with "
                   "`python -m engine replay`.")
DECLARER_ONLY: Final = ("Only you see this, as this hand's declarer: the kitty was {kitty}; "
                        "you discarded {discards}.")
_STATUS: Final = {"finished": "finished", "abandoned": "ended early"}


def seat_name(player: PlayerResult) -> str:
    return f"🤖 {player.name}" if player.user_id is None else f"<@{player.user_id}>"


def _length(game: RecordedGame) -> str:
    hands = f"{game.hands_played} hand{'s' if game.hands_played != 1 else ''}"
    if game.started_at is None:
        return hands
    minutes = max(1, round((game.ended_at - game.started_at) / 60))
    return f"{hands}, {minutes} min"


def history_line(game: RecordedGame, title: str) -> str:
    """One game of the history: id, game, when, length, players with scores."""
    when = f"<t:{int(game.ended_at)}:f>"
    players = ", ".join(
        f"{seat_name(p)} {p.score}" + (" 🏆" if p.won else "") + (" (left)" if p.left else "")
        for p in game.players)
    winners = [seat_name(p) for p in game.players if p.won]
    won = f"Winners: {', '.join(winners)}" if winners else "No winner"
    return (f"**#{game.game_id}** · {title} · {when} · {_length(game)} · "
            f"{_STATUS[game.status]}\n{players}\n{won}")


def history_page(
    games: list[RecordedGame], total: int, page: int, game: str | None, member: int | None,
    titles: dict[str, str],
) -> tuple[discord.Embed, discord.ui.View]:
    """A page of the history with its Replay buttons and Prev/Next."""
    pages = max(1, -(-total // PER_PAGE))
    which = (f" of {titles[game]}" if game else "") + (f" with <@{member}>" if member else "")
    embed = discord.Embed(
        title=clip(HISTORY_TITLE.format(which=" (filtered)" if which else "", page=page + 1,
                                        pages=pages), 256),
        description=clip("\n\n".join(history_line(g, titles.get(g.game, g.game))
                                     for g in games) or NO_GAMES.format(which=which), 4096),
        colour=discord.Colour.blurple(),
    )
    buttons = [_button(ids.replay_button(g.game_id, 0, 0), f"Replay #{g.game_id}",
                       discord.ButtonStyle.secondary) for g in games]
    rows = _rows(buttons)
    nav = []
    if page > 0:
        nav.append(_button(ids.history_button(page - 1, game, member), "Prev",
                           discord.ButtonStyle.primary))
    if page + 1 < pages:
        nav.append(_button(ids.history_button(page + 1, game, member), "Next",
                           discord.ButtonStyle.primary))
    if nav:
        rows.append({"type": 1, "components": nav})
    return embed, Rows(rows)


def autocomplete_name(game: RecordedGame, title: str) -> str:
    """A recent game as an autocomplete answer (UTC: autocomplete cannot localise)."""
    when = dt.datetime.fromtimestamp(game.ended_at, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    names = ", ".join(p.name for p in game.players)
    return clip(f"#{game.game_id} · {when} · {title} · {names}", 100)


def replay_page(
    adapter: GameAdapter, recorded: RecordedGame, replay: Replay, hand: int, trick: int,
    viewer: int,
) -> tuple[discord.Embed, discord.ui.View]:
    """The viewer at ``hand`` (from 0) and ``trick`` (0: the hand's bids or auction;
    then each trick), with its Prev/Next buttons, as member ``viewer`` may see it: a
    Mighty hand's kitty and discards only when they were its declarer."""
    hand = min(hand, len(replay.hands) - 1)
    pages = replay.hands[hand]
    trick = min(trick, len(pages.tricks))
    names = [seat_name(p) for p in recorded.players]
    lines = [_hand_head(adapter.name, pages.summary, names)]
    if trick == 0:
        if pages.dealt is not None:
            lines.append("Dealt:\n" + "\n".join(
                f"{n}: {' '.join(cards)}" for n, cards in zip(names, pages.dealt, strict=True)))
        declarer = pages.summary.get("declarer")
        seat = next((p.seat for p in recorded.players if p.user_id == viewer), None)
        if pages.kitty is not None and seat is not None and seat == declarer:
            lines.append(DECLARER_ONLY.format(kitty=" ".join(pages.kitty),
                                              discards=" ".join(pages.discards or ())))
        lines.append(f"{len(pages.tricks)} trick(s) in this hand: press Trick ▶ to follow them.")
    else:
        lines.append(_trick_text(adapter.name, pages, trick, names))
    if trick == len(pages.tricks) and pages.scores is not None:
        lines.append("Scores this hand: " + ", ".join(
            f"{n} {s:+d}" for n, s in zip(names, pages.scores, strict=True)))
        if hand == len(replay.hands) - 1:
            lines.append("Final totals: " + ", ".join(
                f"{n} {s}" for n, s in zip(names, replay.totals, strict=True)))
    embed = discord.Embed(
        title=clip(REPLAY_TITLE.format(id=recorded.game_id, game=adapter.title, hand=hand + 1,
                                       hands=len(replay.hands)), 256),
        description=clip("\n\n".join(lines), 4096), colour=discord.Colour.dark_teal(),
    )
    gid, last = recorded.game_id, len(pages.tricks)
    nav = [(hand > 0, "◀ Hand", hand - 1, 0), (trick > 0, "◀ Trick", hand, trick - 1),
           (trick < last, "Trick ▶", hand, trick + 1),
           (hand + 1 < len(replay.hands), "Hand ▶", hand + 1, 0)]
    buttons = [_button(ids.replay_button(gid, h, t), label, discord.ButtonStyle.primary)
               for shown, label, h, t in nav if shown]
    return embed, Rows(_rows(buttons))


def _hand_head(game: str, summary: dict[str, Any], names: list[str]) -> str:
    if game == "mighty":
        return _mighty_head(summary, names)
    bids = ", ".join(f"{n} {b}{' blind' if bl else ''}" for n, b, bl in
                     zip(names, summary.get("bids") or [], summary.get("blind") or [],
                         strict=False))
    dealer = summary.get("dealer")
    return (f"Dealer {names[dealer] if isinstance(dealer, int) else '—'} · "
            f"{summary.get('size')} card(s) each · trump {summary.get('trump')}\nBids: {bids}")


def _mighty_head(summary: dict[str, Any], names: list[str]) -> str:
    declarer = summary.get("declarer")
    if not isinstance(declarer, int):
        return "No contract was played in this hand."
    points, trump = summary.get("contract") or ["—", "—"]
    bid = summary.get("initial_contract") or ["—", "—"]
    solo = summary.get("solo")
    friend = summary.get("friend")
    team = "alone (a solo)" if solo in ("open", "secret") else (
        f"with the friend {names[friend]}" if isinstance(friend, int) else "with no friend")
    return (f"Declarer {names[declarer]}: contract {points} {trump} (won the auction at "
            f"{bid[0]} {bid[1]}), friend call {summary.get('friend_call')}, played {team}"
            + (" (a secret solo, revealed at the hand's end)" if solo == "secret" else "")
            + f".\nPoints taken: {summary.get('points')} "
            f"({'made' if summary.get('success') else 'failed'}).")


def _trick_text(game: str, pages: HandPages, trick: int, names: list[str]) -> str:
    shown = pages.tricks[trick - 1]
    cards = "\n".join(f"{names[c['seat']]}: {c['card']}" for c in shown["cards"])
    text = (f"Trick {trick} of {len(pages.tricks)}: led by {names[shown['leader']]}, "
            f"won by {names[shown['winner']]}\n{cards}")
    called = pages.summary.get("friend_call")
    friend = pages.summary.get("friend")
    if game == "mighty" and isinstance(friend, int) and any(
            c["card"] == called and c["seat"] == friend for c in shown["cards"]):
        text += f"\nThe friend is revealed: {names[friend]} played {called}."
    return text
