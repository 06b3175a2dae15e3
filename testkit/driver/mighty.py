"""Mighty's panel payloads and commands. Buttons: ``pass``, ``dm`` (deal-miss),
``b<points><trump letter>`` (bid), ``p<card index>`` (play), ``x<card index>`` (lead
and demand the joker), ``ask`` (ask the friend for the first lead) and ``l<suit
letter>`` (name it). Menus: ``P<trump letter>`` and ``T<points>`` (a bid's draft),
``D`` (discard three), ``C`` (change the contract), ``F`` (call a friend), ``J`` (the
suit of a joker lead). Trump letters: ``s h d c``, ``n`` for no-trump."""

from __future__ import annotations

import random
import re
from typing import Final

from engine.cards import CARDS, Card, Suit, trump_label
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
from engine.mighty.rules import MIN_BID, Trump
from testkit.driver.moves import Command, GameMoves, Plan, Step
from testkit.driver.panels import Panel

LETTER: Final[dict[Trump, str]] = {
    Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c", None: "n",
}
TRUMP: Final[dict[str, Trump]] = {letter: trump for trump, letter in LETTER.items()}
_BUTTONS: Final[dict[str, Action]] = {"pass": PASS, "dm": DEAL_MISS, "ask": ASK_LEAD}
_BID = re.compile(r"b([0-9]{2})([shdcn])")
_CARD = re.compile(r"([px])([0-9]{1,2})")
_LEAD = re.compile(r"l([shdc])")
_CONTRACT = re.compile(r"([0-9]{2})([shdcn])")


def _card(index: str) -> Card | None:
    return CARDS[int(index)] if index.isdigit() and int(index) < len(CARDS) else None


def _friend_value(call: FriendCall) -> str:
    target = call.target
    return target if isinstance(target, str) else f"c{target.index}"


class MightyMoves(GameMoves):
    name = "mighty"

    def plan(self, action: Action, panel: Panel) -> Plan | None:
        for payload, named in _BUTTONS.items():
            if action is named:
                return (Step(payload),)
        if isinstance(action, MightyBid):
            points, letter = str(action.points), LETTER[action.trump]
            return (Step("P", (points,), prefix=True), Step(f"T{points}", (letter,)),
                    Step(f"b{points}{letter}"))
        if isinstance(action, NameLead):
            return (Step(f"l{LETTER[action.suit]}"),)
        if isinstance(action, Discard):
            return (Step("D", tuple(str(c.index) for c in action)),)
        if isinstance(action, Contract | FriendCall):
            menu = "C" if isinstance(action, Contract) else "F"
            value = (f"{action.points}{LETTER[action.trump]}" if isinstance(action, Contract)
                     else _friend_value(action))
            step = Step(menu, (value,))
            return (step,) if step.find(panel) is not None else None  # not every one is listed
        if isinstance(action, Play):
            if action.suit is not None:
                return (Step("J", (LETTER[action.suit],)),)
            return (Step(f"{'x' if action.call_joker else 'p'}{action.card.index}"),)
        return None

    def action(self, plan: Plan) -> Action | None:
        last = plan[-1]
        payload, one = last.payload, (last.values or ("",))[0]
        if payload in _BUTTONS:
            return _BUTTONS[payload]
        if match := _BID.fullmatch(payload):
            return MightyBid.of(int(match[1]), TRUMP[match[2]])
        if (match := _LEAD.fullmatch(payload)) and (suit := TRUMP.get(match[1])) is not None:
            return NameLead.of(suit)
        if (match := _CARD.fullmatch(payload)) and (c := _card(match[2])) is not None:
            return Play.of(c) if match[1] == "p" else JOKER_DEMANDS.get(c)
        if payload == "D" and last.values is not None:
            cards = [_card(v) for v in last.values]
            return Discard(tuple(c for c in cards if c is not None))
        if payload == "C" and (match := _CONTRACT.fullmatch(one)):
            return Contract.of(int(match[1]), TRUMP[match[2]])
        if payload == "F" and one in ("first", "none"):
            return FriendCall.of("first" if one == "first" else "none")
        if payload == "F" and one[:1] == "c" and (c := _card(one[1:])) is not None:
            return FriendCall.of(c)
        if payload == "J" and (suit := TRUMP.get(one)) is not None:
            return JOKER_LEADS[suit]
        return None

    def command(self, action: Action) -> Command | None:
        if action is PASS:
            return Command("pass")
        if action is DEAL_MISS:
            return Command("dealmiss")
        if action is ASK_LEAD:
            return Command("asklead")
        if isinstance(action, MightyBid | Contract):
            name = "bid" if isinstance(action, MightyBid) else "contract"
            return Command(name, {"points": action.points, "trump": trump_label(action.trump)})
        if isinstance(action, NameLead):
            return Command("lead", {"suit": action.suit.label})
        if isinstance(action, Discard):
            return Command("discard", {"cards": " ".join(str(c) for c in action)})
        if isinstance(action, FriendCall):
            return Command("friend", {"call": str(action.target)})
        if isinstance(action, Play):
            options: dict[str, object] = {"card": str(action.card)}
            if action.suit is not None:
                options["suit"] = action.suit.label
            if action.call_joker:
                options["call_joker"] = True
            return Command("play", options)
        return None

    def pick(self, panel: Panel, rng: random.Random) -> Plan:
        """Quick random play: in the auction a bid of the minimum in a random suit when
        one is offered (no bid stands yet), else a pass; the declarer discards the first
        three cards of the menu and calls a random friend; in play a random enabled card
        or other button, or now and then a joker lead's suit."""
        if panel.find("pass") is not None:
            opening = panel.find(f"T{MIN_BID}")
            suits = [v for v in opening.values if v != "n"] if opening else []
            if not suits:
                return (Step("pass"),)
            letter = rng.choice(suits)
            return (Step(f"T{MIN_BID}", (letter,)), Step(f"b{MIN_BID}{letter}"))
        if (discard := panel.find("D")) is not None:
            return (Step("D", discard.values[:discard.min_values]),)
        if (friend := panel.find("F")) is not None:
            return (Step("F", (rng.choice(friend.values),)),)
        buttons = [c for c in panel.controls if not c.menu]
        lead = panel.find("J")
        if lead is not None and (not buttons or rng.random() < 0.5):
            return (Step("J", (rng.choice(lead.values),)),)
        return (Step(rng.choice(buttons).payload),)


MIGHTY: Final = MightyMoves()
