"""Kachuful's own commands (PRODUCT "Commands"): ``/kachuful bid`` and
``/kachuful play``, beside the table commands every game has."""

from __future__ import annotations

from discord import app_commands

from bot.games.commands import MAX_CHOICES, Command, Interaction, Moves, Plays, same_card
from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_
from engine.kachuful.actions import MAX_BID, Bid

Choice = app_commands.Choice


def kachuful_commands(adapter: Plays, moves: Moves) -> list[Command]:
    """``bid`` and ``play`` (its card autocompleted from the member's legal cards)."""

    @app_commands.command(description=L_("Bid how many tricks you will take"))
    @app_commands.describe(amount=L_("Tricks you will take, from 0 to the hand size"))
    async def bid(
        interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await moves.act(interaction, lambda: Bid.of(amount), lambda exc: _(CARD_TYPO, text=amount))

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(card=L_("The card, e.g. A♠, 10h, qc"))
    async def play(interaction: Interaction, card: str) -> None:
        await moves.act(interaction, lambda: adapter.parse_play(card),
                        lambda exc: _(CARD_TYPO, text=card))

    @play.autocomplete("card")
    async def _play_card(interaction: Interaction, current: str) -> list[Choice[str]]:
        found = moves.seated_game(interaction)
        if found is None:
            return []
        typed = current.strip().lower()
        names = adapter.legal_card_names(*found)
        return [
            Choice(name=_("Your hidden card (forehead hand)") if n == "hidden" else n, value=n)
            for n in names if not typed or n.lower().startswith(typed) or same_card(n, current)
        ][:MAX_CHOICES]

    return [bid, play]
