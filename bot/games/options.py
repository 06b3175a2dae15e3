"""A start option of a game (README "House rules"), declared once in the game's
package (``GameAdapter.start_options``) or its cog: ``/<game> start`` and
``/<game> defaults`` are built from it (:mod:`bot.interactions.options`)."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional

from discord import app_commands

Choice = app_commands.Choice


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

    def parameter(self) -> inspect.Parameter:
        return inspect.Parameter(self.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=Optional[self.annotation])  # noqa: UP045
