"""A game's start options, declared once (README "House rules"): each game lists its
:class:`StartOption`\\ s and gets both ``/<game> start`` and ``/<game> defaults`` built
from them, with the same names, types, ranges, choices and descriptions.

Every option of both commands defaults to None, meaning "not given": ``start`` takes
the option's own default, overridden by the server's saved defaults, overridden by
what was given; ``defaults`` saves what was given (Manage Server) or, given nothing,
shows what is saved.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands

from bot.games.adapter import GameAdapter
from bot.games.options import StartOption as StartOption
from bot.i18n import LANGS
from bot.i18n.commands import L_

if TYPE_CHECKING:
    from bot.interactions.commands import TableCommands

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


def built_in(options: Sequence[StartOption]) -> dict[str, Any]:
    """Every option at its own default."""
    return {o.name: o.default for o in options}


def given(values: dict[str, Any]) -> dict[str, Any]:
    """The options a member gave (the others are None)."""
    return {k: v for k, v in values.items() if v is not None}


def option_command(
    adapter: GameAdapter, options: Sequence[StartOption], name: str,
    description: app_commands.locale_str,
    run: Callable[[TableCommands, Interaction, dict[str, Any]], Awaitable[None]],
) -> app_commands.Command[Any, ..., None]:
    """A ``/<game> <name>`` command taking every one of ``options``, which hands the
    options given to ``run``."""

    async def callback(self: TableCommands, interaction: Interaction, /, **values: Any) -> None:
        await run(self, interaction, given(values))

    callback.__name__ = name
    callback.__qualname__ = f"{type(adapter).__name__}Commands.{name}"
    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    interaction = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [self_param, interaction, *(o.parameter() for o in options)])
    command = app_commands.command(name=name, description=description)(callback)
    app_commands.describe(**{o.name: o.description for o in options})(command)
    app_commands.choices(**{o.name: list(o.choices) for o in options if o.choices})(command)
    return command


def start_and_defaults(
    adapter: GameAdapter, options: Sequence[StartOption],
) -> tuple[app_commands.Command[Any, ..., None], app_commands.Command[Any, ..., None]]:
    """The game's ``start`` and ``defaults`` commands."""

    async def start(cog: TableCommands, interaction: Interaction, values: dict[str, Any]) -> None:
        await cog.controller.start(interaction, adapter, values, built_in(options))

    async def defaults(
        cog: TableCommands, interaction: Interaction, values: dict[str, Any],
    ) -> None:
        await cog.controller.defaults(interaction, adapter, values, built_in(options))

    return (
        option_command(adapter, (*options, LANGUAGE), "start",
                       L_("Open a {game} table in this channel", game=adapter.title), start),
        option_command(adapter, options, "defaults",
                       L_("This server's default {game} options (set: Manage Server)",
                          game=adapter.title),
                       defaults),
    )


DECK_CHOICES: Final = (Choice(name=L_("classic (red and black)"), value="classic"),
                       Choice(name=L_("four colours (♠ black, ♥ red, ♦ blue, ♣ green)"),
                              value="four_color"))
"""The ``deck`` option's choices (:data:`bot.render.pictures.DECKS`)."""

TURN_OPTIONS: tuple[StartOption, ...] = (
    StartOption("turn_timer", app_commands.Range[int, 0, 3600], 0,
                L_("Seconds before the AI plays for a slow player (0: off)")),
    StartOption("turn_ping", bool, True,
                L_("Ping the player whose turn it is with a short message (default: on)")),
    StartOption("hints", bool, True, L_("Offer a Hint button on the private panels")),
    StartOption("images", bool, True,
                L_("Show the table and hands as pictures too (default: on)")),
    StartOption("deck", str, "classic", L_("The cards' colours in the pictures"), DECK_CHOICES),
)
"""The table options every game has."""

LANGUAGE_CHOICES: Final = tuple(Choice(name=app_commands.locale_str(lang.native), value=lang.code)
                                for lang in LANGS)
"""The languages, each named in itself (English, Português (Brasil), 한국어, हिन्दी)."""

LANGUAGE: Final = StartOption(
    "language", str, None,
    L_("The table's language (default: the server's /settings language)"), LANGUAGE_CHOICES)
"""``start``'s ``language`` (the table's language; not a server default: ``/settings``)."""
