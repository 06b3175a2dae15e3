"""What ``/history`` and ``/replay`` and their buttons do (docs/playing.md "/history",
"/replay"): a page of this server's recorded games (or of its finished game nights,
docs/nights.md), and the replay viewer of one."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.games.registry import GAMES, game_named
from bot.i18n import _
from bot.interactions.answers import Reply
from bot.interactions.handling import NO_LONGER_IN_USE, Handlers, Interaction
from bot.records import replays
from bot.render import history, night_history
from bot.tables.table import Refusal


def _is_replay(interaction: Interaction) -> bool:
    """Whether the clicked message is a replay viewer, which carries its replay file
    (a history page carries none: a Replay button there opens a new viewer)."""
    message = interaction.message
    return message is not None and bool(message.attachments)


def _history_of(interaction: Interaction, game: str | None) -> int:
    """The server whose history is asked for, refusing outside a server and a game
    filter that names no game."""
    if interaction.guild_id is None:
        raise Refusal(_(history.NOT_IN_SERVER), "no_guild")
    if game is not None and game_named(game) is None:
        raise Refusal(_(NO_LONGER_IN_USE), "stale")
    return interaction.guild_id


class RecordHandlers(Handlers):
    """The handlers of the recorded games."""

    async def history(
        self, interaction: Interaction, game: str | None, member: int | None, page: int = 0,
        *, update: bool = False,
    ) -> None:
        """A page of this server's recorded games, newest first: a new private message
        from the command, the same message updated from its Prev/Next."""
        async def work(reply: Reply) -> None:
            guild_id = _history_of(interaction, game)
            per = history.PER_PAGE
            games, total = await self.service.storage.history(guild_id, game, member,
                                                             page * per, per)
            titles = {g.name: g.title for g in GAMES}
            embed, view = history.history_page(games, total, page, game, member, titles)
            if update:
                await reply.edit(embed=embed, view=view)
            else:
                await reply.send(embed=embed, view=view)

        await self._run(interaction, work, update=update)

    async def night_history(
        self, interaction: Interaction, game: str | None, member: int | None, page: int = 0,
        *, update: bool = False,
    ) -> None:
        """A page of this server's finished game nights, the latest first, each with its
        games (docs/nights.md "In /history"): a new private message from the command,
        the same message updated from its Prev/Next."""
        async def work(reply: Reply) -> None:
            guild_id = _history_of(interaction, game)
            per = night_history.PER_PAGE
            storage = self.service.storage
            nights, total = await storage.nights(guild_id, page * per, per, game=game,
                                                 user_id=member)
            found = [(n, await storage.night_games(guild_id, n.id)) for n in nights]
            embed, view = night_history.night_history_page(
                found, total, page, game, member, {g.name: g.title for g in GAMES})
            if update:
                await reply.edit(embed=embed, view=view)
            else:
                await reply.send(embed=embed, view=view)

        await self._run(interaction, work, update=update)

    async def replay(
        self, interaction: Interaction, game_id: int, hand: int = 0, trick: int = 0,
        *, update: bool = False,
    ) -> None:
        """The replay viewer of one of this server's games at ``hand`` and ``trick``:
        from the command or a history's Replay button, a new private message with the
        replay file attached; from the viewer's buttons, the viewer updated."""
        update = update and _is_replay(interaction)

        async def work(reply: Reply) -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(history.NOT_IN_SERVER), "no_guild")
            recorded = await self.service.storage.recorded_game(guild_id, game_id)
            adapter = None if recorded is None else game_named(recorded.game)
            if recorded is None or adapter is None:
                raise Refusal(_(history.NOT_HERE), "not_here")
            if recorded.state is None:
                raise Refusal(_(history.NO_STATE), "no_state")
            state = recorded.state
            book = await asyncio.to_thread(
                lambda: replays.build(adapter.load(state), adapter.engine))
            if not book.hands:
                raise Refusal(_(history.NO_HANDS), "no_hands")
            embed, view = history.replay_page(adapter, recorded, book, hand, trick,
                                                     interaction.user.id)
            if update:
                await reply.edit(embed=embed, view=view)
                return
            file = discord.File(io.BytesIO(book.file_text().encode()),
                                filename=f"{recorded.game}-{recorded.game_id}.json")
            await reply.send(_(history.ATTACHED, id=game_id), embed=embed,
                             view=view, file=file)

        await self._run(interaction, work, update=update)
