"""What ``/settings season`` does (docs/nights.md "Seasons"): show the server's running
season, or, for a member with Manage Server (or an administrator), start a new season
now or turn monthly seasons on or off. Starting a season archives the running one:
its leaderboard stays readable with ``/leaderboard season:``."""

from __future__ import annotations

from bot.i18n import N_, _
from bot.interactions.handling import NO_GUILD, Handlers, Interaction
from bot.seasons import Season
from bot.tables.table import Refusal

SEASON_RUNNING = N_("This server is in season {number}, since {since}.")
SEASON_FIRST = N_("This server is in season {number}, since its first recorded game.")
MONTHLY_ON = N_("Monthly seasons are on: a new season starts on the first day of each "
                "month (UTC).")
MONTHLY_OFF = N_("Monthly seasons are off: the season runs until someone with Manage Server "
                 "starts a new one with `/settings season now:True`.")
SEASON_STARTED = N_("Season {number} has started: ratings and the leaderboard start afresh. "
                    "Season {previous} is kept as it was: `/leaderboard season:{previous}` "
                    "shows it.")
SEASON_MANAGE = N_("Only members with Manage Server can start a season or change monthly "
                   "seasons. Without options, this command shows the running season.")


def season_text(season: Season) -> str:
    """The running season and whether seasons are monthly, in the language spoken."""
    if season.started_at is None:
        running = _(SEASON_FIRST, number=season.number)
    else:
        running = _(SEASON_RUNNING, number=season.number, since=f"<t:{int(season.started_at)}:D>")
    return running + " " + _(MONTHLY_ON if season.monthly else MONTHLY_OFF)


class SeasonHandlers(Handlers):
    """The seasons' handler."""

    async def season_settings(
        self, interaction: Interaction, now: bool, monthly: bool | None,
    ) -> None:
        """``/settings season``: with ``now``, start the next season (monthly from then
        on when ``monthly`` says so, else as the running one was); with ``monthly``
        alone, turn monthly seasons on or off; without options, show the season."""
        storage = self.service.storage

        async def op() -> str:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if not now and monthly is None:
                return season_text(await storage.season(guild_id))
            perms = interaction.permissions
            if not (perms and (perms.manage_guild or perms.administrator)):
                raise Refusal(_(SEASON_MANAGE), "not_manager")
            if not now:
                assert monthly is not None
                return season_text(await storage.set_monthly_seasons(guild_id, monthly))
            running = await storage.season(guild_id)
            started = await storage.start_season(
                guild_id, monthly=running.monthly if monthly is None else monthly)
            return (_(SEASON_STARTED, number=started.number, previous=running.number) + " "
                    + _(MONTHLY_ON if started.monthly else MONTHLY_OFF))

        await self._simple(interaction, op)
