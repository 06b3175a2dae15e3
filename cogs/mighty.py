"""``/mighty …``: Mighty tables (PRODUCT "Commands"). Thin: parse the options, find the
table, hand over to the shared controller; the table commands every game shares come
from :class:`bot.interactions.commands.TableCommands`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands

from bot.games.mighty import MIGHTY
from bot.games.mighty.words import TRUMP_NAMES
from bot.i18n import _
from bot.i18n.commands import L_
from bot.interactions.commands import TableCommands, card_choices
from bot.interactions.options import TURN_OPTIONS, StartOption, start_and_defaults
from bot.tables.table import Table
from engine.cards import CARDS, CardParseError, Suit, parse_card
from engine.game import Action
from engine.mighty import ASK_LEAD, DEAL_MISS, PASS, Contract, MightyBid
from engine.mighty.rules import MAX_BID, MIN_BID, parse_trump

if TYPE_CHECKING:
    from bot.client import CardBot

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice
Points = app_commands.Range[int, MIN_BID, MAX_BID]
TRUMP_LABELS: Final = {"spades": L_("spades"), "hearts": L_("hearts"),
                       "diamonds": L_("diamonds"), "clubs": L_("clubs"),
                       "notrump": L_("no-trump")}
"""The trump choices' labels, by value (:data:`TRUMP_NAMES`)."""
TRUMPS = [Choice(name=TRUMP_LABELS[n], value=n) for n in TRUMP_NAMES]
SUITS = TRUMPS[:4]
FRIEND_WORDS = ("first", "none")
OPTIONS: Final = (
    StartOption("hands", app_commands.Range[int, 1, 50], 10,
                L_("Hands in the match (default 10; redeals do not count)")),
    *TURN_OPTIONS,
)
"""Mighty's start options (also its server defaults)."""


class Mighty(TableCommands, group_name="mighty", group_description=L_("Play Mighty")):
    """The Mighty command group."""

    adapter = MIGHTY

    async def _act(self, interaction: Interaction, make: Callable[[], Action]) -> None:
        """Build the action from the options (refusing input that names none), then act."""

        async def op(table: Table) -> None:
            try:
                action = make()
            except CardParseError as exc:
                await self.controller.refuse(interaction, _(
                    "{text} is not a card or a suit here. Write a card as a rank and a suit "
                    "(A♠, 10h, jk) and a suit as spades, hearts, diamonds or clubs (♠ ♥ ♦ ♣).",
                    text=exc.text[:40]))
                return
            await self.controller.act(interaction, table, action)

        await self.here(interaction, op)

    start, defaults = start_and_defaults(MIGHTY, OPTIONS)

    @app_commands.command(description=L_("Bid points and a trump in the auction"))
    @app_commands.describe(points=L_("13 to 20"), trump=L_("A suit, or no-trump"))
    @app_commands.choices(trump=TRUMPS)
    async def bid(self, interaction: Interaction, points: Points, trump: str) -> None:
        await self._act(interaction, lambda: MightyBid.of(points, parse_trump(trump)))

    @app_commands.command(name="pass",
                          description=L_("Pass in the auction (final for this auction)"))
    async def pass_(self, interaction: Interaction) -> None:
        await self._act(interaction, lambda: PASS)

    @app_commands.command(description=L_("Show a hand worth ½ or less and claim a redeal"))
    async def dealmiss(self, interaction: Interaction) -> None:
        await self._act(interaction, lambda: DEAL_MISS)

    @app_commands.command(description=L_("Declarer: discard three cards face down"))
    @app_commands.describe(cards=L_("Three cards, e.g. \"2♣ 3♦ 4h\""))
    async def discard(self, interaction: Interaction, cards: str) -> None:
        await self._act(interaction, lambda: MIGHTY.discard_action(cards))

    @app_commands.command(description=L_("Declarer: change the contract after the discard"))
    @app_commands.describe(points=L_("13 to 20"), trump=L_("A suit, or no-trump"))
    @app_commands.choices(trump=TRUMPS)
    async def contract(self, interaction: Interaction, points: Points, trump: str) -> None:
        await self._act(interaction, lambda: Contract.of(points, parse_trump(trump)))

    @app_commands.command(description=L_("Declarer: call a friend"))
    @app_commands.describe(
        call=L_("A card (e.g. A♥, JK), first (the first trick's winner) or none"))
    async def friend(self, interaction: Interaction, call: str) -> None:
        await self._act(interaction, lambda: MIGHTY.friend_action(call))

    @friend.autocomplete("call")
    async def _friend_call(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = self.seated_game(interaction)
        if found is None or found[0].to_act != found[1] or found[0].phase != "friend":
            return []
        typed = current.strip().lower()
        words = [Choice(name=w, value=w) for w in FRIEND_WORDS if w.startswith(typed)]
        return (words + card_choices([str(c) for c in CARDS], current))[:25]

    @app_commands.command(description=L_("Declarer at 20 no-trump: ask the friend to name "
                                         "the first lead"))
    async def asklead(self, interaction: Interaction) -> None:
        await self._act(interaction, lambda: ASK_LEAD)

    @app_commands.command(description=L_("Friend, when asked: name the suit of the first lead"))
    @app_commands.describe(suit=L_("The suit the declarer must lead (nobody learns who named it)"))
    @app_commands.choices(suit=SUITS)
    async def lead(self, interaction: Interaction, suit: str) -> None:
        await self._act(interaction, lambda: MIGHTY.lead_action(suit))

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(
        card=L_("The card, e.g. A♠, 10h, jk"),
        suit=L_("Leading the joker in tricks 2–9: the suit the others must follow"),
        call_joker=L_("Leading the joker-caller after trick 1: demand the joker"),
    )
    @app_commands.choices(suit=SUITS)
    async def play(
        self, interaction: Interaction, card: str, suit: str | None = None,
        call_joker: bool = False,
    ) -> None:
        await self._act(interaction, lambda: MIGHTY.play_action(
            parse_card(card), None if suit is None else Suit.from_label(suit), call_joker))

    @play.autocomplete("card")
    async def _play_card(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = self.seated_game(interaction)
        return [] if found is None else card_choices(MIGHTY.legal_card_names(*found), current)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Mighty(bot))
