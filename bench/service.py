"""Service benchmark: throughput and p50/p99 latency over gRPC and REST, beside empty handlers.

    python -m bench.service [--seconds 2] [--rounds 3] [--concurrency 8] [--server-cpu 0] [--client-cpu 1]

For NewGame, LegalMoves and ApplyMove, and for an empty handler of the same
framework (the framework's floor: a gRPC method that returns its bytes
untouched, a litestar route that reads its body and returns `{}`), each fed the
same request bytes, in one run. The empty and floor servers are made as the service
makes its own (grpcio's threads, limits and options; uvicorn with the service's
protocol, timeouts and connection cap), so every ratio measures handlers, not
server settings. Servers run one worker pinned to `--server-cpu`;
the load generator (asyncio, grpc.aio / uvloop + httptools) runs pinned to
`--client-cpu`. Loopback only, bounded by time and a call cap. The ratios
(ours / empty) are what to quote: absolute numbers move with the machine.

ApplyMove also gets a third row, `floor`: the same framework running only what
the API's contract makes every ApplyMove do (decode the request, open the AES-GCM
token, apply the move, seal the new token, encode a response holding only it), with
the service's own Sealer and engine. `floor / empty` bounds what any ApplyMove
handler with sealed stateless tokens can reach on the machine at hand.

ApplyMove is also sent over Connect (JSON) and gRPC-Web (binary) to the same server, each beside
litestar's empty route fed the same bytes (those protocols run on the same litestar worker), and,
when the `connectrpc` package is installed, beside that package serving the same ApplyMove (same
app layer and Structs, its own protocol handling; bench/connectrpc_servers.py) and its own empty
handler. `crpc/ours` is connectrpc's ApplyMove throughput over ours (`python -m
bench.connectrpc_servers` compares the server-side cost alone, in process).

ApplyMove is also run on the secure set-ups (shared/design/SECURITY.md), each its own
server: `keys` (a `seats` game, the mover's seat key in the authorization header),
`sqlite` and `redis` (the fork guard's stores; Redis is a real redis-server on
127.0.0.1, skipped when none is installed). They are quoted as ratios to the same
run's plain ApplyMove (an `open` game, no store). The request is the same each time,
so the stores answer it as a retry: one store round trip per move, as in play.

`--gzip` adds, beside each of our rows, the same calls from a client that takes gzip answers
(`Accept-Encoding: gzip` over REST and Connect, `grpc-accept-encoding: gzip` over gRPC-Web, a gRPC
channel advertising gzip; the plain rows' gRPC channel advertises identity only), and a ListGames row
(the largest everyday answer), then the cost: the server's CPU per call plain and gzipped, and the
answer's bytes on the wire each way (service/adapters/compression.py compresses answers of MIN_SIZE
bytes and more; the service runs with --grpc-compression gzip, grpcio's, which has no threshold).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.util
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .ports import PORTS as BENCH_PORTS, free_port as _free_port

ROOT = Path(__file__).resolve().parents[1]
MAX_CALLS = 200_000
KEYS = "bench:" + base64.b64encode(bytes(32)).decode()


def ratio(a: float, b: float) -> float:
    """a / b, NaN when b is 0: a CPU time read from /proc in ticks can be 0 for a short round, and a
    benchmark prints what it measured rather than stopping."""
    return a / b if b else float("nan")


# ---------------------------------------------------------------- the empty servers (run as subprocesses)

def _as_the_service() -> None:
    """The interpreter settings a service worker serves with (service/process/server.py), once the server is
    built: its 1 ms switch interval (it costs a threaded server several us per call under load: without it
    the gRPC floor row was ~8 us per call cheaper, about a third of the gap to ours) and its settled heap."""
    from service.process.server import SWITCH_INTERVAL, settle_heap
    sys.setswitchinterval(SWITCH_INTERVAL)
    settle_heap()


def _serve_grpc(port: int, handler) -> None:
    """A sync grpcio server made as the service makes its own (threads, limits, options), serving one
    generic handler: the rows beside ours then differ from ours only in the handler."""
    from service.adapters.rpc import new_server
    server = new_server()
    server.add_generic_rpc_handlers((handler,))
    server.add_insecure_port(f"127.0.0.1:{port}")
    _as_the_service()
    server.start()
    server.wait_for_termination()


def _serve_http(port: int, app) -> None:
    """uvicorn as the service runs it: its loop and parser, and its protocol with the read timeouts,
    head cap and connection cap (service/process/http.py)."""
    import uvicorn

    from service.process.config import Config
    from service.process.http import server_config
    config = server_config(app, Config())
    config.host, config.port = "127.0.0.1", port
    _as_the_service()
    uvicorn.Server(config).run()


def _serve_empty_grpc(port: int) -> None:
    import grpc

    def call(request: bytes, context) -> bytes:
        return b""

    _serve_grpc(port, grpc.method_handlers_generic_handler(
        "bench.Empty", {"Call": grpc.unary_unary_rpc_method_handler(call)}))  # raw bytes: no (de)serializer


def create_empty_app():
    """The framework's floor: a litestar route that receives its body and returns `{}`.

    It reads the body (every API route must) but decodes nothing and does no work. An ASGI route
    handler, as the service's REST routes are (service/adapters/rest.py), with their body reading and
    answer: litestar's Request/Response route is about twice its cost per call.
    """
    from litestar import Litestar, asgi
    from litestar.types import Receive, Scope, Send

    from service.adapters.bodies import read_body, request_head, send_answer

    async def empty(scope: Scope, receive: Receive, send: Send) -> None:
        await read_body(receive, 1 << 20, request_head(scope)[2])
        await send_answer(send, b"{}")

    return Litestar(route_handlers=[asgi("/empty", copy_scope=False)(empty)], openapi_config=None, debug=False,
                    signature_namespace={"Scope": Scope, "Receive": Receive, "Send": Send})


def _serve_empty_http(port: int) -> None:
    _serve_http(port, create_empty_app())


def _floor_apply(sealer, token: bytes, seat: int | None, text: str) -> bytes:
    """The contract's irreducible ApplyMove: open the token, apply the move, seal the new state."""
    import engines
    encoded, count, seats = sealer.open(token)
    game, state = engines.decode(encoded)
    new, _events = game.apply(state, game.parse_move(state, game.to_act(state)[0] if seat is None else seat, text))
    return sealer.seal(game.encode(new), count + 1, seats)


def _floor_sealer():
    from service.app.tokens import Sealer, parse_keys
    return Sealer(parse_keys(KEYS))


def _serve_floor_grpc(port: int) -> None:
    import grpc

    from service.api import engine_pb2 as pb
    sealer = _floor_sealer()

    def apply(req, context):
        return pb.ApplyMoveResponse(state=_floor_apply(sealer, req.state, req.move.seat, req.move.text))

    _serve_grpc(port, grpc.method_handlers_generic_handler("engine.v1.GameService", {
        "ApplyMove": grpc.unary_unary_rpc_method_handler(apply, pb.ApplyMoveRequest.FromString,
                                                         pb.ApplyMoveResponse.SerializeToString)}))


def _serve_floor_http(port: int) -> None:
    import msgspec
    from litestar import Litestar, asgi
    from litestar.types import Receive, Scope, Send

    from service.adapters.bodies import read_body, request_head, send_answer
    from service.wire import messages as m
    sealer = _floor_sealer()
    decode = msgspec.json.Decoder(m.ApplyMoveRequest).decode
    encode = msgspec.json.Encoder().encode
    cap = 1 << 20

    # An ASGI handler as the service's REST routes are (service/adapters/rest.py), the same body reading
    # and answer, so the row differs from ours only in what the handler does.
    async def apply(scope: Scope, receive: Receive, send: Send) -> None:
        req = decode(await read_body(receive, cap, request_head(scope)[2]))
        token = _floor_apply(sealer, req.state, req.move.seat, req.move.text)
        await send_answer(send, encode(m.ApplyMoveResponse(state=token)))

    # The handler's annotations are resolved against the module's globals: name the local imports.
    app = Litestar(route_handlers=[asgi("/v1/apply", copy_scope=False)(apply)], openapi_config=None, debug=False,
                   signature_namespace={"Scope": Scope, "Receive": Receive, "Send": Send})
    _serve_http(port, app)


def _start(args: list[str], cpu: int, env: dict | None = None) -> subprocess.Popen:
    cmd = ["taskset", "-c", str(cpu), sys.executable, *args]
    return subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ, **(env or {})))


class PortTaken(RuntimeError):
    """Another process listens on a port we picked for our server (it took the port after our look)."""


def _listening_inodes(port: int) -> set[int] | None:
    """The socket inodes listening on TCP `port` at any address (Linux /proc/net), or None without /proc."""
    found, tables = set(), [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not any(t.exists() for t in tables):
        return None
    for table in tables:
        for line in table.read_text().splitlines()[1:] if table.exists() else ():
            fields = line.split()  # sl local_address rem_address st ... inode
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.add(int(fields[9]))
    return found


def _socket_inodes(pids) -> set[int]:
    """The socket inodes held by these processes and their descendants (a service's workers are children)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:  # "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(ppid, []).append(int(stat.parent.name))
    todo, inodes = list(pids), set()
    while todo:
        pid = todo.pop()
        todo += parents.get(pid, [])
        try:
            links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
        except OSError:  # gone, or a file descriptor closed under us
            continue
        inodes.update(int(link[8:-1]) for link in links if link.startswith("socket:["))
    return inodes


def _wait_port(port: int, procs: list[subprocess.Popen], timeout: float = 180) -> None:
    """Wait until `procs` (and their children) listen on `port`, and nothing else does. Raises PortTaken when
    another process listens there: a connection to the port could reach it, and its answers are not ours."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        dead = [p for p in procs if p.poll() is not None]
        if dead and _listening_inodes(port):  # it could not bind: another process took the port after our look
            raise PortTaken(f"port {port} is held by another process (the server exited: it could not bind)")
        if dead:
            raise RuntimeError(f"a server exited early (code {dead[0].returncode}): {' '.join(dead[0].args)}")
        listening = _listening_inodes(port)
        if listening is None:  # no /proc: whoever answers is taken to be ours
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return
            except OSError:
                pass
        elif listening:
            foreign = listening - _socket_inodes(p.pid for p in procs)
            if foreign:
                # A server that exits (it could not bind its other port) closes this listener after the first
                # look: then it only seems foreign. Looked at again, the checks above name the held port.
                time.sleep(0.05)
                if any(p.poll() is not None for p in procs) or not foreign & (_listening_inodes(port) or set()):
                    continue
                raise PortTaken(f"port {port} is held by another process")
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listening on {port}")


def _stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait(10)


def _launch(servers: dict, attempts: int = 5, timeout: float = 180) -> dict:
    """Start servers on free ports, each alone on its ports. `servers`: name -> (number of ports,
    start(ports) -> Popen); returns name -> (Popen, ports). A server one of whose ports another process took
    between our look and its bind (PortTaken) is stopped and started again on new ports."""
    running = {}
    try:
        for name, (count, start) in servers.items():
            ports = tuple(_free_port() for _ in range(count))
            running[name] = (start(ports), ports)
        for name, (count, start) in servers.items():
            for attempt in range(attempts):
                proc, ports = running[name]
                try:
                    for port in ports:
                        _wait_port(port, [proc], timeout)
                    break
                except (PortTaken, RuntimeError) as exc:
                    # A server that exited because another process bound one of its ports after our look.
                    held = [p for p in ports if proc.poll() is not None and _listening_inodes(p)]
                    if held and not isinstance(exc, PortTaken):
                        exc = PortTaken(f"port {held[0]} is held by another process (the server exited: it "
                                        f"could not bind)")
                    if not isinstance(exc, PortTaken) or attempt == attempts - 1:
                        raise exc
                    print(f"# {name}: {exc}; starting it again on other ports", flush=True)
                    _stop([proc])
                    ports = tuple(_free_port() for _ in range(count))
                    running[name] = (start(ports), ports)
    except BaseException:
        _stop([proc for proc, _ in running.values()])
        raise
    return running


# ---------------------------------------------------------------- load generators

async def _drive(call, seconds: float, concurrency: int) -> tuple[float, list[float], int]:
    """Closed loop: `concurrency` workers calling `call()`; (calls/s, latencies, errors)."""
    lat: list[float] = []
    errors = 0
    end = time.perf_counter() + seconds

    async def worker():
        nonlocal errors
        while time.perf_counter() < end and len(lat) < MAX_CALLS:
            t = time.perf_counter()
            ok = await call()
            lat.append(time.perf_counter() - t)
            errors += not ok

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return len(lat) / (time.perf_counter() - t0), lat, errors


class HttpConn:
    """One keep-alive HTTP/1.1 connection (httptools parses the responses)."""

    def __init__(self, reader, writer):
        import httptools
        self.reader, self.writer = reader, writer
        self.done = False
        self.status = 0
        self.parser = httptools.HttpResponseParser(self)

    def on_message_complete(self):
        self.done = True

    async def request(self, raw: bytes) -> bool:
        self.done = False
        self.writer.write(raw)
        while not self.done:
            data = await self.reader.read(65536)
            if not data:
                raise ConnectionError("closed")
            self.parser.feed_data(data)
        return self.parser.get_status_code() == 200


def _http_request(path: str, body: bytes, key: str = "", content_type: str = "application/json",
                  gzip: bool = False) -> bytes:
    """The raw HTTP/1.1 request: a POST of `body`, or a GET when `body` is None; `gzip`: taking gzip answers
    (gRPC-Web's own header for a gRPC-Web call)."""
    auth = f"Authorization: Bearer {key}\r\n" if key else ""
    if gzip:
        auth += "grpc-accept-encoding: gzip\r\n" if content_type.startswith("application/grpc-web") else \
            "Accept-Encoding: gzip\r\n"
    if body is None:
        return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n".encode()
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n{auth}"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def _answer_bytes(port: int, raw: bytes) -> int:
    """Bytes of the body of the answer to the raw request `raw` as sent on the wire (compressed or not)."""
    import httptools

    class Reader:
        size, done = 0, False

        def on_body(self, chunk):
            self.size += len(chunk)

        def on_message_complete(self):
            self.done = True
    reader = Reader()
    parser = httptools.HttpResponseParser(reader)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        while not reader.done:
            data = s.recv(65536)
            if not data:
                break
            parser.feed_data(data)
    return reader.size


async def _bench_http(port: int, path: str, body: bytes, seconds: float, concurrency: int, key: str = "",
                      content_type: str = "application/json", gzip: bool = False, pid: int = 0):
    raw = _http_request(path, body, key, content_type, gzip)
    conns = [HttpConn(*await asyncio.open_connection("127.0.0.1", port)) for _ in range(concurrency)]
    it = iter(range(10 ** 9))
    free = asyncio.Queue()
    for c in conns:
        free.put_nowait(c)

    async def call():
        c = await free.get()
        try:
            return await c.request(raw)
        finally:
            free.put_nowait(c)
    next(it)
    await _drive(call, 0.3, concurrency)  # warm-up
    out = await _measured(_drive(call, seconds, concurrency), pid)
    for c in conns:
        c.writer.close()
    return out


# A channel that advertises identity only (grpc-accept-encoding): the service then answers uncompressed.
IDENTITY_ONLY = [("grpc.compression_enabled_algorithms_bitset", 1)]


async def _bench_grpc(port: int, method: str, payload: bytes, seconds: float, concurrency: int, key: str = "",
                      gzip: bool = False, pid: int = 0):
    import grpc
    metadata = (("authorization", f"Bearer {key}"),) if key else None
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=None if gzip else IDENTITY_ONLY) as ch:
        rpc = ch.unary_unary(method)  # raw bytes both ways: the client does the same work for every method

        async def call():
            try:
                await rpc(payload, timeout=10, metadata=metadata)
                return True
            except grpc.aio.AioRpcError:
                return False
        await _drive(call, 0.3, concurrency)
        return await _measured(_drive(call, seconds, concurrency), pid)


async def _measured(drive, pid: int):
    """(calls/s, latencies, errors, server CPU microseconds per call) of the awaited `_drive`."""
    cpu = _cpu_seconds(pid) if pid else 0.0
    rate, lat, errors = await drive
    return rate, lat, errors, ((_cpu_seconds(pid) - cpu) / max(1, len(lat)) * 1e6 if pid else float("nan"))


class _Load:
    """One row's load run: `run(port, *args, pid=...)` on `port`, its server's CPU measured by `pid`."""

    def __init__(self, port: int, run, *args):
        self.port, self.run, self.args = port, run, args

    def __call__(self, pid: int = 0):
        return self.run(self.port, *self.args, pid=pid)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (all threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pct(lat: list[float], p: float) -> float:
    s = sorted(lat)
    return s[min(len(s) - 1, int(p * len(s)))] * 1e6


# ---------------------------------------------------------------- main

def _post(http_port: int, path: str, body: dict, key: str = "") -> dict:
    import urllib.request
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {key}"} if key else {})}
    req = urllib.request.Request(f"http://127.0.0.1:{http_port}{path}", data=json.dumps(body).encode(),
                                 headers=headers)
    return json.loads(urllib.request.urlopen(req).read())


def _apply_request(http_port: int, access: str) -> tuple[dict, str]:
    """An ApplyMove body for the first move of a 3-seat Hats game, and the mover's key (`seats` games)."""
    new = _post(http_port, "/v1/games/hats:new", {"seats": [{}, {}, {}], "seed": "7", "access": access})
    token, host = new["state"], new.get("hostKey", "")
    move = _post(http_port, "/v1/legal-moves", {"state": token}, host)["moves"][0]
    seat = move.get("seat", 0)
    key = new["seats"][seat]["key"] if access == "seats" else ""
    return {"state": token, "move": {"seat": seat, "text": move["text"]}}, key


def _requests(http_port: int, listing: bool = False) -> dict[str, tuple[str, bytes | None, str, bytes]]:
    """Per method: (REST path, JSON body (None: a GET), gRPC method, protobuf bytes) for a 3-seat Hats game;
    with `listing`, ListGames first."""
    from google.protobuf import json_format

    from service.api import engine_pb2 as pb

    new_body = {"seats": [{}, {}, {}], "seed": "7"}
    apply_body, _ = _apply_request(http_port, "open")
    token = apply_body["state"]
    out = {"ListGames": ("/v1/games", None, "/engine.v1.GameService/ListGames", b"")} if listing else {}
    for name, path, body, cls in [
        ("NewGame", "/v1/games/hats:new", new_body, pb.NewGameRequest),
        ("LegalMoves", "/v1/legal-moves", {"state": token}, pb.LegalMovesRequest),
        ("ApplyMove", "/v1/apply", apply_body, pb.ApplyMoveRequest),
    ]:
        grpc_body = dict(body, game="hats") if name == "NewGame" else body
        out[name] = (path, json.dumps(body).encode(), f"/engine.v1.GameService/{name}",
                     json_format.ParseDict(grpc_body, cls()).SerializeToString())
    return out


# Transports over the HTTP port beside REST: the same litestar worker, so litestar's empty route is their floor.
RPC_OVER_HTTP = {"connect": "application/json", "grpcweb": "application/grpc-web+proto"}


def _rpc_over_http(transport: str, request, ports, connectrpc: bool, run_set, a) -> list[tuple]:
    """ApplyMove over Connect (JSON) or gRPC-Web: ours and litestar's empty route, and the connectrpc
    package's ApplyMove and empty handler when installed; the summary rows (ratios to each one's empty)."""
    import struct
    empty_port, our_port, cr_empty_port, cr_apply_port = ports
    _path, json_body, method, payload = request
    body = json_body if transport == "connect" else struct.pack(">BI", 0, len(payload)) + payload
    content_type = RPC_OVER_HTTP[transport]

    def load(port, route=method, gzip=False):
        return _Load(port, _bench_http, route, body, a.seconds, a.concurrency, "", content_type, gzip)
    sides = [(f"{transport:8} empty(litestar)", load(empty_port, "/empty")), (f"{transport:8} ApplyMove", load(our_port))]
    if a.gzip:
        sides.append((f"{transport:8} ApplyMove+gzip", load(our_port, gzip=True)))
    if connectrpc:
        sides += [(f"{transport:8} empty(connectrpc)", load(cr_empty_port)),
                  (f"{transport:8} ApplyMove(connectrpc)", load(cr_apply_port))]
    got = run_set(sides)
    if a.gzip:
        raw = [_http_request(method, body, "", content_type, gzip) for gzip in (False, True)]
        a.gzip_rows.append((transport, "ApplyMove", got[1], got[2], *(_answer_bytes(our_port, r) for r in raw)))
        del got[2]
    rows = [(transport, "ApplyMove", got[1][0] / got[0][0], got[0][1] / got[1][1])]
    if connectrpc:
        rows += [(f"{transport}/connectrpc", "ApplyMove", got[3][0] / got[2][0], got[2][1] / got[3][1]),
                 (f"{transport}", "crpc/ours", got[3][0] / got[1][0], got[1][1] / got[3][1])]
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.service", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--server-cpu", type=int, default=0)
    p.add_argument("--client-cpu", type=int, default=1)
    p.add_argument("--only", nargs="*", default=None, help="methods to run (default: all)")
    p.add_argument("--transports", nargs="*", default=["grpc", "rest", "connect", "grpcweb"],
                   help="connect and grpcweb run ApplyMove only (acceptance: ratios to litestar's empty handler, "
                        "and to the connectrpc package's when it is installed)")
    p.add_argument("--no-secure", action="store_true", help="skip the ApplyMove rows with seat keys and stores")
    p.add_argument("--gzip", action="store_true", help="also run each of our rows from a client taking gzip "
                   "answers, and ListGames; report the CPU and bytes of compression")
    a = p.parse_args(argv)
    a.gzip_rows = []  # (transport, method, plain (req/s, p99, cpu), gzip (...), plain bytes, gzip bytes)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {a.client_cpu})
    import uvloop

    rpc_http = [t for t in a.transports if t in RPC_OVER_HTTP] if not a.only or "ApplyMove" in a.only else []
    connectrpc = bool(rpc_http) and importlib.util.find_spec("connectrpc") is not None
    if rpc_http and not connectrpc:
        print("# connectrpc not installed: no connectrpc rows (pip install connectrpc)")
    plain = {"TABLETOP_TOKEN_KEYS": KEYS, "TABLETOP_ACCESS": "open", "TABLETOP_GAME_STORE": "none"}  # stateless
    if a.gzip:  # gRPC answers compressed for the channels that take gzip (the plain rows' take identity only)
        plain["TABLETOP_GRPC_COMPRESSION"] = "gzip"

    def service(ports, env):
        return _start(["-m", "service", "--workers", "1", "--host", "127.0.0.1", "--grpc-port", str(ports[0]),
                       "--http-port", str(ports[1]), "--log-level", "warning"], a.server_cpu, env)

    def python(module: str, fn: str):
        return 1, lambda ports: _start(["-c", f"from {module} import {fn}; {fn}({ports[0]})"], a.server_cpu)
    tmp = tempfile.TemporaryDirectory(prefix="bench-store-")
    variants: dict[str, dict] = {}  # secure set-up -> its service's environment
    servers = {"service": (2, lambda ports: service(ports, plain))}
    redis: dict = {}
    if not a.no_secure and (not a.only or "ApplyMove" in a.only):
        variants = {"keys": dict(plain, TABLETOP_ACCESS="seats"),
                    "sqlite": dict(plain, TABLETOP_GAME_STORE=f"sqlite:///{tmp.name}/games.db")}
        redis_bin = shutil.which("redis-server")
        if redis_bin:
            redis = _launch({"redis-server": (1, lambda ports: subprocess.Popen(
                [redis_bin, "--bind", "127.0.0.1", "--port", str(ports[0]), "--save", "", "--appendonly", "no"],
                stdout=subprocess.DEVNULL))})
            variants["redis"] = dict(plain, TABLETOP_GAME_STORE=f"redis://127.0.0.1:{redis['redis-server'][1][0]}/0")
        else:
            print("# redis-server not installed: no redis row (apt-get install redis-server)")
        servers.update({f"service+{name}": (2, lambda ports, env=env: service(ports, env))
                        for name, env in variants.items()})
    servers.update({"empty grpc": python("bench.service", "_serve_empty_grpc"),
                    "empty http": python("bench.service", "_serve_empty_http"),
                    "floor grpc": python("bench.service", "_serve_floor_grpc"),
                    "floor http": python("bench.service", "_serve_floor_http")})
    if connectrpc:
        servers.update({"connectrpc empty": python("bench.connectrpc_servers", "serve_empty"),
                        "connectrpc apply": python("bench.connectrpc_servers", "serve_apply")})
    try:
        running = _launch(servers)
    except BaseException:
        _stop([proc for proc, _ in redis.values()])
        tmp.cleanup()
        raise
    procs = [proc for proc, _ in running.values()]
    (gport, hport), secure = running["service"][1], {name: running[f"service+{name}"][1] for name in variants}
    (egport,), (ehport,) = running["empty grpc"][1], running["empty http"][1]
    (fgport,), (fhport,) = running["floor grpc"][1], running["floor http"][1]
    crport_e, crport_a = (running[f"connectrpc {k}"][1][0] for k in ("empty", "apply")) if connectrpc else (0, 0)
    try:
        time.sleep(0.5)
        pids = {port: proc.pid for proc, ports in running.values() for port in ports}
        reqs = _requests(hport, listing=a.gzip)
        rows = []

        def run_set(sides: list[tuple[str, object]]) -> list[tuple[float, float, float]]:
            # Alternate the servers round by round and keep each one's median round: the machine is shared.
            # The server's CPU time per call is kept too: on a busy machine it moves less than req/s.
            results = [[] for _ in sides]
            for _ in range(a.rounds):
                for out, (_label, make) in zip(results, sides):
                    rate, lat, errors, cpu_us = uvloop.run(make(pids[make.port]))
                    out.append((rate, _pct(lat, 0.5), _pct(lat, 0.99), errors, cpu_us))
            medians = []
            for (label, _make), out in zip(sides, results):
                out.sort()
                rate, p50, p99, errors, _ = out[len(out) // 2]
                cpu_us = sorted(r[4] for r in out)[len(out) // 2]
                rows.append((label, rate, p50, p99, errors, cpu_us))
                medians.append((rate, p99, cpu_us))
            return medians

        print(f"# service benchmark: 1 server worker on cpu {a.server_cpu}, client on cpu {a.client_cpu}, "
              f"concurrency {a.concurrency}, median of {a.rounds} rounds of {a.seconds}s per row; "
              f"engines compiled: {__import__('engines').COMPILED}")
        summary = []
        of_floor = []
        of_plain = []
        from google.protobuf import json_format

        from service.api import engine_pb2 as pb
        secure_reqs = {}
        for name, (_g, h) in secure.items():
            body, key = _apply_request(h, "seats" if name == "keys" else "open")
            secure_reqs[name] = (json.dumps(body).encode(),
                                 json_format.ParseDict(body, pb.ApplyMoveRequest()).SerializeToString(), key)
        for transport in rpc_http:
            summary += _rpc_over_http(transport, reqs["ApplyMove"], (ehport, hport, crport_e, crport_a), connectrpc,
                                      run_set, a)
        for name, (path, body, method, payload) in reqs.items():
            if a.only and name not in a.only:
                continue
            for transport in (t for t in a.transports if t not in RPC_OVER_HTTP):
                if transport == "grpc":
                    def load(port, rpc=method, data=payload, key="", gzip=False):
                        return _Load(port, _bench_grpc, rpc, data, a.seconds, a.concurrency, key, gzip)
                    sides = [(f"grpc  empty({name} bytes)", load(egport, "/bench.Empty/Call"))]
                    floor, ours = fgport, gport
                else:
                    def load(port, route=path, data=body, key="", gzip=False):
                        return _Load(port, _bench_http, route, data, a.seconds, a.concurrency, key,
                                     "application/json", gzip)
                    sides = [(f"rest  empty({name} body)", load(ehport, "/empty", body or b""))]
                    floor, ours = fhport, hport
                if name == "ApplyMove":
                    sides.append((f"{transport:5} floor(token+apply only)", load(floor)))
                sides.append((f"{transport:5} {name}", load(ours)))
                mine = len(sides) - 1
                if a.gzip:
                    sides.append((f"{transport:5} {name}+gzip", load(ours, gzip=True)))
                extra = list(secure_reqs.items()) if name == "ApplyMove" else []
                for variant, (json_body, pb_body, key) in extra:
                    port = secure[variant][0 if transport == "grpc" else 1]
                    data = pb_body if transport == "grpc" else json_body
                    sides.append((f"{transport:5} {name}+{variant}", load(port, data=data, key=key)))
                got = run_set(sides)
                if a.gzip:
                    sizes = [_answer_bytes(hport, _http_request(path, body, gzip=z)) for z in (False, True)] \
                        if transport != "grpc" else [float("nan")] * 2
                    a.gzip_rows.append((transport, name, got[mine], got[mine + 1], *sizes))
                    del got[mine + 1]
                base = got[0]
                summary.append((transport, name, got[mine][0] / base[0], base[1] / got[mine][1]))
                if name == "ApplyMove":
                    summary.append((transport, "floor", got[1][0] / base[0], base[1] / got[1][1]))
                    of_floor.append((transport, got[mine][0] / got[1][0], ratio(got[1][2], got[mine][2])))
                for k, (variant, _) in enumerate(extra):
                    of_plain.append((transport, variant, got[mine + 1 + k][0] / got[mine][0],
                                     got[mine][1] / got[mine + 1 + k][1]))
        print(f"{'row':34} {'req/s':>9} {'p50 us':>9} {'p99 us':>9} {'cpu us/call':>12} {'errors':>7}")
        for label, rate, p50, p99, errors, cpu_us in rows:
            print(f"{label:34} {rate:9.0f} {p50:9.0f} {p99:9.0f} {cpu_us:12.1f} {errors:7d}")
        print("\n# ratios to the empty handler of the same framework (1.0 = the framework's limit; floor = the")
        print("# contract's irreducible ApplyMove work: token open + apply + token seal)")
        print(f"{'transport':10} {'method':12} {'throughput':>11} {'p99 (empty/ours)':>17}")
        for transport, name, thr, p99 in summary:
            print(f"{transport:10} {name:12} {thr:11.2f} {p99:17.2f}")
        if of_floor:
            print("\n# ApplyMove's throughput as a share of the floor row's (1.0 = only the contract's work)")
            for transport, share, _by_cpu in of_floor:
                print(f"{transport:10} ApplyMove/floor {share:5.2f}")
            print("# the same share from the server's CPU time per call (floor's / ours): steadier on a busy machine")
            for transport, _share, by_cpu in of_floor:
                print(f"{transport:10} ApplyMove/floor_by_cpu {by_cpu:5.2f}")
        if a.gzip_rows:
            print("\n# compression: the same calls from a client taking gzip (server CPU per call, answer bytes on")
            print("# the wire; gRPC's bytes are not read here)")
            print(f"{'transport':10} {'method':11} {'cpu us plain':>12} {'gzip':>8} {'+us':>7} {'req/s ratio':>11} "
                  f"{'bytes plain':>11} {'gzip':>7}")
            for transport, name, plain, zipped, size, zsize in a.gzip_rows:
                print(f"{transport:10} {name:11} {plain[2]:12.1f} {zipped[2]:8.1f} {zipped[2] - plain[2]:7.1f} "
                      f"{ratio(zipped[0], plain[0]):11.2f} {size:11.0f} {zsize:7.0f}")
        if of_plain:
            print("\n# ApplyMove on the secure set-ups, as ratios to the same run's plain ApplyMove (1.0 = no cost):")
            print("# keys = a `seats` game with the mover's key; sqlite / redis = the fork guard's store")
            print(f"{'transport':10} {'variant':22} {'throughput':>11} {'p99 (plain/this)':>17}")
            for transport, variant, thr, p99 in of_plain:
                print(f"{transport:10} ApplyMove+{variant:12} {thr:11.2f} {p99:17.2f}")
    finally:
        _stop(procs + [proc for proc, _ in redis.values()])
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
