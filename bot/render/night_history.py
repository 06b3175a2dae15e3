"""What ``/history nights:True`` shows (docs/nights.md "In /history"): a page of the
server's finished game nights, the latest first, each with its title, when it ended,
its rounds, its winners and its games round by round (their ids, for ``/replay``),
with Replay buttons for the page's games and Prev/Next. Names are mentions, which
embeds never ping; a night's title is shown as written, its markdown escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import Final

import discord

from bot.i18n import _, _n
from bot.nights import standings
from bot.render.components import ROW_WIDTH, NightHistoryButton
from bot.render.embeds import clip
from bot.render.history import page_rows
from bot.storage.nights import NightRecord
from bot.storage.recorded import RecordedGame

PER_PAGE: Final = 5
"""Nights a page (each lists its games)."""
ENTRY_LIMIT: Final = 800
"""A night's entry is cut to this many characters, so a page stays within an embed."""
MAX_REPLAYS: Final = 4 * ROW_WIDTH
"""Replay buttons a page carries (its first games'): four rows, the fifth is Prev/Next."""


def night_entry(night: NightRecord, games: Sequence[RecordedGame],
                titles: Mapping[str, str]) -> str:
    """One finished night: title, end, rounds, winners, and its games by round."""
    table = standings(night.state)
    when = f"<t:{int(night.ended_at or night.updated_at)}:f>"
    head = (f"**{discord.utils.escape_markdown(night.title)}** · {when} · "
            + _n("{count} round", "{count} rounds", table.rounds))
    winners = [f"<@{m.user_id}>" for m in table.winners]
    won = _n("Winner: {names}", "Winners: {names}", len(winners), names=", ".join(winners)) \
        if winners else _("No winner")
    rounds = [_("Round {round}: {games}", round=number, games=", ".join(
        f"#{g.game_id} {titles.get(g.game, g.game)}" for g in played))
        for number, played in groupby(games, key=lambda g: g.night_round)]
    played = "\n".join(rounds) if rounds else _("No game was recorded.")
    return clip(f"{head}\n{won}\n{played}", ENTRY_LIMIT)


def night_history_page(
    nights: Sequence[tuple[NightRecord, Sequence[RecordedGame]]], total: int, page: int,
    game: str | None, member: int | None, titles: Mapping[str, str],
) -> tuple[discord.Embed, discord.ui.View]:
    """A page of the finished nights, each with its games, with Replay buttons and
    Prev/Next."""
    pages = max(1, -(-total // PER_PAGE))
    title = _("Game nights (filtered) — page {page} of {pages}", page=page + 1, pages=pages) \
        if game or member else _("Game nights — page {page} of {pages}", page=page + 1,
                                 pages=pages)
    empty = _("No finished game night of this server matches these filters.") \
        if game or member else _("This server has no finished game nights yet.")
    hint = "\n\n" + _("Replay any of these games with `/replay game:<id>`.") if nights else ""
    entries = "\n\n".join(night_entry(n, g, titles) for n, g in nights) or empty
    embed = discord.Embed(title=clip(title, 256), colour=discord.Colour.blurple(),
                          description=clip(entries, 4096 - len(hint)) + hint)
    replays = [g.game_id for _night, games in nights for g in games][:MAX_REPLAYS]
    return embed, page_rows(replays, page, pages,
                            lambda to: NightHistoryButton(to, game, member))
