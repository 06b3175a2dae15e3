"""The gateway websocket: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME replay,
member chunks, zlib-stream compression, clean or forced closes, outages, and shards.

As on Discord, a session whose socket closes with a code other than 1000/1001 stays
resumable for :attr:`Gateway.resume_window` seconds (on the double's clock): its events
are kept, and a RESUME (token, session_id, seq) from any connection replays those after
``seq``, then RESUMED. A close with 1000/1001 ends the session; a RESUME of an ended,
unknown or expired session, or with a ``seq`` the session never reached or no longer
keeps, gets op 9 INVALID_SESSION (``d: false``). A new IDENTIFY starts a fresh session
without the old one's events.

A session identified with ``shard: [i, n]`` receives only the guilds of shard ``i``
(``(guild_id >> 22) % n == i``, direct messages on shard 0), and every event of a guild
goes to the session of its shard. Sessions of several bot processes may be live at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .waits import WAIT_LIMIT

if TYPE_CHECKING:
    from .server import Double

Json = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
#: Client close codes that end a session for good (a resume is refused afterwards).
FINAL_CLOSE_CODES = (1000, 1001)
REPLAY_LOG_MAX = 10_000


class Connection:
    """One websocket; frames are compressed with a fresh zlib context when the client asked."""

    def __init__(self, ws: web.WebSocketResponse, *, zlib_stream: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if zlib_stream else None
        self._lock = asyncio.Lock()
        self.session: Session | None = None
        self.closed_by_server = False
        self.pings: list[asyncio.Future[None]] = []

    async def close(self, code: int) -> None:
        self.closed_by_server = True
        await self.ws.close(code=code)

    async def send(self, payload: Json) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                return
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


Shard = tuple[int, int] | None
"""``(shard_id, num_shards)`` of a session, None for an unsharded one (every guild)."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a guild's events go to (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def covers(shard: Shard, guild_id: int | None) -> bool:
    return shard is None or shard_of(guild_id, shard[1]) == shard[0]


@dataclass(eq=False)
class Session:
    """A gateway session: sequence numbers and a replay log that survive a dropped socket."""

    id: str
    intents: int
    shard: Shard = None
    seq: int = 0
    log: list[Json] = field(default_factory=list)
    connection: Connection | None = None
    invalidated: bool = False
    disconnected_at: float | None = None
    """When its last socket closed (the double's clock); None while one is open."""

    def replayable(self, after: int) -> list[Json] | None:
        """The events after ``seq`` ``after``, or None when that is not a point of this
        session's stream it still keeps."""
        first = self.log[0]["s"] if self.log else self.seq + 1
        if not first - 1 <= after <= self.seq:
            return None
        return [p for p in self.log if p["s"] > after]

    async def dispatch(self, event: str, data: Json) -> None:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.log.append(payload)
        if len(self.log) > REPLAY_LOG_MAX:
            del self.log[: len(self.log) - REPLAY_LOG_MAX]
        if self.connection is not None:
            await self.connection.send(payload)


class Gateway:
    """Serves `/gateway`; each guild's events go to the live session of its shard."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.sessions: dict[str, Session] = {}
        self.live: dict[Shard, Session] = {}
        """The session of each shard (an unsharded session: key None)."""
        self.connections: set[Connection] = set()
        self.ready = asyncio.Event()
        self._accepting = asyncio.Event()
        self._accepting.set()
        self.heartbeat_interval_ms = 41_250
        self.resume_window = 300.0
        """Seconds a session without a socket stays resumable (Discord keeps it "a
        while"; it does not say how long)."""
        self.identifies = 0
        self.resumes = 0
        self.invalid_sessions = 0
        self.replayed: list[Json] = []
        """Every event a RESUME replayed, in order."""
        self.close_codes: list[int | None] = []
        #: The `compress` query of each connection (discord.py asks for "zlib-stream").
        self.compressions: list[str | None] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        await self._accepting.wait()
        ws = web.WebSocketResponse(max_msg_size=0, compress=False)
        await ws.prepare(request)
        compress = request.query.get("compress")
        self.compressions.append(compress)
        conn = Connection(ws, zlib_stream=compress == "zlib-stream")
        self.connections.add(conn)
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._receive(conn, json.loads(msg.data))
        finally:
            self.connections.discard(conn)
            self.close_codes.append(ws.close_code)
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                session.disconnected_at = self.double.clock.now()
                if not conn.closed_by_server and ws.close_code in FINAL_CLOSE_CODES:
                    self._invalidate(session)
        return ws

    async def _receive(self, conn: Connection, payload: Json) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            if conn.pings:
                conn.pings.pop(0).set_result(None)
            await conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(conn, data or {})

    async def _identify(self, conn: Connection, data: Json) -> None:
        double = self.double
        if data.get("token") != double.token:
            await conn.close(4004)
            return
        raw = data.get("shard")
        shard: Shard = (int(raw[0]), int(raw[1])) if raw else None
        for key, other in list(self.live.items()):
            if shard is None or key is None or key == shard:
                self._invalidate(other)
        session = Session(id=secrets.token_hex(16), intents=int(data.get("intents", 0)),
                          shard=shard)
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        self.live[shard] = session
        self.identifies += 1
        guilds = [guild for guild in double.guilds if covers(shard, guild.id)]
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": double.bot_user.payload(),
                "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": double.gateway_url,
                "application": {
                    "id": str(double.application_id),
                    "flags": double.application_flags,
                },
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                **({"shard": list(shard)} if shard else {}),
            },
        )
        for guild in guilds:
            await session.dispatch(
                "GUILD_CREATE", guild.payload(double.clock.iso(double.started_at))
            )
        self.ready.set()

    async def _resume(self, conn: Connection, data: Json) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is not None and self._expired(session):
            self._invalidate(session)
        seq = data.get("seq")
        replay = None if session is None or session.invalidated or not isinstance(seq, int) \
            else session.replayable(seq)
        if replay is None or session is None or data.get("token") != self.double.token:
            self.invalid_sessions += 1
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not conn:
            await session.connection.close(4000)
        session.connection = conn
        session.disconnected_at = None
        conn.session = session
        self.resumes += 1
        for payload in replay:
            await conn.send(payload)
        self.replayed.extend(replay)
        await session.dispatch("RESUMED", {})
        self.live[session.shard] = session
        self.ready.set()

    async def _members_chunk(self, conn: Connection, data: Json) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.double.guild_by_id(int(data["guild_id"]))
        user_ids = {int(uid) for uid in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not user_ids or m.user.id in user_ids]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": [member.payload() for member in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _expired(self, session: Session) -> bool:
        gone = session.disconnected_at
        return gone is not None and self.double.clock.now() - gone > self.resume_window

    def _invalidate(self, session: Session) -> None:
        session.invalidated = True
        if self.live.get(session.shard) is session:
            del self.live[session.shard]
            if not self.live:
                self.ready.clear()

    def session_for(self, guild_id: int | None) -> Session | None:
        """The live session that receives a guild's events (None: a direct message)."""
        return next((s for s in self.live.values() if covers(s.shard, guild_id)), None)

    @property
    def current(self) -> Session | None:
        """The session of the double's default guild."""
        return self.session_for(self.double.guild.id)

    async def dispatch(self, event: str, data: Json) -> None:
        """Send an event to the session of its guild's shard (buffered for RESUME if its
        socket is down)."""
        guild_id = data.get("guild_id")
        session = self.session_for(None if guild_id is None else int(guild_id))
        if session is None:
            raise RuntimeError("no bot is connected to the double for that guild's shard")
        await session.dispatch(event, data)

    async def wait_ready(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.ready.wait(), timeout)

    async def round_trip(self, timeout: float = WAIT_LIMIT) -> None:
        """Ask every live session for a heartbeat (op 1) and wait for them: discord.py
        answers in order, so every event sent before has been handled by then."""
        await asyncio.gather(*(self._ping(s, timeout) for s in list(self.live.values())))

    @staticmethod
    async def _ping(session: Session, timeout: float) -> None:
        conn = session.connection
        if conn is None:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        conn.pings.append(future)
        await conn.send({"op": HEARTBEAT, "d": session.seq})
        await asyncio.wait_for(future, timeout)

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's socket as a network failure would; discord.py resumes."""
        session = self.current
        if session is not None and session.connection is not None:
            self.ready.clear()
            await session.connection.close(code)

    @contextlib.asynccontextmanager
    async def outage(self, code: int = 4000) -> AsyncIterator[None]:
        """While the block runs, the gateway is down: the bot's socket is closed as by
        :meth:`drop` and its reconnection waits, unanswered, until the block ends (then
        it resumes)."""
        self._accepting.clear()
        try:
            await self.drop(code)
            yield
        finally:
            self._accepting.set()

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py closes and resumes."""
        session = self.current
        if session is not None and session.connection is not None:
            self.ready.clear()
            await session.connection.send({"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for conn in list(self.connections):
            await conn.close(1001)
