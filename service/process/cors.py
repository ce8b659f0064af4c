"""CORS on the HTTP port: browsers on other origins may call the REST, Connect and gRPC-Web routes.

An ASGI layer in front of the litestar application, so one rule covers every route
(known or not: a page that calls a wrong path reads the 404, it is not blocked):
- a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin
  answers 204 with the methods and the request headers Connect, gRPC-Web and REST
  clients send; from any other origin 403, without `Access-Control-Allow-*`;
- any other request from an allowed origin gets `Access-Control-Allow-Origin` (the
  origin itself) and exposes the headers gRPC-Web
  and Connect clients read (status, message and details of a gRPC-Web error).
Origins come from TABLETOP_CORS_ORIGINS (comma-separated, `*` for any); without it
nothing is added and browsers allow same-origin calls only. Requests without an
`Origin` header pass untouched. Credentials (cookies) are never allowed: callers
authenticate with the `authorization` header, which a page sets itself.
"""
from __future__ import annotations

from ..adapters.bodies import encode
from ..app import error_struct
from ..app.errors import ApiError
from ..app.limits import clip

ALLOW_METHODS = b"GET, POST, OPTIONS"
ALLOW_HEADERS = b", ".join([
    b"authorization", b"content-type", b"content-encoding", b"accept-encoding",
    b"connect-protocol-version", b"connect-timeout-ms", b"connect-content-encoding",
    b"connect-accept-encoding", b"grpc-timeout", b"grpc-encoding", b"grpc-accept-encoding",
    b"x-grpc-web", b"x-user-agent",
])
EXPOSE_HEADERS = b", ".join([
    b"grpc-status", b"grpc-message", b"grpc-status-details-bin", b"grpc-encoding", b"grpc-accept-encoding",
    b"content-encoding", b"connect-content-encoding", b"connect-accept-encoding", b"accept-encoding",
])
MAX_AGE = b"7200"  # seconds a browser may keep a preflight's answer


def parse_origins(raw: str) -> tuple[str, ...]:
    """`https://a.example, http://localhost:5173` -> the origins, without blanks or trailing slashes."""
    return tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


class Cors:
    """ASGI middleware adding CORS for `origins` (`*` = every origin) around `app`."""

    def __init__(self, app, origins: tuple[str, ...]):
        self.app = app
        self.any = "*" in origins
        self.origins = frozenset(o.encode() for o in origins)

    def allowed(self, origin: bytes) -> bool:
        """True when a page served from `origin` may call the service."""
        return self.any or origin in self.origins

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        origin = preflight = None
        for name, value in scope["headers"]:
            if name == b"origin":
                origin = value
            elif name == b"access-control-request-method":
                preflight = value
        if origin is None:
            return await self.app(scope, receive, send)
        if preflight is not None and scope["method"] == "OPTIONS":
            return await self._preflight(origin, send)
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

    async def _preflight(self, origin: bytes, send) -> None:
        if self.allowed(origin):
            status, body = 204, b""
            headers = [(b"access-control-allow-origin", origin),
                       (b"access-control-allow-methods", ALLOW_METHODS),
                       (b"access-control-allow-headers", ALLOW_HEADERS),
                       (b"access-control-max-age", MAX_AGE), (b"vary", b"Origin")]
        else:
            status = 403
            err = ApiError("PERMISSION_DENIED", "origin_not_allowed", f"origin {clip(origin.decode('latin-1'))} "
                           "may not call this service (allowed: TABLETOP_CORS_ORIGINS)")
            body = encode(error_struct(err))
            headers = [(b"content-type", b"application/json"), (b"vary", b"Origin")]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

