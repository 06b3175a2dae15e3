"""Whist's private panel (RULES W3, W4): the seat's cards, its partner, the trump and
the turned card, the tricks of both partnerships, the trick in play, and a button for
each card, only the legal ones enabled, with why the others are greyed out. In the
language being spoken (the member's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.games.adapter import Panel, card_payload
from bot.games.whist.table import partners, trump_words
from bot.games.words import TURN_MARK, greyed_out, hand_text, seat_label, trick_line, won_trick_line
from bot.i18n import N_, _
from bot.storage.tables import SeatRecord
from engine.cards import Suit, parse_card, sort_hand
from engine.whist.game import WhistGame
from engine.whist.rules import PLAYERS, partnership

FOLLOW_REASON: Final = N_("you hold {suit}, the suit led, so you must play one of those")
_SECONDARY = discord.ButtonStyle.secondary
_TRUMP_STYLE = discord.ButtonStyle.primary


def build_panel(g: WhistGame, seat: int, seats: Sequence[SeatRecord]) -> Panel:
    """The seat's private panel: its cards, where the deal stands, and a button for
    each card."""
    v = g.view(seat)
    labels = [seat_label(s) for s in seats]
    side = partnership(seat)
    embed = discord.Embed(title=_("Your hand — deal {number}/{deals}", number=v["hand_number"],
                                  deals=v["hand_count"]),
                          colour=discord.Colour.blurple())
    status = [
        _("Trump: **{trump}** · dealer {dealer}", trump=trump_words(v),
          dealer=labels[v["dealer"]]),
        _("Your partner: {partner}", partner=labels[(seat + 2) % PLAYERS]),
        _("Tricks this deal: you and your partner **{ours}**, {others} **{theirs}**",
          ours=v["partnership_tricks"][side], others=partners(labels, 1 - side),
          theirs=v["partnership_tricks"][1 - side]),
    ]
    if v["last_trick"] is not None and not v["trick"]:
        status.append(won_trick_line(v["last_trick"], labels))
    actor = v["to_act"]
    if actor == seat:
        status.append(_("**Your turn.**"))
    elif actor is None:
        status.append(_("The game is over."))
    else:
        status.append(_("Waiting for {mark} {player} to play. Press Refresh on your turn.",
                        mark=TURN_MARK, player=labels[actor]))
    trump = Suit.from_label(v["trump"])
    held = [parse_card(c) for c in v["hand"] or ()]
    legal = {a["play"] for a in v["legal"]}
    buttons = [(str(c) + (" ★" if c.suit is trump else ""), card_payload(c), str(c) in legal,
                _TRUMP_STYLE if c.suit is trump else _SECONDARY)
               for c in sort_hand(held, trump)]
    if actor == seat and v["trick"] and len(legal) < len(held):
        led = Suit.from_label(v["led"])
        status.extend(greyed_out([_(FOLLOW_REASON, suit=led.symbol)]))
    embed.description = "\n".join(status)
    embed.add_field(name=_("Your cards"), value=hand_text(held, trump), inline=False)
    if v["trick"]:
        embed.add_field(name=_("Current trick"), value=trick_line(v["trick"], labels)[:1024])
    return Panel(embed, buttons)
