"""What the test sees of one interaction: the initial response, follow-ups, timing, refusals."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from .errors import Violation
from .messages import StoredMessage
from .waits import WAIT_LIMIT
from .world import Channel, FakeUser

Json = dict[str, Any]

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4,
    5,
    6,
    7,
    8,
    9,
)


@dataclass(eq=False)
class InteractionResult:
    """One interaction the harness sent, updated live as the bot answers.

    `response_type` is the accepted initial response (4 message, 5 deferred, 6 deferred
    update, 7 update, 8 autocomplete, 9 modal) or None while unanswered/refused.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel: Channel
    created_at: float
    payload: Json
    source_message: StoredMessage | None = None
    dispatched_perf: float = 0.0
    responded_perf: float | None = None
    response_type: int | None = None
    response_data: Json | None = None
    original: StoredMessage | None = None
    followups: list[StoredMessage] = field(default_factory=list)
    refusals: list[Violation] = field(default_factory=list)
    ephemeral: bool = False
    reported: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    # -- reading the answer ----
    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to the first callback request."""
        if self.responded_perf is None:
            return None
        return self.responded_perf - self.dispatched_perf

    @property
    def message(self) -> StoredMessage | None:
        """The message the initial response created or updated (None for 8/9)."""
        return self.original

    @property
    def content(self) -> str:
        return self.original.content if self.original is not None else ""

    @property
    def embeds(self) -> list[Json]:
        return self.original.embeds if self.original is not None else []

    @property
    def components(self) -> list[Json]:
        return self.original.components if self.original is not None else []

    @property
    def choices(self) -> list[Json]:
        """Autocomplete answer (type 8)."""
        return list((self.response_data or {}).get("choices") or [])

    @property
    def modal(self) -> Json | None:
        return self.response_data if self.response_type == MODAL else None

    @property
    def final(self) -> StoredMessage | None:
        """The last message this interaction produced: the latest follow-up, else the original."""
        return self.followups[-1] if self.followups else self.original

    @property
    def refused_codes(self) -> list[int]:
        return [violation.code for violation in self.refusals]

    def all_messages(self) -> list[StoredMessage]:
        messages = [self.original] if self.original is not None else []
        return messages + [m for m in self.followups if m is not self.original]

    # -- waiting ----
    def touch(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    async def wait_until(self, predicate: Any, timeout: float = WAIT_LIMIT) -> None:
        """Wait until `predicate(self)` holds (re-checked at every change to this interaction)."""

        async def loop() -> None:
            while not predicate(self):
                await self.changed.wait()

        await asyncio.wait_for(loop(), timeout)

    async def wait_followups(
        self, count: int = 1, timeout: float = WAIT_LIMIT,
    ) -> list[StoredMessage]:
        await self.wait_until(lambda r: len(r.followups) >= count, timeout)
        return self.followups

    async def wait_original(self, timeout: float = WAIT_LIMIT) -> StoredMessage:
        """Wait until the original response exists and is no longer a loading ("thinking") one."""
        await self.wait_until(lambda r: r.original is not None and not r.original.loading, timeout)
        assert self.original is not None
        return self.original

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.id} type={self.type} response={self.response_type} "
            f"ephemeral={self.ephemeral} content={self.content!r} "
            f"followups={len(self.followups)} refused={self.refused_codes}>"
        )
