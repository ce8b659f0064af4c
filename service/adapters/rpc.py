"""The gRPC adapter: GameService, grpc.health.v1 and server reflection.

The handlers come from the method table (service/wire/methods.py): each converts
the request to the app layer's Struct, calls the app layer and converts the
response back; refusals become a status with a google.rpc.ErrorInfo detail
(reason, domain, metadata), via grpcio-status.

Bounds (service/app/limits.py): a request is measured before it is parsed and
counted before it is converted, and one that cannot be read is INVALID_ARGUMENT,
never INTERNAL. Long calls (ScoreBatch) take turns in the worker's Lane; at most
`max_streams` ScoreStreams are open at once per worker, and at most
`streams_per_peer` of them from one peer address (so one client cannot take every
slot), each ended when idle for `stream_idle` seconds, so streams never hold every
handler thread and health checks and unary calls always find one. While the
worker drains, new calls wait at the `Gate` and are refused UNAVAILABLE once the
server is shutting down (service/process/drain.py says why).
"""
from __future__ import annotations

import contextvars
import threading
import time
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from ..app import App, limits, tracing
from ..app.errors import RESOURCE_EXHAUSTED, ApiError, invalid
from ..app.lane import Lane
from ..wire.convert import from_pb, reader, to_pb, writer
from ..wire.methods import METHODS, SERVICE, Method
from ..wire.status import status

SERVICE_NAME = SERVICE.full_name
# The largest real request: a ScoreBatch of MAX_BATCH largest tokens (per method: limits.request_bytes).
MAX_MESSAGE = limits.BATCH_REQUEST
# Health service names. Kubernetes' native gRPC probes ask for a service name: `liveness` answers
# SERVING until the process exits; `readiness` (and the overall "" and GameService names) turn
# NOT_SERVING when draining starts, so load balancers stop sending before the port closes.
LIVENESS = "liveness"
READY_NAMES = ("", SERVICE_NAME, "readiness")
# Clients re-resolve (and so find new pods behind a headless Service) when a connection ages out.
MAX_CONNECTION_AGE_MS = 5 * 60 * 1000
MAX_CONNECTION_AGE_GRACE_MS = 30 * 1000
HEALTH_THREADS = 2
UNAVAILABLE = "UNAVAILABLE"


def abort(context: grpc.ServicerContext, err: ApiError):
    """End the call with the error's status code, message and an ErrorInfo detail, and the call's request id
    in the trailers (a refusal is when a caller quotes it)."""
    answer = rpc_status.to_status(status(err))
    ids = tracing.CURRENT.get()
    if ids is not None:
        answer = answer._replace(trailing_metadata=(*answer.trailing_metadata, (tracing.HEADER, ids.request_id)))
    context.abort_with_status(answer)


class _Unreadable:
    """What the deserializer gives for a request it refused: the handler answers with `error`."""

    __slots__ = ("error",)

    def __init__(self, error: ApiError):
        self.error = error


def _reader(meth: Method):
    """The request deserializer: never raises (grpcio would answer INTERNAL), measures before parsing."""
    parse, cap, name = meth.request_pb.FromString, limits.request_bytes(meth.name), meth.request_pb.DESCRIPTOR.full_name

    def read(data: bytes):
        if len(data) > cap:
            return _Unreadable(invalid("body_too_large", f"{name}: {len(data)} bytes, at most {cap} for "
                                       f"{meth.name}"))
        try:
            return parse(data)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError and anything a broken message raises
            return _Unreadable(invalid("malformed_proto", f"request is not a readable {name} message"))
    return read


def _counter(meth: Method):
    """Counts a repeated field on the protobuf message before it is converted (limits.COUNTED), or None."""
    if meth.name not in limits.COUNTED:
        return None
    field, name = limits.COUNTED[meth.name][0], meth.name

    def check(request) -> None:
        limits.check_count(name, len(getattr(request, field)))
    return check


class Gate:
    """Where new GameService calls wait while the worker drains (service/process/drain.py, step 3): open while
    serving; once closed, a new call waits until the server has begun to shut down (`release`), then is
    refused UNAVAILABLE `draining`, which a client retries elsewhere."""

    HELD_AT_MOST = 5.0  # seconds, should the release never come

    def __init__(self):
        self.closed = False
        self._released = threading.Event()

    def close(self) -> None:
        self.closed = True

    def release(self) -> None:
        self._released.set()

    def refuse(self, app: App, name: str, context: grpc.ServicerContext):
        """Hold the call until the release, then end it UNAVAILABLE."""
        self._released.wait(self.HELD_AT_MOST)
        err = ApiError(UNAVAILABLE, "draining", f"{name}: this server is shutting down and takes no new calls; "
                       "retry the same request (another server takes it)")
        app.refused("grpc", name, err)
        abort(context, err)


def peer_address(peer: str) -> str:
    """The address of a grpc peer string (`ipv4:127.0.0.2:50512`, `ipv6:[::1]:50512`, `unix:...`), no port."""
    kind, _, rest = peer.partition(":")
    if kind == "ipv6" and rest.startswith("["):
        return rest[1:rest.find("]")]
    if kind == "ipv4":
        return rest.rpartition(":")[0]
    return peer


class Limits:
    """One worker's bounds on gRPC calls (the defaults are `python -m service`'s); `streams_per_peer` 0: none."""

    def __init__(self, lane: Lane | None = None, call_timeout: float = 10.0, max_streams: int = 4,
                 stream_idle: float = 10.0, streams_per_peer: int = 2):
        self.lane = lane or Lane()
        self.call_timeout = call_timeout
        self.max_streams = max_streams
        self.stream_idle = stream_idle
        self.streams_per_peer = streams_per_peer
        self.gate = Gate()
        self._lock = threading.Lock()
        self._streams: dict[object, float] = {}  # open stream's context -> time of its last message
        self._peers: dict[str, int] = {}  # peer address -> its open streams
        self._peer_of: dict[object, str] = {}  # open stream's context -> its peer address
        threading.Thread(target=self._sweep, name="stream-idle", daemon=True).start()

    def deadline(self, context) -> float:
        remaining = context.time_remaining()
        limit = self.call_timeout if remaining is None else min(self.call_timeout, remaining)
        return time.monotonic() + limit

    def open_stream(self, context) -> str | None:
        """None when the stream may open (it is counted), else why not: `too_many_streams` (every slot of
        the worker taken) or `too_many_streams_from_peer` (this peer address holds its share)."""
        peer = peer_address(context.peer())
        with self._lock:
            if len(self._streams) >= self.max_streams:
                return "too_many_streams"
            held = self._peers.get(peer, 0)
            if self.streams_per_peer and held >= self.streams_per_peer:
                return "too_many_streams_from_peer"
            self._streams[context] = time.monotonic()
            self._peers[peer] = held + 1
            self._peer_of[context] = peer
            return None

    def touch(self, context) -> None:
        self._streams[context] = time.monotonic()

    def close_stream(self, context) -> None:
        with self._lock:
            if self._streams.pop(context, None) is not None:
                peer = self._peer_of.pop(context)
                left = self._peers[peer] - 1
                if left:
                    self._peers[peer] = left
                else:
                    del self._peers[peer]

    def _sweep(self) -> None:
        while True:
            time.sleep(min(1.0, max(0.05, self.stream_idle / 4)))
            cutoff = time.monotonic() - self.stream_idle
            with self._lock:
                idle = [ctx for ctx, last in self._streams.items() if last < cutoff]
            for ctx in idle:  # the blocked read in the stream's handler ends and frees its thread
                ctx.cancel()


def _unary(app: App, meth: Method, lim: Limits):
    name = meth.name
    read, write = reader(meth.request_pb, meth.request), writer(meth.response, meth.response_pb)
    count = _counter(meth)
    heavy = name in limits.HEAVY
    gate = lim.gate

    def handler(request, context):
        if gate.closed:
            gate.refuse(app, name, context)
        auth, ids = call_ids(context)
        entered = _enter_ids(ids)
        try:
            try:
                if request.__class__ is _Unreadable:
                    raise request.error
                if count is not None:
                    count(request)
                msg = read(request)
            except ApiError as err:
                app.refused("grpc", name, err)
                abort(context, err)
            try:
                if heavy:
                    resp = _in_lane(app, lim, name, msg, context, auth)
                else:
                    resp = app.call("grpc", name, msg, None, auth)  # (no deadline: a short call)
            except ApiError as err:
                abort(context, err)
            return write(resp)
        finally:
            _leave_ids(entered)
    # The handler answers with the serialized message (to_bytes): grpcio sends bytes as they are.
    return grpc.unary_unary_rpc_method_handler(handler, _reader(meth), None)


# (module names: a gRPC call looks them up once each, as the handler's own)
Ids, NO_IDS, _enter_ids, _leave_ids = tracing.Ids, tracing.NONE, tracing.CURRENT.set, tracing.CURRENT.reset


def call_ids(context: grpc.ServicerContext):
    """The caller's `authorization` metadata (`Bearer <key>`, None without one; read by the app layer) and the
    call's ids (service/app/tracing.py), which the handler sets for the call's log lines. The request id goes
    back in the initial metadata when the caller sent `x-request-id` or `traceparent`; otherwise only with a
    refusal, in its trailers (tracing.py makes one then): initial metadata of its own costs grpcio a batch
    more per call (+37k instructions on a ~356k empty call)."""
    auth = trace = rid = None
    for key, value in context.invocation_metadata():
        if key == "authorization":
            if auth is None:
                auth = value
        elif key == "traceparent":
            trace = value
        elif key == "x-request-id":
            rid = value
    if trace is None and rid is None:
        return auth, Ids(NO_IDS)
    ids = tracing.ids(trace, rid)
    context.send_initial_metadata(((tracing.HEADER, ids.request_id),))
    return auth, ids


def _in_lane(app: App, lim: Limits, name: str, msg, context, auth: str | None):
    """Run a long call in its turn; a refusal before it ran is counted here (the app layer never saw it)."""
    deadline = lim.deadline(context)
    try:
        lim.lane.admit(name)
    except ApiError as err:
        app.refused("grpc", name, err)
        raise
    ran = []

    def work():
        ran.append(True)
        return app.call("grpc", name, msg, deadline, authorization=auth)
    try:
        return lim.lane.run(work, deadline)
    except ApiError as err:
        if not ran:
            app.refused("grpc", name, err)
        raise
    finally:
        lim.lane.leave()


def _stream(app: App, meth: Method, lim: Limits):
    name, req_struct, resp_pb = meth.name, meth.request, meth.response_pb
    error_result = meth.response_pb

    def handler(request_iterator, context):
        """One response per request, in order; a bad token or message is an error result, not the end."""
        if lim.gate.closed:
            lim.gate.refuse(app, name, context)
        refused = lim.open_stream(context)
        if refused is not None:
            held = (f"{lim.max_streams} streams are open on this server already" if refused == "too_many_streams"
                    else f"{lim.streams_per_peer} streams from your address are open on this server already")
            err = ApiError(RESOURCE_EXHAUSTED, refused, f"{name}: {held}; retry shortly, or use ScoreBatch")
            app.refused("grpc", name, err)
            abort(context, err)
        auth, ids = call_ids(context)
        # Each message is answered in a context of the stream's own that holds its ids (a generator must not
        # set and reset them in its thread's: a stream the client leaves is closed later, maybe elsewhere).
        inside = contextvars.copy_context()
        inside.run(_enter_ids, ids)

        def answer(n: int, request):
            lim.touch(context)
            if n >= limits.MAX_STREAM_MESSAGES:
                err = ApiError(RESOURCE_EXHAUSTED, "stream_too_long", f"{name}: at most "
                               f"{limits.MAX_STREAM_MESSAGES} messages per stream; open a new one")
                app.refused("grpc", name, err)
                abort(context, err)
            if request.__class__ is _Unreadable:
                app.refused("grpc", name, request.error)
                return error_result(error=_error_pb(request.error))
            try:
                result = app.call("grpc", name, from_pb(request, req_struct), authorization=auth)
            except ApiError as err:  # the call itself refused (a bad authorization header): the stream ends
                abort(context, err)  # with its status, as a unary call's does (escaping, it was UNKNOWN)
            return to_pb(result, resp_pb)
        try:
            for n, request in enumerate(request_iterator):
                yield inside.run(answer, n, request)
        finally:
            lim.close_stream(context)
    return grpc.stream_stream_rpc_method_handler(handler, _reader(meth), meth.response_pb.SerializeToString)


def _error_pb(err: ApiError):
    from service.api import engine_pb2
    return engine_pb2.Error(code=err.status, reason=err.reason, message=err.message, details=err.details)


def handlers(app: App, lim: Limits | None = None) -> grpc.GenericRpcHandler:
    """GameService's handlers, one per row of the method table."""
    lim = lim or Limits()
    return grpc.method_handlers_generic_handler(SERVICE_NAME, {
        meth.name: (_stream if meth.streaming else _unary)(app, meth, lim) for meth in METHODS})


def _own_threads(behaviour, threads: int, name: str):
    """`behaviour` run by grpcio in a pool of `threads` of its own (its `experimental_thread_pool`)."""
    def run(request, context):
        return behaviour(request, context)
    run.experimental_thread_pool = futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix=name)
    return run


REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"


def enable_reflection(server: grpc.Server, names: tuple[str, ...]) -> None:
    """Server reflection as both grpc.reflection.v1 (what grpcurl and current tools ask first) and v1alpha.

    grpcio-reflection serves only v1alpha; v1 is the same messages under a new package name, so one
    servicer answers both paths with the same bytes, and v1's file (v1alpha's renamed) is added to the
    descriptor pool so that v1 itself can be described.
    """
    _add_reflection_v1_file()
    servicer = reflection.ReflectionServicer((*names, reflection.SERVICE_NAME, REFLECTION_V1))
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(REFLECTION_V1, {
        "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo, reflection_pb2.ServerReflectionRequest.FromString,
            reflection_pb2.ServerReflectionResponse.SerializeToString)}),))


def _add_reflection_v1_file() -> None:
    pool = descriptor_pool.Default()
    try:
        pool.FindServiceByName(REFLECTION_V1)
        return
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(proto)
    proto.name, proto.package = "grpc/reflection/v1/reflection.proto", "grpc.reflection.v1"
    for msg in proto.message_type:  # field types name their messages in full
        for field in msg.field:
            if field.type_name:
                field.type_name = field.type_name.replace(".grpc.reflection.v1alpha.", ".grpc.reflection.v1.")
    for service in proto.service:
        for method in service.method:
            method.input_type = method.input_type.replace(".grpc.reflection.v1alpha.", ".grpc.reflection.v1.")
            method.output_type = method.output_type.replace(".grpc.reflection.v1alpha.", ".grpc.reflection.v1.")
    pool.AddSerializedFile(proto.SerializeToString())


def create_server(app: App, address: str, threads: int = 16, lim: Limits | None = None, compression: bool = False
                  ) -> tuple[grpc.Server, int, health.HealthServicer]:
    """A started-ready (not yet started) server on `address`: (server, bound port, health servicer); `compression`:
    see new_server."""
    server = new_server(threads, compression)
    server.add_generic_rpc_handlers((handlers(app, lim),))
    health_servicer = health.HealthServicer()
    # Health checks get threads of their own: in the shared pool a check waits behind every game call
    # queued before it, and under load (more calls than threads) that took over a second.
    health_servicer.Check = _own_threads(health_servicer.Check, HEALTH_THREADS, "health")
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    enable_reflection(server, (SERVICE_NAME, health.SERVICE_NAME))
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"gRPC: cannot bind {address}")
    for name in (*READY_NAMES, LIVENESS):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return server, port, health_servicer


# grpc core's GRPC_COMPRESS_LEVEL_LOW: gzip when the peer takes it (service/adapters/compression.py for HTTP).
COMPRESSION_LEVEL = 1


def new_server(threads: int = 16, compression: bool = False) -> grpc.Server:
    """An empty grpcio server with the service's threads and bounds (the benchmark's baselines use it too);
    `compression`: answers gzipped for the clients that advertise gzip in grpc-accept-encoding.

    A compression level, not an algorithm: grpc core then picks one the caller takes (identity for a
    caller that takes none), where a fixed algorithm is sent to every caller. It has no size threshold:
    every answer is deflated, and an ApplyMove's (~400 bytes, mostly its sealed token) does not shrink;
    `python -m bench.service --gzip` measured ~+95 us of server CPU per ApplyMove (~+34%), hence off
    unless asked for (--grpc-compression gzip)."""
    options = [("grpc.default_compression_level", COMPRESSION_LEVEL)] if compression else []
    return grpc.server(
        futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="grpc"),
        # Calls beyond this many at once are refused (RESOURCE_EXHAUSTED) instead of queued without end.
        maximum_concurrent_rpcs=threads * 32,
        options=[("grpc.max_receive_message_length", MAX_MESSAGE + 1024),
                 ("grpc.max_send_message_length", limits.LARGEST_RESPONSE),
                 ("grpc.max_concurrent_streams", 128),  # calls at once on one connection
                 ("grpc.server_handshake_timeout_ms", 10_000),
                 # Several worker processes bind the same port; the kernel spreads connections.
                 ("grpc.so_reuseport", 1),
                 ("grpc.max_connection_age_ms", MAX_CONNECTION_AGE_MS),
                 ("grpc.max_connection_age_grace_ms", MAX_CONNECTION_AGE_GRACE_MS), *options],
    )
