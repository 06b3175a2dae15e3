"""Every component interaction is answered exactly once, within Discord's 3 seconds, and
a private panel is only ever drawn into that member's own ephemeral panel: a named test
per defect found from outside, then a fuzz test over both games."""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import Any

import pytest

from bot.client import CardBot
from bot.games.kachuful import KACHUFUL
from engine.kachuful.game import KachufulGame
from engine.mighty import MightyGame
from engine.mighty.descriptor import MIGHTY as ENGINE_MIGHTY
from testkit.double import Double, FakeUser, InteractionResult, StoredMessage
from testkit.double.harness import RunBot
from testkit.double.results import MESSAGE_COMPONENT, MODAL_SUBMIT, UPDATE_MESSAGE
from tests.bot.harness import (
    Driver,
    custom_ids,
    members,
    open_table,
    refresh_id,
    replayed,
    started_bot,
    table_id,
    table_message,
    whose_turn,
)
from tests.mighty_bot.harness import (
    CARD_TOKEN,
    MightyDriver,
    open_mighty,
    simple_chooser,
    still_hidden,
)

Json = dict[str, Any]


async def _send(
    double: Double, user: FakeUser, message: StoredMessage, data: Json,
    kind: int = MESSAGE_COMPONENT,
) -> InteractionResult:
    """An interaction carrying anything, as a modified client could send it."""
    return await double.interact(kind, user, message.channel, data, message=message,
                                 settle=False)


def _public_versions(double: Double) -> dict[int, int]:
    return {m.id: len(m.versions) for m in double.messages(include_deleted=True)
            if not m.ephemeral}


def _answered_once(result: InteractionResult) -> None:
    assert result.answered, result
    assert result.latency is not None and result.latency < 3, result
    assert result.ephemeral or result.response_type == UPDATE_MESSAGE, result


# --- one test per defect -----------------------------------------------------------------


async def test_a_panel_button_on_the_table_message_never_draws_the_panel_there(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    tid = table_id(double)
    turn = whose_turn(double)
    assert turn is not None
    actor = next(u for u in users if u.id == turn)
    panel = await Driver(double, users).panel(actor)
    table = table_message(double)
    before = _public_versions(double)
    refresh = refresh_id(panel)
    assert refresh is not None
    action = next(c for c in custom_ids(panel) if c.startswith("a:"))
    for custom_id in (refresh, f"t:{tid}:refresh", action):
        result = await _send(double, actor, table, {"custom_id": custom_id,
                                                    "component_type": 2})
        await double.settle()
        assert result.response_type != UPDATE_MESSAGE, result
        assert result.ephemeral, result
    # The action was accepted (it is the member's own seat) and the panel came back as
    # a new private message; the table message changed only by the table's own edit.
    assert "Done" in result.content and result.embeds
    assert not any("Your cards" in v.text() for v in table.versions)
    assert len(table.versions) <= before[table.id] + 1
    public = "\n".join(double.public_payloads())
    assert "Your cards" not in public and "Your hand" not in public


async def test_a_refresh_on_the_members_own_panel_updates_it_in_place(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    panel = await Driver(double, users).panel(users[1])
    refresh = refresh_id(panel)
    assert refresh is not None
    result = await double.click(users[1], panel, refresh)
    assert result.response_type == UPDATE_MESSAGE, result
    # Whatever seat a forged id names, the member's own panel shows their own seat.
    other = refresh[:-1] + ("0" if refresh[-1] != "0" else "2")
    forged = await _send(double, users[1], panel, {"custom_id": other, "component_type": 2})
    await double.settle()
    assert forged.response_type == UPDATE_MESSAGE, forged
    assert refresh_id(panel) == refresh


@pytest.mark.parametrize("custom_id", ["", "x" * 100, "t:1:refresh:9", "v1:t:1:hand", "a:1:0:",
                                       "t:１:hand", "p:1:10", "a:1:0:" + "b" * 25])
async def test_unknown_custom_ids_are_answered_no_longer_in_use(
    double: Double, bot: CardBot, users: list[FakeUser], custom_id: str,
) -> None:
    await open_table(double, users)
    result = await _send(double, users[0], table_message(double),
                         {"custom_id": custom_id, "component_type": 2})
    _answered_once(result)
    assert "no longer in use" in result.content


async def test_a_modal_submit_that_is_not_ours_is_answered(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users)
    result = await _send(double, users[0], table_message(double),
                         {"custom_id": "feedback", "components": []}, MODAL_SUBMIT)
    _answered_once(result)
    assert "no longer in use" in result.content


@pytest.mark.parametrize("values", [["¹", "②", "①"], ["٣"], ["1" * 101], ["c1"] * 26, [1, 2]])
async def test_select_values_are_parsed_strictly(
    double: Double, run_bot: RunBot, tmp_path: Path, values: list[Any],
) -> None:
    bot = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    users = members(double, 5)
    await open_mighty(double, users)
    table = bot.registry.in_channel(double.channel.id)
    assert table is not None
    version = table.rec.version
    for payload in ("D", "F", "C", "P", "T13", "J"):
        result = await _send(double, users[0], table_message(double), {
            "custom_id": f"a:{table.id}:{version}:{payload}", "component_type": 3,
            "values": values})
        _answered_once(result)
    await double.settle()
    assert table.rec.version == version


async def _lobby_press(
    double: Double, user: FakeUser, message: StoredMessage, custom_id: str,
) -> InteractionResult:
    """A press of a lobby button still shown by a client that has not caught up with the
    deal (the message itself is the table by now)."""
    result = await _send(double, user, message, {"custom_id": custom_id, "component_type": 2})
    await double.settle()
    return result


async def test_lobby_buttons_act_only_in_the_lobby(
    double: Double, bot: CardBot, users: list[FakeUser],
) -> None:
    await open_table(double, users, deal=False)
    lobby = table_message(double)
    tid = table_id(double)
    dealt = await double.slash(users[0], double.channel, "kachuful", "deal")
    assert dealt.content.startswith("Dealt")
    table = bot.registry.get(tid)
    assert table is not None
    seats = [s.user_id for s in table.seats]
    version = table.rec.version
    for user, what in ((users[1], "leave"), (users[0], "cancel"), (users[2], "join"),
                       (users[0], "addbot"), (users[0], "deal")):
        result = await _lobby_press(double, user, lobby, f"t:{tid}:{what}")
        assert result.ephemeral and "game has started" in result.content, result
    left = await _lobby_press(double, users[1], lobby, f"t:{tid}:leave")
    assert "`/kachuful leave`" in left.content
    cancel = await _lobby_press(double, users[0], lobby, f"t:{tid}:cancel")
    assert "`/kachuful end`" in cancel.content
    assert table.rec.status == "running" and table.rec.version == version
    assert [s.user_id for s in table.seats] == seats


# --- the fuzz test -------------------------------------------------------------------------

_ODD = "¹²³①②٣０１" + "é♠\u200b"


def _noise(rng: random.Random) -> str:
    size = rng.choice((0, 1, 5, 24, 99, 100, 101, 150))
    return "".join(rng.choice(string.printable + _ODD) for _ in range(size))


def _forged(rng: random.Random, tid: int, version: int, seats: int, payloads: list[str],
            acting: bool) -> Json:
    """A random or near-valid component interaction's data. The member to act never
    gets an action id of the current version (it could be a legal move)."""
    stale = max(0, version - rng.randint(1, 3)) if acting or rng.random() < 0.5 else version
    if acting and stale == version:
        stale = version + rng.randint(1, 5)
    payload = rng.choice(payloads or ["b1"])
    choices: list[Json] = [
        {"custom_id": _noise(rng)},
        {"custom_id": f"t:{tid}:{rng.choice(('join', 'leave', 'addbot', 'deal', 'cancel'))}"},
        {"custom_id": f"t:{tid + rng.randint(1, 9)}:hand"},
        {"custom_id": f"t:{tid}:hand"},
        {"custom_id": f"t:{tid}:refresh"},
        {"custom_id": f"p:{tid}:{rng.randrange(seats + 2)}"},
        {"custom_id": f"a:{tid}:{stale}:{payload}"},
        {"custom_id": f"a:{tid}:{stale}:{payload}{rng.choice(_ODD)}"},
        {"custom_id": f"a:{tid + 1}:{version}:{payload}"},
        {"custom_id": f"a:{tid}:{stale}:{rng.choice('DFCPTJ')}",
         "values": rng.choice([["¹"], ["②", "①", "٣"], [_noise(rng)], ["c1"] * 26, ["99"],
                               [str(rng.randrange(60)) for _ in range(3)]])},
    ]
    data = rng.choice(choices)
    data["component_type"] = 3 if "values" in data else 2
    return data


class Fuzzer:
    """Sends forged component interactions between the turns of a running table and
    checks each is answered once, in time, changing no public message."""

    def __init__(self, double: Double, bot: CardBot, users: list[FakeUser], seed: int) -> None:
        self.double = double
        self.bot = bot
        self.users = users
        self.spectator = double.add_user("zed")
        self.rng = random.Random(seed)
        self.sent = 0

    async def burst(self, count: int, hidden: set[str]) -> None:
        table = self.bot.registry.in_channel(self.double.channel.id)
        assert table is not None and table.game is not None
        await self.double.settle()
        before = _public_versions(self.double)
        message = table_message(self.double)
        payloads = [c.split(":", 3)[3] for m in self.double.all_messages()
                    for c in m.custom_ids() if c.startswith("a:")]
        to_act = table.game.to_act
        for _ in range(count):
            user = self.rng.choice([*self.users, self.spectator])
            seat = table.seat_of(user.id)
            data = _forged(self.rng, table.id, table.rec.version, len(table.seats), payloads,
                           acting=seat is not None and seat == to_act)
            result = await _send(self.double, user, message, data)
            _answered_once(result)
            assert result.response_type != UPDATE_MESSAGE, (data, result)
            self.sent += 1
        await self.double.settle()
        assert _public_versions(self.double) == before
        shown = set(CARD_TOKEN.findall(table_message(self.double).current.text()))
        assert not shown & hidden - _shown_cards(table.game)


def _shown_cards(game: Any) -> set[str]:
    """Cards the table names for a public reason (played, called, on show)."""
    view = game.view(None)
    return set(CARD_TOKEN.findall(str(view)))


async def test_fuzzed_components_change_nothing_and_the_games_finish(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    users = members(double, 4)
    await open_table(double, users, start_size=2, images=False)
    fuzz = Fuzzer(double, bot, users, seed=9)
    driver = Driver(double, users)
    while True:
        table = bot.registry.in_channel(double.channel.id)
        if table is None:
            break
        assert isinstance(table.game, KachufulGame)
        game = table.game
        await fuzz.burst(60, {str(c) for s in range(game.players) for c in game.cards_of(s)})
        if not await driver.step():
            break
    assert fuzz.sent >= 1000

    def new_game(rec: Any, opening: dict[str, Any]) -> KachufulGame:
        deal = opening["deal"]
        config = KACHUFUL.engine_config(rec.settings, deal["players"])
        return KachufulGame(config, seed=deal["seed"])

    final = (await replayed(tmp_path / "bot.sqlite3", new_game)).results()
    assert final.over


async def test_fuzzed_components_on_a_mighty_table(
    double: Double, run_bot: RunBot, tmp_path: Path,
) -> None:
    bot = await started_bot(double, run_bot, tmp_path / "bot.sqlite3")
    users = members(double, 5)
    await open_mighty(double, users, hands=1, images=False)
    fuzz = Fuzzer(double, bot, users, seed=11)
    driver = MightyDriver(bot, double, users, simple_chooser(3))
    game = driver.game
    while not game.is_over:
        await fuzz.burst(50, still_hidden(game))
        await driver.step()
    assert fuzz.sent >= 1000
    assert isinstance(game, MightyGame)
    replay = ENGINE_MIGHTY.load(game.record())
    assert replay.results() == game.results()
