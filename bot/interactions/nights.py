"""What the ``/night`` commands do (docs/nights.md "A night"): start a game night in
the channel, join and leave it, show its standings, end it. Each answer is the
member's own, in their language; a refusal says why (another night held, none here)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import _
from bot.interactions.answers import Reply
from bot.interactions.handling import NO_GUILD, Handlers, Interaction
from bot.nights import NightSettings
from bot.render.night_message import night_embed
from bot.tables.table import Refusal


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
            night = await self.service.nights.start(
                guild_id=guild_id, channel_id=interaction.channel_id,
                host_id=interaction.user.id, host_name=interaction.user.display_name,
                title=title, settings=NightSettings(games=tuple(games), rounds=rounds,
                                                    ai_fill=ai_fill))
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
