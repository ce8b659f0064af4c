"""CORS on the HTTP port: browsers on other origins may call the REST, Connect and gRPC-Web routes.

An ASGI layer in front of the litestar application, so one rule covers every route
(known or not: a page that calls a wrong path reads the 404, it is not blocked):
- a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin, for GET or
  POST, asking for allowed request headers only, answers 204 with the methods and the allowed
  headers: DEFAULT_HEADERS (what Connect, gRPC-Web and REST clients send, and the tracing headers
  `traceparent`, `tracestate`, `x-request-id`) and those TABLETOP_CORS_HEADERS adds. Any other
  preflight is refused 403, without `Access-Control-Allow-*`, naming what is not allowed; it is
  logged (the origin, cut short, the method and the header names; never a header's value) and
  counted in tabletop_cors_refused_total{reason} (origin, method, headers: never the origin itself
  as a label, which anyone may choose);
- any other request from an allowed origin gets `Access-Control-Allow-Origin` (the
  origin itself) and exposes the headers gRPC-Web
  and Connect clients read (status, message and details of a gRPC-Web error).
Origins come from TABLETOP_CORS_ORIGINS (comma-separated, `*` for any); without it
nothing is added and browsers allow same-origin calls only. Requests without an
`Origin` header pass untouched. Credentials (cookies) are never allowed: callers
authenticate with the `authorization` header, which a page sets itself.
"""
from __future__ import annotations

import logging
import re
import time

from ..adapters.bodies import encode
from ..app import error_struct, metrics
from ..app.errors import ApiError
from ..app.limits import clip

log = logging.getLogger("service.cors")

ALLOW_METHODS = b"GET, POST, OPTIONS"
METHODS = frozenset((b"GET", b"POST", b"OPTIONS"))
# Request headers a page may send: what Connect, gRPC-Web and REST clients send, the tracing headers
# (W3C trace context, a request id), and the ones browsers list when a value is not CORS-safelisted.
DEFAULT_HEADERS = (
    "authorization", "content-type", "content-encoding", "accept-encoding",
    "connect-protocol-version", "connect-timeout-ms", "connect-content-encoding",
    "connect-accept-encoding", "grpc-timeout", "grpc-encoding", "grpc-accept-encoding",
    "x-grpc-web", "x-user-agent", "traceparent", "tracestate", "x-request-id",
    "accept", "accept-language", "content-language",
)
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9a-z-]+")  # an HTTP field name (RFC 9110 token), in lower case
EXPOSE_HEADERS = b", ".join([
    b"grpc-status", b"grpc-message", b"grpc-status-details-bin", b"grpc-encoding", b"grpc-accept-encoding",
    b"content-encoding", b"connect-content-encoding", b"connect-accept-encoding", b"accept-encoding",
    b"x-request-id",  # every answer's (service/app/tracing.py): a page can quote it
])
MAX_AGE = b"7200"  # seconds a browser may keep a preflight's answer


def parse_origins(raw: str) -> tuple[str, ...]:
    """`https://a.example, http://localhost:5173` -> the origins, without blanks or trailing slashes."""
    return tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


def parse_headers(raw: str) -> tuple[str, ...]:
    """`X-Tenant, x-debug` -> the header names in lower case; ValueError naming one that is not a header name."""
    names = tuple(h.strip().lower() for h in raw.split(",") if h.strip())
    for name in names:
        if not _TOKEN.fullmatch(name):
            raise ValueError(f"{clip(name)} is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)")
    return names


class Cors:
    """ASGI middleware adding CORS for `origins` (`*` = every origin) around `app`."""

    def __init__(self, app, origins: tuple[str, ...], headers: tuple[str, ...] = ()):
        self.app = app
        self.any = "*" in origins
        self.origins = frozenset(o.encode() for o in origins)
        names = list(dict.fromkeys((*DEFAULT_HEADERS, *headers)))  # the defaults, then the added ones
        self.headers = frozenset(n.encode() for n in names)
        self.allow_headers = ", ".join(names).encode()
        self._quiet = _Quiet()

    def allowed(self, origin: bytes) -> bool:
        """True when a page served from `origin` may call the service."""
        return self.any or origin in self.origins

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        origin = preflight = None
        asked = b""
        for name, value in scope["headers"]:
            if name == b"origin":
                origin = value
            elif name == b"access-control-request-method":
                preflight = value
            elif name == b"access-control-request-headers":
                asked = value
        if origin is None:
            return await self.app(scope, receive, send)
        if preflight is not None and scope["method"] == "OPTIONS":
            return await self._preflight(origin, preflight, asked, send)
        if not self.allowed(origin):
            return await self.app(scope, receive, send)  # the browser withholds the answer from the page

        async def send_with_cors(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                headers += [(b"access-control-allow-origin", origin),
                            (b"access-control-expose-headers", EXPOSE_HEADERS), (b"vary", b"Origin")]
                message = dict(message, headers=headers)
            await send(message)
        return await self.app(scope, receive, send_with_cors)

    def refusal(self, origin: bytes, method: bytes, asked: bytes) -> tuple[str, ApiError] | None:
        """(reason label, error) when a preflight from `origin` for `method` with the request headers
        `asked` (Access-Control-Request-Headers) is refused; None when it passes."""
        shown = clip(origin.decode("latin-1"))
        if not self.allowed(origin):
            return "origin", ApiError("PERMISSION_DENIED", "origin_not_allowed", f"origin {shown} may not call "
                                      "this service (allowed: TABLETOP_CORS_ORIGINS)")
        if method.strip().upper() not in METHODS:
            return "method", ApiError("PERMISSION_DENIED", "method_not_allowed", f"method "
                                      f"{clip(method.decode('latin-1'))} is not served (GET, POST)")
        names = {h.strip().lower() for h in asked.split(b",")} - {b""}
        refused = sorted(names - self.headers)
        if refused:
            listed = ", ".join(clip(h.decode("latin-1"), 40) for h in refused[:8])
            return "headers", ApiError("PERMISSION_DENIED", "header_not_allowed", f"request header(s) {listed} "
                                       f"may not be sent from origin {shown} (add them to TABLETOP_CORS_HEADERS)")
        return None

    async def _preflight(self, origin: bytes, method: bytes, asked: bytes, send) -> None:
        refused = self.refusal(origin, method, asked)
        if refused is None:
            status, body = 204, b""
            headers = [(b"access-control-allow-origin", origin),
                       (b"access-control-allow-methods", ALLOW_METHODS),
                       (b"access-control-allow-headers", self.allow_headers),
                       (b"access-control-max-age", MAX_AGE), (b"vary", b"Origin")]
        else:
            reason, err = refused
            metrics.inc(metrics.CORS_REFUSED, reason)
            self._quiet.warn(f"CORS preflight from {clip(origin.decode('latin-1'))} refused ({reason}): "
                             f"{err.message}")
            status = 403
            body = encode(error_struct(err))
            headers = [(b"content-type", b"application/json"), (b"vary", b"Origin")]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})



class _Quiet:
    """Logs at most LINES refusals a minute per worker, then says how many went unlogged: anyone may send
    preflights, and the log must not become theirs (the counter counts every one)."""

    LINES, PERIOD = 20, 60.0

    def __init__(self):
        self.since, self.lines, self.dropped = 0.0, 0, 0

    def warn(self, line: str) -> None:
        now = time.monotonic()
        if now - self.since >= self.PERIOD:
            if self.dropped:
                log.warning("%d more CORS preflight refusals were not logged", self.dropped)
            self.since, self.lines, self.dropped = now, 0, 0
        if self.lines < self.LINES:
            self.lines += 1
            log.warning("%s", line)
        else:
            self.dropped += 1
