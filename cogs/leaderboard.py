"""``/leaderboard [game] [season]`` and ``/stats [member] [game]``: per-server records,
the leaderboard of the running season unless asked for an earlier one, and a member's
record in each season they played (docs/nights.md "Seasons").

The leaderboard is posted publicly: it is the server's shared table of honour, and
seeing it in the channel is what starts rematches. Stats are public too: every number
in them comes from results already shown on the table messages, and a member usually
asks for them to show them. Everything that is not a result (no records yet, a bad
game name, a command outside a server, a storage failure) is answered privately.
Both answers, public or private, are in the asking member's language: no table is
involved, and it is that member who asked.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.adapter import GameAdapter
from bot.games.registry import GAMES, offered
from bot.i18n import N_, _
from bot.i18n.commands import L_
from bot.interactions.game_choices import offer_games
from bot.render.leaderboard import (
    empty_embed,
    leaderboard_embed,
    no_stats_text,
    stats_embed,
)
from bot.render.stats_chart import chart_game, rating_picture
from bot.render.table_pictures import attachment, show
from bot.storage import Storage
from bot.storage.results import GameName

if TYPE_CHECKING:
    from bot.client import CardBot

log = logging.getLogger(__name__)

NOT_IN_SERVER = N_("Leaderboards and stats belong to a server: use this command in a server "
                   "channel.")
NO_SUCH_SEASON = N_("Season {season} has not started: this server is in season {current}.")
READ_FAILED = N_("The records could not be read just now. Please try again in a moment.")
QUIET = discord.AllowedMentions.none()


def parse_game(value: str | None, names: Sequence[GameName] | None = None) -> GameName | None:
    """The game of ``names`` (by default the games offered in production) named by a
    command option (None when left out); :class:`ValueError` with the sentence to show
    when it names no game."""
    if value is None:
        return None
    name = value.strip().lower()
    names = names or [g.name for g in GAMES]
    for game in names:
        if game == name:
            return game
    raise ValueError(_("There is no game called “{name}”. Choose one of: {games}.",
                       name=value[:50], games=", ".join(names)))


async def _private(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=QUIET)


class Leaderboards(commands.Cog):
    """The two record commands; ``storage`` gives the bot's storage, ``games`` are the
    games offered."""

    def __init__(
        self, storage: Callable[[], Storage], games: Sequence[GameAdapter] = GAMES,
    ) -> None:
        self._storage = storage
        self.games = [g.name for g in games]
        offer_games(self, games)

    async def _checked(
        self, interaction: discord.Interaction, game: str | None
    ) -> tuple[int, GameName | None] | None:
        """The server and game of a request, or None after refusing it privately."""
        if interaction.guild_id is None:
            await _private(interaction, _(NOT_IN_SERVER))
            return None
        try:
            return interaction.guild_id, parse_game(game, self.games)
        except ValueError as exc:
            await _private(interaction, str(exc))
            return None

    @app_commands.command(name="leaderboard",
                          description=L_("This server's leaderboard for a game"))
    @app_commands.describe(game=L_("The game (default: the game played most here)"),
                           season=L_("Which season (default: the running one)"))
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None,
        season: app_commands.Range[int, 1, None] | None = None,
    ) -> None:
        """Post the leaderboard publicly; an empty one is a private note, and so is a
        season not started yet."""
        checked = await self._checked(interaction, game)
        if checked is None:
            return
        guild_id, chosen = checked
        storage = self._storage()
        try:
            running = (await storage.season(guild_id)).number
            started = season is None or season <= running
            name = chosen or await storage.most_played_game(
                guild_id, self.games, season if started else None)
            board = await storage.leaderboard(guild_id, name, season) if started else None
        except Exception:
            log.exception("could not read the leaderboard of guild %s", guild_id)
            await _private(interaction, _(READ_FAILED))
            return
        if board is None:
            await _private(interaction, _(NO_SUCH_SEASON, season=season, current=running))
            return
        if board.empty:
            await interaction.response.send_message(
                embed=empty_embed(name, board.season, running), ephemeral=True)
            return
        await interaction.response.send_message(
            embed=leaderboard_embed(board, running, viewer_id=interaction.user.id),
            allowed_mentions=QUIET,
        )

    @app_commands.command(name="stats", description=L_("A member's record on this server"))
    @app_commands.describe(member=L_("Whose stats (default: yours)"),
                           game=L_("The game (default: every game they played)"))
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction,
        member: discord.Member | discord.User | None = None, game: str | None = None,
    ) -> None:
        """Post a member's stats publicly (the running season's, and their record in
        each season they played), with their rating chart (of the game they have the
        most rated games of this season) once they have two; no records is a private
        note."""
        checked = await self._checked(interaction, game)
        if checked is None:
            return
        guild_id, chosen = checked
        who = member or interaction.user
        storage = self._storage()
        try:
            games = (chosen,) if chosen else self.games
            found = [s for g in games
                     if (s := await storage.player_stats(guild_id, g, who.id)) is not None]
            seasons = {g: played for g in games
                       if (played := await storage.player_seasons(guild_id, g, who.id))}
            charted = chart_game(found)
            history = [] if charted is None else await storage.rating_history(
                guild_id, charted, who.id)
        except Exception:
            log.exception("could not read the stats of a member in guild %s", guild_id)
            await _private(interaction, _(READ_FAILED))
            return
        if not found and not seasons:
            await _private(interaction, no_stats_text(who.id, chosen))
            return
        embed = stats_embed(who.display_name, who.id, found, seasons)
        picture = None if charted is None else await rating_picture(
            who.display_name, charted, history)
        show(embed, picture)
        await interaction.response.send_message(
            embed=embed, allowed_mentions=QUIET,
            files=[] if picture is None else [attachment(picture)],
        )


async def setup(bot: CardBot) -> None:
    """Extension entry point: the cog reads the bot's storage."""
    await bot.add_cog(Leaderboards(lambda: bot.storage, offered(bot.settings.extra_games)))
