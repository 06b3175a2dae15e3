"""Mighty's private hand panel (PRODUCT "Commands"): the seat's cards, and exactly its
legal actions as buttons and menus — points and trump menus with Bid, Pass and (when
the hand qualifies) Deal-miss buttons in the auction (M4, M5); for the declarer a
three-card discard menu (M6), a contract menu of the legal changes (M7) and a friend
menu (M8); in play a button per card with illegal ones disabled, a suit menu for a
powered joker lead (M12), a "demand the joker" button (M13), the declarer's button
asking the friend for the first lead and the friend's four suit buttons to answer (M9).

Payloads (kept short: they ride in custom_ids): ``pass``, ``dm``, ``b15d`` (bid),
``p<card>``, ``x<card>`` (lead and demand the joker), ``ask`` and ``l<suit letter>``
(M9); menus ``P<trump>`` and ``T<points>``
(drafts of a bid), ``D`` (discard), ``C`` (contract), ``F`` (friend), ``J`` (joker lead).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.games.adapter import ActionFor, Draft, Panel, Select, card_payload
from bot.games.mighty.words import (
    LETTER_OF,
    TRUMP_LETTERS,
    bid_text,
    call_text,
    card_at,
    contract_of,
)
from bot.games.words import TURN_MARK, greyed_out, hand_text, trump_text, won_trick_line
from bot.i18n import N_, _, _n, reason
from engine.cards import ACE, JOKER, Card, Suit, card, sort_hand
from engine.game import Action, IllegalAction, Play
from engine.mighty import (
    ASK_LEAD,
    DEAL_MISS,
    PASS,
    Contract,
    Discard,
    FriendCall,
    MightyBid,
    MightyGame,
    NameLead,
)
from engine.mighty.actions import JOKER_DEMANDS, JOKER_LEADS, NAME_LEADS

MAX_OPTIONS: Final = 25
_BID = re.compile(r"b(1[3-9]|20)([shdcn])")
_DRAFT = re.compile(r"(1[3-9]|20)?([shdcnx])")
_CARD = re.compile(r"([px])([0-9]{1,2})")
_CONTRACT = re.compile(r"(1[3-9]|20)([shdcn])")
_NAME_LEAD = re.compile(r"l([shdc])")
_TRUMP_STYLE = discord.ButtonStyle.primary
_PLAIN = discord.ButtonStyle.secondary
_WAITING: Final = {
    "auction": N_("Waiting for {mark} {player} to bid or pass. Press Refresh on your turn."),
    "discard": N_("Waiting for {mark} {player} to discard. Press Refresh on your turn."),
    "friend": N_("Waiting for {mark} {player} to call a friend. Press Refresh on your turn."),
    "playing": N_("Waiting for {mark} {player} to play. Press Refresh on your turn."),
}

Button = tuple[str, str, bool, discord.ButtonStyle]


def build_panel(game: MightyGame, seat: int, labels: Sequence[str], draft: str = "") -> Panel:
    """The panel of ``seat``; ``draft`` holds the points and trump picked for a bid."""
    v = game.view(seat)
    title = _("Your hand — hand {number}/{count}", number=v["hand_number"],
              count=v["hand_count"])
    embed = discord.Embed(title=title, colour=discord.Colour.blurple())
    embed.description = "\n".join(_status(game, v, seat, labels))
    embed.add_field(name=_("Your cards"), value=_hand_text(game, seat), inline=False)
    if seat == v["declarer"] and v["phase"] == "discard":
        embed.add_field(name=_("The kitty (now in your hand)"), value=" ".join(v["kitty"]))
    elif seat == v["declarer"] and v["phase"] in ("friend", "playing"):
        embed.add_field(name=_("Your discards (face down)"), value=_n(
            "{cards} · {count} point", "{cards} · {count} points", v["buried_points"],
            cards=" ".join(v["discards"])))
    if v["trick"]:
        embed.add_field(name=_("Current trick"), value="\n".join(
            f"{labels[p['seat']]}: {p['card']}" for p in v["trick"]))
    panel = Panel(embed)
    if game.to_act != seat:
        if v["phase"] == "playing":
            panel.buttons = _card_buttons(game, seat, [])
        return panel
    legal = game.legal_actions(seat)
    if v["phase"] == "auction":
        _auction(panel, legal, draft)
    elif v["phase"] == "discard":
        panel.selects.append(Select(
            "D", _("Discard three cards (face down)…"),
            [(_card_label(c, game), str(c.index), False) for c in sort_hand(
                game.hands[seat], game.trump)],
            min_values=3, max_values=3))
    elif v["phase"] == "friend":
        _declaration(panel, game, legal)
    else:
        _play(panel, game, seat, legal)
        reasons = [reason(exc) for c in game.hands[seat]
                   if (exc := game.play_refusal(seat, c)) is not None
                   and exc.code != "joker_suit_required"]
        if reasons:
            embed.description = "\n".join([embed.description or "", *greyed_out(reasons)])
    return panel


def _status(game: MightyGame, v: dict[str, Any], seat: int, labels: Sequence[str]) -> list[str]:
    lines = []
    if v["phase"] == "auction":
        standing = contract_of(v["standing_bid"])
        lines.append(_("No bid yet.") if standing is None else _(
            "Standing bid: **{bid}** by {player}.", bid=bid_text(*standing),
            player=labels[v["standing_bidder"]]))
        if seat in v["passed"]:
            lines.append(_("You passed: your auction is over."))
    elif v["contract"] is not None:
        contract = contract_of(v["contract"])
        assert contract is not None
        lines.append(_("Contract **{contract}** by {player} · Mighty {mighty} · joker-caller "
                       "{caller} (led after trick 1, it may demand the joker)",
                       contract=bid_text(*contract), player=labels[v["declarer"]],
                       mighty=v["mighty"], caller=v["joker_caller"]))
        if v["friend_call"] is not None:
            lines.append(_("Friend call: {call}.", call=call_text(v["friend_call"])))
    if v["phase"] == "playing" and v["last_trick"] is not None and not v["trick"]:
        lines.append(won_trick_line(v["last_trick"], labels))
    if seat == v["declarer"] and v["phase"] != "auction":
        lines.append(_("You are the declarer. **Secret solo**: the called card is yours or "
                       "buried; nobody else knows.") if v["solo"] == "secret"
                     else _("You are the declarer."))
    elif v["you_are_friend"]:
        lines.append(_("You hold the called card ({card}): you are the declarer's friend.",
                       card=v["friend_call"]))
    if v["lead_suit"] is not None and v["trick_number"] == 1 and not v["trick"]:
        lines.append(_("The friend asked for {suit} as the first lead.",
                       suit=trump_text(Suit.from_label(v["lead_suit"]))))
    actor = v["to_act"]
    if actor == seat and v["awaiting"] == "lead_suit":
        lines.append(_("**Your turn.** The declarer asks you to name the suit of the first "
                       "lead: pick a suit below (nobody learns that you answered)."))
    elif actor == seat:
        lines.append(_("**Your turn.**"))
    elif v["awaiting"] == "lead_suit":
        lines.append(_("The friend is naming the suit of the first lead. Press Refresh on "
                       "your turn."))
    elif actor is None:
        lines.append(_("The match is over."))
    else:
        lines.append(_(_WAITING[v["phase"]], mark=TURN_MARK, player=labels[actor]))
    return lines


def _hand_text(game: MightyGame, seat: int) -> str:
    if game.contract is None:
        return hand_text(game.hands[seat], None)
    return hand_text(
        game.hands[seat], game.trump,
        lambda c: _("{card} (Mighty)", card=c) if c is game.mighty else str(c),
    )


def _card_label(c: Card, game: MightyGame) -> str:
    if game.contract is None:
        return str(c)
    if c is game.mighty:
        return _("{card} (Mighty)", card=c)
    if game.trump is not None and c.suit is game.trump:
        return f"{c} ★"
    return str(c)


# --- the auction (M4, M5) ------------------------------------------------------------


def _auction(panel: Panel, legal: Sequence[Action], draft: str) -> None:
    bids = [a for a in legal if isinstance(a, MightyBid)]
    numbers = sorted({b.points for b in bids})
    match = _DRAFT.fullmatch(draft)
    points = int(match[1]) if match and match[1] else None
    letter = match[2] if match else "x"
    if points not in numbers:
        points = numbers[0] if numbers else None
    buttons: list[Button] = []
    if points is not None:
        trumps = [t for t in TRUMP_LETTERS.values() if MightyBid.of(points, t) in bids]
        if letter not in (LETTER_OF[t] for t in trumps):
            letter = "x"
        panel.selects.append(Select(
            f"P{letter}", _("Points…"),
            [(_("{points} points", points=n), str(n), n == points) for n in numbers]))
        panel.selects.append(Select(
            f"T{points}", _("Trump…"),
            [(trump_text(t), LETTER_OF[t], LETTER_OF[t] == letter) for t in trumps]))
        if letter == "x":
            buttons.append((_("Bid {points} (pick a trump)", points=points), f"b{points}x", False,
                            discord.ButtonStyle.success))
        else:
            label = bid_text(points, TRUMP_LETTERS[letter])
            buttons.append((_("Bid {bid}", bid=label), f"b{points}{letter}", True,
                            discord.ButtonStyle.success))
    buttons.append((_("Pass"), "pass", True, _PLAIN))
    if DEAL_MISS in legal:
        buttons.append((_("Deal-miss (show my hand)"), "dm", True, discord.ButtonStyle.danger))
    panel.buttons = buttons


# --- the declarer (M7, M8) -------------------------------------------------------------


def _declaration(panel: Panel, game: MightyGame, legal: Sequence[Action]) -> None:
    contracts = [a for a in legal if isinstance(a, Contract)]
    if contracts:
        panel.selects.append(Select(
            "C", _("Change the contract (optional; else call your friend)…"),
            [(bid_text(c.points, c.trump), f"{c.points}{LETTER_OF[c.trump]}", False)
             for c in contract_options(contracts)]))
    panel.selects.append(Select("F", _("Call your friend…"), friend_options(game)))


def contract_options(contracts: Sequence[Contract]) -> list[Contract]:
    """The legal changes for the menu (at most 25): when there are more, the highest
    numbers of the largest groups are left to ``/mighty contract``."""
    groups: dict[Suit | None, list[Contract]] = {}
    for c in contracts:
        groups.setdefault(c.trump, []).append(c)
    while sum(len(g) for g in groups.values()) > MAX_OPTIONS:
        max(groups.values(), key=len).pop()
    return sorted((c for g in groups.values() for c in g),
                  key=lambda c: (c.points, 4 if c.trump is None else int(c.trump)))


def friend_options(game: MightyGame) -> list[tuple[str, str, bool]]:
    """The friend menu (M8): the Mighty, the joker, the trump ace, the other aces, the
    first trick, no friend. Any other card goes through ``/mighty friend``."""
    mighty = game.mighty
    trump_ace = None if game.trump is None else card(ACE, game.trump)
    out = [(_("{card} — the Mighty", card=mighty), f"c{mighty.index}", False),
           (_("{card} — the joker", card=JOKER), f"c{JOKER.index}", False)]
    if trump_ace is not None and trump_ace is not mighty:
        out.append((_("{card} — the trump ace", card=trump_ace), f"c{trump_ace.index}", False))
    for suit in Suit:
        ace = card(ACE, suit)
        if ace is not mighty and ace is not trump_ace:
            out.append((str(ace), f"c{ace.index}", False))
    out.append((_("The winner of the first trick"), "first", False))
    out.append((_("No friend (play alone: the stake doubles)"), "none", False))
    return out


# --- play (M11–M13) --------------------------------------------------------------------


def _card_buttons(game: MightyGame, seat: int, legal: Sequence[Action]) -> list[Button]:
    powered_lead = any(a in legal for a in JOKER_LEADS.values())
    out: list[Button] = []
    for c in sort_hand(game.hands[seat], game.trump):
        style = _TRUMP_STYLE if game.trump is not None and c.suit is game.trump else _PLAIN
        if c is JOKER and powered_lead:
            out.append((_("{card} (name a suit below)", card=c), card_payload(c), False, style))
        else:
            out.append((_card_label(c, game), card_payload(c), Play.of(c) in legal, style))
    return out


def _play(panel: Panel, game: MightyGame, seat: int, legal: Sequence[Action]) -> None:
    panel.buttons = _card_buttons(game, seat, legal)
    if ASK_LEAD in legal:
        panel.buttons.append((_("Ask the friend to name the lead"), "ask", True,
                              discord.ButtonStyle.success))
    for suit, answer in NAME_LEADS.items():
        if answer in legal:
            panel.buttons.append((_("Lead {suit}", suit=trump_text(suit)),
                                  f"l{LETTER_OF[suit]}", True, discord.ButtonStyle.success))
    for c, demand in JOKER_DEMANDS.items():
        if demand in legal:
            panel.buttons.append((_("{card} and demand the joker", card=c), f"x{c.index}", True,
                                  discord.ButtonStyle.danger))
    leads = [suit for suit, lead in JOKER_LEADS.items() if lead in legal]
    if leads:
        panel.selects.append(Select(
            "J", _("Lead the joker, asking for…"),
            [(trump_text(s), LETTER_OF[s], False) for s in leads]))


# --- decoding --------------------------------------------------------------------------


def decode_button(payload: str) -> Action:
    """The action a panel button names; ``IllegalAction('bad_input')`` otherwise."""
    if payload == "pass":
        return PASS
    if payload == "dm":
        return DEAL_MISS
    if payload == "ask":
        return ASK_LEAD
    if (match := _NAME_LEAD.fullmatch(payload)) and (suit := TRUMP_LETTERS[match[1]]) is not None:
        return NameLead.of(suit)
    if match := _BID.fullmatch(payload):
        return MightyBid.of(int(match[1]), TRUMP_LETTERS[match[2]])
    if (match := _CARD.fullmatch(payload)) and (c := card_at(match[2])) is not None:
        if match[1] == "p":
            return Play.of(c)
        if c in JOKER_DEMANDS:
            return JOKER_DEMANDS[c]
    raise IllegalAction("bad_input", N_("that button names no Mighty action"))


def decode_select(payload: str, values: Sequence[str]) -> Action | ActionFor | Draft:
    """The action (or bid draft) a menu pick names; ``IllegalAction('bad_input')``
    otherwise."""
    kind, rest = payload[:1], payload[1:]
    one = values[0] if len(values) == 1 else ""
    if kind == "P" and rest in (*TRUMP_LETTERS, "x") and _DRAFT.fullmatch(one + rest):
        return Draft(one + rest)
    if kind == "T" and _DRAFT.fullmatch(rest + one):
        return Draft(rest + one)
    if kind == "D" and not rest:
        cards = [card_at(value) for value in values]
        if len(cards) == 3 and all(c is not None for c in cards):
            return Discard(tuple(c for c in cards if c is not None))
    if kind == "C" and not rest and (match := _CONTRACT.fullmatch(one)):
        return Contract.of(int(match[1]), TRUMP_LETTERS[match[2]])
    if kind == "F" and not rest:
        if one in ("first", "none"):
            return FriendCall.of("first" if one == "first" else "none")
        if one[:1] == "c" and (c := card_at(one[1:])) is not None:
            return FriendCall.of(c)
    if kind == "J" and not rest and one in TRUMP_LETTERS and TRUMP_LETTERS[one] is not None:
        suit = TRUMP_LETTERS[one]
        assert suit is not None
        return JOKER_LEADS[suit]
    raise IllegalAction("bad_input", N_("that menu names no Mighty action"))
