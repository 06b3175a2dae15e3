"""A game's own slash commands (``/kachuful bid``, ``/mighty discard``…), declared in
its package (``bot/games/<game>/commands.py``) and handed out by its adapter
(:meth:`bot.games.adapter.GameAdapter.commands`). The shared command group of the game
(:mod:`bot.interactions.commands`) adds them beside the table commands every game has;
they reach the table only through :class:`Moves`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import discord
from discord import app_commands

from engine.cards import CardParseError, parse_card
from engine.game import Action, Game

Interaction = discord.Interaction[Any]
Command = app_commands.Command[Any, ..., None]
MAX_CHOICES = 25
"""Discord's cap on autocomplete answers."""


class Moves(Protocol):
    """What a game's own commands ask of its command group."""

    async def act(
        self, interaction: Interaction, make: Callable[[], Action | Callable[[Game, int], Action]],
        typo: Callable[[CardParseError], str],
    ) -> None:
        """On this channel's table of the game: build the action from the command's
        options (refusing with ``typo`` when they name no card or suit), then take it."""

    def seated_game(self, interaction: Interaction) -> tuple[Game, int] | None:
        """The running game of this channel and the member's seat (for autocomplete)."""


class Plays(Protocol):
    """What a ``play card:`` command asks of its game's adapter."""

    def parse_play(self, text: str) -> Action | Callable[[Game, int], Action]:
        """The action the card ``text`` asks for; ``CardParseError`` for no card."""

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        """The cards ``seat`` may play now."""


def card_choices(names: Iterable[str], typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete answers: the card ``names`` that start with what was typed or name
    the same card in another spelling (``as`` for ``A♠``)."""
    start = typed.strip().lower()
    return [app_commands.Choice(name=n, value=n) for n in names
            if not start or n.lower().startswith(start) or same_card(n, typed)][:MAX_CHOICES]


def same_card(name: str, typed: str) -> bool:
    """True when ``typed`` names the card shown as ``name``."""
    try:
        return str(parse_card(typed)) == name
    except CardParseError:
        return False
