"""The Gateway WebSocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME, dispatch.

Frames are plain JSON text (discord.py only decompresses binary frames). Each connection
has one writer task so events reach the bot in exactly the order they were dispatched, with
the optional injected latency applied per frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .surface import GatewayHost

HEARTBEAT_INTERVAL_MS = 41250
#: Discord's heartbeat ACK never comes back within a loopback's microseconds: discord.py
#: notes a heartbeat as sent only after its send completed, in its keep-alive thread, so an
#: ACK quicker than that thread is measured against the previous heartbeat ("Can't keep up,
#: websocket is 41.3s behind"). A network's few milliseconds keep the order Discord's has.
HEARTBEAT_ACK_DELAY = 0.02
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = {
    "members": INTENT_GUILD_MEMBERS,
    "presences": INTENT_GUILD_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}
_GATEWAY_SEND_LIMIT = 120  # client frames per 60 s


class Connection:
    """One WebSocket with an ordered outbox."""

    def __init__(self, fake: GatewayHost, ws: web.WebSocketResponse) -> None:
        self.fake = fake
        self.ws = ws
        self.outbox: asyncio.Queue[tuple[dict[str, Any], bool] | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())
        self.received: deque[float] = deque()
        self.finished = False
        self.closed_by_server = False

    def send(self, frame: dict[str, Any], *, delayed: bool = False) -> None:
        if self.finished:
            return
        self.fake.activity(+1)
        self.outbox.put_nowait((frame, delayed))

    def finish(self) -> None:
        """No more frames: the writer drains what is queued, then stops."""
        if not self.finished:
            self.finished = True
            self.outbox.put_nowait(None)

    async def _write(self) -> None:
        while True:
            item = await self.outbox.get()
            if item is None:
                return
            frame, delayed = item
            try:
                if delayed and self.fake.latency:
                    await asyncio.sleep(self.fake.latency)
                if not self.ws.closed:
                    await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                pass
            finally:
                self.fake.activity(-1)

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_by_server = True
        self.finish()
        await asyncio.wait({self.writer}, timeout=1.0)
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, message=reason.encode())


class Session:
    """A gateway session: survives a dropped connection until resumed or invalidated."""

    def __init__(self, sid: str, intents: int, shard: tuple[int, int]) -> None:
        self.id = sid
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: deque[dict[str, Any]] = deque(maxlen=2000)
        self.conn: Connection | None = None
        self.ended = False

    def handles_guild(self, guild_id: int | None) -> bool:
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id


class Gateway:
    def __init__(self, fake: GatewayHost) -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identified = asyncio.Event()
        self.identify_count = 0
        self._background: set[asyncio.Task[None]] = set()

    # dispatch ---------------------------------------------------------------------------------

    def targets(self, guild_id: int | None) -> list[Session]:
        """The newest live (or resumable) session per shard that handles this guild."""
        best: dict[tuple[int, int], Session] = {}
        for session in self.sessions.values():
            if not session.ended and session.handles_guild(guild_id):
                best[session.shard] = session
        return list(best.values())

    def connected(self, guild_id: int | None = None) -> bool:
        return any(s.conn is not None for s in self.targets(guild_id))

    def dispatch(
        self,
        event: str,
        data: dict[str, Any] | Callable[[Session], dict[str, Any] | None],
        *,
        guild_id: int | None = None,
        intent: int = 0,
    ) -> int:
        """Send an event to the sessions that should get it; returns how many did."""
        sent = 0
        for session in self.targets(guild_id):
            if intent and not session.intents & intent:
                continue
            payload = data(session) if callable(data) else data
            if payload is None:
                continue
            self._send_dispatch(session, event, payload)
            sent += 1
        return sent

    def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.buffer.append(frame)
        if session.conn is not None:
            session.conn.send(frame, delayed=True)

    # connection handling ------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=16 * 1024 * 1024)
        await ws.prepare(request)
        conn = Connection(self.fake, ws)
        self.connections.add(conn)
        conn.send(
            {"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}
        )
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    session = await self._on_frame(conn, session, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    await conn.close(4002, "Decode error")
                    break
                else:
                    break
        finally:
            self.connections.discard(conn)
            if session is not None and session.conn is conn:
                session.conn = None
                # A client closing cleanly ends its session; when the fake closed the socket,
                # the client's echo of the close says nothing about the session.
                if ws.close_code in (1000, 1001) and not conn.closed_by_server:
                    session.ended = True
            conn.finish()
        return ws

    async def _on_frame(
        self, conn: Connection, session: Session | None, text: str
    ) -> Session | None:
        loop = asyncio.get_running_loop()
        conn.received.append(loop.time())
        while conn.received and conn.received[0] < loop.time() - 60:
            conn.received.popleft()
        if len(conn.received) > _GATEWAY_SEND_LIMIT:
            self.fake.violate(
                "gateway_rate_limit", "more than 120 gateway frames in 60 s", "gateway"
            )
            await conn.close(4008, "Rate limited.")
            return session
        try:
            frame = json.loads(text)
            op = frame["op"]
        except (ValueError, KeyError, TypeError):
            await conn.close(4002, "Decode error")
            return session
        data = frame.get("d")
        if op == 1:
            asyncio.get_running_loop().call_later(
                HEARTBEAT_ACK_DELAY, conn.send, {"op": 11, "s": None, "t": None, "d": None}
            )
        elif op == 2:
            if session is not None:
                await conn.close(4005, "Already authenticated.")
                return session
            return await self._identify(conn, data or {})
        elif op == 6:
            return await self._resume(conn, data or {})
        elif op == 8:
            if session is None:
                await conn.close(4003, "Not authenticated.")
            else:
                self._chunk(session, data or {})
        elif op in (3, 4):
            if session is None:
                await conn.close(4003, "Not authenticated.")
        else:
            await conn.close(4001, "Unknown opcode.")
        return session

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        fake = self.fake
        if data.get("token") != fake.bot_token:
            await conn.close(4004, "Authentication failed.")
            return None
        intents = data.get("intents")
        if not isinstance(intents, int):
            await conn.close(4013, "Invalid intent(s).")
            return None
        denied = [
            name
            for name, bit in PRIVILEGED_INTENTS.items()
            if intents & bit and name not in fake.privileged_intents
        ]
        if denied:
            await conn.close(4014, "Disallowed intent(s).")
            return None
        shard_raw = data.get("shard") or [0, 1]
        try:
            shard = (int(shard_raw[0]), int(shard_raw[1]))
        except (TypeError, ValueError, IndexError):
            shard = (-1, 0)
        if shard[1] < 1 or not 0 <= shard[0] < shard[1]:
            await conn.close(4010, "Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), intents, shard)
        session.conn = conn
        self.sessions[session.id] = session
        self.identify_count += 1
        ready = {
            "v": 10,
            "user": fake.me_payload(),
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in fake.world.guilds.values()
                if session.handles_guild(g.id) and fake.bot_user.id in g.members
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": fake.application_flags()},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["local"],
            "user_settings": {},
            "shard": list(shard),
        }
        self._send_dispatch(session, "READY", ready)
        all_members = bool(intents & INTENT_GUILD_MEMBERS)
        for guild in fake.world.guilds.values():
            if session.handles_guild(guild.id) and fake.bot_user.id in guild.members:
                self._send_dispatch(
                    session,
                    "GUILD_CREATE",
                    fake.world.guild_payload(guild, all_members=all_members),
                )
        self.identified.set()
        return session

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq") or 0
        ok = (
            session is not None
            and not session.ended
            and data.get("token") == self.fake.bot_token
            and (not session.buffer or session.buffer[0]["s"] <= seq + 1)
        )
        if not ok or session is None:
            conn.send({"op": 9, "s": None, "t": None, "d": False})
            return None
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            task = asyncio.create_task(old.close(4000, "Session resumed elsewhere."))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        session.conn = conn
        for frame in list(session.buffer):
            if frame["s"] > seq:
                conn.send(frame)
        self._send_dispatch(session, "RESUMED", {})
        return session

    def _chunk(self, session: Session, data: dict[str, Any]) -> None:
        fake = self.fake
        guild = fake.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif data.get("query"):
            query = str(data["query"]).lower()
            members = [m for m in members if m.user.name.lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        payload: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            payload["nonce"] = data["nonce"]
        if data.get("presences"):
            payload["presences"] = []
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", payload)

    # control ------------------------------------------------------------------------------------

    def request_reconnect(self) -> int:
        """Send op 7 RECONNECT to every live connection (the client resumes)."""
        count = 0
        for session in self.sessions.values():
            if session.conn is not None:
                session.conn.send({"op": 7, "s": None, "t": None, "d": None})
                count += 1
        return count

    def invalidate_sessions(self, *, resumable: bool = False) -> None:
        """Send op 9: not resumable (clients IDENTIFY again) or resumable (they RESUME)."""
        for session in self.sessions.values():
            if not resumable:
                session.ended = True
            if session.conn is not None:
                session.conn.send({"op": 9, "s": None, "t": None, "d": resumable})

    def drop(self, *, resume: bool) -> int:
        """Close every connection abruptly; sessions survive only with ``resume``."""
        count = 0
        for session in self.sessions.values():
            conn = session.conn
            if not resume:
                session.ended = True
            if conn is None:
                continue
            count += 1
            task = asyncio.create_task(
                conn.close(4000 if resume else 4009, "Unknown error." if resume else "Timeout.")
            )
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        return count

    async def close(self) -> None:
        for conn in list(self.connections):
            await conn.close(1001, "Going away.")
        for session in self.sessions.values():
            session.ended = True
