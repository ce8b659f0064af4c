"""Which gRPC server to run our handlers on: grpcio sync (ours) against the alternatives, one core each.

    python -m bench.grpc_servers [--seconds 4] [--rounds 3] [--inflight 16] [--servers sync aio ...]

Every candidate serves the real gRPC protocol (HTTP/2 cleartext, binary protobuf,
grpc-status trailers) to the same stock grpcio client, with the same handlers:
the sync handlers service/adapters/rpc.py registers (reader, converters, App.call),
called as they are; only the server around them changes.

  sync       rpc.create_server as the service runs it (16 threads)
  aio        grpc.aio, each unary handler called from an async wrapper on the loop (the
             app layer is sync: a call holds the loop for its ~60 us, as it holds the GIL now)
  hypercorn  connectrpc's ASGI application, gRPC protocol, on hypercorn (h2c, uvloop)
  uvicorn    the same application on uvicorn's HTTP/2 (zttp; the server our REST port runs on)
  granian    the same application on granian (HTTP/2)

Each server is one process pinned to `--server-cpu` (its CPU counted with its
children); the load generator (bench/peers/load.py: full Hats games by NewGame,
then ApplyMove with the listed moves wanted) is pinned to `--client-cpu`. Each
server also answers `/bench.Empty/Call` (reads the request, answers an empty
message): the framework's floor, driven by the same players with that call.
Before measuring, each server is asked grpc.health.v1 Check ("" and "liveness",
what a Kubernetes gRPC probe sends) and the reflection service list; a server that
cannot answer a game call is reported with its error and not measured. Rounds
alternate between servers; the median round is quoted, as ratios to `sync`. `busy` is the
server's CPU seconds per second: below ~95% the server was not what limited the calls (it
waited, or shared its core with other processes: a busy machine gives a one-thread event loop
a smaller share than a many-threaded server, so on a shared machine trust CPU per call most).
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import os
import sys

from .peers import load
from .peers.__main__ import _round
from .service import KEYS, _launch, _start, _stop, ratio

SERVERS = ("sync", "aio", "hypercorn", "uvicorn", "granian")
_CONNECT = ("connectrpc", "connectrpc_grpcreflect")
# What each candidate needs beyond the service's own dependencies (none is one of them).
NEEDS = {"hypercorn": (*_CONNECT, "hypercorn"), "uvicorn": (*_CONNECT, "zttp"), "granian": (*_CONNECT, "granian")}
EMPTY = "/bench.Empty/Call"
PROBED = ("", "liveness")


# ---------------------------------------------------------------- our handlers, outside grpcio's sync server

class _Abort(Exception):
    """Raised by _Context.abort_with_status: carries the grpc.Status our handler ended the call with."""

    def __init__(self, status):
        super().__init__(status.details)
        self.status = status


class _Context:
    """The parts of a grpcio sync context our handlers read (rpc.enter, Limits.deadline, rpc.abort)."""

    __slots__ = ("_metadata", "_remaining")

    def __init__(self, metadata, remaining):
        self._metadata, self._remaining = metadata, remaining

    def invocation_metadata(self):
        return self._metadata

    def time_remaining(self):
        return self._remaining

    def abort_with_status(self, status):
        raise _Abort(status)


def _app():
    """The app layer as bench.peers runs ours: `open` games (the peer has no access control), bench keys."""
    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    return App(Sealer(parse_keys(KEYS)), access="open")


def _unary_handlers(app) -> dict:
    """Full method path -> grpcio RpcMethodHandler of every unary GameService method, as rpc.py makes them."""
    from service.adapters import rpc
    from service.wire.methods import METHODS
    generic = rpc.handlers(app)
    details = collections.namedtuple("Details", "method invocation_metadata")
    return {m.full_name: generic.service(details(m.full_name, ())) for m in METHODS if not m.streaming}


# ---------------------------------------------------------------- the servers (each its own pinned process)

def _serve_sync(port: int) -> None:
    import grpc

    from service.adapters import rpc
    from service.process.config import Config
    server, _port, _health = rpc.create_server(_app(), f"127.0.0.1:{port}", Config.grpc_threads, rpc.Limits())
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
        "bench.Empty", {"Call": grpc.unary_unary_rpc_method_handler(lambda _req, _ctx: b"")}),))
    server.start()
    server.wait_for_termination()


def _aio_unary(handler):
    """An async grpc.aio handler around one of our sync unary handlers."""
    import grpc
    behaviour = handler.unary_unary

    async def call(request, context):
        try:
            return behaviour(request, _Context(context.invocation_metadata(), context.time_remaining()))
        except _Abort as exc:
            await context.abort(exc.status.code, exc.status.details, exc.status.trailing_metadata)
    return grpc.unary_unary_rpc_method_handler(call, handler.request_deserializer, handler.response_serializer)


async def _aio_server(port: int) -> None:
    import grpc
    from grpc_health.v1 import health, health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha import reflection

    from service.adapters import rpc
    server = grpc.aio.server(options=[("grpc.max_receive_message_length", rpc.MAX_MESSAGE + 1024)])
    by_service = collections.defaultdict(dict)
    for path, handler in _unary_handlers(_app()).items():
        service, _, name = path[1:].partition("/")
        by_service[service][name] = _aio_unary(handler)

    async def empty(_request, _context):
        return b""
    by_service["bench.Empty"]["Call"] = grpc.unary_unary_rpc_method_handler(empty)
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(s, h) for s, h in by_service.items()])
    checker = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(checker, server)
    reflection.enable_server_reflection((rpc.SERVICE_NAME, health.SERVICE_NAME), server)
    for name in (*rpc.READY_NAMES, rpc.LIVENESS):
        await checker.set(name, health_pb2.HealthCheckResponse.SERVING)
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    await server.wait_for_termination()


def _serve_aio(port: int) -> None:
    import uvloop
    uvloop.run(_aio_server(port))


def connect_app():
    """connectrpc's ASGI application serving our unary handlers, the empty call and grpc.health.v1 Check."""
    from connectrpc.code import Code
    from connectrpc.errors import ConnectError
    from connectrpc.server import Endpoint
    from grpc_health.v1 import health_pb2

    from service.adapters import rpc

    from .connectrpc_servers import _app as asgi_app, _method, _Raw

    def endpoint(handler):
        read, behaviour, write = handler.request_deserializer, handler.unary_unary, handler.response_serializer

        async def call(data: bytes, ctx):
            timeout = ctx.timeout_ms
            try:
                return write(behaviour(read(data), _Context(tuple(ctx.request_headers.items()),
                                                            None if timeout is None else timeout / 1e3)))
            except _Abort as exc:  # the ErrorInfo detail (grpc-status-details-bin) is not carried over
                raise ConnectError(Code[exc.status.code.name], exc.status.details) from None
        return call

    serving = health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING).SerializeToString()

    async def check(data: bytes, _ctx):
        if health_pb2.HealthCheckRequest.FromString(data).service in (*rpc.READY_NAMES, rpc.LIVENESS):
            return serving
        raise ConnectError(Code.NOT_FOUND, "unknown service")

    async def empty(_data: bytes, _ctx):
        return b""

    paths = {path: endpoint(h) for path, h in _unary_handlers(_app()).items()}
    paths.update({EMPTY: empty, "/grpc.health.v1.Health/Check": check})
    return _mount(asgi_app({path: Endpoint.unary(_method(path.rpartition("/")[2], bytes, bytes), fn)
                            for path, fn in paths.items()}, [_Raw("proto")]), *_connect_reflection())


def _connect_reflection() -> tuple:
    """connectrpc-grpcreflect's v1 and v1alpha applications, listing GameService and Health.

    They describe services by protobuf-py descriptors (connectrpc's protobuf runtime), not by
    google.protobuf's: our files are carried over as serialized FileDescriptorProtos."""
    from connectrpc_grpcreflect import (ServerReflectionAlphaASGIApplication, ServerReflectionAlphaService,
                                        ServerReflectionASGIApplication, ServerReflectionService)
    from google.protobuf import descriptor_pb2, descriptor_pool
    from grpc_health.v1 import health_pb2
    from protobuf._file_registry import create_file_registry
    from protobuf.wkt.google.protobuf.descriptor_pb import FileDescriptorProto

    from service.api import engine_pb2

    def carried(file):
        proto = descriptor_pb2.FileDescriptorProto()
        file.CopyToProto(proto)
        return FileDescriptorProto.from_binary(proto.SerializeToString())

    def service(module, name):
        return create_file_registry(carried(module.DESCRIPTOR), lambda path: carried(
            descriptor_pool.Default().FindFileByName(path))).service(name)
    described = (service(engine_pb2, "engine.v1.GameService"), service(health_pb2, "grpc.health.v1.Health"))
    return (ServerReflectionASGIApplication(ServerReflectionService(*described)),
            ServerReflectionAlphaASGIApplication(ServerReflectionAlphaService(*described)))


def _mount(*apps):
    """One ASGI application of several connectrpc ones, each answering the calls under its `path`."""
    by_service = {app.path: app for app in apps}

    async def asgi(scope, receive, send):
        if scope["type"] == "lifespan":  # nothing to start: the applications resolve their endpoints lazily
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        app = by_service.get(scope["path"].rpartition("/")[0], apps[0])  # apps[0] answers unknown paths
        await app(scope, receive, send)
    return asgi


def _serve_hypercorn(port: int) -> None:
    import uvloop
    from hypercorn.asyncio import serve
    from hypercorn.config import Config
    config = Config()
    config.bind, config.loglevel = [f"127.0.0.1:{port}"], "WARNING"
    # By default hypercorn closes an HTTP/2 connection after 1,000 requests, failing the calls in
    # flight on it (UNAVAILABLE "Socket closed" at a grpcio client): a gRPC deployment must raise it.
    config.keep_alive_max_requests = sys.maxsize
    uvloop.run(serve(connect_app(), config))


def _serve_uvicorn(port: int) -> None:
    import uvicorn
    uvicorn.run(connect_app(), host="127.0.0.1", port=port, http="zttp", http2=True, loop="uvloop",
                log_level="warning", access_log=False)


def _serve_granian(port: int) -> None:
    from granian import Granian
    Granian("bench.grpc_servers:connect_app", address="127.0.0.1", port=port, interface="asgi", http="2",
            workers=1, loop="uvloop", factory=True, log_enabled=False).serve()


# ---------------------------------------------------------------- the load

class EmptyGrpc(load._Grpc):
    """A player of endless games of the empty call: each move sends an ApplyMove-sized request."""

    def __init__(self, channel):
        super().__init__(channel)
        self.rpc = channel.unary_unary(EMPTY)
        self.payload = b"\n\xc8\x01" + bytes(200) + b"\x10\x01"  # a 200-byte state and an index

    async def start(self, _conn, _seed: int):
        return await self.move(None, None, 0)

    async def move(self, _conn, _state, _pick: int):
        data = await self.rpc(self.payload, timeout=30)
        return None, 1, False, len(data)


def probe(port: int) -> str:
    """What a deployment needs besides the calls: health Check (Kubernetes' probe) and reflection; '' if all pass."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
    failed = []
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        for name in PROBED:
            try:
                got = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
                if got.status != health_pb2.HealthCheckResponse.SERVING:
                    failed.append(f"health {name!r}: {got.status}")
            except grpc.RpcError as exc:
                failed.append(f"health {name!r}: {exc.code().name} {exc.details()}")
        try:
            stream = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
                iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=5)
            names = [s.name for s in next(stream).list_services_response.service]
            if "engine.v1.GameService" not in names:
                failed.append(f"reflection lists {names}")
        except grpc.RpcError as exc:
            failed.append(f"reflection: {exc.code().name} {exc.details()}")
    return "; ".join(failed)


def callable_error(port: int) -> str:
    """'' when a stock grpcio client can play a NewGame call on `port`, else why not."""
    import grpc

    from service.api import engine_pb2 as pb
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            channel.unary_unary("/engine.v1.GameService/NewGame")(
                pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, access="open").SerializeToString(), timeout=10)
        except grpc.RpcError as exc:
            return f"{exc.code().name}: {exc.details()}"
    return ""


# ---------------------------------------------------------------- the run

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.grpc_servers", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=4.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--inflight", type=int, default=16)
    p.add_argument("--servers", nargs="+", default=list(SERVERS), choices=SERVERS)
    p.add_argument("--seats", type=int, default=3, help="seats of the Hats games (2-4)")
    p.add_argument("--server-cpu", type=int, default=0)
    p.add_argument("--client-cpu", type=int, default=1)
    p.add_argument("--serve", choices=SERVERS, help=argparse.SUPPRESS)  # the server process itself
    p.add_argument("--port", type=int, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.serve:
        sys.setswitchinterval(0.001)  # as service/process/server.py sets it for its threads
        globals()[f"_serve_{a.serve}"](a.port)
        return 0
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {a.client_cpu})
    servers = {}
    for kind in a.servers:
        missing = [name for name in NEEDS.get(kind, ()) if importlib.util.find_spec(name) is None]
        if missing:
            print(f"# {kind}: skipped, not installed: pip install {' '.join(m.replace('_', '-') for m in missing)}")
        else:
            servers[kind] = (1, lambda ports, kind=kind: _start(
                ["-m", "bench.grpc_servers", "--serve", kind, "--port", str(ports[0])], a.server_cpu))
    running = _launch(servers, timeout=60)
    ports = {kind: kind_ports[0] for kind, (_, kind_ports) in running.items()}
    procs = {kind: proc for kind, (proc, _) in running.items()}
    try:
        results = run(a, ports, procs)
    finally:
        _stop(list(procs.values()))
    report(results)
    return 0


def run(a, ports: dict, procs: dict) -> dict:
    """(server, load) -> the median round, the servers alternating round by round."""
    import grpc
    print(f"# bench.grpc_servers: server cpu {a.server_cpu}, client cpu {a.client_cpu}; hats ({a.seats} seats, "
          f"open), {a.inflight} in flight; {a.rounds} alternating rounds of {a.seconds:g}s", flush=True)
    serving = []
    for kind, port in ports.items():
        error = callable_error(port)
        if error:
            print(f"# {kind}: cannot serve gRPC to a grpcio client: {error}", flush=True)
            continue
        serving.append(kind)
        print(f"# {kind}: health and reflection: {probe(port) or 'ok'}", flush=True)

    def channel(port):  # made inside the round's event loop (grpc.aio binds to the loop)
        return grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    loads = {"game": lambda port: load.OursGrpc(channel(port), a.seats), "empty": lambda port: EmptyGrpc(channel(port))}
    rounds = collections.defaultdict(list)
    for r in range(a.rounds):
        for what, make in loads.items():
            for kind in serving:
                got = _round(lambda: make(ports[kind]), a.inflight, a.seconds, procs[kind].pid, r + 1)
                rounds[kind, what].append(got)
                print(f"#   round {r + 1} {what:5} {kind:9}: {got['rate']:6.0f} req/s p99 {got['p99']:6.1f} ms "
                      f"cpu {got['cpu_us']:4.0f} us/req, client core {got['client_busy']:.0%}, errors {got['errors']}"
                      + (f" ({got['first_error']})" if got["first_error"] else ""), flush=True)
    return {key: sorted(v, key=lambda g: g["rate"])[len(v) // 2] for key, v in rounds.items()}


def report(results: dict) -> None:
    """One row per (load, server): the median round, and its ratios to grpcio sync's."""
    print(f"\n{'load':5} {'server':9} | {'req/s':>6} {'x sync':>6} | {'cpu us/req':>10} {'x sync':>6} {'busy':>5} | "
          f"{'p50 ms':>6} {'p99 ms':>6} {'x sync':>6} | errors")
    for (kind, what), got in sorted(results.items(), key=lambda kv: (kv[0][1] != "game", SERVERS.index(kv[0][0]))):
        base = results.get(("sync", what), got)
        print(f"{what:5} {kind:9} | {got['rate']:6.0f} {got['rate'] / base['rate']:6.2f} | {got['cpu_us']:10.0f} "
              f"{ratio(got['cpu_us'], base['cpu_us']):6.2f} {got['rate'] * got['cpu_us'] / 1e6:5.0%} | {got['p50']:6.2f} {got['p99']:6.2f} "
              f"{got['p99'] / base['p99']:6.2f} | {got['errors']}")


if __name__ == "__main__":
    sys.exit(main())
