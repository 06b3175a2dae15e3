"""What ``/cardnight check`` does (README "Troubleshooting"): for a member with Manage
Server, what the bot can do in each channel of the server with an open table and in
this one."""

from __future__ import annotations

from bot.i18n import _
from bot.interactions.answers import Reply
from bot.interactions.handling import NO_GUILD, Handlers, Interaction
from bot.tables import permission_check
from bot.tables.table import Refusal


class ChannelCheckHandlers(Handlers):
    """The channel check's handler."""

    async def check_channels(self, interaction: Interaction) -> None:
        """``/cardnight check``: what the bot can do in each channel with an open table of
        this server and in this one (Manage Server)."""
        async def work(reply: Reply) -> None:
            guild_id, perms = interaction.guild_id, interaction.permissions
            if guild_id is None or interaction.channel_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if not perms.manage_guild:
                raise Refusal(_(permission_check.MANAGERS_ONLY), "not_manager")
            here = permission_check.ChannelCheck(interaction.channel_id, None,
                                                 interaction.app_permissions)
            tables = [t for t in self.registry.tables() if t.rec.guild_id == guild_id]
            found = permission_check.checks(interaction.client, tables, here)
            await reply.send(embed=permission_check.report(interaction.client, found))

        await self._run(interaction, work)
