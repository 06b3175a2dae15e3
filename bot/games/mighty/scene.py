"""What the pictures draw for Mighty (:class:`~bot.games.scene.GameScene`): its own
word for trump; in the table picture each seat's last call during the auction (M4) and
its captured points after it (M15), the declarer's and friend's badges, the points of
each side, the standing bid or the contract with the friend call in the corner (M7,
M8), the contract's points under the trump, and below it the lead asked (M9), the
joker's suit (M12) and the joker call (M13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from bot.games.scene import PictureWords, SceneWords, TableLines, WordedScene
from bot.i18n import NP_
from engine.cards import Suit

View = Mapping[str, Any]

_SYMBOLS: Final = {suit.label: suit.symbol for suit in Suit}


@dataclass(frozen=True, slots=True)
class MightyWords(SceneWords):
    """Mighty's own words in pictures."""

    CONTEXTS: ClassVar[Mapping[str, str]] = {"trump": "picture, Mighty"}
    title: str = NP_("picture", "Mighty")
    trump: str = NP_("picture, Mighty", "Trump")
    """Mighty's word for trump where it differs (Korean 기루다)."""
    passed: str = NP_("picture", "pass")
    no_call: str = "–"
    call: str = "{points} {trump}"
    captured: str = NP_("picture", "{points} pts")
    captured_one: str = NP_("picture", "1 pt")
    contract: str = NP_("picture", "Contract {contract}")
    standing_bid: str = NP_("picture", "Bid {contract}: {name}")
    friend_call: str = NP_("picture", "Friend call: {call}")
    friend_first: str = NP_("picture", "first trick")
    friend_none: str = NP_("picture", "no friend")
    friend_is: str = NP_("picture", "Friend: {name} ({call})")
    points: str = NP_("picture", "Points: declarer side {declarer} · defenders {defenders}")
    joker_asks: str = NP_("picture", "Joker asks {suit}")
    joker_called: str = NP_("picture", "Joker called")
    lead_named: str = NP_("picture", "Lead {suit} asked")


class MightyScene(WordedScene[MightyWords]):
    """Mighty's auction, contract, friend and points in the pictures."""

    def trump_word(self, words: PictureWords) -> str:
        return words.own(self.words).trump

    def lines(
        self, view: View, names: Sequence[str], words: PictureWords, own: MightyWords,
    ) -> TableLines:
        contract = view["contract"]
        roles = {view[role]: role for role in ("friend", "declarer")  # the declarer's wins
                 if view[role] is not None}
        return TableLines(
            caption="" if contract is None else str(int(contract[0])),
            details=_details(view, words, own), subtitle=_subtitle(view, own),
            corner=_corner(view, names, words, own), note=_note(view, own), roles=roles,
        )


SCENE: Final = MightyScene(MightyWords())
"""Mighty's pictures (``GameAdapter.scene``)."""


def _contract_text(raw: Sequence[Any] | None, words: PictureWords, own: MightyWords) -> str | None:
    if raw is None:
        return None
    trump = _SYMBOLS.get(str(raw[1]), words.notrump_short)
    return own.call.format(points=int(raw[0]), trump=trump)


def _details(v: View, words: PictureWords, own: MightyWords) -> tuple[str, ...]:
    n = int(v["players"])
    if v["phase"] == "auction":
        last: dict[int, str] = {}
        for call in v["calls"]:
            bid = _contract_text(call.get("bid"), words, own)
            last[int(call["seat"])] = own.passed if bid is None else bid
        return tuple(last.get(s, own.no_call) for s in range(n))
    return tuple((own.captured_one if len(c) == 1 else own.captured).format(points=len(c))
                 for c in v["captured"])


def _corner(
    v: View, names: Sequence[str], words: PictureWords, own: MightyWords,
) -> tuple[str, ...]:
    if v["phase"] == "auction":
        bid = _contract_text(v["standing_bid"], words, own)
        if bid is None or v["standing_bidder"] is None:
            return ()
        return (own.standing_bid.format(contract=bid, name=names[v["standing_bidder"]]),)
    lines = []
    contract = _contract_text(v["contract"], words, own)
    if contract is not None:
        lines.append(own.contract.format(contract=contract))
    call = v["friend_call"]
    if call is not None:
        shown = {"first": own.friend_first, "none": own.friend_none}.get(call, call)
        if v["friend"] is None:
            lines.append(own.friend_call.format(call=shown))
        else:
            lines.append(own.friend_is.format(name=names[v["friend"]], call=shown))
    return tuple(lines)


def _subtitle(v: View, own: MightyWords) -> str:
    if v["declarer"] is None or v["phase"] == "auction":
        return ""
    points = v["points"]
    return own.points.format(declarer=points["declarer_side"], defenders=points["defenders"])


def _note(v: View, own: MightyWords) -> str:
    trick = v["trick"]
    notes = []
    if v["lead_suit"] is not None and v["trick_number"] == 1:
        notes.append(own.lead_named.format(suit=_SYMBOLS.get(v["lead_suit"], "?")))
    powered = v["trick_number"] not in (1, 10)
    if trick and trick[0]["card"] == "JK" and v["led"] is not None and powered:
        notes.append(own.joker_asks.format(suit=_SYMBOLS.get(v["led"], "?")))
    if v["joker_demanded"]:
        notes.append(own.joker_called)
    return " · ".join(notes)
