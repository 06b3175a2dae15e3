"""Kachuful's own commands (PRODUCT "Commands"): ``/kachuful bid`` and
``/kachuful play``, beside the table commands every game has."""

from __future__ import annotations

from discord import app_commands

from bot.games.commands import Command, Interaction, Moves, Plays, play_command
from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_
from engine.kachuful.actions import MAX_BID, Bid


def kachuful_commands(adapter: Plays, moves: Moves) -> list[Command]:
    """``bid`` and ``play`` (its card autocompleted from the member's legal cards)."""

    @app_commands.command(description=L_("Bid how many tricks you will take"))
    @app_commands.describe(amount=L_("Tricks you will take, from 0 to the hand size"))
    async def bid(
        interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await moves.act(interaction, lambda: Bid.of(amount), lambda exc: _(CARD_TYPO, text=amount))

    play = play_command(adapter, moves, lambda name: _("Your hidden card (forehead hand)")
                        if name == "hidden" else name)
    return [bid, play]
