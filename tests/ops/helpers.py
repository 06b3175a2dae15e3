"""Reading the health and metrics server over HTTP, and the settings that turn it on."""

from __future__ import annotations

import re
import socket
from collections import Counter
from collections.abc import Mapping
from typing import Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Settings

DECLARED = (
    "cardnight_interactions_total", "cardnight_interaction_answer_seconds",
    "cardnight_table_edits_total", "cardnight_rest_requests_total",
    "cardnight_rate_limited_total", "cardnight_open_tables", "cardnight_ai_decision_seconds",
    "cardnight_picture_draw_seconds", "cardnight_storage_commit_seconds",
    "cardnight_shard_lease", "cardnight_event_loop_lag_seconds",
    "cardnight_handover_interactions_total",
)
"""Every metric the bot declares (docs/service.md "Metrics")."""


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ops_settings(port: int, **values: Any) -> Settings:
    """Settings serving metrics and health on 127.0.0.1:``port``."""
    return Settings(_env_file=None, metrics_port=port,  # type: ignore[call-arg]
                    metrics_host="127.0.0.1", **values)


async def get(port: int, path: str) -> tuple[int, str]:
    """The status and text of ``GET path`` on 127.0.0.1:``port``."""
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    """The samples called ``name`` in a scrape, by their sorted labels."""
    return {tuple(sorted(s.labels.items())): s.value
            for family in text_string_to_metric_families(text)
            for s in family.samples if s.name == name}


async def handover_counts(port: int) -> dict[str, int]:
    """``cardnight_handover_interactions_total`` of the process serving ``port``, by
    outcome."""
    status, text = await get(port, "/metrics")
    assert status == 200, text
    return {dict(labels)["outcome"]: int(value)
            for labels, value in samples(text, "cardnight_handover_interactions_total").items()}


def rest_counts(text: str) -> dict[str, int]:
    """``cardnight_rest_requests_total`` of a scrape, by route."""
    return {dict(labels)["route"]: int(value)
            for labels, value in samples(text, "cardnight_rest_requests_total").items()}


def as_counted(calls: Mapping[str, int]) -> Counter[str]:
    """The double's calls by route, named as the metrics name them: ``{…token}`` as
    ``{token}``, every other parameter as ``{id}``."""
    named: Counter[str] = Counter()
    for route, count in calls.items():
        route = re.sub(r"\{[a-z_]*token\}", "{token}", route)
        named[re.sub(r"\{(?!token\})[a-z_]+\}", "{id}", route)] += count
    return named
