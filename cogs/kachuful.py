"""``/kachuful …``: Kachuful tables (PRODUCT "Commands"). Thin: parse the options,
find the table, hand over to the shared controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.kachuful import KACHUFUL
from bot.table import Table
from engine.cards import CardParseError, parse_card
from engine.kachuful.actions import MAX_BID, Bid

if TYPE_CHECKING:
    from bot.client import CardBot
    from bot.controller import Controller

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice


class Kachuful(commands.GroupCog, group_name="kachuful", group_description="Play Kachuful"):
    """The Kachuful command group."""

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def controller(self) -> Controller:
        return self.bot.controller

    async def _here(self, interaction: Interaction, op: Any) -> None:
        await self.controller.with_table(interaction, KACHUFUL, op)

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
        turn_ping="Ping the player whose turn it is with a short message",
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
    )
    async def start(
        self, interaction: Interaction,
        start_size: app_commands.Range[int, 1, MAX_BID] | None = None,
        schedule: str = "full", trump: str = "cycle", scoring: str = "classic",
        hook: bool = True, blind_bids: bool = False, forehead: bool = False,
        turn_timer: app_commands.Range[int, 0, 3600] = 0, turn_ping: bool = False,
    ) -> None:
        settings = {
            "start_size": start_size, "schedule": schedule, "trump": trump, "scoring": scoring,
            "hook": hook, "blind_bids": blind_bids, "forehead": forehead,
            "turn_timer": turn_timer, "turn_ping": turn_ping,
        }
        await self.controller.start(interaction, KACHUFUL, settings)

    @app_commands.command(description="Take a seat at this channel's table")
    async def join(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.join(interaction, t))

    @app_commands.command(description="Give up your seat (an AI player takes it in a running game)")
    async def leave(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.leave(interaction, t))

    @app_commands.command(description="Seat AI players (host only)")
    @app_commands.describe(count="How many AI players to seat")
    async def addbot(
        self, interaction: Interaction, count: app_commands.Range[int, 1, 6] = 1,
    ) -> None:
        await self._here(interaction, lambda t: self.controller.add_bots(interaction, t, count))

    @app_commands.command(description="Start the game (host only, 3–7 players)")
    async def deal(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.deal(interaction, t))

    @app_commands.command(description="Your cards, privately, with buttons for your moves")
    async def hand(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.hand(interaction, t))

    @app_commands.command(description="Bid how many tricks you will take")
    @app_commands.describe(amount="Tricks you will take, from 0 to the hand size")
    async def bid(
        self, interaction: Interaction, amount: app_commands.Range[int, 0, MAX_BID],
    ) -> None:
        await self._here(interaction, lambda t: self.controller.act(interaction, t, Bid.of(amount)))

    @app_commands.command(description="Play a card")
    @app_commands.describe(card="The card, e.g. A♠, 10h, qc")
    async def play(self, interaction: Interaction, card: str) -> None:
        async def op(table: Table) -> None:
            try:
                action = KACHUFUL.parse_play(card)
            except CardParseError as exc:
                await self.controller.refuse(interaction, f"{exc}. Pick one from the list.")
                return
            await self.controller.act(interaction, table, action)

        await self._here(interaction, op)

    @play.autocomplete("card")
    async def _play_card(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table = self.controller.registry.in_channel(interaction.channel_id or 0)
        if table is None or table.game is None or table.adapter is not KACHUFUL:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.rec.status != "running":
            return []
        typed = current.strip().lower()
        names = KACHUFUL.legal_card_names(table.game, seat)
        return [
            Choice(name="Your hidden card (forehead hand)" if n == "hidden" else n, value=n)
            for n in names if not typed or n.lower().startswith(typed) or _same_card(n, current)
        ][:25]

    @app_commands.command(name="table", description="Post the table message again below")
    async def table_(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.repost(interaction, t))

    @app_commands.command(
        description="End the table (host or Manage Messages); recorded as abandoned")
    async def end(self, interaction: Interaction) -> None:
        await self._here(interaction, lambda t: self.controller.end(interaction, t))

    @app_commands.command(description="A short rules card, privately")
    async def rules(self, interaction: Interaction) -> None:
        await self.controller.rules(interaction, KACHUFUL)


def _same_card(name: str, typed: str) -> bool:
    try:
        return str(parse_card(typed)) == name
    except CardParseError:
        return False


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Kachuful(bot))
