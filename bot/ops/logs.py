"""The log (docs/service.md "Logs"): plain text lines by default, one JSON object a line
with ``LOG_FORMAT=json``, and never a token in either.

A record's extra fields (``log.info(..., extra={"table_id": 3})``) named in
:data:`EXTRA_FIELDS` become fields of its JSON line.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime
from typing import Any, Final, TextIO

from bot.config import Settings

EXTRA_FIELDS: Final = ("table_id", "guild", "shard", "action", "latency")
REDACTED: Final = "[redacted]"
TOKEN_PATTERN: Final = re.compile(
    r"(/(?:interactions|webhooks)/[0-9]+/|[\"']token[\"']\s*:\s*[\"'])[A-Za-z0-9._~-]+")
"""An interaction's or webhook's token in an API path or a ``token`` field: discord.py
logs request URLs and gateway events at DEBUG."""

TEXT: Final = logging.Formatter(
    "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{")
"""discord.py's own line format."""


class JsonFormatter(logging.Formatter):
    """One JSON object a record: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, each of :data:`EXTRA_FIELDS` the record has, and ``exception`` or
    ``stack`` when it carries one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in EXTRA_FIELDS:
            if name in record.__dict__:
                entry[name] = record.__dict__[name]
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class DropTokens(logging.Filter):
    """Replaces the bot's token, and interaction and webhook tokens (:data:`TOKEN_PATTERN`),
    in a record's message, traceback and stack by :data:`REDACTED`. On a handler, it cleans
    every line the handler writes."""

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token

    def redact(self, text: str) -> str:
        if self.token:
            text = text.replace(self.token, REDACTED)
        return TOKEN_PATTERN.sub(rf"\g<1>{REDACTED}", text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed call: the handler reports it, without its text
            return True
        clean = self.redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = TEXT.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def log_handler(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """A handler writing ``LOG_FORMAT`` lines to ``stream`` (default standard error),
    the token dropped."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else TEXT)
    handler.addFilter(DropTokens(settings.discord_token))
    return handler


def setup_logging(settings: Settings) -> None:
    """Log every logger at ``LOG_LEVEL`` and above through :func:`log_handler`."""
    root = logging.getLogger()
    root.setLevel(settings.log_level)
    root.addHandler(log_handler(settings))
