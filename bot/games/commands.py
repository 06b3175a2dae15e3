"""A game's own slash commands (``/kachuful bid``, ``/mighty discard``…), declared in
its package (``bot/games/<game>/commands.py``) and handed out by its adapter
(:meth:`bot.games.adapter.GameAdapter.commands`). The shared command group of the game
(:mod:`bot.interactions.commands`) adds them beside the table commands every game has;
they reach the table only through :class:`Moves`."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_
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


class Cards(Protocol):
    """What a ``card`` option's autocomplete asks of its game's adapter."""

    def legal_card_names(self, game: Game, seat: int) -> list[str]:
        """The cards ``seat`` may play now."""


class Plays(Cards, Protocol):
    """What a ``play card:`` command asks of its game's adapter."""

    def parse_play(self, text: str) -> Action | Callable[[Game, int], Action]:
        """The action the card ``text`` asks for; ``CardParseError`` for no card."""


Choices = list[app_commands.Choice[str]]


def card_choices(
    names: Iterable[str], typed: str, label: Callable[[str], str] = str,
) -> Choices:
    """Autocomplete answers: the card ``names`` that start with what was typed or name
    the same card in another spelling (``as`` for ``A♠``), each shown as ``label``
    words it."""
    start = typed.strip().lower()
    return [app_commands.Choice(name=label(n), value=n) for n in names
            if not start or n.lower().startswith(start) or same_card(n, typed)][:MAX_CHOICES]


def legal_cards(
    adapter: Cards, moves: Moves, label: Callable[[str], str] = str,
) -> Callable[[Interaction, str], Coroutine[Any, Any, Choices]]:
    """The autocomplete of a ``card`` option: the cards the member may play now
    (:func:`card_choices`)."""

    async def complete(interaction: Interaction, current: str) -> Choices:
        found = moves.seated_game(interaction)
        return [] if found is None else card_choices(adapter.legal_card_names(*found), current,
                                                     label)

    return complete


def play_command(adapter: Plays, moves: Moves, label: Callable[[str], str] = str) -> Command:
    """``play card:`` of a game whose play names the card alone: a card that names none
    is refused in words, and the option is autocompleted with :func:`legal_cards`."""

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(card=L_("The card, e.g. A♠, 10h, qc"))
    async def play(interaction: Interaction, card: str) -> None:
        await moves.act(interaction, lambda: adapter.parse_play(card),
                        lambda exc: _(CARD_TYPO, text=card))

    play.autocomplete("card")(legal_cards(adapter, moves, label))
    return play


def same_card(name: str, typed: str) -> bool:
    """True when ``typed`` names the card shown as ``name``."""
    try:
        return str(parse_card(typed)) == name
    except CardParseError:
        return False
