"""HTTP plumbing: routing by Discord's path templates, auth, rate limits, latency, logging.

Routes are matched against the same templates the OpenAPI document uses, so each request
knows its operation for schema validation and its rate-limit bucket. Anything unmatched is a
404 *and* a violation: a bot calling an endpoint the fake does not model should fail loudly.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import DiscordError, invalid_form
from .messages import Body, read_body
from .models import RequestRecord
from .ratelimit import too_many_requests
from .validate import FieldError

if TYPE_CHECKING:
    from .surface import Emulator

API_PREFIX = "/api/v10"


@dataclass
class Reply:
    status: int = 200
    data: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    def response(self) -> web.Response:
        if self.status == 204 or (self.data is None and self.status < 300):
            return web.Response(
                status=204 if self.data is None else self.status, headers=self.headers
            )
        headers = {"Content-Type": "application/json", **self.headers}
        return web.Response(
            status=self.status, body=json.dumps(self.data).encode(), headers=headers
        )


Handler = Callable[["Emulator", "Call"], Awaitable[Any]]


@dataclass
class RouteDef:
    method: str
    template: str
    handler: Handler
    auth: bool = True  # needs "Authorization: Bot <token>" and counts towards global
    limited: bool = True  # has a per-route bucket
    regex: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.template))
        self.regex = re.compile(f"^{pattern}$")


ROUTES: list[RouteDef] = []


def route(
    method: str, template: str, *, auth: bool = True, limited: bool = True
) -> Callable[[Handler], Handler]:
    """Register a handler under a spec path template (literal segments before variables)."""

    def deco(fn: Handler) -> Handler:
        ROUTES.append(RouteDef(method, template, fn, auth=auth, limited=limited))
        return fn

    return deco


class Call:
    """One request being served: its route, parameters, body and helpers for refusing it."""

    def __init__(
        self, fake: Emulator, request: web.Request, rdef: RouteDef, params: dict[str, str]
    ) -> None:
        self.fake = fake
        self.request = request
        self.method = rdef.method
        self.template = rdef.template
        self.params = params
        self.body: Body | None = None

    @property
    def desc(self) -> str:
        return f"{self.method} {self.request.path.removeprefix(API_PREFIX)}"

    def query_flag(self, name: str) -> bool:
        return self.request.query.get(name, "").lower() in ("1", "true")

    def int_param(self, name: str, error: Callable[[], DiscordError]) -> int:
        try:
            return int(self.params[name])
        except (KeyError, ValueError):
            raise error() from None

    async def read(self) -> Body:
        if self.body is None:
            self.body = await read_body(self.request)
        return self.body

    def schema_errors(self, payload: Any) -> list[FieldError]:
        validator = self.fake.validator
        if validator is None:
            return []
        return validator.validate_request(self.template, self.method, payload)

    def refuse(self, rule_errors: list[FieldError], payload: Any) -> None:
        """Raise one 50035 with platform-rule errors first, then schema errors at new paths."""
        seen: set[tuple[tuple[str | int, ...], str]] = set()
        merged: list[FieldError] = []
        for err in [*rule_errors, *self.schema_errors(payload)]:
            key = (err.path, err.code)
            if key not in seen:
                seen.add(key)
                merged.append(err)
        if merged:
            raise invalid_form(merged)


def _dropped(request: web.Request) -> web.StreamResponse:
    """The connection closed without an answer (the client sees the server disconnect)."""
    if request.transport is not None:
        request.transport.abort()
    return web.Response(status=200)


class Router:
    def __init__(self, routes: list[RouteDef]) -> None:
        self.routes = routes

    def match(self, method: str, path: str) -> tuple[RouteDef, dict[str, str]] | None:
        for rdef in self.routes:
            if rdef.method != method:
                continue
            m = rdef.regex.match(path)
            if m is not None:
                return rdef, m.groupdict()
        return None

    def methods_for(self, path: str) -> list[str]:
        return sorted({r.method for r in self.routes if r.regex.match(path)})


class RestServer:
    """The aiohttp request handler for everything under ``/api/v10``."""

    def __init__(self, fake: Emulator) -> None:
        self.fake = fake
        self.router = Router(ROUTES)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        started = time.perf_counter()
        fake.activity(+1)
        method = request.method
        path = request.path.removeprefix(API_PREFIX) or "/"
        template = path
        status = 500
        reply: Reply | tuple[str, Reply]
        try:
            if fake.latency:
                await asyncio.sleep(fake.latency)
            fake.sweep_threads()
            fault = fake.faults.take(method, path)
            if fault is not None and fault.delay:
                await asyncio.sleep(fault.delay)
            if fault is not None and fault.after:
                served = await self._serve(request, method, path)
                template = served[0] if isinstance(served, tuple) else path
                status = 0 if fault.reset else fault.status or 0
                if fault.reset:
                    return _dropped(request)
                code, headers, body = fault.reply()
                reply = (template, Reply(code, body, headers))
            elif fault is not None and fault.reset:
                status = 0
                return _dropped(request)
            elif fault is not None and fault.status is not None:
                code, headers, body = fault.reply()
                found = self.router.match(method, path)
                reply = (
                    found[0].template if found else path,
                    Reply(code, body, headers),
                )
            else:
                reply = await self._serve(request, method, path)
            if isinstance(reply, tuple):
                template, reply = reply
            status = reply.status
            if fake.invalid_requests.note(status, reply.headers.get("X-RateLimit-Scope")):
                fake.violate(
                    "invalid_request_limit",
                    f"more than {fake.invalid_requests.limit} answers of 401/403/429 within "
                    "10 minutes: Discord's Cloudflare would ban this bot's IP for a while",
                    f"{method} {path}",
                )
            return reply.response()
        finally:
            fake.requests.append(
                RequestRecord(method, template, status, time.perf_counter() - started)
            )
            fake.activity(-1)

    async def _serve(
        self, request: web.Request, method: str, path: str
    ) -> Reply | tuple[str, Reply]:
        fake = self.fake
        found = self.router.match(method, path)
        desc = f"{method} {path}"
        if found is None:
            allowed = self.router.methods_for(path)
            detail = f"{desc} is not modelled by the fake" + (
                f" (it serves {', '.join(allowed)} there)" if allowed else ""
            )
            fake.violate("unimplemented_route", detail, desc)
            if allowed:
                return Reply(405, {"message": "405: Method Not Allowed", "code": 0})
            return Reply(404, {"message": "404: Not Found", "code": 0})
        rdef, params = found
        call = Call(fake, request, rdef, params)
        headers: dict[str, str] = {}
        if rdef.auth:
            auth = request.headers.get("Authorization", "")
            if auth != f"Bot {fake.bot_token}":
                if rdef.template != "/users/@me":
                    fake.violate("unauthorized", "missing or wrong bot token", desc)
                return rdef.template, Reply(401, {"message": "401: Unauthorized", "code": 0})
            over = fake.limiter.check_global(fake.bot_token)
            if over is not None:
                h, body = too_many_requests(over)
                return rdef.template, Reply(429, body, h)
        if rdef.limited:
            decision = fake.limiter.check_route(method, rdef.template, params)
            if decision.retry_after is not None:
                h, body = too_many_requests(decision)
                return rdef.template, Reply(429, body, h)
            headers = decision.headers
        try:
            result = await rdef.handler(fake, call)
            reply = result if isinstance(result, Reply) else Reply(200, result)
        except DiscordError as exc:
            fake.record_refusal(exc, desc)
            reply = Reply(exc.status, exc.body())
        except ConnectionResetError:
            # the client went away while its request was read (a bot killed mid-upload): the
            # body never arrived, so nothing was done, and nobody is left to answer
            reply = Reply(400, {"message": "the connection was lost", "code": 0})
        except Exception:  # a bug in the fake itself: fail the test, do not hang the bot
            fake.violate("fake_internal_error", traceback.format_exc(limit=6), desc)
            reply = Reply(400, {"message": "fakediscord internal error", "code": 0})
        reply.headers = {**headers, **reply.headers}
        if fake.check_responses and fake.validator is not None and 200 <= reply.status < 300:
            for err in fake.validator.validate_response(
                rdef.template, method, reply.status, reply.data
            ):
                fake.violate("response_contract", f"the fake's reply breaks the spec: {err}", desc)
        return rdef.template, reply
