"""The panel driver: plays members' turns at one table through their private panels
(and, when asked, slash commands), for either game, reading only the structure of what
the bot shows (see :mod:`testkit.driver.panels`)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.render import components as ids
from engine.game import Action
from testkit.double import Channel, Double, FakeUser, InteractionResult, StoredMessage
from testkit.double.results import DEFERRED_MESSAGE, DEFERRED_UPDATE
from testkit.driver.moves import Command, GameMoves, Plan, Step
from testkit.driver.panels import (
    Panel,
    custom_ids,
    is_panel,
    parsed,
    refresh_id,
    superseded,
    table_id_of,
    table_message,
    turn_of,
    whose_turn,
)

By = Literal["panel", "command"]
Choice = Action | Plan | Step | str
"""What a chooser picks: an engine action (mapped by the game's :class:`GameMoves`), a
panel move, one step of it, or the payload of a button."""


@dataclass(frozen=True)
class Turn:
    """What a chooser sees: the member to act, their panel, the driver's RNG."""

    member: FakeUser
    panel: Panel
    rng: random.Random


Chooser = Callable[[Turn], Choice]
Observer = Callable[[str, InteractionResult], None]
"""Called with every interaction the driver sends, once it is answered (or given up
on): ``"panel"`` (opening or refreshing one), ``"draft"`` (a menu pick the panel comes
back with), ``"move"`` (a panel move), ``"command"`` (a move by slash command)."""

ANSWER_WAIT = 10.0
"""Seconds to wait for a deferred answer to arrive."""
PATIENCE = 50
"""Panels read in one step before the driver gives up finding whose turn it is."""


class Refused(AssertionError):
    """The bot did not accept a move."""

    def __init__(self, what: str, result: InteractionResult) -> None:
        super().__init__(f"{what}: {result!r}")
        self.result = result


def plan_of(choice: Plan | Step | str) -> Plan:
    if isinstance(choice, str):
        return (Step(choice),)
    return (choice,) if isinstance(choice, Step) else choice


class Driver:
    """Plays the turns of ``members`` at the table of ``channel`` (the double's default
    channel), in the game ``moves`` describes.

    Moves are chosen by ``choose`` (given a :class:`Turn`), else at random from the
    panel with an RNG seeded by ``seed``; every ``slash_every``-th step is made by slash
    command when the game has one for it. ``follow`` is where the driver learns whose
    turn it is: ``"table"``, the turn mark on the table message (read after the bot has
    settled); ``"panels"``, the mark on the panel last answered, and when no member is
    marked (a secret turn, the end) every member's panel in turn. Panels are opened with
    the table's My hand button (``open_by="button"``) or ``/<game> hand``. With ``settle``
    every interaction waits until the bot is quiet (else only for its answer).

    A panel move counts as accepted when the bot answers with a confirmation and the
    panel drawn again; anything else raises :class:`Refused`. Every accepted move (and
    every command's answer, which has no panel to tell a refusal by) must also pass
    ``confirm``, when given."""

    def __init__(
        self, double: Double, members: Sequence[FakeUser], moves: GameMoves, *,
        channel: Channel | None = None, seed: int = 1, rng: random.Random | None = None,
        choose: Chooser | None = None, slash_every: int = 0,
        follow: Literal["table", "panels"] = "table",
        open_by: Literal["button", "command"] = "button", settle: bool = True,
        confirm: Callable[[InteractionResult], bool] | None = None,
        observe: Observer | None = None,
    ) -> None:
        self.double = double
        self.members = list(members)
        self.by_id = {m.id: m for m in self.members}
        self.moves = moves
        self.channel = channel or double.channel
        self.rng = rng or random.Random(seed)
        self.choose = choose
        self.slash_every = slash_every
        self.follow = follow
        self.open_by = open_by
        self.settle = settle
        self.confirm = confirm
        self.observe = observe
        self.panels: dict[int, StoredMessage] = {}
        """The last panel each member was shown, by member id."""
        self.steps = 0
        self.table_id: int | None = None
        """The table played (learnt from the first panel when following panels)."""
        self._next: FakeUser | None = None

    # --- panels ---------------------------------------------------------------------

    async def panel(self, member: FakeUser) -> StoredMessage:
        """The member's panel, refreshed (opened the first time, or for a new table)."""
        shown = await self.read(member)
        if shown is None:
            raise AssertionError(f"{member.name} got no panel")
        return shown.message

    async def read(self, member: FakeUser) -> Panel | None:
        """:meth:`panel`, read; None when the bot answered with no panel."""
        shown = await self._read(member)
        return shown if isinstance(shown, Panel) else None

    async def _read(self, member: FakeUser) -> Panel | StoredMessage | None:
        """The member's panel; the answer when it is no panel (the table is closed, say);
        None when no answer came. A panel the bot says is out of date (the member opened
        a newer one elsewhere) is left for a fresh one, as a member would."""
        old = self.panels.get(member.id)
        refresh = None if old is None or old.deleted else refresh_id(old)
        if old is not None and refresh not in custom_ids(old):
            refresh = None  # out of date (a newer panel answered late): open a fresh one
        current = self._current_table()
        stale = refresh is not None and current is not None and (
            not isinstance(button := parsed(refresh), ids.RefreshButton)
            or button.table_id != current)
        refreshed = not (old is None or refresh is None or stale)
        if not refreshed:
            before, result = 0, await self._open(member)
        else:
            assert old is not None and refresh is not None
            before = len(old.versions)
            result = await self.double.click(member, old, refresh, settle=self.settle)
        message = await self._answer("panel", result, before)
        if refreshed and superseded(message):
            self.panels.pop(member.id, None)
            return await self._read(member)
        if message is None or not is_panel(message):
            self.panels.pop(member.id, None)
            return message
        self.panels[member.id] = message
        shown = Panel.read(message)
        if self.table_id is None:
            self.table_id = shown.table_id
        return shown

    def _current_table(self) -> int | None:
        if self.follow == "table":
            with contextlib.suppress(AssertionError):
                return table_id_of(table_message(self.double, self.channel))
        return self.table_id

    async def _open(self, member: FakeUser) -> InteractionResult:
        if self.open_by == "command":
            return await self.double.slash(member, self.channel, self.moves.name, "hand",
                                           settle=self.settle)
        table = table_message(self.double, self.channel)
        found = table_id_of(table)
        assert found is not None, "the table message has no table button"
        return await self.double.click(member, table, ids.HandButton(found).custom_id,
                                       settle=self.settle)

    async def _answer(self, kind: str, result: InteractionResult,
                      before: int) -> StoredMessage | None:
        """The message that answers ``result`` once complete: a deferred answer is
        waited for (an update until the message it sits on has more than ``before``
        versions)."""
        if self.observe is not None:
            self.observe(kind, result)
        if result.response_type == DEFERRED_MESSAGE:
            with contextlib.suppress(TimeoutError):
                await result.wait_until(lambda r: bool(r.followups), ANSWER_WAIT)
            return result.followups[-1] if result.followups else None
        if result.response_type == DEFERRED_UPDATE:
            with contextlib.suppress(TimeoutError):
                await result.wait_until(lambda r: bool(r.followups) or (
                    r.original is not None and len(r.original.versions) > before), ANSWER_WAIT)
            return result.final
        return result.message

    # --- whose turn -------------------------------------------------------------------

    def member(self, member_id: int | None) -> FakeUser | None:
        """The driver's member with this id, if any."""
        return None if member_id is None else self.by_id.get(member_id)

    def whose_turn(self) -> FakeUser | None:
        """The driver's member the table message marks as the one to act."""
        return self.member(whose_turn(self.double, self.channel))

    async def mover(self) -> tuple[FakeUser, StoredMessage]:
        """The member whose turn the table shows, and their refreshed panel."""
        member = self.whose_turn()
        assert member is not None, "no member of the driver's is to act"
        return member, await self.panel(member)

    # --- playing ----------------------------------------------------------------------

    async def step(self) -> InteractionResult | None:
        """Play one member's turn: the accepted answer, or None when no member of the
        driver's is to act."""
        if self.follow == "table":
            return await self._step_by_table()
        return await self._step_by_panels()

    async def _step_by_table(self) -> InteractionResult | None:
        panel: Panel | None = None
        name = ""
        for attempt in range(4):
            member = self.whose_turn()
            if member is None:
                return None
            name, panel = member.name, await self.read(member)
            if panel is not None and self.moves.is_turn(panel):
                return await self._turn(member, panel)
            # The table edit may still be on its way on a busy machine: wait for it.
            await self.double.settle(quiet=0.05 * (attempt + 1))
        shown = None if panel is None else panel.message.embeds
        raise AssertionError(f"no enabled action for {name}: {shown}")

    async def _step_by_panels(self) -> InteractionResult | None:
        member = self._next or self.members[0]
        shown: Panel | StoredMessage | None = None
        for _ in range(PATIENCE):
            if shown is None:
                shown = await self._read(member)
                if shown is None:  # no answer in time: ask again
                    await asyncio.sleep(0.5)
                    continue
            if isinstance(shown, Panel) and self.moves.is_turn(shown):
                result = await self._turn(member, shown)
                if result is not None:
                    self._next = self.member(turn_of(self.panels[member.id])) or member
                    return result
                shown = None
                continue
            marked = self.member(shown.waiting_for) if isinstance(shown, Panel) else None
            if marked is not None and marked is not member:
                member, shown = marked, None
                continue
            found = await self._search(member)
            if found is None:
                self._next = member
                return None
            member, shown = found
        raise AssertionError("could not find whose turn it is")

    async def _search(self, skip: FakeUser) -> tuple[FakeUser, Panel] | None:
        """The member whose panel offers a turn when no panel names one."""
        for member in self.members:
            if member is skip:
                continue
            shown = await self._read(member)
            if isinstance(shown, Panel) and self.moves.is_turn(shown):
                return member, shown
        return None

    def count_step(self) -> By:
        """Count a step; how it is made (every ``slash_every``-th by command)."""
        self.steps += 1
        by_command = self.slash_every and self.steps % self.slash_every == 0
        return "command" if by_command else "panel"

    async def _turn(self, member: FakeUser, panel: Panel) -> InteractionResult | None:
        by = self.count_step()
        if self.choose is not None:
            choice = self.choose(Turn(member, panel, self.rng))
        else:
            choice = self.moves.pick(panel, self.rng)
        return await self.play(member, choice, by=by, panel=panel)

    async def play(
        self, member: FakeUser, choice: Choice, *, by: By = "panel", refresh: bool = True,
        panel: Panel | None = None,
    ) -> InteractionResult | None:
        """Make ``choice`` for ``member``: by command when ``by`` says so and the game has
        one for it, else on ``panel`` (by default the member's panel, refreshed unless
        ``refresh`` is False), falling back to the command when the panel cannot express
        the action. The accepted answer; None when the bot's answer never came or the
        panel was out of date (nothing was played)."""
        action = choice if isinstance(choice, Action) else None
        plan = None if isinstance(choice, Action) else plan_of(choice)
        if by == "command":
            wanted = action if plan is None else self.moves.action(plan)
            command = None if wanted is None else self.moves.command(wanted)
            if command is not None:
                return await self.command(member, command)
        if panel is None:
            old = self.panels.get(member.id)
            panel = Panel.read(old) if old is not None and not refresh else \
                await self.read(member)
            if panel is None:
                return None
        if plan is None:
            assert action is not None
            plan = self.moves.plan(action, panel)
            if plan is None:
                command = self.moves.command(action)
                if command is None:
                    raise AssertionError(f"no panel move nor command makes {action!r}")
                return await self.command(member, command)
        return await self.on_panel(member, panel, plan)

    async def command(self, member: FakeUser, command: Command) -> InteractionResult:
        """Make a move by slash command."""
        result = await self.double.slash(member, self.channel, self.moves.name, command.name,
                                         settle=self.settle, **command.options)
        message = await self._answer("command", result, 0)
        if message is None or not message.content or is_panel(message):
            raise Refused(f"/{self.moves.name} {command.name}", result)
        self._confirm(result)
        return result

    async def on_panel(
        self, member: FakeUser, panel: Panel, plan: Plan,
    ) -> InteractionResult | None:
        """Work the steps of ``plan`` on ``panel``, each on the panel the last one brought
        back. The accepted answer; None when the bot's answer never came or the panel
        was out of date (nothing was played)."""
        shown = panel
        for index, step in enumerate(plan):
            last = index == len(plan) - 1
            control = step.find(shown)
            if control is None:
                raise AssertionError(f"{member.name}'s panel offers no {step}: "
                                     f"{custom_ids(shown.message)}")
            message = shown.message
            before = len(message.versions)
            if step.values is None:
                result = await self.double.click(member, message, control.custom_id,
                                                 settle=self.settle)
            else:
                result = await self.double.select(member, message, control.custom_id,
                                                  step.values, settle=self.settle)
            answer = await self._answer("move" if last else "draft", result, before)
            if answer is None or superseded(answer):  # no answer, or nothing done
                self.panels.pop(member.id, None)
                return None
            if not is_panel(answer):
                raise Refused(f"{member.name}: {step}", result)
            self.panels[member.id] = answer
            if answer.content:  # a confirmation: the move was made
                if not last:
                    raise AssertionError(f"{step} made a move before {plan[-1]}")
                self._confirm(result)
                return result
            if last:
                raise AssertionError(f"{plan} only drafted a move: {answer.components}")
            shown = Panel.read(answer)
        raise AssertionError("an empty plan")

    def _confirm(self, result: InteractionResult) -> None:
        if self.confirm is not None and not self.confirm(result):
            raise Refused("not confirmed", result)
