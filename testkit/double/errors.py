"""Discord-shaped API errors and the record of every rule the bot broke."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: (path inside the JSON body, error code, human message), as in Discord's 50035 bodies.
FieldError = tuple[tuple[str | int, ...], str, str]


class ApiError(Exception):
    """Raised by a route handler; becomes a JSON error response (and, if `violation`, a record)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: list[FieldError] | None = None,
        violation: bool = True,
        detail: str = "",
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or []
        self.violation = violation
        self.detail = detail
        """Why, for the test's record only (Discord's body carries no such thing)."""

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = nest_errors(self.errors)
        return body


def nest_errors(errors: list[FieldError]) -> dict[str, Any]:
    """Discord's nested error tree: {"embeds": {"0": {"title": {"_errors": [...]}}}}."""
    tree: dict[str, Any] = {}
    for path, code, message in errors:
        node = tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def invalid_form(errors: list[FieldError]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors=errors)


@dataclass(frozen=True)
class Violation:
    """One request Discord would have refused (or an interaction never answered)."""

    route: str
    status: int
    code: int
    message: str
    errors: list[FieldError] = field(default_factory=list)
    interaction_id: int | None = None
    detail: str = ""

    def __str__(self) -> str:
        details = "; ".join(
            f"{'.'.join(map(str, path)) or '<body>'}: {text}" for path, _, text in self.errors
        )
        tail = f" [{details}]" if details else ""
        why = f" ({self.detail})" if self.detail else ""
        return f"{self.route}: {self.status} code {self.code} {self.message}{why}{tail}"
