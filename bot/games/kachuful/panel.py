"""Kachuful's private panel (RULES K5–K8, KV7, KV8): the seat's cards (or, in the
forehead hand, everyone's but its own), where the hand stands, and the buttons for its
bids (blind ones before it has looked) and cards, with why some are greyed out. In
the language being spoken (the member's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.games.adapter import Panel, card_payload
from bot.games.kachuful.table import trump_words, turned_card
from bot.games.words import TURN_MARK, greyed_out, hand_text, seat_label, won_trick_line
from bot.i18n import N_, _, _n
from bot.storage.tables import SeatRecord
from engine.cards import sort_hand, trump_label
from engine.game import Action, Play
from engine.kachuful.actions import Bid
from engine.kachuful.game import KachufulGame

HOOK_REASON: Final = N_("hook rule: {bid} would make the bids total {total}, the hand size, "
                        "and the dealer may not")
FOLLOW_REASON: Final = N_("you hold {suit}, the suit led, so you must play one of those")
_SECONDARY = discord.ButtonStyle.secondary
_TRUMP_STYLE = discord.ButtonStyle.primary
_BID_STYLE = discord.ButtonStyle.success


def offers_blind(game: KachufulGame, seat: int) -> bool:
    """Whether the panel offers a blind bid (KV7): the seat has not looked yet."""
    return (game.config.blind_bids and game.phase == "bidding"
            and not game.has_looked(seat) and game.current.bids[seat] is None)


def build_panel(g: KachufulGame, seat: int, seats: Sequence[SeatRecord]) -> Panel:
    """The seat's private panel: its cards (or the others', in the forehead hand),
    where the hand stands, and a button for each bid or card."""
    rec = g.current
    labels = [seat_label(s) for s in seats]
    embed = discord.Embed(title=_("Your hand — hand {number}/{hands}", number=rec.number + 1,
                                  hands=g.hand_count),
                          colour=discord.Colour.blurple())
    trump = trump_words(trump_label(rec.trump), turned_card(g))
    status = [_n("Trump: **{trump}** · {count} card each · dealer {dealer}",
                 "Trump: **{trump}** · {count} cards each · dealer {dealer}", rec.size,
                 trump=trump, dealer=labels[rec.dealer])]
    bid = rec.bids[seat]
    if bid is not None:
        won = rec.tricks_won[seat]
        status.append(_("Your bid: **{bid}** (blind) · tricks won: **{won}**", bid=bid, won=won)
                      if rec.blind[seat] else
                      _("Your bid: **{bid}** · tricks won: **{won}**", bid=bid, won=won))
    last = g.view(None)["last_trick"]
    if last is not None and not g.trick:
        status.append(won_trick_line(last, labels))
    actor = g.to_act
    if actor == seat:
        status.append(_("**Your turn.**"))
    elif actor is None:
        status.append(_("The game is over."))
    elif g.phase == "bidding":
        status.append(_("Waiting for {mark} {player} to bid. Press Refresh on your turn.",
                        mark=TURN_MARK, player=labels[actor]))
    else:
        status.append(_("Waiting for {mark} {player} to play. Press Refresh on your turn.",
                        mark=TURN_MARK, player=labels[actor]))
    legal = g.legal_actions(seat)
    if offers_blind(g, seat):
        embed.description = "\n".join([
            *status, "",
            _("You have not looked at your cards. Bid **blind** now (an exact blind bid "
              "scores double), or look at your cards first."),
        ])
        buttons = [_bid_button(n, legal, blind=True) for n in range(rec.size + 1)]
        buttons.append((_("Look at my cards"), "look", True, _TRUMP_STYLE))
        return Panel(embed, buttons)
    if g.forehead:
        others = "\n".join(f"{labels[o]}: {c}" for o in range(g.players) if o != seat
                           for c in g.cards_of(o)) or "—"
        embed.description = "\n".join([
            *status, "", _("Forehead hand: you see everyone's card but yours.")])
        embed.add_field(name=_("Others' cards"), value=others[:1024], inline=False)
    else:
        embed.description = "\n".join(status)
        mine = hand_text(g.cards_of(seat), g.current.trump)
        embed.add_field(name=_("Your cards"), value=mine, inline=False)
    if g.trick:
        embed.add_field(name=_("Current trick"), value="\n".join(
            f"{labels[s]}: {c}" for s, c in g.trick)[:1024])
    if g.phase == "bidding":
        buttons = [_bid_button(n, legal, blind=False) for n in range(rec.size + 1)]
        forbidden = g.forbidden_bid()
        if forbidden is not None and g.to_act == seat:
            embed.description += "\n" + "\n".join(greyed_out([_(
                HOOK_REASON, bid=forbidden, total=rec.size)]))
    elif g.forehead:
        held = bool(g.cards_of(seat))
        buttons = [(_("Play my hidden card"), "ph", held and g.to_act == seat, _TRUMP_STYLE)]
    else:
        buttons = _card_buttons(g, seat, legal)
        if g.to_act == seat and not all(enabled for _, _, enabled, _ in buttons) and g.trick:
            led = g.trick[0][1].suit
            embed.description += "\n" + "\n".join(greyed_out([_(
                FOLLOW_REASON, suit=led.symbol if led is not None else "")]))
    return Panel(embed, buttons)


def _bid_button(
    amount: int, legal: Sequence[Action], *, blind: bool,
) -> tuple[str, str, bool, discord.ButtonStyle]:
    enabled = Bid.of(amount, blind) in legal
    label = _("Blind {bid}", bid=amount) if blind else _("Bid {bid}", bid=amount)
    return label, f"{'B' if blind else 'b'}{amount}", enabled, _BID_STYLE


def _card_buttons(
    g: KachufulGame, seat: int, legal: Sequence[Action],
) -> list[tuple[str, str, bool, discord.ButtonStyle]]:
    trump = g.current.trump
    return [
        (str(c) + (" ★" if c.suit is trump else ""), card_payload(c), Play.of(c) in legal,
         _TRUMP_STYLE if c.suit is trump else _SECONDARY)
        for c in sort_hand(g.cards_of(seat), trump)
    ]
