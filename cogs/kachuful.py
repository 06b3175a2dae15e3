"""``/kachuful …``: Kachuful tables (PRODUCT "Commands"). Thin: parse the options,
find the table, hand over to the shared controller; the table commands every game
shares come from :class:`bot.interactions.commands.TableCommands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands

from bot.games.kachuful import KACHUFUL
from bot.games.words import CARD_TYPO
from bot.i18n import _
from bot.i18n.commands import L_
from bot.interactions.commands import MAX_CHOICES, TableCommands, same_card
from bot.interactions.options import TURN_OPTIONS, StartOption, start_and_defaults
from bot.tables.table import Table
from engine.cards import CardParseError
from engine.kachuful.actions import MAX_BID, Bid

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


OPTIONS: Final = (
    StartOption("start_size", app_commands.Range[int, 1, MAX_BID], None,
                L_("Cards in the first hand (default: 52 ÷ players, rounded down)")),
    StartOption("schedule", str, "full",
                L_("full: down to 1 and back up; descending: down to 1 only"),
                [Choice(name=L_("full (down and back up)"), value="full"),
                 Choice(name=L_("descending only"), value="descending")]),
    StartOption("trump", str, "cycle", L_("How trump is chosen each hand"),
                [Choice(name=L_("cycle ♠ ♦ ♣ ♥"), value="cycle"),
                 Choice(name=L_("cycle ♠ ♦ ♣ ♥ with a no-trump hand"), value="cycle_notrump"),
                 Choice(name=L_("turned card"), value="turned")]),
    StartOption("scoring", str, "classic", L_("How hands score"),
                [Choice(name=L_("classic (10 + bid)"), value="classic"),
                 Choice(name=L_("penalty (minus the miss)"), value="penalty"),
                 Choice(name=L_("per trick (+10 if exact)"), value="per_trick"),
                 Choice(name=L_("judgement (±10)"), value="judgement")]),
    StartOption("hook", bool, True,
                L_("Hook rule: the dealer may not make the bids add up to the hand size")),
    StartOption("blind_bids", bool, False,
                L_("Allow bids before looking at one's cards (an exact blind bid doubles)")),
    StartOption("forehead", bool, False, L_("One-card hand: see everyone's card but your own")),
    *TURN_OPTIONS,
)
"""Kachuful's start options (also its server defaults)."""


class Kachuful(TableCommands, group_name="kachuful", group_description=L_("Play Kachuful")):
    """The Kachuful command group."""

    adapter = KACHUFUL

    start, defaults = start_and_defaults(KACHUFUL, OPTIONS)

    @app_commands.command(description=L_("Bid how many tricks you will take"))
    @app_commands.describe(amount=L_("Tricks you will take, from 0 to the hand size"))
    async def bid(
        self, interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await self.here(interaction, lambda t: self.controller.act(interaction, t, Bid.of(amount)))

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(card=L_("The card, e.g. A♠, 10h, qc"))
    async def play(self, interaction: Interaction, card: str) -> None:
        async def op(table: Table) -> None:
            try:
                action = KACHUFUL.parse_play(card)
            except CardParseError:
                await self.controller.refuse(interaction, _(CARD_TYPO, text=card))
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
