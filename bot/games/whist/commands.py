"""Whist's own command (PRODUCT "Commands"): ``/whist play``, beside the table commands
every game has."""

from __future__ import annotations

from discord import app_commands

from bot.games.commands import Command, Interaction, Moves, Plays, card_choices
from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_


def whist_commands(adapter: Plays, moves: Moves) -> list[Command]:
    """``play`` (W4; its card autocompleted from the member's legal cards)."""

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(card=L_("The card, e.g. A♠, 10h, qc"))
    async def play(interaction: Interaction, card: str) -> None:
        await moves.act(interaction, lambda: adapter.parse_play(card),
                        lambda exc: _(CARD_TYPO, text=card))

    @play.autocomplete("card")
    async def _play_card(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = moves.seated_game(interaction)
        return [] if found is None else card_choices(adapter.legal_card_names(*found), current)

    return [play]
