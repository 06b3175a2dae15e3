"""The health and metrics server: ``/metrics`` shows every declared metric and the counts
of the calls made, ``/healthz`` says 200 ``ok`` or 503 with each reason; the container's
probe reads it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Settings
from bot.ops import metrics, probe, server
from bot.ops.server import LEASES_LOST, NOT_CONNECTED, STORAGE_DOWN, OpsServer, PortTaken
from tests.ops.helpers import DECLARED, get, samples


@dataclass
class Source:
    """A health source whose answers the test sets."""

    gateway: bool = True
    storage: bool = True
    leases: bool = True
    storage_hangs: bool = False

    def gateway_connected(self) -> bool:
        return self.gateway

    async def storage_ok(self) -> bool:
        if self.storage_hangs:
            await asyncio.Event().wait()
        return self.storage

    def leases_held(self) -> bool:
        return self.leases


@pytest.fixture
async def served() -> AsyncIterator[tuple[Source, OpsServer]]:
    source = Source()
    ops = OpsServer(source, metrics.enable().registry, "127.0.0.1", 0)
    await ops.start()
    try:
        yield source, ops
    finally:
        await ops.stop()
        metrics.disable()


async def test_metrics_shows_every_declared_metric(
    served: tuple[Source, OpsServer],
) -> None:
    _, ops = served
    status, text = await get(ops.port, "/metrics")
    assert status == 200
    typed = {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")}
    assert typed == set(DECLARED)
    assert {f.name for f in text_string_to_metric_families(text)} == {
        name.removesuffix("_total") for name in DECLARED}


async def test_a_scrape_shows_the_counts_of_the_calls_made(
    served: tuple[Source, OpsServer],
) -> None:
    _, ops = served
    metrics.interaction_answered("component", "answered", 0.02)
    metrics.interaction_answered("component", "answered", 0.2)
    metrics.interaction_answered("command", "refused", 0.04)
    metrics.interaction_answered("component", "unknown_id", 0.01)
    for _ in range(3):
        metrics.table_edited()
    edit = "PATCH /channels/{id}/messages/{id}"
    metrics.rest_answered(edit, 200)
    metrics.rest_answered(edit, 429)
    metrics.rest_answered("POST /interactions/{id}/{token}/callback", 204)
    metrics.open_tables("kachuful", 3)
    metrics.open_tables("mighty", 1)
    metrics.open_tables("kachuful", 2)
    metrics.ai_decided("mighty", "hard", 0.04)
    metrics.picture_drawn("table", 0.006)
    metrics.picture_drawn("hand", 0.003)
    metrics.storage_committed(0.002)
    metrics.loop_lagged(0.0)
    metrics.watch_leases(lambda: {0: True, 1: False})

    _, text = await get(ops.port, "/metrics")
    assert samples(text, "cardnight_interactions_total") == {
        (("kind", "component"), ("outcome", "answered")): 2,
        (("kind", "command"), ("outcome", "refused")): 1,
        (("kind", "component"), ("outcome", "unknown_id")): 1,
    }
    assert samples(text, "cardnight_interaction_answer_seconds_count") == {(): 4}
    assert samples(text, "cardnight_interaction_answer_seconds_bucket")[(("le", "0.1"),)] == 3
    assert samples(text, "cardnight_table_edits_total") == {(): 3}
    assert samples(text, "cardnight_rest_requests_total") == {
        (("route", edit),): 2, (("route", "POST /interactions/{id}/{token}/callback"),): 1}
    assert samples(text, "cardnight_rate_limited_total") == {(("route", edit),): 1}
    assert samples(text, "cardnight_open_tables") == {
        (("game", "kachuful"),): 2, (("game", "mighty"),): 1}
    assert samples(text, "cardnight_ai_decision_seconds_count") == {
        (("game", "mighty"), ("level", "hard")): 1}
    assert samples(text, "cardnight_picture_draw_seconds_count") == {
        (("kind", "table"),): 1, (("kind", "hand"),): 1}
    assert samples(text, "cardnight_storage_commit_seconds_count") == {(): 1}
    assert samples(text, "cardnight_event_loop_lag_seconds_count") == {(): 1}
    assert samples(text, "cardnight_shard_lease") == {
        (("shard", "0"),): 1, (("shard", "1"),): 0}


def test_metrics_off_count_nothing() -> None:
    metrics.disable()
    assert not metrics.enabled()
    metrics.interaction_answered("command", "answered", 0.1)
    metrics.rest_answered("GET /users/@me", 200)
    metrics.watch_leases(lambda: {0: True})
    fresh = metrics.enable()
    try:
        assert fresh.interactions.collect()[0].samples == []
        assert fresh.leases() == {}
    finally:
        metrics.disable()


async def test_healthz_is_ok_while_everything_is(served: tuple[Source, OpsServer]) -> None:
    _, ops = served
    assert await get(ops.port, "/healthz") == (200, "ok\n")


@pytest.mark.parametrize(("broken", "reason"), [
    ("gateway", NOT_CONNECTED), ("storage", STORAGE_DOWN), ("leases", LEASES_LOST),
])
async def test_healthz_is_503_with_the_reason(
    served: tuple[Source, OpsServer], broken: str, reason: str,
) -> None:
    source, ops = served
    setattr(source, broken, False)
    assert await get(ops.port, "/healthz") == (503, reason + "\n")


async def test_healthz_gives_every_reason_at_once(served: tuple[Source, OpsServer]) -> None:
    source, ops = served
    source.gateway = source.storage = source.leases = False
    status, text = await get(ops.port, "/healthz")
    assert status == 503
    assert text.splitlines() == [NOT_CONNECTED, STORAGE_DOWN, LEASES_LOST]


async def test_a_storage_that_does_not_answer_is_down(
    served: tuple[Source, OpsServer], monkeypatch: pytest.MonkeyPatch,
) -> None:
    source, ops = served
    source.storage_hangs = True
    monkeypatch.setattr(server, "STORAGE_TIMEOUT", 0.01)
    assert await get(ops.port, "/healthz") == (503, STORAGE_DOWN + "\n")


async def test_a_port_in_use_is_refused_in_one_sentence(
    served: tuple[Source, OpsServer],
) -> None:
    source, ops = served
    second = OpsServer(source, ops.registry, "127.0.0.1", ops.port)
    with pytest.raises(PortTaken, match=f"127.0.0.1:{ops.port}.*METRICS_PORT"):
        await second.start()


def test_the_probe_asks_this_container() -> None:
    def url(**values: object) -> str | None:
        return probe.healthz_url(Settings(_env_file=None, **values))  # type: ignore[arg-type]

    assert url() is None
    assert url(metrics_port=9100, metrics_host="0.0.0.0") == "http://127.0.0.1:9100/healthz"
    assert url(metrics_port="9100") == "http://127.0.0.1:9100/healthz"
    assert url(metrics_port=9, metrics_host="::") == "http://127.0.0.1:9/healthz"
    assert url(metrics_port=9, metrics_host="fd00::2") == "http://[fd00::2]:9/healthz"


async def test_the_probe_exits_0_when_healthy_and_1_with_the_reason(
    served: tuple[Source, OpsServer], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    source, ops = served
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.delenv("METRICS_HOST", raising=False)
    monkeypatch.setenv("METRICS_PORT", str(ops.port))
    assert await asyncio.to_thread(probe.main) == 0
    source.leases = False
    assert await asyncio.to_thread(probe.main) == 1
    assert capsys.readouterr().err.strip() == f"503: {LEASES_LOST}"
    monkeypatch.delenv("METRICS_PORT")
    assert await asyncio.to_thread(probe.main) == 1
    assert "METRICS_PORT is not set" in capsys.readouterr().err
