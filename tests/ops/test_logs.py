"""The log's two formats: JSON lines that parse, with the extra fields; text lines as
before; and never a token in either."""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import pytest
from pydantic import ValidationError

from bot.config import Settings
from bot.ops.logs import REDACTED, DropTokens, log_handler

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0"
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OnNlY3JldA"


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, discord_token=TOKEN, **values)  # type: ignore[call-arg]


def written(fmt: str, emit: Any) -> list[str]:
    """The lines a logger writes through :func:`log_handler` while ``emit(log)`` runs."""
    out = io.StringIO()
    log = logging.getLogger(f"tests.ops.logs.{fmt}")
    log.propagate = False
    log.setLevel(logging.DEBUG)
    handler = log_handler(settings(log_format=fmt), out)
    log.addHandler(handler)
    try:
        emit(log)
    finally:
        log.removeHandler(handler)
    return out.getvalue().splitlines()


def test_json_lines_parse_with_their_fields() -> None:
    def emit(log: logging.Logger) -> None:
        log.info("table %s: hand %d dealt", 12, 3, extra={
            "table_id": 12, "guild": 99, "shard": 1, "action": "deal", "latency": 0.012})
        log.warning("plain «ünïcode» ♠ line")
        try:
            raise ValueError("boom")
        except ValueError:
            log.exception("it failed")
        log.debug("with stack", stack_info=True, extra={"other": "not a field"})

    first, second, third, fourth = (json.loads(line) for line in written("json", emit))
    assert first.pop("time").endswith("+00:00")
    assert first == {"level": "INFO", "logger": "tests.ops.logs.json",
                     "message": "table 12: hand 3 dealt", "table_id": 12, "guild": 99,
                     "shard": 1, "action": "deal", "latency": 0.012}
    assert second["message"] == "plain «ünïcode» ♠ line" and second["level"] == "WARNING"
    assert third["message"] == "it failed" and "ValueError: boom" in third["exception"]
    assert "Stack (most recent call last)" in fourth["stack"] and "other" not in fourth


def test_text_lines_are_discord_py_s_format() -> None:
    [line] = written("text", lambda log: log.info("ready as %s", "CardNight"))
    assert line.endswith("] [INFO    ] tests.ops.logs.text: ready as CardNight")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_no_token_reaches_a_line(fmt: str) -> None:
    def emit(log: logging.Logger) -> None:
        log.info("token in the message: " + TOKEN)
        log.warning("token in an argument: %s", TOKEN)
        log.debug("PATCH https://discord.com/api/v10/webhooks/5/%s/messages/@original",
                  INTERACTION_TOKEN)
        log.debug("POST /api/v10/interactions/7/%s/callback has returned 204",
                  INTERACTION_TOKEN)
        log.debug("WebSocket Event: %s", {"t": "INTERACTION_CREATE", "token": INTERACTION_TOKEN})
        log.debug('with {"type":4,"token": "%s"}', INTERACTION_TOKEN)
        try:
            raise RuntimeError(f"refused {TOKEN}")
        except RuntimeError:
            log.error("a traceback", exc_info=True)
        log.info("a stack", stack_info=True, extra={"action": "x"})
        log.info("%s and %s", "Authorization: Bot", TOKEN)

    lines = written(fmt, emit)
    text = "\n".join(lines)
    assert TOKEN not in text and INTERACTION_TOKEN not in text
    assert text.count(REDACTED) >= 8
    assert "/webhooks/5/[redacted]/messages/@original" in text
    if fmt == "json":
        [json.loads(line) for line in lines]


def test_a_malformed_log_call_is_left_to_the_handler_to_report() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "two %s %s", ("one",), None)
    assert DropTokens(TOKEN).filter(record)
    assert record.msg == "two %s %s"


def test_log_and_metrics_settings() -> None:
    assert settings().log_format == "text"
    assert settings(log_format=" JSON ").log_format == "json"
    assert settings().metrics_port is None and settings().metrics_host == "127.0.0.1"
    assert settings(metrics_port="").metrics_port is None
    assert settings(metrics_port="9100").metrics_port == 9100
    for bad in ({"log_format": "xml"}, {"metrics_port": 0}, {"metrics_port": 70000}):
        with pytest.raises(ValidationError):
            settings(**bad)
