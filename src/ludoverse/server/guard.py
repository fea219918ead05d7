"""What keeps a public server up: rate limits per client address, request bodies refused
before they are read whole, security headers on every response, WebSockets only from
allowed origins, and logs that never hold a seat token.

Rates are counted with the ``limits`` library (moving windows, in this process's memory);
client addresses come from the connection, or from ``X-Forwarded-For`` when the
connection is from a configured trusted proxy (uvicorn's ``ProxyHeadersMiddleware``).
"""

from __future__ import annotations

import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, ClassVar

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludoverse.server.config import Limits, Rates
from ludoverse.server.errors import TableError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""The pages load only their own scripts, styles and sockets; no inline script or style
attribute is needed (the front end sets styles through the CSSOM), and no other site may
frame them."""

SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # seat links carry their tokens
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def client_address(scope: Scope) -> str:
    """The address limits are counted for (after a trusted proxy's forwarding)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


# Rate limits ---------------------------------------------------------------------------------


class RateLimited(TableError):
    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(429, "rate_limited", f"too many {what} from your address: try again "
                                              f"in {retry_after} s")
        self.headers = {"Retry-After": str(retry_after)}


class RateLimits:
    """One moving window per rate and address; ``hit`` refuses past the rate."""

    WHAT: ClassVar[dict[str, str]] = {
        "create": "new tables", "join": "seat changes", "action": "moves",
        "upload": "uploads", "read": "requests", "socket": "connections",
        "socket_message": "messages", "hint": "hints", "review": "reviews"}

    def __init__(self, rates: Rates) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.items: dict[str, list[RateLimitItem]] = {
            name: parse_many(getattr(rates, name)) for name in self.WHAT}

    def hit(self, name: str, address: str) -> None:
        """Count one ``name`` request from ``address``, or raise :class:`RateLimited`."""
        items = self.items[name]
        for item in items:
            if not self.limiter.test(item, name, address):
                reset, _ = self.limiter.get_window_stats(item, name, address)
                raise RateLimited(self.WHAT[name], max(1, math.ceil(reset - time.time())))
        for item in items:
            self.limiter.hit(item, name, address)


# Bodies and headers -------------------------------------------------------------------------


def _error(code: str, message: str) -> tuple[list[tuple[bytes, bytes]], bytes]:
    body = json.dumps({"error": code, "message": message}).encode()
    return [(b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode())], body


class Guard:
    """ASGI middleware: the security headers on every HTTP response, and request bodies
    over their limit refused with ``413`` and the API's error body: by their declared length
    before anything is read, or as soon as a body sent without one passes the limit.

    (FastAPI's own ``max_body_size`` would answer the first case in plain text, past the
    app's middleware and so without these headers.)"""

    UPLOADS = ("/api/tables", "/api/records")

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    def limit(self, scope: Scope) -> int:
        if scope.get("method") == "POST" and scope.get("path") in self.UPLOADS:
            return self.limits.upload_bytes
        return self.limits.body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope)
        started = refused = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the app answers a body it never got whole: that was answered
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        async def refuse() -> None:
            headers, body = _error("too_large", f"the request body is over its limit of "
                                                f"{limit} bytes")
            await send_with_headers({"type": "http.response.start", "status": 413,
                                     "headers": headers})
            await send({"type": "http.response.body", "body": body})

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await refuse()
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit and not started:
                    await refuse()
                    refused = True  # and the app hears that the client went away
                    return {"type": "http.disconnect"}
            return message

        await self.app(scope, counted, send_with_headers)


# Origins -------------------------------------------------------------------------------------


def own_origin(scope: Scope) -> str | None:
    """The origin of the server's own pages, as the browser named the host it asked for."""
    host = dict(scope.get("headers", [])).get(b"host")
    if host is None:
        return None
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    return f"{scheme}://{host.decode('latin-1')}"


def origin_allowed(scope: Scope, allowed: list[str]) -> bool:
    """A WebSocket may be opened by the server's own pages (or a configured origin). A
    client that sends no Origin is no browser, so no other site's page can be behind it."""
    origin = dict(scope.get("headers", [])).get(b"origin")
    if origin is None:
        return True
    text = origin.decode("latin-1").rstrip("/")
    return text == own_origin(scope) or text in {o.rstrip("/") for o in allowed}


# Logs ----------------------------------------------------------------------------------------

_SECRETS = [
    (re.compile(r"(token=)[^&\s\"']+"), r"\1[redacted]"),
    (re.compile(r"(/join/[^/\s]+/\d+/)[^\s\"'?]+"), r"\1[redacted]"),
]


def redact(text: str) -> str:
    for pattern, repl in _SECRETS:
        text = pattern.sub(repl, text)
    return text


class RedactTokens(logging.Filter):
    """Seat tokens travel in URLs (invite links, the WebSocket's query): keep them out of
    every log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        clean = redact(text)
        if clean != text:
            record.msg, record.args = clean, ()
        return True


def redact_logs() -> None:
    """Install :class:`RedactTokens` on the loggers that print URLs."""
    for name in ("uvicorn.access", "uvicorn.error", "ludoverse.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
