"""What the ``/night`` commands and the night message's buttons do (docs/nights.md "A
night"): start a game night in the channel, join and leave it, show its standings, seat
its next round, end it. Each answer is the member's own, in their language; a refusal
says why (another night held, none here, the night over)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.i18n import N_, _, _n, language_of
from bot.interactions.answers import Reply
from bot.interactions.handling import NO_GUILD, Handlers, Interaction
from bot.nights import NightSettings
from bot.render.night_message import night_embed
from bot.tables.channel_access import check_opening
from bot.tables.table import Refusal

NIGHT_OVER = N_("This game night is over.")


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(_(NO_GUILD), "no_guild")
    return interaction.guild_id


class NightHandlers(Handlers):
    """The game nights' handlers."""

    async def night_start(
        self, interaction: Interaction, title: str, games: Sequence[str], rounds: int | None,
        ai_fill: bool,
    ) -> None:
        async def work(reply: Reply) -> None:
            guild_id = _guild(interaction)
            assert interaction.channel_id is not None
            check_opening(interaction.app_permissions)  # the night's message and first table
            language = await self.service.settings.language(guild_id) \
                or language_of(interaction.guild_locale).code
            night = await self.service.nights.start(
                guild_id=guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id, host_name=interaction.user.display_name,
                title=title, settings=NightSettings(games=tuple(games), rounds=rounds,
                                                    ai_fill=ai_fill, language=language))
            await reply.send(_("Your game night is open: members join it with `/night join`."),
                             embed=night_embed(night))

        await self._run(interaction, work)

    async def night_join(self, interaction: Interaction) -> None:
        async def work(reply: Reply) -> None:
            _guild(interaction)
            assert interaction.channel_id is not None
            night = await self.service.nights.join(
                interaction.channel_id, interaction.user.id, interaction.user.display_name)
            await reply.send(_("You joined the game night “{title}”.", title=night.title))

        await self._run(interaction, work)

    async def night_leave(self, interaction: Interaction) -> None:
        async def work(reply: Reply) -> None:
            _guild(interaction)
            assert interaction.channel_id is not None
            night = await self.service.nights.leave(interaction.channel_id, interaction.user.id)
            await reply.send(_("You left the game night “{title}”; the games you finished "
                               "still count.", title=night.title))

        await self._run(interaction, work)

    async def night_standings(self, interaction: Interaction) -> None:
        async def work(reply: Reply) -> None:
            _guild(interaction)
            assert interaction.channel_id is not None
            night = await self.service.nights.in_channel(interaction.channel_id)
            await reply.send(embed=night_embed(night))

        await self._run(interaction, work)

    async def night_end(self, interaction: Interaction) -> None:
        async def work(reply: Reply) -> None:
            _guild(interaction)
            assert interaction.channel_id is not None
            perms = interaction.permissions
            night = await self.service.nights.end(
                interaction.channel_id, interaction.user.id,
                isinstance(perms, discord.Permissions) and perms.manage_messages)
            await reply.send(_("The game night is over."), embed=night_embed(night))

        await self._run(interaction, work)

    async def night_seat(self, interaction: Interaction, named: Mapping[int, int]) -> None:
        """Seat the night's next round (its host); ``named``: the channels of tables 2 …
        by table number."""
        async def work(reply: Reply) -> None:
            _guild(interaction)
            assert interaction.channel_id is not None
            night = await self.service.seat_round(interaction.channel_id, interaction.user.id,
                                                  named)
            played = night.state.current
            assert played is not None
            await reply.send(_n("Round {round} is seated: {count} table, dealt.",
                                "Round {round} is seated: {count} tables, dealt.",
                                len(played.tables), round=played.number))

        await self._run(interaction, work)

    async def night_button(self, interaction: Interaction, night_id: int, what: str) -> None:
        """A button of a night's message: what its ``/night`` command does, once the
        night is still open."""
        night = await self.service.nights.by_id(night_id)
        if night is None or night.channel_id != interaction.channel_id:
            await self.refuse(interaction, _(NIGHT_OVER))
            return
        if what == "join":
            await self.night_join(interaction)
        elif what == "leave":
            await self.night_leave(interaction)
        elif what == "seat":
            await self.night_seat(interaction, {})
        else:
            await self.night_standings(interaction)
