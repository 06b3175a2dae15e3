"""The bot's metrics (docs/service.md "Metrics"), on a registry of their own, and one
small function per measurement for the rest of the bot to call.

Metrics are off until :func:`enable` (:func:`bot.ops.serve.serving` calls it when
``METRICS_PORT`` is set): until then every function returns at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, Literal

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

Outcome = Literal["answered", "refused", "unknown_id"]
"""How an interaction was answered: as asked, turned down (a stale button, not your
turn, a bad option), or its custom_id named nothing of ours."""

ANSWER_BUCKETS: Final = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
"""Seconds; Discord drops an interaction not answered within 3."""
WORK_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds, for an AI decision, a picture, a commit or the event loop's lag."""

Handover = Literal["replayed", "duplicate", "waited", "restarting"]
"""What the handover did with an interaction (docs/service.md "Handover"): received in
the replay of a session resumed from the previous process, dropped as met twice,
answered once the process was ready to serve its shard, or answered "restarting"."""

LEASE_NAME: Final = "cardnight_shard_lease"
LEASE_HELP: Final = "Whether this process holds the lease of the shard (1) or not (0)."


class Metrics:
    """Every metric of the bot, declared on :attr:`registry`."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.interactions = Counter(
            "cardnight_interactions_total", "Interactions answered, by kind and outcome.",
            ("kind", "outcome"), registry=registry)
        self.handover = Counter(
            "cardnight_handover_interactions_total",
            "Interactions met while a shard was handed from one process to the next.",
            ("outcome",), registry=registry)
        self.answer_seconds = Histogram(
            "cardnight_interaction_answer_seconds",
            "Seconds from an interaction's arrival to its first answer.",
            buckets=ANSWER_BUCKETS, registry=registry)
        self.table_edits = Counter(
            "cardnight_table_edits_total", "Edits of table messages sent to Discord.",
            registry=registry)
        self.rest_requests = Counter(
            "cardnight_rest_requests_total", "Discord REST responses received, by route.",
            ("route",), registry=registry)
        self.rate_limited = Counter(
            "cardnight_rate_limited_total", "Discord REST 429 responses, by route.",
            ("route",), registry=registry)
        self.open_tables = Gauge(
            "cardnight_open_tables", "Tables open in this process's shards, by game.",
            ("game",), registry=registry)
        self.ai_seconds = Histogram(
            "cardnight_ai_decision_seconds", "Seconds an AI player took to decide a move.",
            ("game", "level"), buckets=WORK_BUCKETS, registry=registry)
        self.picture_seconds = Histogram(
            "cardnight_picture_draw_seconds", "Seconds to draw a picture, by kind.",
            ("kind",), buckets=WORK_BUCKETS, registry=registry)
        self.commit_seconds = Histogram(
            "cardnight_storage_commit_seconds", "Seconds a storage write took to commit.",
            buckets=WORK_BUCKETS, registry=registry)
        self.loop_lag = Histogram(
            "cardnight_event_loop_lag_seconds",
            "How late the event loop ran a sampler that asked to wake up on time.",
            buckets=WORK_BUCKETS, registry=registry)
        self.leases: Callable[[], Mapping[int, bool]] = dict
        """Each shard of this process and whether its lease is held, read at each scrape."""
        registry.register(_Leases(self))


class _Leases(Collector):
    """``cardnight_shard_lease{shard}``, read from :attr:`Metrics.leases` at each scrape."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def describe(self) -> Iterable[Metric]:
        return [GaugeMetricFamily(LEASE_NAME, LEASE_HELP, labels=("shard",))]

    def collect(self) -> Iterable[Metric]:
        family = GaugeMetricFamily(LEASE_NAME, LEASE_HELP, labels=("shard",))
        for shard, held in sorted(self.metrics.leases().items()):
            family.add_metric((str(shard),), 1.0 if held else 0.0)
        return [family]


_on: Metrics | None = None


def enable() -> Metrics:
    """Turn the metrics on, every count from zero; return them. (No ``*_created``
    series: a scrape shows the metrics above and nothing else.)"""
    global _on
    disable_created_metrics()  # type: ignore[no-untyped-call]  # (unannotated)
    _on = Metrics()
    return _on


def disable() -> None:
    """Turn the metrics off: every function below returns at once again."""
    global _on
    _on = None


def enabled() -> bool:
    """Whether the metrics are on."""
    return _on is not None


def interaction_answered(kind: str, outcome: Outcome, seconds: float) -> None:
    """An interaction of ``kind`` (``command``, ``component``, ``modal``) got its first
    answer ``seconds`` after it arrived."""
    if _on is not None:
        _on.interactions.labels(kind, outcome).inc()
        _on.answer_seconds.observe(seconds)


def handover_interaction(outcome: Handover) -> None:
    """The handover met an interaction: ``replayed``, ``duplicate``, ``waited`` or
    ``restarting`` (:data:`Handover`)."""
    if _on is not None:
        _on.handover.labels(outcome).inc()


def table_edited() -> None:
    """A table message was edited (or posted again) on Discord."""
    if _on is not None:
        _on.table_edits.inc()


def rest_answered(route: str, status: int) -> None:
    """Discord answered a REST call to ``route`` (``PATCH /channels/{id}/messages/{id}``)
    with ``status``."""
    if _on is not None:
        _on.rest_requests.labels(route).inc()
        if status == 429:
            _on.rate_limited.labels(route).inc()


def open_tables(game: str, count: int) -> None:
    """``count`` tables of ``game`` are open in this process now."""
    if _on is not None:
        _on.open_tables.labels(game).set(count)


def ai_decided(game: str, level: str, seconds: float) -> None:
    """An AI player of ``level`` took ``seconds`` to decide a move of ``game``."""
    if _on is not None:
        _on.ai_seconds.labels(game, level).observe(seconds)


def picture_drawn(kind: str, seconds: float) -> None:
    """A picture of ``kind`` (``table``, ``hand``, ``scores``, ``rating``) took
    ``seconds`` to draw."""
    if _on is not None:
        _on.picture_seconds.labels(kind).observe(seconds)


def storage_committed(seconds: float) -> None:
    """A storage transaction took ``seconds`` to commit."""
    if _on is not None:
        _on.commit_seconds.observe(seconds)


def loop_lagged(seconds: float) -> None:
    """The event loop ran a timer ``seconds`` late."""
    if _on is not None:
        _on.loop_lag.observe(seconds)


def watch_leases(held: Callable[[], Mapping[int, bool]]) -> None:
    """Read ``cardnight_shard_lease`` from ``held()`` at each scrape."""
    if _on is not None:
        _on.leases = held
