"""Mighty's own commands (PRODUCT "Commands"): the auction (``bid``, ``pass``,
``dealmiss``), the declarer's ``discard``, ``contract``, ``friend`` and ``asklead``, the
friend's ``lead`` and ``play``, beside the table commands every game has; and the
actions their options ask for (the engine judges them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from discord import app_commands

from bot.games.commands import (
    MAX_CHOICES,
    Cards,
    Command,
    Interaction,
    Moves,
    card_choices,
    legal_cards,
)
from bot.games.mighty.words import TRUMP_NAMES
from bot.i18n import _
from bot.i18n.commands import L_
from engine.cards import CARDS, JOKER, Card, CardParseError, Suit, parse_card, parse_cards
from engine.game import Action, Play
from engine.mighty import (
    ASK_LEAD,
    DEAL_MISS,
    PASS,
    Contract,
    Discard,
    FriendCall,
    MightyBid,
    NameLead,
)
from engine.mighty.actions import JOKER_DEMANDS, JOKER_LEADS
from engine.mighty.rules import MAX_BID, MIN_BID, parse_trump

Choice = app_commands.Choice
Points = app_commands.Range[int, MIN_BID, MAX_BID]
TRUMP_LABELS: Final = {"spades": L_("spades"), "hearts": L_("hearts"),
                       "diamonds": L_("diamonds"), "clubs": L_("clubs"),
                       "notrump": L_("no-trump")}
"""The trump choices' labels, by value (:data:`TRUMP_NAMES`)."""
TRUMPS = [Choice(name=TRUMP_LABELS[n], value=n) for n in TRUMP_NAMES]
SUITS = TRUMPS[:4]
FRIEND_WORDS = ("first", "none")


def typo(exc: CardParseError) -> str:
    """The refusal of input that names no card or suit."""
    return _("{text} is not a card or a suit here. Write a card as a rank and a suit "
             "(A♠, 10h, jk) and a suit as spades, hearts, diamonds or clubs (♠ ♥ ♦ ♣).",
             text=exc.text[:40])


def play_action(card: Card, suit: Suit | None, call_joker: bool) -> Action:
    """The play ``/mighty play`` asks for (the engine judges it): a card, a suit for a
    led joker (M12), a joker demand with the joker-caller (M13)."""
    if suit is None and not call_joker:
        return Play.of(card)
    if card is JOKER and suit is not None and not call_joker:
        return JOKER_LEADS[suit]
    if card in JOKER_DEMANDS and suit is None:
        return JOKER_DEMANDS[card]
    return Play(card, suit=suit, call_joker=call_joker)

def lead_action(suit: str) -> Action:
    """``/mighty lead``'s answer (M9); ``CardParseError`` when it names no suit."""
    return NameLead.of(Suit.from_label(suit))

def discard_action(text: str) -> Action:
    """``/mighty discard``'s cards; ``CardParseError`` when a word names no card."""
    return Discard(tuple(parse_cards(text)))

def friend_action(text: str) -> Action:
    """``/mighty friend``'s call: a card, ``first`` or ``none``; ``CardParseError``
    otherwise."""
    word = text.strip().lower()
    if word in ("first", "first trick"):
        return FriendCall.of("first")
    if word in ("none", "no friend", "nofriend"):
        return FriendCall.of("none")
    return FriendCall.of(parse_card(text))


def mighty_commands(adapter: Cards, moves: Moves) -> list[Command]:
    """Mighty's commands, in the order of a hand."""

    async def act(interaction: Interaction, make: Callable[[], Action]) -> None:
        await moves.act(interaction, make, typo)

    @app_commands.command(description=L_("Bid points and a trump in the auction"))
    @app_commands.describe(points=L_("13 to 20"), trump=L_("A suit, or no-trump"))
    @app_commands.choices(trump=TRUMPS)
    async def bid(interaction: Interaction, points: Points, trump: str) -> None:
        await act(interaction, lambda: MightyBid.of(points, parse_trump(trump)))

    @app_commands.command(name="pass",
                          description=L_("Pass in the auction (final for this auction)"))
    async def pass_(interaction: Interaction) -> None:
        await act(interaction, lambda: PASS)

    @app_commands.command(description=L_("Show a hand worth ½ or less and claim a redeal"))
    async def dealmiss(interaction: Interaction) -> None:
        await act(interaction, lambda: DEAL_MISS)

    @app_commands.command(description=L_("Declarer: discard three cards face down"))
    @app_commands.describe(cards=L_("Three cards, e.g. \"2♣ 3♦ 4h\""))
    async def discard(interaction: Interaction, cards: str) -> None:
        await act(interaction, lambda: discard_action(cards))

    @app_commands.command(description=L_("Declarer: change the contract after the discard"))
    @app_commands.describe(points=L_("13 to 20"), trump=L_("A suit, or no-trump"))
    @app_commands.choices(trump=TRUMPS)
    async def contract(interaction: Interaction, points: Points, trump: str) -> None:
        await act(interaction, lambda: Contract.of(points, parse_trump(trump)))

    @app_commands.command(description=L_("Declarer: call a friend"))
    @app_commands.describe(
        call=L_("A card (e.g. A♥, JK), first (the first trick's winner) or none"))
    async def friend(interaction: Interaction, call: str) -> None:
        await act(interaction, lambda: friend_action(call))

    @friend.autocomplete("call")
    async def _friend_call(interaction: Interaction, current: str) -> list[Choice[str]]:
        found = moves.seated_game(interaction)
        if found is None or found[0].to_act != found[1] or found[0].phase != "friend":
            return []
        typed = current.strip().lower()
        words = [Choice(name=w, value=w) for w in FRIEND_WORDS if w.startswith(typed)]
        return (words + card_choices([str(c) for c in CARDS], current))[:MAX_CHOICES]

    @app_commands.command(description=L_("Declarer at 20 no-trump: ask the friend to name "
                                         "the first lead"))
    async def asklead(interaction: Interaction) -> None:
        await act(interaction, lambda: ASK_LEAD)

    @app_commands.command(description=L_("Friend, when asked: name the suit of the first lead"))
    @app_commands.describe(suit=L_("The suit the declarer must lead (nobody learns who named it)"))
    @app_commands.choices(suit=SUITS)
    async def lead(interaction: Interaction, suit: str) -> None:
        await act(interaction, lambda: lead_action(suit))

    @app_commands.command(description=L_("Play a card"))
    @app_commands.describe(
        card=L_("The card, e.g. A♠, 10h, jk"),
        suit=L_("Leading the joker in tricks 2–9: the suit the others must follow"),
        call_joker=L_("Leading the joker-caller after trick 1: demand the joker"),
    )
    @app_commands.choices(suit=SUITS)
    async def play(
        interaction: Interaction, card: str, suit: str | None = None, call_joker: bool = False,
    ) -> None:
        await act(interaction, lambda: play_action(
            parse_card(card), None if suit is None else Suit.from_label(suit), call_joker))

    play.autocomplete("card")(legal_cards(adapter, moves))

    return [bid, pass_, dealmiss, discard, contract, friend, asklead, lead, play]
