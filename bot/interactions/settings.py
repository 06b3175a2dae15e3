"""What a server's settings commands do (docs/playing.md "House rules",
docs/languages.md): show the saved start options of a game and the language of new tables,
or, for a member with Manage Server, save them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.adapter import GameAdapter
from bot.i18n import N_, _, language_of
from bot.interactions.handling import NO_GUILD, Handlers, Interaction
from bot.tables.table import Refusal

DEFAULTS_SAVED = N_("This server's {game} defaults (a table's start options override them): "
                    "{options}")
DEFAULTS_NONE = N_("This server has no saved {game} defaults, so tables start with: {options}")
DEFAULTS_SET = N_("Saved. New {game} tables on this server start with: {options} "
                  "A table's start options still override these.")
DEFAULTS_MANAGE = N_("Only members with Manage Server can change this server's defaults. "
                     "Without options, this command shows them.")
LANGUAGE_SAVED = N_("New tables on this server speak {language} (a table's `language` option "
                    "overrides it).")
LANGUAGE_NONE = N_("This server has no saved language, so new tables speak {language}: the "
                   "server's Discord language when the bot speaks it, else English.")
LANGUAGE_SET = N_("Saved. New tables on this server speak {language}.")
LANGUAGE_MANAGE = N_("Only members with Manage Server can change this server's language. "
                     "Without a value, this command shows it.")


class SettingsHandlers(Handlers):
    """The server settings' handlers."""

    async def defaults(
        self, interaction: Interaction, adapter: GameAdapter, given: Mapping[str, Any],
        built_in: Mapping[str, Any],
    ) -> None:
        """``/<game> defaults``: with options, save them as the server's defaults
        (Manage Server); without, show what is saved."""
        settings = self.service.settings

        async def op() -> str:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if not given:
                saved = await settings.defaults(guild_id, adapter)
                shown = adapter.describe_settings({**built_in, **saved})
                return _(DEFAULTS_SAVED if saved else DEFAULTS_NONE, game=adapter.title,
                         options=shown)
            perms = interaction.permissions
            if not (perms and perms.manage_guild):
                raise Refusal(_(DEFAULTS_MANAGE), "not_manager")
            saved = await settings.save_defaults(guild_id, adapter, dict(given), built_in)
            return _(DEFAULTS_SET, game=adapter.title,
                     options=adapter.describe_settings({**built_in, **saved}))

        await self._simple(interaction, op)

    async def server_language(self, interaction: Interaction, code: str | None) -> None:
        """``/settings language``: with a language, save it as the server's table
        language (Manage Server); without, show the one new tables take."""
        settings = self.service.settings

        async def op() -> str:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if code is None:
                saved = await settings.language(guild_id)
                shown = language_of(saved or interaction.guild_locale)
                return _(LANGUAGE_SAVED if saved else LANGUAGE_NONE, language=shown.native)
            perms = interaction.permissions
            if not (perms and perms.manage_guild):
                raise Refusal(_(LANGUAGE_MANAGE), "not_manager")
            chosen = language_of(code)
            await settings.save_language(guild_id, chosen.code)
            return _(LANGUAGE_SET, language=chosen.native)

        await self._simple(interaction, op)
