"""The double's gateway sessions as Discord keeps them: a session closed with a code other
than 1000/1001 buffers its events and replays them on a RESUME from any connection; an
ended, unknown or expired session, or a sequence it cannot replay from, gets op 9. Raw
websockets, so that every frame is the test's own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from testkit.double import Double
from testkit.double.gateway import DISPATCH, HELLO, IDENTIFY, INVALID_SESSION, RESUME

pytest_plugins = ["testkit.double.fixtures"]

Json = dict[str, Any]


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def connect(http: aiohttp.ClientSession, double: Double) -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(double.gateway_url)
    hello = await ws.receive_json(timeout=5)
    assert hello["op"] == HELLO
    return ws


async def until(ws: aiohttp.ClientWebSocketResponse, event: str | None = None,
                op: int = DISPATCH) -> Json:
    """The next frame of ``op`` (and, for a dispatch, named ``event``)."""
    while True:
        frame: Json = await ws.receive_json(timeout=5)
        if frame["op"] == op and (event is None or frame.get("t") == event):
            return frame


async def identify(http: aiohttp.ClientSession, double: Double,
                   ) -> tuple[aiohttp.ClientWebSocketResponse, str, int]:
    """A fresh session: its socket, id and the sequence after its guilds."""
    ws = await connect(http, double)
    await ws.send_json({"op": IDENTIFY, "d": {"token": double.token, "intents": 0}})
    ready = await until(ws, "READY")
    created = await until(ws, "GUILD_CREATE")
    return ws, ready["d"]["session_id"], created["s"]


async def closed(http: aiohttp.ClientSession, double: Double, code: int) -> tuple[str, int]:
    """A fresh session whose socket is then closed with ``code``: its id and sequence."""
    ws, session_id, seq = await identify(http, double)
    await ws.close(code=code)
    return session_id, seq


async def resume(http: aiohttp.ClientSession, double: Double, session_id: str, seq: Any,
                 ) -> aiohttp.ClientWebSocketResponse:
    ws = await connect(http, double)
    await ws.send_json({"op": RESUME, "d": {"token": double.token, "session_id": session_id,
                                            "seq": seq}})
    return ws


async def refused(http: aiohttp.ClientSession, double: Double, session_id: str, seq: Any,
                  close_code: int = 1000) -> None:
    """A RESUME the double answers with op 9, not resumable; its socket closed then."""
    ws = await resume(http, double, session_id, seq)
    assert (await until(ws, op=INVALID_SESSION))["d"] is False
    await ws.close(code=close_code)


async def ping(double: Double, text: str) -> None:
    """An event for the default guild's shard."""
    await double.gateway.dispatch("TEST_EVENT", {"guild_id": str(double.guild.id),
                                                 "text": text})


async def test_a_session_closed_to_resume_buffers_and_replays_from_another_connection(
    double: Double, http: aiohttp.ClientSession,
) -> None:
    ws, session_id, seq = await identify(http, double)
    await ping(double, "seen")
    seen = await until(ws, "TEST_EVENT")
    await ws.close(code=4000)
    await double.gateway.round_trip()  # no socket is read for the shard now
    for text in ("first", "second"):
        await ping(double, text)
    other = await resume(http, double, session_id, seen["s"])
    replayed = [await until(other, "TEST_EVENT") for _ in range(2)]
    assert [f["d"]["text"] for f in replayed] == ["first", "second"]
    assert [f["s"] for f in replayed] == [seen["s"] + 1, seen["s"] + 2]
    await until(other, "RESUMED")
    await ping(double, "live")
    assert (await until(other, "TEST_EVENT"))["d"]["text"] == "live"
    assert seq < seen["s"] and double.gateway.resumes == 1
    assert [f["d"]["text"] for f in double.gateway.replayed] == ["first", "second"]
    await other.close(code=1000)


@pytest.mark.parametrize("code", [1000, 1001])
async def test_a_clean_close_ends_the_session(
    double: Double, http: aiohttp.ClientSession, code: int,
) -> None:
    session_id, seq = await closed(http, double, code)
    await refused(http, double, session_id, seq)
    assert double.gateway.resumes == 0 and double.gateway.invalid_sessions == 1


async def test_a_resume_the_session_cannot_replay_is_refused(
    double: Double, http: aiohttp.ClientSession,
) -> None:
    session_id, seq = await closed(http, double, 4000)
    for wrong_id, wrong_seq in ((session_id, seq + 5), (session_id, -1), ("nope", seq),
                                (session_id, None)):
        await refused(http, double, wrong_id, wrong_seq, close_code=4000)
    double.clock.advance(double.gateway.resume_window + 1)
    await refused(http, double, session_id, seq)  # too late
    assert double.gateway.resumes == 0 and double.gateway.invalid_sessions == 5


async def test_a_new_identify_starts_afresh_without_the_buffered_events(
    double: Double, http: aiohttp.ClientSession,
) -> None:
    session_id, seq = await closed(http, double, 4000)
    await double.gateway.round_trip()
    await ping(double, "buffered")
    fresh, fresh_id, _ = await identify(http, double)
    await ping(double, "after")
    assert (await until(fresh, "TEST_EVENT"))["d"]["text"] == "after"
    assert fresh_id != session_id
    await refused(http, double, session_id, seq)  # the new session replaced it
    await fresh.close(code=1000)
