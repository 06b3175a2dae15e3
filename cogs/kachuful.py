"""``/kachuful …``: Kachuful tables (PRODUCT "Commands"). Thin: parse the options,
find the table, hand over to the shared controller; the table commands every game
shares come from :class:`bot.commands.TableCommands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import DECK_CHOICES, MAX_CHOICES, TableCommands, same_card
from bot.games.kachuful import KACHUFUL
from bot.games.kachuful.adapter import CARD_TYPO
from bot.table import Table
from engine.cards import CardParseError
from engine.kachuful.actions import MAX_BID, Bid

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


class Kachuful(TableCommands, group_name="kachuful", group_description="Play Kachuful"):
    """The Kachuful command group."""

    adapter = KACHUFUL

    @app_commands.command(description="Open a Kachuful table in this channel")
    @app_commands.describe(
        start_size="Cards in the first hand (default: 52 ÷ players, rounded down)",
        schedule="full: down to 1 and back up; descending: down to 1 only",
        trump="How trump is chosen each hand",
        scoring="How hands score",
        hook="Hook rule: the dealer may not make the bids add up to the hand size",
        blind_bids="Allow bids before looking at one's cards (an exact blind bid doubles)",
        forehead="One-card hand: see everyone's card but your own",
        turn_timer="Seconds before the AI plays for a slow player (0: off)",
        turn_ping="Ping the player whose turn it is with a short message (default: on)",
        images="Show the table and hands as pictures too (default: on)",
        deck="The cards' colours in the pictures",
    )
    @app_commands.choices(
        schedule=[Choice(name="full (down and back up)", value="full"),
                  Choice(name="descending only", value="descending")],
        trump=[Choice(name="cycle ♠ ♦ ♣ ♥", value="cycle"),
               Choice(name="cycle ♠ ♦ ♣ ♥ with a no-trump hand", value="cycle_notrump"),
               Choice(name="turned card", value="turned")],
        scoring=[Choice(name="classic (10 + bid)", value="classic"),
                 Choice(name="penalty (minus the miss)", value="penalty"),
                 Choice(name="per trick (+10 if exact)", value="per_trick"),
                 Choice(name="judgement (±10)", value="judgement")],
        deck=DECK_CHOICES,
    )
    async def start(
        self, interaction: Interaction,
        start_size: app_commands.Range[int, 1, MAX_BID] | None = None,
        schedule: str = "full", trump: str = "cycle", scoring: str = "classic",
        hook: bool = True, blind_bids: bool = False, forehead: bool = False,
        turn_timer: app_commands.Range[int, 0, 3600] = 0, turn_ping: bool = True,
        images: bool = True, deck: str = "classic",
    ) -> None:
        settings = {
            "start_size": start_size, "schedule": schedule, "trump": trump, "scoring": scoring,
            "hook": hook, "blind_bids": blind_bids, "forehead": forehead,
            "turn_timer": turn_timer, "turn_ping": turn_ping, "images": images, "deck": deck,
        }
        await self.controller.start(interaction, KACHUFUL, settings)

    @app_commands.command(description="Bid how many tricks you will take")
    @app_commands.describe(amount="Tricks you will take, from 0 to the hand size")
    async def bid(
        self, interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await self.here(interaction, lambda t: self.controller.act(interaction, t, Bid.of(amount)))

    @app_commands.command(description="Play a card")
    @app_commands.describe(card="The card, e.g. A♠, 10h, qc")
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
            Choice(name="Your hidden card (forehead hand)" if n == "hidden" else n, value=n)
            for n in names if not typed or n.lower().startswith(typed) or same_card(n, current)
        ][:MAX_CHOICES]


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Kachuful(bot))
