"""Mighty's part of the public table embed, drawn from the public view only (RULES "Who
may see what", M4–M9, M15, M16), compact: one line per player (their call in the
auction; then their role once known, the point cards they captured this hand and
their balance, the seat to act marked), the contract and friend call on one line, the
trumps and the dealer on the next, each side's points, the trick and the last trick
by seat, a redeal (with a deal-miss hand) and the last hand's settlement. Built in the
table's language (the caller speaks it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import Field
from bot.games.mighty.words import bid_text, call_text, contract_of
from bot.games.words import (
    NO_CARD_YET,
    TURN_MARK,
    last_trick_line,
    last_trick_text,
    trick_line,
    trump_text,
)
from bot.i18n import N_, _, _n
from engine.mighty.rules import parse_trump

_DOUBLINGS: Final = {"notrump": N_("no-trump"), "no_friend": N_("no friend"),
                     "run": N_("run: all 20 points"),
                     "back_run": N_("back-run: 9 points or fewer")}
CAPTURED_MADE: Final = N_("The declarer's side captured P = {p} of the B = {b} bid "
                          "({buried} buried in the discards): made.")
CAPTURED_FAILED: Final = N_("The declarer's side captured P = {p} of the B = {b} bid "
                            "({buried} buried in the discards): failed.")
STAKE: Final = N_("The stake S (what each side settles) = {formula}{doubled}.")
# The auction: the line under the title and each player's line.
AUCTION: Final = N_("Dealer {dealer} · {first} speaks first · a pass is final")
AUCTION_LINE: Final = "{mark}{label} · {call} · {total}"
NO_CALL: Final = N_("no call yet")
PASSED: Final = N_("passed")
BID: Final = N_("bid {bid}")
STANDING: Final = N_("**bid {bid}** (standing)")
REDEAL_ALL_PASS: Final = N_("Everyone passed: {dealer} deals again.")
REDEAL_DEAL_MISS: Final = N_("{claimant} claimed a deal-miss (hand worth {value}) and deals "
                             "again. Their hand: {hand}")
# After the auction: the contract, the trumps and dealer, what happens now, each player.
CONTRACT: Final = N_("Contract {contract} by {declarer} · friend call {call}")
CONTRACT_FRIEND: Final = N_("Contract {contract} by {declarer} · friend call {call} · "
                            "{friend}")
KEPT: Final = "**{contract}**"
CHANGED: Final = N_("**{contract}** (bid {bid}, changed after the kitty)")
FRIEND_IS: Final = N_("Friend: {name}")
FRIEND_HIDDEN: Final = N_("Friend: not revealed yet")
FIRST_TRICK_SOLO: Final = N_("the declarer won the first trick: a solo")
DETAILS: Final = N_("Trump {trump} · Mighty {mighty} · joker-caller {caller} (may demand "
                    "the joker) · dealer {dealer}")
STEPS: Final = {
    "discard": N_("The declarer takes the kitty and discards three cards face down."),
    "friend": N_("The declarer may raise the contract, then calls a friend."),
}
TALLY: Final = N_("Points captured: declarer's side **{declarer}** · defenders "
                  "**{defenders}**")
PLAYER_LINE: Final = "{mark}{label} · {captured} · {total}"
ROLE_LINE: Final = "{mark}{label} · {role} · {captured} · {total}"
DECLARER: Final = N_("declarer")
FRIEND: Final = N_("friend")
DEFENDER: Final = N_("defender")
"""The roles on the players' lines (translated where shown)."""
# The trick field.
TRICK: Final = N_("Trick {number}/10")
TRICK_NOTE: Final = "{cards} — {note}"
JOKER_ASKS: Final = N_("the joker asks for {suit}.")
JOKER_DEMANDED: Final = N_("{card} led: the joker is demanded.")
LEAD_ASKED: Final = N_("The declarer asked the friend to name the first lead.")
LEAD_NAMED: Final = N_("The friend asked for {suit}.")
LAST_TRICK_FIELD: Final = N_("Last trick")
# The last hand's result.
RESULT: Final = N_("Hand {number} result")
RESULT_HEAD: Final = N_("{declarer} declared **{contract}**, called {call}.")
RESULT_FRIEND: Final = N_("{declarer} declared **{contract}**, called {call}. Friend: "
                          "{friend}.")
RESULT_SECRET: Final = N_("{declarer} declared **{contract}**, called {call}. It was a "
                          "**secret solo**: the called card was the declarer's own or among "
                          "the discards.")
RESULT_FIRST_SOLO: Final = N_("{declarer} declared **{contract}**, called {call}. The "
                              "declarer won the first trick: a solo.")

View = Mapping[str, Any]


def _auction(v: View) -> bool:
    return v["phase"] == "auction" and not v["over"]


def summary_lines(v: View, labels: Sequence[str]) -> list[str]:
    """The lines under the title (none once the game is over): in the auction a redeal
    and who deals and speaks first; after it the contract with the friend call, the
    trumps and dealer, then what the declarer does now or each side's points."""
    if v["over"]:
        return []
    if _auction(v):
        lines = [] if v["redeal"] is None else [_redeal(v["redeal"], labels)]
        lines.append(_(AUCTION, dealer=labels[v["dealer"]], first=labels[v["first_speaker"]]))
        return lines
    if v["declarer"] is None:
        return []
    contract = contract_of(v["contract"])
    assert contract is not None
    lines = [_contract_line(v, labels), _(
        DETAILS, trump=trump_text(contract[1]), mighty=v["mighty"], caller=v["joker_caller"],
        dealer=labels[v["dealer"]])]
    if v["phase"] in STEPS:
        lines.append(_(STEPS[v["phase"]]))
    else:
        points = v["points"]
        lines.append(_(TALLY, declarer=points["declarer_side"], defenders=points["defenders"]))
    return lines


def _contract_line(v: View, labels: Sequence[str]) -> str:
    bid, contract = contract_of(v["bid"]), contract_of(v["contract"])
    assert bid is not None and contract is not None
    shown = KEPT.format(contract=bid_text(*contract))
    if v["contract_changed"]:
        shown = _(CHANGED, contract=bid_text(*contract), bid=bid_text(*bid))
    values = {"contract": shown, "declarer": labels[v["declarer"]],
              "call": call_text(v["friend_call"])}
    if v["friend"] is not None:
        return _(CONTRACT_FRIEND, **values, friend=_(FRIEND_IS, name=labels[v["friend"]]))
    if v["solo"] == "first_trick":
        return _(CONTRACT_FRIEND, **values, friend=_(FIRST_TRICK_SOLO))
    if v["friend_call"] not in (None, "none"):
        return _(CONTRACT_FRIEND, **values, friend=_(FRIEND_HIDDEN))
    return _(CONTRACT, **values)


def _redeal(redeal: Mapping[str, Any], labels: Sequence[str]) -> str:
    if redeal["redeal"] == "deal_miss":
        return _(REDEAL_DEAL_MISS, claimant=labels[redeal["claimant"]],
                 value=redeal.get("value", "?"), hand=" ".join(redeal.get("shown_hand") or []))
    return _(REDEAL_ALL_PASS, dealer=labels[redeal["dealer"]])


def score_lines(v: View, labels: Sequence[str]) -> list[str]:
    """One line per seat, the seat to act marked: in the auction their last call; after
    it their role once known (the declarer at once, the others when the friend is
    revealed or there is none), the point cards they captured this hand; the balance
    last."""
    totals = v["totals"]
    marks = [f"{TURN_MARK} " if v["to_act"] == s and not v["over"] else ""
             for s in range(len(labels))]
    if _auction(v):
        calls = _calls(v)
        return [AUCTION_LINE.format(mark=marks[s], label=labels[s], call=calls[s],
                                    total=totals[s]) for s in range(len(labels))]
    lines = []
    for s, label in enumerate(labels):
        captured = _captured(v["captured"][s])
        role = _role(v, s)
        if role is None:
            lines.append(PLAYER_LINE.format(mark=marks[s], label=label, captured=captured,
                                            total=totals[s]))
        else:
            lines.append(ROLE_LINE.format(mark=marks[s], label=label, role=role,
                                          captured=captured, total=totals[s]))
    return lines


def _calls(v: View) -> list[str]:
    """Each seat's last call of the auction (M4)."""
    said = [_(NO_CALL)] * int(v["players"])
    for call in v["calls"]:
        bid = contract_of(call.get("bid"))
        said[call["seat"]] = _(PASSED) if bid is None else _(BID, bid=bid_text(*bid))
    standing = contract_of(v["standing_bid"])
    if v["standing_bidder"] is not None and standing is not None:
        said[v["standing_bidder"]] = _(STANDING, bid=bid_text(*standing))
    return said


def _role(v: View, seat: int) -> str | None:
    if v["declarer"] is None:
        return None
    if seat == v["declarer"]:
        return _(DECLARER)
    if seat == v["friend"]:
        return _(FRIEND)
    known = v["friend"] is not None or v["solo"] == "first_trick" or v["friend_call"] == "none"
    return _(DEFENDER) if known else None


def _captured(cards: Sequence[str]) -> str:
    if not cards:
        return _("0 pts")
    return _n("{count} pt: {cards}", "{count} pts: {cards}", len(cards), cards=" ".join(cards))


def table_fields(v: View, labels: Sequence[str]) -> list[Field]:
    """The fields after the players' lines: the last hand's result in the auction; the
    trick with the last one while playing; the last trick and the result once over."""
    if _auction(v):
        return [] if v["last_hand"] is None else [last_hand_field(v, labels)]
    fields = []
    if v["phase"] == "playing" and not v["over"]:
        fields.append(_trick(v, labels))
    if v["over"]:
        if v["last_trick"] is not None and v["tricks"]:
            fields.append(Field(_(LAST_TRICK_FIELD), last_trick_text(v["last_trick"], labels)))
        if v["last_hand"] is not None:
            fields.append(last_hand_field(v, labels))
    return fields


def _trick(v: View, labels: Sequence[str]) -> Field:
    """The trick so far by seat (with what a led joker or joker-caller asks, M12, M13),
    the first lead named for the friend (M9) and the last trick of this hand."""
    lines = []
    if v["trick_number"] == 1 and v["lead_asked"]:
        lines.append(_(LEAD_ASKED) if v["lead_suit"] is None
                     else _(LEAD_NAMED, suit=trump_text(parse_trump(v["lead_suit"]))))
    cards = trick_line(v["trick"], labels) or _(NO_CARD_YET)
    if v["trick"]:
        first = v["trick"][0]["card"]
        if first == "JK" and v["led"] is not None and v["trick_number"] not in (1, 10):
            cards = TRICK_NOTE.format(cards=cards, note=_(
                JOKER_ASKS, suit=trump_text(parse_trump(v["led"]))))
        elif v["joker_demanded"]:
            cards = TRICK_NOTE.format(cards=cards, note=_(JOKER_DEMANDED, card=first))
    lines.append(cards)
    if v["last_trick"] is not None and v["tricks"]:
        lines.append(last_trick_line(v["last_trick"], labels))
    return Field(_(TRICK, number=v["trick_number"]), "\n".join(lines))


def last_hand_field(v: View, labels: Sequence[str]) -> Field:
    """The last scored hand: contract, sides, P, B, S with its doublings, the settlement."""
    h = v["last_hand"]
    contract = contract_of(h["contract"])
    assert contract is not None
    values = {"declarer": labels[h["declarer"]], "contract": bid_text(*contract),
              "call": call_text(h["friend_call"])}
    if h["solo"] == "secret":
        head = _(RESULT_SECRET, **values)
    elif h["solo"] == "first_trick":
        head = _(RESULT_FIRST_SOLO, **values)
    elif h["friend"] is not None:
        head = _(RESULT_FRIEND, **values, friend=labels[h["friend"]])
    else:
        head = _(RESULT_HEAD, **values)
    b, p = contract[0], h["points"]
    words = CAPTURED_MADE if h["success"] else CAPTURED_FAILED
    formula = (f"2·({b} − 13) + ({p} − {b}) = {h['base_S']}" if h["success"]
               else f"{b} − {p} = {h['base_S']}")
    doublings = ", ".join(_(_DOUBLINGS[d]) for d in h["doublings"])
    doubled = f" × {h['multiplier']} ({doublings}) = {h['S']}" if doublings else ""
    return Field(_(RESULT, number=len(v["scores"])), "\n".join([
        head, _(words, p=p, b=b, buried=h["buried_points"]),
        _(STAKE, formula=formula, doubled=doubled),
        " · ".join(f"{labels[s]} {score:+d}" for s, score in enumerate(h["scores"])),
    ]))
