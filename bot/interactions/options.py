"""A game's ``/<game> start`` and ``/<game> defaults``, built from its table options
(:attr:`bot.games.adapter.GameAdapter.options`, declared once in
:mod:`bot.games.options`): the same names, types, ranges, choices and descriptions.

Every option of both commands defaults to None, meaning "not given": ``start`` takes
the option's own default, overridden by the server's saved defaults, overridden by
what was given; ``defaults`` saves what was given (Manage Server) or, given nothing,
shows what is saved.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Optional, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.adapter import GameAdapter
from bot.games.options import TableOption
from bot.i18n import LANGS
from bot.i18n.commands import L_
from bot.interactions.controller import Controller

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


class Host(Protocol):
    """The client the commands run in, as they see it (:class:`bot.client.CardBot`)."""

    @property
    def controller(self) -> Controller: ...


class Group(commands.GroupCog):
    """A game's command group as its ``start`` and ``defaults`` see it: the client's
    controller (:class:`bot.interactions.commands.TableCommands` adds the rest)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @property
    def controller(self) -> Controller:
        return self.bot.controller


@dataclass(frozen=True, slots=True)
class StartOption:
    """One start option: its ``annotation`` (``bool``, ``str`` or an
    ``app_commands.Range``), the ``default`` a table takes when nothing sets it, its
    description and, for a word option, its choices."""

    name: str
    annotation: Any
    default: Any
    description: app_commands.locale_str
    """Marked with :func:`bot.i18n.commands.L_` (translated when commands are synced)."""
    choices: Sequence[Choice[str]] = ()

    @classmethod
    def of(cls, option: TableOption) -> StartOption:
        """The command option of a table option."""
        annotation: Any = option.kind if option.bounds is None else \
            app_commands.Range[int, option.bounds[0], option.bounds[1]]
        return cls(option.name, annotation, option.default, L_(option.description),
                   [Choice(name=L_(label), value=value) for label, value in option.choices])

    def parameter(self) -> inspect.Parameter:
        return inspect.Parameter(self.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=Optional[self.annotation])  # noqa: UP045


def given(values: dict[str, Any]) -> dict[str, Any]:
    """The options a member gave (the others are None)."""
    return {k: v for k, v in values.items() if v is not None}


def option_command(
    adapter: GameAdapter, options: Sequence[StartOption], name: str,
    description: app_commands.locale_str,
    run: Callable[[Group, Interaction, dict[str, Any]], Awaitable[None]],
) -> app_commands.Command[Any, ..., None]:
    """A ``/<game> <name>`` command taking every one of ``options``, which hands the
    options given to ``run``."""

    async def callback(self: Group, interaction: Interaction, /, **values: Any) -> None:
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
    adapter: GameAdapter,
) -> tuple[app_commands.Command[Any, ..., None], app_commands.Command[Any, ..., None]]:
    """The game's ``start`` and ``defaults`` commands, taking its table options."""
    options = [StartOption.of(o) for o in adapter.options]

    async def start(cog: Group, interaction: Interaction, values: dict[str, Any]) -> None:
        await cog.controller.start(interaction, adapter, values, adapter.defaults())

    async def defaults(
        cog: Group, interaction: Interaction, values: dict[str, Any],
    ) -> None:
        await cog.controller.defaults(interaction, adapter, values, adapter.defaults())

    return (
        option_command(adapter, (*options, LANGUAGE), "start",
                       L_("Open a {game} table in this channel", game=adapter.title), start),
        option_command(adapter, options, "defaults",
                       L_("This server's default {game} options (set: Manage Server)",
                          game=adapter.title),
                       defaults),
    )


LANGUAGE_CHOICES: Final = tuple(Choice(name=app_commands.locale_str(lang.native), value=lang.code)
                                for lang in LANGS)
"""The languages, each named in itself (English, Português (Brasil), 한국어, हिन्दी)."""

LANGUAGE: Final = StartOption(
    "language", str, None,
    L_("The table's language (default: the server's /settings language)"), LANGUAGE_CHOICES)
"""``start``'s ``language`` (the table's language; not a server default: ``/settings``)."""
