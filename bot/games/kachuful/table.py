"""Kachuful's part of the table message (RULES K1–K11, KV4, KV7): the headline, the
dealer and the bids' total, each seat's bid, tricks and total, the trick by seat, and
the recap of the hand just scored. In the table's language (the caller speaks it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.adapter import Field
from bot.games.words import NO_CARD_YET, TURN_MARK, last_trick_line, seat_label, trick_line
from bot.i18n import _, _n
from bot.storage.tables import SeatRecord
from engine.cards import trump_label
from engine.kachuful.game import KachufulGame
from engine.kachuful.hand import HandRecord

MADE: Final = "✅"
MISSED: Final = "❌"
_TRUMP_SYMBOLS: Final = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def turned_card(game: KachufulGame) -> str | None:
    """The turned card of this hand (KV4), if any."""
    turned = game.current.deal.turned
    return str(turned) if game.config.trump == "turned" and turned is not None else None


def recap_hand(g: KachufulGame) -> HandRecord | None:
    """The hand just scored, while its recap stands: the current hand has seen no
    action yet (a look at one's cards is none)."""
    rec = g.current
    if g.is_over or len(g.hands) < 2 or any(b is not None for b in rec.bids):
        return None
    return g.hands[-2]


def _bid(rec: HandRecord, seat: int) -> str:
    bid = rec.bids[seat]
    if bid is None:
        return "—"
    return _("{bid} (blind)", bid=bid) if rec.blind[seat] else str(bid)


def _made(rec: HandRecord, seat: int) -> str:
    return MADE if rec.bids[seat] == rec.tricks_won[seat] else MISSED


def _score(rec: HandRecord, seat: int) -> str:
    return f"{(rec.scores or [0] * len(rec.bids))[seat]:+d}"


def bids_total(rec: HandRecord) -> str:
    """The bids' total against the hand size: "bids 5 for 4 tricks: over by 1"."""
    total = sum(b for b in rec.bids if b is not None)
    size = rec.size
    if any(b is None for b in rec.bids):
        return _n("bids so far {total} for {count} trick", "bids so far {total} for {count} tricks",
                  size, total=total)
    if total > size:
        return _n("bids {total} for {count} trick: over by {by}",
                  "bids {total} for {count} tricks: over by {by}", size, total=total,
                  by=total - size)
    if total < size:
        return _n("bids {total} for {count} trick: under by {by}",
                  "bids {total} for {count} tricks: under by {by}", size, total=total,
                  by=size - total)
    return _n("bids {total} for {count} trick: exactly the hand size",
              "bids {total} for {count} tricks: exactly the hand size", size, total=total)


def trump_words(label: str, turned: str | None = None) -> str:
    """The trump as shown (``♠``, ``no trump``), with the turned card if any (KV4)."""
    word = _TRUMP_SYMBOLS.get(label) or _("no trump")
    return _("{trump} (turned {card})", trump=word, card=turned) if turned else word


def headline(g: KachufulGame) -> str:
    """The table embed's title after the game's name."""
    rec = g.current
    trump = trump_words(trump_label(rec.trump), turned_card(g))
    return _n("hand {number}/{hands} · {count} card · trump {trump}",
              "hand {number}/{hands} · {count} cards · trump {trump}", rec.size,
              number=rec.number + 1, hands=g.hand_count, trump=trump)


def summary_lines(g: KachufulGame, labels: Sequence[str]) -> list[str]:
    """The dealer and the bids' total against the hand size; while the last hand's
    recap stands (until the next hand's first action), who acts first; after it,
    the last hand in one line."""
    if g.is_over:
        return []
    rec = g.current
    past = recap_hand(g)
    if past is not None:
        return [_("Hand {number} is over (✅ made the bid, ❌ missed it). {mark} {first} "
                  "bids first in hand {next}; {dealer} deals.", number=past.number + 1,
                  mark=TURN_MARK, first=labels[g.to_act or 0], next=rec.number + 1,
                  dealer=labels[rec.dealer])]
    lines = [_("Dealer {dealer} · {bids}", dealer=labels[rec.dealer], bids=bids_total(rec))]
    if len(g.hands) > 1:
        last = g.hands[-2]
        results = " · ".join(f"{labels[s]} {_made(last, s)} {_score(last, s)}"
                             for s in range(g.players))
        lines.append(_("Hand {number}: {results}", number=last.number + 1, results=results))
    return lines


def score_lines(g: KachufulGame, labels: Sequence[str]) -> list[str]:
    """One line per seat: bid and tricks of this hand and the total, the seat to
    act marked; while the recap stands (and once the game is over) the last hand's
    bid, tricks and points instead, made or missed."""
    totals = g.results().totals
    past = g.current if g.is_over else recap_hand(g)
    if past is not None:
        return [_("{label} · bid {bid} · won {won} {mark} {score} · {total}",
                  label=labels[s], bid=_bid(past, s), won=past.tricks_won[s],
                  mark=_made(past, s), score=_score(past, s), total=totals[s])
                for s in range(g.players)]
    rec = g.current
    marks = [TURN_MARK + " " if g.to_act == s else "" for s in range(g.players)]
    return [_("{mark}{label} · bid {bid} · won {won} · {total}", mark=marks[s],
              label=labels[s], bid=_bid(rec, s), won=rec.tricks_won[s], total=totals[s])
            for s in range(g.players)]


def table_fields(g: KachufulGame, seats: Sequence[SeatRecord]) -> list[Field]:
    """The trick by seat (while cards are played) and the last trick by seat."""
    v = g.view(None)
    labels = [seat_label(s) for s in seats]
    lines = []
    if v["phase"] == "playing" and not v["over"]:
        lines.append(trick_line(v["trick"], labels) or _(NO_CARD_YET))
    if v["last_trick"] is not None:
        lines.append(last_trick_line(v["last_trick"], labels))
    return [Field(_("Trick"), "\n".join(lines))] if lines else []
