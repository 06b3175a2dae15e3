"""Mighty's fields of the public table embed, drawn from the public view only (RULES
"Who may see what", M4–M9, M15, M16): the auction, the contract, the declarer, the
friend call and the friend once revealed, the first lead asked of the friend (never
who answers), captured point cards, the tricks, a redeal (with a deal-miss hand) and
the last hand's settlement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.adapter import Field
from bot.games.mighty.words import bid_text, call_text, contract_of, trump_text
from bot.render import TURN_MARK, last_trick_text, trick_line
from engine.mighty.rules import parse_trump

_VERBS: Final = {"auction": "to bid or pass", "discard": "to take the kitty and discard",
                 "friend": "to fix the contract and call a friend", "playing": "to play"}
_DOUBLINGS: Final = {"notrump": "no-trump", "no_friend": "no friend",
                     "run": "run: all 20 points", "back_run": "back-run: 9 points or fewer"}
CAPTURED_MADE: Final = ("The declarer's side captured P = {p} of the B = {b} bid "
                        "({buried} buried in the discards): made.")
CAPTURED_FAILED: Final = ("The declarer's side captured P = {p} of the B = {b} bid "
                          "({buried} buried in the discards): failed.")
STAKE: Final = "The stake S (what each side settles) = {formula}{doubled}."

View = Mapping[str, Any]


def table_fields(v: View, labels: Sequence[str]) -> list[Field]:
    """The game's fields for the public view ``v`` (``labels`` by seat)."""
    if v["over"]:
        turn = "Game over"
    elif v["awaiting"] == "lead_suit":
        turn = "The friend names the first lead"
    else:
        turn = f"{TURN_MARK} {labels[v['to_act']]} {_VERBS[v['phase']]}"
    fields = [
        Field("Dealer", labels[v["dealer"]], True),
        Field("Turn", turn, True),
    ]
    if v["phase"] == "auction" and not v["over"]:
        if v["redeal"] is not None:
            fields.append(_redeal(v["redeal"], labels))
        if v["last_hand"] is not None:
            fields.append(last_hand_field(v, labels))
        fields.append(Field("Auction", _auction(v, labels)))
        return fields
    if v["declarer"] is not None:
        fields.extend(_declaration(v, labels))
    if v["phase"] == "playing":
        fields.append(_trick(v, labels))
    if v["last_trick"] is not None and v["tricks"]:
        fields.append(_last_trick(v["last_trick"], labels))
    if v["over"] and v["last_hand"] is not None:
        fields.append(last_hand_field(v, labels))
    return fields


def _auction(v: View, labels: Sequence[str]) -> str:
    last: dict[int, str] = {}
    for call in v["calls"]:
        bid = contract_of(call.get("bid"))
        last[call["seat"]] = "passed" if bid is None else bid_text(*bid)
    lines = []
    for offset in range(len(labels)):
        seat = (v["first_speaker"] + offset) % len(labels)
        said = last.get(seat, "—")
        if seat == v["standing_bidder"]:
            said = f"**{said}** (standing)"
        lines.append(f"{labels[seat]}: {said}")
    return "\n".join(lines)


def _redeal(redeal: Mapping[str, Any], labels: Sequence[str]) -> Field:
    dealer = labels[redeal["dealer"]]
    if redeal["redeal"] == "deal_miss":
        shown = " ".join(redeal.get("shown_hand") or [])
        text = (f"{labels[redeal['claimant']]} claimed a deal-miss (hand worth "
                f"{redeal.get('value', '?')}) and deals again. Their hand: {shown}")
    else:
        text = f"Everyone passed: {dealer} deals again."
    return Field("Redeal", text)


def _declaration(v: View, labels: Sequence[str]) -> list[Field]:
    declarer = labels[v["declarer"]]
    bid = contract_of(v["bid"])
    contract = contract_of(v["contract"])
    assert bid is not None and contract is not None
    text = f"**{bid_text(*contract)}** · trump {trump_text(contract[1])}"
    if v["contract_changed"]:
        text += f"\n(bid {bid_text(*bid)}, changed after the kitty)"
    if v["mighty"] is not None:
        text += f"\nMighty {v['mighty']} · joker-caller {v['joker_caller']} (may demand the joker)"
    friend = call_text(v["friend_call"])
    if v["friend"] is not None:
        friend += f"\nFriend: {labels[v['friend']]}"
    elif v["solo"] == "first_trick":
        friend += "\nThe declarer won the first trick: a solo."
    elif v["friend_call"] not in (None, "none") and not v["over"]:
        friend += "\nFriend: not revealed yet"
    points = v["points"]
    captured = [f"{labels[s]}: {' '.join(cards)}" for s, cards in enumerate(v["captured"]) if cards]
    tally = (f"Declarer's side: **{points['declarer_side']}** · defenders: "
             f"**{points['defenders']}**")
    return [
        Field("Contract", text, True),
        Field("Declarer", declarer, True),
        Field("Friend call", friend, True),
        Field("Points captured", "\n".join([tally, *captured])),
    ]


def _trick(v: View, labels: Sequence[str]) -> Field:
    lines = [trick_line(v["trick"], labels)] if v["trick"] else []
    if v["trick"]:
        first = v["trick"][0]["card"]
        if first == "JK" and v["led"] is not None and v["trick_number"] not in (1, 10):
            lines.append(f"The joker asks for {trump_text(parse_trump(v['led']))}.")
        if v["joker_demanded"]:
            lines.append(f"{first} led: the joker is demanded.")
    if v["trick_number"] == 1 and v["lead_asked"]:
        if v["lead_suit"] is None:
            lines.insert(0, "The declarer asked the friend to name the first lead.")
        else:
            lines.insert(0, f"The friend asked for {trump_text(parse_trump(v['lead_suit']))}.")
    name = f"Trick {v['trick_number']}/10"
    return Field(name, "\n".join(lines) or "No card played yet.")


def _last_trick(last: Mapping[str, Any], labels: Sequence[str]) -> Field:
    return Field("Last trick", last_trick_text(last, labels))


def last_hand_field(v: View, labels: Sequence[str]) -> Field:
    """The last scored hand: contract, sides, P, B, S with its doublings, the settlement."""
    h = v["last_hand"]
    number = len(v["scores"])
    contract = contract_of(h["contract"])
    assert contract is not None
    lines = [f"{labels[h['declarer']]} declared **{bid_text(*contract)}**, called "
             f"{call_text(h['friend_call'])}."]
    if h["solo"] == "secret":
        lines.append("It was a **secret solo**: the called card was the declarer's own "
                     "or among the discards.")
    elif h["solo"] == "first_trick":
        lines.append("The declarer won the first trick: a solo.")
    elif h["friend"] is not None:
        lines.append(f"Friend: {labels[h['friend']]}.")
    b, p = contract[0], h["points"]
    words = CAPTURED_MADE if h["success"] else CAPTURED_FAILED
    lines.append(words.format(p=p, b=b, buried=h["buried_points"]))
    formula = (f"2·({b} − 13) + ({p} − {b}) = {h['base_S']}" if h["success"]
               else f"{b} − {p} = {h['base_S']}")
    doublings = ", ".join(_DOUBLINGS[d] for d in h["doublings"])
    doubled = f" × {h['multiplier']} ({doublings}) = {h['S']}" if doublings else ""
    lines.append(STAKE.format(formula=formula, doubled=doubled))
    lines.append(" · ".join(f"{labels[s]} {score:+d}" for s, score in enumerate(h["scores"])))
    return Field(f"Hand {number} result", "\n".join(lines))
