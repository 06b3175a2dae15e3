"""Slash commands in every language (docs/languages.md): descriptions, option
descriptions and choice labels are translated by :class:`CatalogTranslator` when the
commands are synced; names and choice values stay as they are (the public surface).

Mark a command's texts with :func:`L_` where they are written
(``@app_commands.command(description=L_("Play a card"))``,
``Choice(name=L_("turned card"), value="turned")``, ``L_("Open a {game} table here",
game=title)``): discord.py translates only such ``locale_str`` texts.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, language_of, speak

_KEPT = (Where.command_name, Where.group_name, Where.parameter_name)
"""What is never translated: the names members type."""


def L_(msgid: str, **params: Any) -> app_commands.locale_str:
    """A command text (marked for the catalogs): English now, formatted with
    ``params``, and translated when the commands are synced."""
    return app_commands.locale_str(msgid.format(**params), msgid=msgid, **params)


class CatalogTranslator(app_commands.Translator):
    """Translates command texts from the catalogs for each language the bot speaks
    (none for other locales: Discord then shows the English)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_of(locale)
        if context.location in _KEPT or lang is ENGLISH:
            return None
        params = dict(string.extras)
        return lang.t(params.pop("msgid", string.message), **params)


class CardTree(app_commands.CommandTree[Any]):
    """The command tree: every slash command and autocomplete speaks the member's
    client language (:func:`bot.i18n.speak`, for the task that runs it)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        speak(language_of(interaction.locale))
        return True
