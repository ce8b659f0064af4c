"""The HTTP side of one worker: the litestar application and the connection guard.

The application (REST and Connect routes beside the operational ones) is
assembled here, above the adapters, so that no adapter imports another.

`guarded_protocol` is uvicorn's httptools protocol with the timeouts and the
cap uvicorn lacks for slow or idle clients (uvicorn's own settings do the rest:
`timeout_keep_alive` closes a connection idle after a response,
`limit_concurrency` answers 503 beyond a number of connections):
- a new connection that sends nothing is closed after the keep-alive time;
- a request must arrive whole (head and body) within the header timeout of its
  first byte, and its head within `MAX_HEAD` bytes (else 408 / 431, and close;
  the refusal comes after the answers to the requests before it on the
  connection, pipelined ones included; a body still arriving after an early
  answer such as 413 is read and dropped, and the connection kept for the next
  request, within that same time);
- beyond twice `limit_concurrency` connections, new ones are closed at once, and so are a peer
  address's beyond `per_peer` (one client's idle or half-sent connections cannot shut others out);
- while the worker drains (service/process/drain.py), a request that arrives once new work is
  refused is held until the listener is closed, then answered 503 `draining` (`refuse_draining`)
  with `Connection: close`; at the shutdown a connection is closed only between requests: one in
  the middle of a request gets its answer first, and a new one that has sent nothing yet gets a
  moment to send its request (which is refused).
It also gives every request its ids (service/app/tracing.py): its task runs with them, for the call's
log lines, and its answer carries `x-request-id`, whatever route or refusal answers it.
"""
from __future__ import annotations

import asyncio
import contextlib

import httptools
from litestar import Litestar, Request, Response, get
from litestar.exceptions import HTTPException
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..adapters import connect, openapi, play, rest
from ..adapters.bodies import encode, send_answer
from ..adapters.compression import Compress
from ..app import App, error_struct, limits, metrics, tracing
from ..app.errors import ApiError
from ..app.lane import Lane
from .cors import Cors, parse_headers, parse_origins
from .drain import Readiness

MAX_BODY = limits.LARGEST_REQUEST
MAX_HEAD = 64 * 1024  # request line and headers
OPERATIONAL = frozenset({"/healthz", "/readyz", "/metrics"})  # answered while draining, never refused
FRESH_WAIT = 0.25  # seconds a connection that has sent nothing yet may still send its request at the shutdown
HELD_AT_MOST = 5.0  # seconds a refused request waits for the listener to close, should that never come


def create_app(app: App, config=None, lane: Lane | None = None):
    """The ASGI application serving `app` over REST, Connect and gRPC-Web, with /healthz, /readyz, /metrics,
    /schema and the web table at /play; its answers gzipped for clients that take it (adapters/compression.py),
    behind the CORS layer when `config.cors_origins` names any origin."""
    web = Compress(_litestar(app, config, lane))
    origins = parse_origins(config.cors_origins) if config is not None else ()
    return Cors(web, origins, parse_headers(config.cors_headers)) if origins else web


def _litestar(app: App, config=None, lane: Lane | None = None) -> Litestar:
    call_timeout = config.call_timeout if config is not None else 10.0
    lane = lane or Lane()

    @get("/healthz", sync_to_thread=False, include_in_schema=False)
    def healthz() -> dict:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @get("/readyz", sync_to_thread=False, include_in_schema=False)
    def readyz() -> Response:
        """Readiness: false while draining, or while the supervisor backs off a crash-looping worker."""
        if Readiness.serving():
            return Response({"status": "ready"}, status_code=200)
        return Response({"status": "stopping" if Readiness.draining else "degraded"}, status_code=503)

    @get("/metrics", sync_to_thread=False, include_in_schema=False)
    def metrics_route() -> Response:
        """Prometheus exposition (all worker processes)."""
        # Its content type as given: as a media type, litestar appends a second `charset` to any text/*.
        return Response(metrics.render(), headers={"content-type": metrics.CONTENT_TYPE_LATEST})

    schema: list[bytes] = []  # built on first use (~0.1 s): a worker or spare starts without it

    @get(["/schema", "/schema/openapi.json"], sync_to_thread=False, include_in_schema=False)
    def schema_route() -> Response:
        """The OpenAPI document of the REST routes."""
        if not schema:
            schema.append(encode(openapi.document()))
        return Response(schema[0], media_type="application/vnd.oai.openapi+json")

    async def close_when_draining(response: Response) -> Response:
        # While draining, every answer ends its connection: the client's next call opens a new one,
        # which a load balancer sends elsewhere (or, once the listener is closed, is refused cleanly).
        # `async`: litestar runs a sync hook in a thread pool, a thread hop on every request. (The REST
        # routes, ASGI handlers, do the same themselves: litestar's hooks run for its own routes only.)
        if Readiness.draining:
            response.headers["connection"] = "close"
        return response

    return Litestar(
        route_handlers=[*rest.routes(app, lane, call_timeout, lambda: Readiness.draining), *connect.routes(app, lane, call_timeout, lambda: Readiness.draining), healthz,
                        readyz, metrics_route, schema_route, *play.routes()],
        exception_handlers={**rest.EXCEPTION_HANDLERS, HTTPException: _on_http},
        openapi_config=None,
        # Our own logging setup stands (process/server.py): litestar's default config would put the root
        # logger at INFO behind a queue handler, whatever --log-level says.
        logging_config=None,
        request_max_body_size=MAX_BODY,
        after_request=close_when_draining,
        debug=False,
    )


def _on_http(request: Request, exc: HTTPException) -> Response:
    """The router's own refusals (no route, the wrong HTTP method, ...): on a path shaped like an RPC, in the
    caller's protocol (Connect or gRPC-Web; an unknown method is UNIMPLEMENTED); else REST's error body."""
    path = request.url.path
    if connect.RPC_PATH.fullmatch(path):
        return connect.http_refusal(request.method, path, request.headers.get("content-type", ""), exc)
    return rest.EXCEPTION_HANDLERS[HTTPException](request, exc)


class _Held:
    """Refused requests wait on `released` (made in the worker's loop when first needed) until the listener is
    closed: then they are answered (see service/process/drain.py for why not at once)."""

    released: asyncio.Event | None = None
    done = False


def release_held() -> None:
    """Answer the held requests now (in the HTTP loop's thread: the listener is closed)."""
    _Held.done = True
    if _Held.released is not None:
        _Held.released.set()


async def refuse_draining(scope, receive, send) -> None:
    """The answer to a request that arrived once the drain refused new work: its body read whole (a connection
    closed with unread data is reset, and the answer with it), held until the listener is closed, then 503
    UNAVAILABLE `draining` in the caller's protocol (REST's error body, Connect's, gRPC-Web's trailers), the
    connection closed after it."""
    message = {"type": "http.request"}
    while message["type"] == "http.request" and message.get("more_body", True):
        message = await receive()
    if message["type"] != "http.request":  # the client left
        return
    if not _Held.done:
        if _Held.released is None:
            _Held.released = asyncio.Event()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(_Held.released.wait(), HELD_AT_MOST)
    err = ApiError("UNAVAILABLE", "draining", "this server is shutting down and takes no new calls; retry the "
                   "same request (another server takes it)")
    path = scope["path"]
    if connect.RPC_PATH.fullmatch(path):
        content_type = next((v for k, v in scope["headers"] if k == b"content-type"), b"").decode("latin-1")
        await connect.refusal(err, content_type).send(send, True)
    else:
        await send_answer(send, encode(error_struct(err)), True, b"application/json", err.http_status)


def server_config(web, config) -> "uvicorn.Config":
    """uvicorn's settings for serving `web` with `config`'s HTTP bounds (the benchmark's baseline servers
    use them too, so they measure handlers, not server settings)."""
    import uvicorn

    from .logs import uvicorn_level  # (uvicorn's loggers write through ours: service/process/logs.py)
    origins = parse_origins(getattr(config, "cors_origins", ""))
    # A refusal crosses origins as the service's answers do (else a page sees a network error, not the 503).
    refusal = Cors(refuse_draining, origins, parse_headers(config.cors_headers)) if origins else refuse_draining
    return uvicorn.Config(
        web, loop="uvloop", lifespan="off", access_log=False,
        http=guarded_protocol(config.http_header_timeout, config.http_max_connections,
                              getattr(config, "http_max_connections_per_peer", 0), refusal),
        log_config=None, log_level=uvicorn_level(getattr(config, "log_level", "info")),
        server_header=False, timeout_keep_alive=config.http_keep_alive,
        limit_concurrency=config.http_max_connections, timeout_graceful_shutdown=config.grace)


class OneSend:
    """A transport whose writes made in one turn of the event loop leave in one send.

    uvicorn writes an answer's head and its body separately, and uvloop sends each at once: two system
    calls and two TCP segments an answer. Held until the loop's next turn (or a close), they go as one.
    """

    __slots__ = ("_transport", "_loop", "_held")

    def __init__(self, transport, loop):
        self._transport, self._loop, self._held = transport, loop, None

    def write(self, data: bytes) -> None:
        if self._held is None:
            self._held = [data]
            self._loop.call_soon(self._send)
        else:
            self._held.append(data)

    def _send(self) -> None:
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held[0] if len(held) == 1 else b"".join(held))

    def close(self) -> None:
        self._send()
        self._transport.close()

    def write_eof(self) -> None:
        self._send()
        self._transport.write_eof()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._held or ()))

    def __getattr__(self, name: str):
        return getattr(self._transport, name)


def guarded_protocol(header_timeout: float, max_connections: int | None, per_peer: int = 0,
                     refusal=refuse_draining) -> type:
    """uvicorn's httptools protocol with a request-read timeout, a head-size cap, a hard connection cap, a cap
    per peer address (`per_peer`, 0: none) and the drain's refusals (`refusal`: the ASGI app answering them)."""
    hard_cap = 2 * max_connections if max_connections else None
    peers: dict[str, int] = {}  # peer address -> its open connections (this worker's)
    Ids, new_request_id = tracing.Ids, tracing.new_request_id
    enter_ids, leave_ids = tracing.CURRENT.set, tracing.CURRENT.reset
    start_task = HttpToolsProtocol._start_asgi_task

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self.transport = OneSend(transport, self.loop)  # (uvicorn's flow control keeps the real one)
            self._read_timer = None
            self._head = 0  # bytes of the current request's head so far; -1 from its end to the message's end
            self._body_bytes = 0  # body bytes parsed from the data being received
            self._reading = 0  # bytes of the data being received
            self._refused = False  # refused with 431: the parser's further callbacks on this data do nothing
            self._deferred = None  # a refusal's status kept until the answers before it are sent
            self._begun = 0  # requests begun on this connection
            self._in_request = False  # between a request's first byte and its end
            self._shutting = False  # the shutdown came in the middle of a request
            self._peer = None  # counted in `peers` under this address
            if hard_cap is not None and len(self.connections) > hard_cap:
                transport.abort()
                return
            if per_peer and self.client:
                held = peers.get(self.client[0], 0)
                if held >= per_peer:
                    transport.abort()
                    return
                self._peer = self.client[0]
                peers[self._peer] = held + 1
            # Idle from the start (uvicorn only arms its keep-alive timer after a first response).
            self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive,
                                                                self.timeout_keep_alive_handler)

        def data_received(self, data: bytes) -> None:
            self._body_bytes = 0
            self._reading = len(data)
            super().data_received(data)
            if self._head >= 0:  # still inside a request's head after this data
                # Less the body bytes: after an early answer (413) the rest of that body still arrives,
                # possibly in the same read as the next request's head, and is no head.
                self._head += len(data) - self._body_bytes
                if self._head > MAX_HEAD:
                    self._refuse(b"431 Request Header Fields Too Large")

        def _start_asgi_task(self, cycle, app) -> None:
            # The call's ids (service/app/tracing.py), set while its task is made (the task copies them, for
            # the call's log lines); the answer's head carries the request id, whatever answers it.
            # (Every request pays for this: one dict made in C, no call of ours unless a tracing header came.)
            head = dict(cycle.scope["headers"])
            if b"traceparent" in head or b"x-request-id" in head:
                ids = tracing.from_http(head)
            else:
                ids = Ids((None, new_request_id()))
            cycle.default_headers = [*cycle.default_headers, (b"x-request-id", ids[1].encode())]
            token = enter_ids(ids)
            try:
                start_task(self, cycle, app)
            finally:
                leave_ids(token)

        def on_body(self, body: bytes) -> None:
            if self._refused:
                return
            self._body_bytes += len(body)
            super().on_body(body)

        def on_message_begin(self) -> None:
            if self._refused:
                return
            self._begun += 1
            self._in_request = True
            super().on_message_begin()
            self._cancel_read_timer()
            self._read_timer = self.loop.call_later(header_timeout, self._read_timeout)

        def on_headers_complete(self) -> None:
            # The head may end in the read that takes it past the cap: data_received counts only a head
            # still incomplete after a read, so a head that could be over is measured here, before the
            # request is dispatched.
            if self._refused or (self._head + self._reading > MAX_HEAD and self._head_size() > MAX_HEAD):
                self._refused = True
                self._refuse(b"431 Request Header Fields Too Large")
                return
            self._head = -1
            if Readiness.refusing and httptools.parse_url(self.url).path.decode("latin-1") not in OPERATIONAL:
                # New work while the drain refuses it (a request begun before goes on): answered by `refusal`.
                # (uvicorn picks its application up from self.app while it dispatches this request.)
                app, self.app = self.app, refusal
                try:
                    super().on_headers_complete()
                finally:
                    self.app = app
                return
            super().on_headers_complete()

        def _head_size(self) -> int:
            # Request line and header lines as parsed (the whitespace the parser trims not counted).
            size = len(self.url) + len(self.parser.get_method()) + len(b"  HTTP/1.1\r\n\r\n")
            for name, value in self.headers:
                size += len(name) + len(value) + len(b": \r\n")
            return size

        def on_message_complete(self) -> None:
            if self._refused:
                return
            # The next bytes start a new head: counted from the end of the request, not of the answer,
            # which may have gone before the body was all read.
            self._head = 0
            self._in_request = False
            self._cancel_read_timer()
            super().on_message_complete()
            if self._shutting and self.cycle.response_complete and not self.pipeline:
                self.transport.close()

        def connection_lost(self, exc) -> None:
            self._cancel_read_timer()
            if self._peer is not None:
                left = peers[self._peer] - 1
                if left:
                    peers[self._peer] = left
                else:
                    del peers[self._peer]
                self._peer = None
            super().connection_lost(exc)

        def shutdown(self) -> None:
            # The drain's end (uvicorn calls it for each connection once the listener is closed): close only
            # between requests. uvicorn's own would close a connection with a request half-read, or one just
            # made whose request is on its way (the client then sees a reset, not a refusal).
            release_held()
            if self.transport.is_closing():
                return
            if self.pipeline:  # the last request queued behind the one being answered ends the connection
                self.pipeline[0][0].keep_alive = False
            elif self.cycle is not None and not self.cycle.response_complete:
                self.cycle.keep_alive = False
            elif self._in_request:  # its head or body still arriving: refused with `Connection: close` once
                self._shutting = True  # read (or, its answer sent early, closed once read: on_message_complete)
            elif not self._begun:
                self.loop.call_later(FRESH_WAIT, self._close_unused)
            else:
                self.transport.close()  # between two requests

        def _close_unused(self) -> None:
            if not self._begun and not self.transport.is_closing():
                self.transport.close()

        def _cancel_read_timer(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def _read_timeout(self) -> None:
            self._read_timer = None
            cycle = self.cycle
            if self._head >= 0 or cycle is None or not cycle.response_started:
                self._refuse(b"408 Request Timeout")
            elif cycle.response_complete:  # answered early (413), the body still dribbling in
                self.transport.close()

        def _refuse(self, status: bytes) -> None:
            if self.transport.is_closing():
                return
            # Inside a head, `cycle` is the latest dispatched request's (or None): answer once its answer is
            # whole; while it is still being answered (or queued, pipelined), read nothing more and answer
            # when it completes. Past the head `cycle` is this request's: answer unless the application has
            # begun to.
            cycle = self.cycle
            if self._head >= 0 and cycle is not None and not cycle.response_complete:
                if self._deferred is None:
                    self._deferred = status
                    self.flow.pause_reading()
                    cycle.on_response = self._answer_deferred  # (the latest cycle: nothing is queued behind it)
                return
            if cycle is None or self._head >= 0 or not cycle.response_started:
                self.transport.write(b"HTTP/1.1 " + status + b"\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            self.transport.close()

        def _answer_deferred(self) -> None:
            self.on_response_complete()
            status, self._deferred = self._deferred, None
            self._refuse(status)

    return GuardedHttpToolsProtocol


__all__ = ["MAX_BODY", "Readiness", "create_app", "guarded_protocol", "server_config"]
