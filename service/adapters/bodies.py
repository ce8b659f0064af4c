"""Reading a JSON request body into its Struct, for the HTTP adapters (REST and Connect).

Not an adapter itself: both HTTP adapters use it, so neither imports the other.
"""
from __future__ import annotations

import asyncio
import contextvars
import os
import queue
import threading
import time
from typing import Awaitable, Callable

import msgspec
from litestar.exceptions import InternalServerException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge

from ..app import App
from ..app.errors import ApiError, invalid
from ..app.lane import Lane, executor_for
from ..wire import protojson
from . import framing

encode = msgspec.json.Encoder().encode
# Threads per worker process that run the HTTP calls (see `in_threads`); as many as gRPC's handler threads.
CALL_THREADS = 16


def request_head(scope) -> tuple[str | None, str | None, int | None]:
    """The request's `authorization` and `content-encoding` header values (the first of each, None when
    absent) and its announced `content-length` (None when absent or not a number).

    Read from the ASGI scope (header names in lower case) through a dict built in C, reversed so that the
    first of repeated headers wins as in litestar's `request.headers`; a Python loop over the headers
    cost more than the lookups."""
    head = dict(reversed(scope["headers"]))
    auth, encoding, length = head.get(b"authorization"), head.get(b"content-encoding"), head.get(b"content-length")
    return (None if auth is None else auth.decode("latin-1"),
            None if encoding is None else encoding.decode("latin-1"),
            int(length) if length is not None and length.isdigit() else None)


async def read_body(receive, cap: int, announced: int | None) -> bytes:
    """The request body from ASGI `receive`, refused (413, litestar's own refusal) past `cap` bytes, announced
    or received, before more is read; a client that went away mid-body ends the call as litestar does."""
    if announced is not None and announced > cap:
        raise RequestEntityTooLarge
    message = await receive()
    if message["type"] == "http.request" and not message.get("more_body"):
        body = message.get("body", b"")  # one message: the whole body (nearly every request)
        if len(body) > cap:
            raise RequestEntityTooLarge
        return body
    chunks, size = [], 0
    while True:
        if message["type"] == "http.disconnect":
            raise InternalServerException("client disconnected prematurely")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > cap:
            raise RequestEntityTooLarge
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)
        message = await receive()


JSON = b"application/json"
_CLOSE = (b"connection", b"close")


async def send_answer(send, body: bytes, close: bool = False, media_type: bytes = JSON, status: int = 200,
                      headers: dict[str, str] | None = None) -> None:
    """An answer from an ASGI route handler: `body` as `media_type` with `headers`; `close` ends the
    connection after it (a draining worker's answers)."""
    head = [(b"content-type", media_type), (b"content-length", str(len(body)).encode())]
    if headers:
        head += [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
    if close:
        head.append(_CLOSE)
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})


def inflated(raw: bytes, encoding: str | None, cap: int) -> bytes:
    """A request body as sent with `content-encoding` (None: none), inflated to at most `cap` bytes; ApiError
    for an encoding other than gzip or identity, a broken gzip stream, or too much."""
    return raw if encoding is None else framing.inflate(raw, encoding, cap, "content-encoding")


class CallThreads:
    """A worker's threads for the HTTP calls: a queue of (fn, future, loop), each result handed back with
    call_soon_threadsafe. `loop.run_in_executor` on a ThreadPoolExecutor cost ~40 us of CPU per call
    (its submit, a concurrent Future chained to an asyncio one); this hop costs ~8 us."""

    def __init__(self, threads: int):
        self._threads = threads
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._started_in: int | None = None  # the pid that started them: a forked child starts its own
        self._lock = threading.Lock()

    async def run(self, fn: Callable[[], object]):
        """`fn()` in one of the threads, in arrival order; its result or exception."""
        if self._started_in != os.getpid():
            self._start()
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        # Run in the request's context (its ids for the call's log lines: service/app/tracing.py).
        self._queue.put((contextvars.copy_context(), fn, future, loop))
        return await future

    def _start(self) -> None:
        with self._lock:
            if self._started_in == os.getpid():
                return
            self._queue = queue.SimpleQueue()
            for i in range(self._threads):
                threading.Thread(target=self._work, args=(self._queue,), name=f"http-call-{i}", daemon=True).start()
            self._started_in = os.getpid()

    @staticmethod
    def _work(calls: queue.SimpleQueue) -> None:
        while True:
            context, fn, future, loop = calls.get()
            try:
                result, error = context.run(fn), None
            except BaseException as exc:  # noqa: BLE001 - handed to the awaiting request, which maps it
                result, error = None, exc
            try:
                loop.call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the loop closed while the call ran (shutdown): nobody awaits it
                pass
            del context, fn, future, result, error  # hold nothing of a finished call while waiting for the next


def _settle(future: asyncio.Future, result, error) -> None:
    if future.cancelled():  # the client went away
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


_calls = CallThreads(CALL_THREADS)


async def in_threads(fn: Callable[[], object]):
    """`fn()` (an HTTP call's app-layer work and its encoding) in the worker's call threads, in arrival order:
    the calls App.call(on_loop=True) refused to run on the event loop (OffLoop).

    On the loop only when alone: one listing of a thousand moves (tens of ms) on the loop stopped every
    other HTTP request of the worker, health checks included, and beside gRPC's many handler threads the
    loop's one thread got a small share of the interpreter (REST's p99 tripled beside a few long calls).
    So a call beside others (gRPC's, now or lately) goes to a thread, where HTTP calls share the interpreter
    as gRPC calls do, and a long listing leaves the loop before it is built (service/app/listing.py). But
    with every call in threads the loop waited for the interpreter behind them even when they were all it
    served: at 64 REST calls in flight bench.peers measured our p99 3.7x the peer's (which answers on its
    loop), 1.2x with the calls on the loop."""
    return await _calls.run(fn)


class Body:
    """Decodes one request message from a JSON body, naming what is wrong when it cannot."""

    def __init__(self, struct_cls: type):
        self.struct_cls = struct_cls
        self.name = struct_cls.__name__
        self._decoder = msgspec.json.Decoder(struct_cls)

    def decode(self, body: bytes):
        """The request message in `body`; ApiError `missing_body`, `malformed_json` or `bad_request_body`."""
        if not body:
            raise invalid("missing_body", f"the request body is missing; send a JSON {self.name} "
                          "({} for all defaults)")
        try:
            return self._decoder.decode(body)
        except msgspec.ValidationError:
            pass  # not the canonical spelling: read it as proto3 JSON in any spelling a parser must accept
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise invalid("malformed_json", f"request body is not valid JSON: {_why(exc)}") from None
        try:
            return protojson.read(body, self.struct_cls)
        except (msgspec.ValidationError, protojson.Unreadable) as exc:  # ValidationError is a DecodeError
            raise invalid("bad_request_body", f"request body is not a valid {self.name}: {exc}") from None
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as broken:
            raise invalid("malformed_json", f"request body is not valid JSON: {_why(broken)}") from None


def _why(exc: Exception) -> str:
    """What is wrong with a body that is not JSON, in words that never quote the body."""
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 (byte {exc.start})"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc)


async def in_lane(app: App, lane: Lane, transport: str, method: str, read: Callable[[], Awaitable[bytes]],
                  decode: Callable[[bytes], object], timeout: float, authorization: str | None = None):
    """A long call over HTTP: its place in the lane is taken before the body is read (else Busy at once),
    and decoding and the call run in the lane's thread, off the event loop. Refusals are counted."""
    deadline = time.monotonic() + timeout
    try:
        lane.admit(method)
    except ApiError as err:
        app.refused(transport, method, err)
        raise
    submitted = False
    try:
        try:
            raw = await read()
        except ApiError as err:  # a body the protocol's framing or compression refused
            app.refused(transport, method, err)
            raise
        ran = []

        def work():
            ran.append(True)
            try:
                msg = decode(raw)
            except ApiError as err:
                app.refused(transport, method, err)
                raise
            return app.call(transport, method, msg, deadline, authorization=authorization)

        def turn():
            try:
                return lane.run(work, deadline)
            except ApiError as err:
                if not ran:  # refused before the app layer saw it
                    app.refused(transport, method, err)
                raise
            finally:
                lane.leave()
        # (in the call's context: its log lines carry its ids, service/app/tracing.py)
        future = asyncio.get_running_loop().run_in_executor(executor_for(lane), contextvars.copy_context().run, turn)
        submitted = True
        return await future
    finally:
        if not submitted:
            lane.leave()
