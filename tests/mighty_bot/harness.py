"""Playing Mighty tables through the Discord double: opening a table (optionally with
given deals, a test-only replacement of the adapter's ``new_game``), and the panel
driver playing engine actions chosen by a script, as slash commands or panel clicks and
menu picks (mapped by :data:`testkit.driver.MIGHTY`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.client import CardBot
from bot.games.mighty import MIGHTY
from bot.tables.table import Table
from engine.cards import JOKER, Card
from engine.game import Action, Game, Play
from engine.mighty import PASS, Discard, FriendCall, MightyBid, MightyGame
from engine.mighty.deals import Deal
from testkit.double import Double, FakeUser, InteractionResult, StoredMessage
from testkit.double.harness import RunBot
from testkit.driver import MIGHTY as MOVES
from testkit.driver import Driver, find_control
from tests.bot.harness import done, members, started_bot, table_message

Chooser = Callable[[MightyGame, int], Action]


def fixed_deals(monkeypatch: pytest.MonkeyPatch, deals: Sequence[Deal], first_dealer: int) -> None:
    """Make the next deal of a Mighty table use ``deals`` (test only)."""

    def new_game(settings: Any, players: int, seed: int) -> Game:
        return MightyGame(MIGHTY.engine_config(settings, players), deals=list(deals),
                          first_dealer=first_dealer)

    monkeypatch.setattr(MIGHTY, "new_game", new_game)


async def open_mighty(double: Double, users: list[FakeUser], **options: Any) -> StoredMessage:
    """The first user opens a Mighty table, the others join, the host deals (pictures
    off unless ``options`` turn them on)."""
    options.setdefault("images", False)
    opened = await double.slash(users[0], double.channel, "mighty", "start", **options)
    assert opened.ephemeral and "open" in opened.content, opened
    for user in users[1:]:
        joined = await double.slash(user, double.channel, "mighty", "join")
        assert "joined" in joined.content, joined
    dealt = await double.slash(users[0], double.channel, "mighty", "deal")
    assert dealt.content.startswith("Dealt"), dealt
    return table_message(double)


def the_table(bot: CardBot, double: Double) -> Table:
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None and table.game is not None
    return table


def the_game(bot: CardBot, double: Double) -> MightyGame:
    game = the_table(bot, double).game
    assert isinstance(game, MightyGame)
    return game


def find_id(message: StoredMessage | InteractionResult, payload: str) -> str | None:
    """The enabled component of a panel whose payload is ``payload``."""
    control = find_control(message, payload)
    return None if control is None else control.custom_id


async def five_at(
    double: Double, run_bot: RunBot, db: Path, monkeypatch: pytest.MonkeyPatch, deal: Deal,
    **options: Any,
) -> MightyDriver:
    """Five members (``ana`` … ``ed``) at a one-hand Mighty table dealt ``deal`` (seat 0
    deals) with ``options``, and their driver (passing wherever a test does not play)."""
    fixed_deals(monkeypatch, [deal], first_dealer=0)
    bot = await started_bot(double, run_bot, db)
    users = members(double, 5)
    await open_mighty(double, users, hands=1, **options)
    return MightyDriver(bot, double, users, lambda g, s: PASS)


class MightyDriver(Driver):
    """Plays the seat to act (as the engine has it) with ``choose``: through the panel
    when it offers the action (every other step), else through the slash command."""

    def __init__(self, bot: CardBot, double: Double, users: list[FakeUser],
                 choose: Chooser) -> None:
        super().__init__(double, users, MOVES, slash_every=2, open_by="command",
                         confirm=done)
        self.bot = bot
        self.users = users
        self.script = choose
        self.table = the_table(bot, double)

    def rebind(self, bot: CardBot) -> None:
        """Follow the table into a restarted bot."""
        self.bot = bot
        self.table = the_table(bot, self.double)

    @property
    def game(self) -> MightyGame:
        game = self.table.game
        assert isinstance(game, MightyGame)
        return game

    async def step(self) -> InteractionResult | None:
        game = self.game
        seat = game.to_act
        if seat is None:
            return None
        action = self.script(game, seat)
        return await self.perform(seat, action, panel=self.count_step() == "panel")

    async def perform(
        self, seat: int, action: Action, *, panel: bool, refresh: bool = True,
    ) -> InteractionResult:
        """Do ``action`` for ``seat`` and check it was accepted; through the panel (as
        last seen unless ``refresh``) when ``panel`` and it offers the action."""
        result = await self.play(self.users[seat], action, by="panel" if panel else "command",
                                 refresh=refresh)
        assert result is not None, action
        return result


def simple_chooser(seed: int, *, demand: bool = True) -> Chooser:
    """Quick scripted moves: the first speaker bids 13 in its longest suit and the
    others pass; the declarer discards its lowest cards and calls the Mighty (or the
    joker, or the first trick); in play a demand whenever possible, else a random legal
    card."""
    rng = random.Random(seed)

    def choose(game: MightyGame, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if game.phase == "auction":
            if game.bid is None and seat == game.first_speaker:
                return MightyBid.of(13, longest_suit(game.hands[seat]))
            return PASS
        if game.phase == "discard":
            return Discard(tuple(lowest(game.hands[seat], 3)))
        if game.phase == "friend":
            held = set(game.hands[seat])
            for c in (game.mighty, JOKER):
                if c not in held:
                    return FriendCall.of(c)
            return FriendCall.of("first")
        if demand:
            for a in legal:
                if isinstance(a, Play) and a.call_joker:
                    return a
        return legal[rng.randrange(len(legal))]

    return choose


def longest_suit(hand: Sequence[Card]) -> Any:
    counts: dict[Any, int] = {}
    for c in hand:
        if c.suit is not None:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    return max(counts, key=lambda s: (counts[s], -int(s)))


def lowest(hand: Sequence[Card], n: int) -> list[Card]:
    plain = [c for c in hand if c is not JOKER and not c.is_point and c.rank != 14]
    plain.sort(key=lambda c: c.rank)
    return plain[:n] if len(plain) >= n else sorted(hand, key=lambda c: c.rank)[:n]


CARD_TOKEN = re.compile(r"(?<![0-9])(?:10|[2-9AKQJ])[♠♥♦♣]|JK")


class PrivacyWatch:
    """Reads every new public message version after each step and fails on a card that
    is :func:`still_hidden`."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.seen: dict[int, int] = {}
        self.checked = 0

    def new_texts(self) -> list[str]:
        out: list[str] = []
        for message in self.double.messages(include_deleted=True):
            if message.ephemeral:
                continue
            start = self.seen.get(message.id, 0)
            out.extend(v.text() for v in message.versions[start:])
            self.seen[message.id] = len(message.versions)
        return out

    def check(self, game: MightyGame) -> list[str]:
        texts = self.new_texts()
        secret = still_hidden(game)
        for text in texts:
            leaked = set(CARD_TOKEN.findall(text)) & secret
            assert not leaked, (leaked, text)
            self.checked += 1
        return texts


def still_hidden(game: MightyGame) -> set[str]:
    """The cards of the current deal nobody may see named in public: in a hand and not
    played, in the kitty or among the discards; except those the table names for a
    public reason (the Mighty and the joker-caller, a friend call, a deal-miss hand on
    show, the last trick, maybe of the hand just over)."""
    hidden = {str(c) for h in game.hands for c in h} | {str(c) for c in game.discards}
    if game.declarer is None:
        hidden |= {str(c) for c in game.current.deal.kitty}
    named: set[str] = set()
    if game.last_trick is not None:
        named |= {str(c) for c in game.last_trick[1].cards}
    if game.contract is not None:
        named |= {str(game.mighty), str(game.caller)}
    for record in _since_last_scored(game):
        if isinstance(record.friend_call, Card):
            named.add(str(record.friend_call))
        if record.shown is not None:
            named |= {str(c) for c in record.shown}
    return hidden - named


def _since_last_scored(game: MightyGame) -> list[Any]:
    """The records the table may still show: the current one back to the last hand
    scored (redeals in between included; the table recaps the last scored hand)."""
    out = []
    for record in reversed(game.records):
        out.append(record)
        if record.settlement is not None and record is not game.current:
            break
    return out
