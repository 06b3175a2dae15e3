"""Why a change to a night is refused: one code per reason, which the runtime turns
into a sentence in the member's language."""

from __future__ import annotations

from typing import Literal

NightErrorCode = Literal[
    "already_joined",    # the member is in the night already
    "not_joined",        # the member is not in the night
    "night_full",        # the night has MAX_MEMBERS members
    "round_running",     # a table of the current round has not finished
    "rounds_done",       # the night has played all its rounds
    "too_few",           # not enough members for one table of an allowed game
    "unknown_table",     # no table of the night has this id or place
    "already_recorded",  # the table's result is in already
    "bad_result",        # a result's members are not the table's members
]


class NightError(ValueError):
    """A refused change to a night; ``code`` says why."""

    def __init__(self, code: NightErrorCode) -> None:
        super().__init__(code)
        self.code: NightErrorCode = code
