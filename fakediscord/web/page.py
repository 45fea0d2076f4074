"""A web page on 127.0.0.1 that shows one server of a ``FakeDiscord`` like a Discord channel.

It reads the emulator's state (channels, members, messages with ephemerals only for the person
acting) and acts through the emulator's actors, so every click, menu choice, modal and slash
command reaches the bot as a real interaction. A WebSocket pushes each change as it happens.
It knows nothing about the bot it shows.

Safety: it listens on loopback only, answers only requests addressed to ``127.0.0.1`` or
``localhost`` on its port (no DNS rebinding), refuses state-changing requests from other
origins, and its Content-Security-Policy lets the page load and connect to nothing but itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from ..models import DM, Channel, FakeDiscordError, Message, NotConnectedError, User
from ..records import InteractionRecord
from . import commandline
from .views import Views

if TYPE_CHECKING:
    from ..fake import FakeDiscord
    from ..state import Guild

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
HISTORY_LIMIT = 300
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
}
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class PageError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _Viewer:
    """One open page: whose eyes it looks through, and an ordered outbox."""

    def __init__(self, ws: web.WebSocketResponse, user_id: int | None) -> None:
        self.ws = ws
        self.user_id = user_id
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while (item := await self.outbox.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(item))
            except (ConnectionError, RuntimeError):
                return


class ChannelPage:
    """The sandbox page for ``guild`` of ``fake``; ``start(port)`` serves it on loopback."""

    def __init__(self, fake: FakeDiscord, guild: Guild) -> None:
        self.fake = fake
        self.guild = guild
        self.views = Views(fake, guild)
        self._viewers: set[_Viewer] = set()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._unobserve: Callable[[], None] | None = None
        self._static = {p.name: p for p in STATIC.iterdir() if p.suffix in CONTENT_TYPES}

    # lifecycle --------------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=1024 * 1024)
        get, post = app.router.add_get, app.router.add_post
        get("/", self._index)
        get("/static/{name}", self._static_file)
        get("/files/{attachment_id}/{filename}", self._file)
        get("/api/state", self._state)
        get("/api/messages", self._messages)
        post("/api/channels", self._create_channel)
        post("/api/group-dms", self._create_group_dm)
        post("/api/users", self._create_user)
        post("/api/users/locale", self._user_locale)
        post("/api/server/locale", self._server_locale)
        post("/api/say", self._say)
        post("/api/suggest", self._suggest)
        post("/api/command", self._command)
        post("/api/click", self._click)
        post("/api/select", self._select)
        post("/api/modal", self._modal)
        get("/ws", self._websocket)
        return app

    async def start(self, port: int = 8765) -> None:
        """Serve on 127.0.0.1:``port`` (0 picks a free port)."""
        self._runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, "127.0.0.1", port).start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        self._port = self._runner.addresses[0][1]
        self._unobserve = self.fake.observe(self._changed)

    async def close(self) -> None:
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None
        for viewer in list(self._viewers):
            viewer.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await viewer.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def port(self) -> int:
        if self._port is None:
            raise FakeDiscordError("the page is not started")
        return self._port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    # safety -----------------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        allowed = {f"127.0.0.1:{self._port}", f"localhost:{self._port}"}
        if request.host not in allowed:
            return web.Response(status=421, text="This page answers only on loopback.")
        origin = request.headers.get("Origin")
        changes = request.method != "GET" or request.path == "/ws"
        if changes and origin is not None and origin not in {f"http://{h}" for h in allowed}:
            return web.Response(status=403, text="Cross-origin requests are refused.")
        try:
            with self.fake.without_settling():  # changes reach the page through observers
                response = await handler(request)
        except PageError as err:
            response = web.json_response({"error": str(err)}, status=err.status)
        except NotConnectedError:
            response = web.json_response(
                {"error": "The bot is not connected (yet); give it a moment."}, status=503
            )
        except FakeDiscordError as err:
            response = web.json_response({"error": str(err)}, status=400)
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(SECURITY_HEADERS)
            if request.path.startswith("/api/"):
                response.headers["Cache-Control"] = "no-store"
        return response

    # reading ----------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._serve_static("index.html")

    async def _static_file(self, request: web.Request) -> web.StreamResponse:
        return self._serve_static(request.match_info["name"])

    def _serve_static(self, name: str) -> web.StreamResponse:
        path = self._static.get(name)
        if path is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=path.read_bytes(),
            content_type=CONTENT_TYPES[path.suffix],
            charset="utf-8",
            headers={"Cache-Control": "no-cache"},
        )

    async def _file(self, request: web.Request) -> web.StreamResponse:
        try:
            att = self.fake.attachments[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            raise web.HTTPNotFound() from None
        # the file keeps its name when it is saved ("inline": a picture or a JSON export
        # opens in the browser; the page's links ask for a download where that fits)
        name = att.filename.replace('"', "")
        return web.Response(
            body=att.data,
            content_type=att.content_type or "application/octet-stream",
            headers={
                "Cache-Control": "private, max-age=86400",
                "Content-Disposition": f'inline; filename="{name}"',
            },
        )

    async def _state(self, request: web.Request) -> web.StreamResponse:
        views = self.views
        return web.json_response(
            {
                "server": views.server(),
                "locales": views.locales(),
                "bot": views.user(self.fake.bot_user),
                "channels": views.channels(),
                "users": views.users(),
                "violations": [str(v) for v in self.fake.violations[-20:]],
            }
        )

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request.query.get("channel"))
        raw_user = request.query.get("user")
        user = self._user(raw_user) if raw_user else None
        found = self.fake.messages(channel, visible_to=user)[-HISTORY_LIMIT:]
        return web.json_response([self.views.message(m) for m in found])

    # acting -----------------------------------------------------------------------------------

    async def _create_channel(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        name = channel_name(str(body.get("name", "")))
        if not name:
            raise PageError(400, "A channel needs a name (letters, digits, dashes).")
        if any(self.fake.world.channels[c].name == name for c in self.guild.channel_ids):
            raise PageError(400, f"#{name} already exists.")
        channel = self.fake.create_text_channel(self.guild, name)
        return web.json_response(self.views.channel(channel))

    async def _create_group_dm(self, request: web.Request) -> web.StreamResponse:
        """``{"owner": user id, "people": [names or ids]}``: a group DM of the owner and
        those players, the bot not in it; the owner has the app installed to their account,
        so a casual table can be opened there."""
        body = await _body(request)
        owner = self._user(body.get("owner"))
        wanted = body.get("people")
        if not isinstance(wanted, list):
            raise PageError(400, "Name the players to add to the group DM.")
        by_name = {
            self.views.display_name(m.user).lower(): m.user for m in self.guild.members.values()
        }
        others = []
        for raw in wanted:
            user = by_name.get(str(raw).strip().lstrip("@").lower())
            if user is None and _int(raw) is not None:
                user = self.fake.world.users.get(_int(raw) or 0)
            if user is None or user.bot:
                raise PageError(400, f"No player called {str(raw)[:40]!r} here.")
            others.append(user)
        try:
            channel = self.fake.create_group_dm(owner, *others)
        except FakeDiscordError as err:
            raise PageError(400, str(err)) from None
        self.fake.install_for_user(owner)
        return web.json_response(self.views.channel(channel))

    async def _create_user(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        name = " ".join(str(body.get("name", "")).split())
        if not 1 <= len(name) <= 32:
            raise PageError(400, "A name has 1 to 32 characters.")
        taken = {m.user.name.lower() for m in self.guild.members.values()}
        if name.lower() in taken:
            raise PageError(400, f"{name} is already here.")
        user = self.fake.create_user(name)
        self.fake.add_member(self.guild, user)
        return web.json_response(self.views.user(user))

    async def _user_locale(self, request: web.Request) -> web.StreamResponse:
        """A player's Discord language: what their interactions carry as ``locale``."""
        body = await _body(request)
        user = self._user(body.get("user"))
        self.fake.set_user_locale(user, self._locale(body.get("locale")))
        return web.json_response(self.views.user(user))

    async def _server_locale(self, request: web.Request) -> web.StreamResponse:
        """The server's preferred language: what interactions carry as ``guild_locale``."""
        body = await _body(request)
        self.fake.set_guild_locale(self.guild, self._locale(body.get("locale")))
        return web.json_response(self.views.server())

    @staticmethod
    def _locale(raw: Any) -> str:
        if not isinstance(raw, str) or raw not in [loc["value"] for loc in Views.locales()]:
            raise PageError(400, "Pick one of Discord's languages.")
        return raw

    async def _say(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user, channel = self._user(body.get("user")), self._channel(body.get("channel"))
        text = str(body.get("text", "")).strip()
        if not text:
            raise PageError(400, "Nothing to send.")
        if len(text) > 2000:
            raise PageError(400, "A message has at most 2000 characters.")
        await self.fake.say(user, channel, text)
        return web.json_response({"ok": True})

    async def _suggest(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user, channel = self._user(body.get("user")), self._channel(body.get("channel"))
        text = str(body.get("text", ""))
        result = await commandline.suggest(self.fake, self._guild_of(channel), user, channel, text)
        return web.json_response({"text": text, **result})

    async def _command(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user, channel = self._user(body.get("user")), self._channel(body.get("channel"))
        work = commandline.run(
            self.fake, self._guild_of(channel), user, channel, str(body.get("text", ""))
        )
        return web.json_response(self._outcome(await work))

    async def _click(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user, message = self._user(body.get("user")), self._message(body.get("message"))
        work = self.fake.click(user, message, custom_id=str(body.get("custom_id")))
        return web.json_response(self._outcome(await work))

    async def _select(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user, message = self._user(body.get("user")), self._message(body.get("message"))
        values = body.get("values")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise PageError(400, "values must be a list of option values")
        work = self.fake.select(user, message, values, custom_id=str(body.get("custom_id")))
        return web.json_response(self._outcome(await work))

    async def _modal(self, request: web.Request) -> web.StreamResponse:
        body = await _body(request)
        user = self._user(body.get("user"))
        rec = self.fake.interactions.by_id(_int(body.get("interaction")) or 0)
        if rec is None or rec.modal is None:
            raise PageError(404, "That form is no longer open.")
        values = body.get("values")
        if not isinstance(values, dict):
            raise PageError(400, "values must map field ids to text")
        work = self.fake.submit_modal(user, rec, {str(k): str(v) for k, v in values.items()})
        return web.json_response(self._outcome(await work))

    def _outcome(self, rec: InteractionRecord) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "interaction": str(rec.id)}
        modal = self.views.modal(rec)
        if modal is not None:
            out["modal"] = modal
        if rec.expired or rec.callback_type is None:
            out["failed"] = "This interaction failed: the bot did not answer in time."
        return out

    # live updates -----------------------------------------------------------------------------

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=30.0)
        await ws.prepare(request)
        viewer = _Viewer(ws, _int(request.query.get("user")))
        self._viewers.add(viewer)
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                with contextlib.suppress(ValueError, AttributeError):
                    data = json.loads(msg.data)
                    if data.get("type") == "as":
                        viewer.user_id = _int(data.get("user"))
        finally:
            self._viewers.discard(viewer)
            viewer.outbox.put_nowait(None)
        return ws

    def _changed(self, kind: str, subject: Any) -> None:
        if not self._viewers:
            return
        if kind == "message":
            self._push_message(subject)
        elif kind == "message_delete":
            if self.views.shows_channel(self.fake.world.channels[subject.channel_id]):
                self._push(
                    {"type": "delete", "channel": str(subject.channel_id), "id": str(subject.id)}
                )
        elif kind == "channel" and self.views.shows_channel(subject):
            self._push({"type": "channel", "channel": self.views.channel(subject)})
        elif kind == "member" and subject.guild_id == self.guild.id:
            self._push({"type": "user", "user": self.views.user(subject.user)})
        elif kind == "user" and subject.id in self.guild.members:
            self._push({"type": "user", "user": self.views.user(subject)})
        elif kind == "guild" and subject.id == self.guild.id:
            self._push({"type": "server", "server": self.views.server()})
        elif kind == "violation":
            self._push({"type": "violation", "text": str(subject)})

    def _push_message(self, message: Message) -> None:
        channel = self.fake.world.channels.get(message.channel_id)
        if channel is None or not self.views.shows_channel(channel):
            return
        if channel.type == DM and self.fake.world.channel_messages[channel.id] == [message.id]:
            self._push({"type": "channel", "channel": self.views.channel(channel)})
        view = self.views.message(message)
        for viewer in self._viewers:
            if message.ephemeral_for is not None and message.ephemeral_for != viewer.user_id:
                continue
            viewer.outbox.put_nowait({"type": "message", "message": view})

    def _push(self, event: dict[str, Any]) -> None:
        for viewer in self._viewers:
            viewer.outbox.put_nowait(event)

    # lookups ----------------------------------------------------------------------------------

    def _user(self, raw: Any) -> User:
        user = self.fake.world.users.get(_int(raw) or 0)
        if user is None or user.id not in self.guild.members or user.bot:
            raise PageError(404, "No such player here.")
        return user

    def _channel(self, raw: Any) -> Channel:
        channel = self.fake.world.channels.get(_int(raw) or 0)
        if channel is None or not self.views.shows_channel(channel):
            raise PageError(404, "No such channel here.")
        return channel

    def _message(self, raw: Any) -> Message:
        message = self.fake.get_message(_int(raw) or 0)
        if message is None:
            raise PageError(404, "That message is gone.")
        return message

    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.fake.world.guild_of(channel)


def channel_name(text: str) -> str:
    """Discord's rule for text channel names: lower case, dashes for spaces, <= 100."""
    cleaned = "-".join(text.strip().lower().lstrip("#").split())
    cleaned = "".join(ch for ch in cleaned if ch.isalnum() or ch in "-_")
    return cleaned.strip("-")[:100]


def _int(raw: Any) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise PageError(400, "Send a JSON object.") from None
    if not isinstance(data, dict):
        raise PageError(400, "Send a JSON object.")
    return data
