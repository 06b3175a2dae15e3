"""``/kachuful …``: Kachuful tables (PRODUCT "Commands"). Thin: parse the options,
find the table, hand over to the shared controller; the table commands every game
shares come from :class:`bot.commands.TableCommands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands

from bot.commands import MAX_CHOICES, TableCommands, same_card
from bot.games.kachuful import KACHUFUL
from bot.games.kachuful.adapter import CARD_TYPO
from bot.i18n import N_, _
from bot.options import TURN_OPTIONS, StartOption, start_and_defaults
from bot.table import Table
from engine.cards import CardParseError
from engine.kachuful.actions import MAX_BID, Bid

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


OPTIONS: Final = (
    StartOption("start_size", app_commands.Range[int, 1, MAX_BID], None,
                N_("Cards in the first hand (default: 52 ÷ players, rounded down)")),
    StartOption("schedule", str, "full",
                N_("full: down to 1 and back up; descending: down to 1 only"),
                [Choice(name=N_("full (down and back up)"), value="full"),
                 Choice(name=N_("descending only"), value="descending")]),
    StartOption("trump", str, "cycle", N_("How trump is chosen each hand"),
                [Choice(name=N_("cycle ♠ ♦ ♣ ♥"), value="cycle"),
                 Choice(name=N_("cycle ♠ ♦ ♣ ♥ with a no-trump hand"), value="cycle_notrump"),
                 Choice(name=N_("turned card"), value="turned")]),
    StartOption("scoring", str, "classic", N_("How hands score"),
                [Choice(name=N_("classic (10 + bid)"), value="classic"),
                 Choice(name=N_("penalty (minus the miss)"), value="penalty"),
                 Choice(name=N_("per trick (+10 if exact)"), value="per_trick"),
                 Choice(name=N_("judgement (±10)"), value="judgement")]),
    StartOption("hook", bool, True,
                N_("Hook rule: the dealer may not make the bids add up to the hand size")),
    StartOption("blind_bids", bool, False,
                N_("Allow bids before looking at one's cards (an exact blind bid doubles)")),
    StartOption("forehead", bool, False, N_("One-card hand: see everyone's card but your own")),
    *TURN_OPTIONS,
)
"""Kachuful's start options (also its server defaults)."""


class Kachuful(TableCommands, group_name="kachuful", group_description=N_("Play Kachuful")):
    """The Kachuful command group."""

    adapter = KACHUFUL

    start, defaults = start_and_defaults(KACHUFUL, OPTIONS)

    @app_commands.command(description=N_("Bid how many tricks you will take"))
    @app_commands.describe(amount=N_("Tricks you will take, from 0 to the hand size"))
    async def bid(
        self, interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await self.here(interaction, lambda t: self.controller.act(interaction, t, Bid.of(amount)))

    @app_commands.command(description=N_("Play a card"))
    @app_commands.describe(card=N_("The card, e.g. A♠, 10h, qc"))
    async def play(self, interaction: Interaction, card: str) -> None:
        async def op(table: Table) -> None:
            try:
                action = KACHUFUL.parse_play(card)
            except CardParseError:
                await self.controller.refuse(interaction, CARD_TYPO.format(text=card))
                return
            await self.controller.act(interaction, table, action)

        await self.here(interaction, op)

    @play.autocomplete("card")
    async def _play_card(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = self.seated_game(interaction)
        if found is None:
            return []
        typed = current.strip().lower()
        names = KACHUFUL.legal_card_names(*found)
        return [
            Choice(name=_("Your hidden card (forehead hand)") if n == "hidden" else n, value=n)
            for n in names if not typed or n.lower().startswith(typed) or same_card(n, current)
        ][:MAX_CHOICES]


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Kachuful(bot))
