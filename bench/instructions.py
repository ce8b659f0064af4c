"""Server instructions per call, counted by valgrind: ratios that hold on a noisy machine.

    python -m bench.instructions [--calls 2000] [--rows apply floor playing peer rest_apply rest_floor]

Throughput ratios (bench.service, bench.peers) move by 20-30% between runs on a
busy 2-core VM. The instructions a server executes per call do not: each row's
server runs under `valgrind --tool=callgrind` twice, serving W warm-up calls and
then 0 or N more, sent one at a time over a real gRPC channel (or one kept-alive HTTP/1.1
connection) on 127.0.0.1 by this process (not under valgrind); (instructions with N - instructions with 0) / N is
the row's cost per call, the framework's share included. Address-space randomisation
is turned off (`setarch -R`), so repeat runs agree to within about 0.5% on a quiet machine (3% with it
on) and within 2% on a busy one: grpcio's own threads do more while a call waits longer. Repeat a run
before trusting a difference of a few thousand.

Rows:
- `apply`: our ApplyMove (bench.service's request: the first move of a 3-seat Hats game, no `want`);
- `floor`: bench.service's floor row, the same request (open the token, apply, seal, answer the token);
- `playing`: our ApplyMove as bench.peers plays it (random full Hats games, the move by `index`, the
  listed moves wanted), 600 distinct requests;
- `peer`: bench.peers' OpenSpiel peer (hearts and oh_hell) played the same way (needs the `bench` extra);
- `rest_apply`, `rest_floor`: the `apply` and `floor` rows over REST (`POST /v1/apply`, the same request
  as proto3 JSON) on uvicorn as the service runs it.

Ends with `floor/apply` and `rest_floor/rest_apply` (issue 9's ApplyMove-to-floor share on each
transport, by instructions) and `playing/peer`
(issue 11's server CPU per call, ours over the peer's, by instructions). Instructions are not time
(cache misses and the GIL's hand-offs under load are not in them), so quote them beside bench.service.
Needs valgrind (`apt-get install valgrind`). Loopback only; every loop is bounded.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import pickle
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from .service import KEYS, _free_port

WARM = 300  # calls before counting: converters made, memos filled, the interpreter's code specialised
APPLY = "/engine.v1.GameService/ApplyMove"
PEER_APPLY = "/peer.v1.Peer/ApplyAction"


# ---------------------------------------------------------------- the servers (under valgrind)

def _ours_server(port: int):
    from service.adapters import rpc
    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    server, _port, _health = rpc.create_server(App(Sealer(parse_keys(KEYS)), access="open"), f"127.0.0.1:{port}")
    server.start()
    return server


def _floor_server(port: int):
    import threading

    from .service import _serve_floor_grpc
    threading.Thread(target=_serve_floor_grpc, args=(port,), daemon=True).start()


def _ours_http(port: int):
    import threading

    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    from service.process.http import create_app

    from .service import _serve_http
    web = create_app(App(Sealer(parse_keys(KEYS)), access="open"))
    threading.Thread(target=_serve_http, args=(port, web), daemon=True).start()


def _floor_http(port: int):
    import threading

    from .service import _serve_floor_http
    threading.Thread(target=_serve_floor_http, args=(port,), daemon=True).start()


def _peer_server(port: int):
    from .peers.peer import Engine, create_grpc_server
    server = create_grpc_server(Engine(), f"127.0.0.1:{port}")
    server.start()
    return server


SERVERS = {"apply": _ours_server, "floor": _floor_server, "playing": _ours_server, "peer": _peer_server,
           "rest_apply": _ours_http, "rest_floor": _floor_http}
REST = {"rest_apply", "rest_floor"}  # rows served over HTTP/1.1 (REST's /v1/apply) rather than gRPC


def serve(kind: str, port: int, stop_file: str) -> None:
    """Serve row `kind` on `port` until `stop_file` exists, then exit normally (valgrind then counts)."""
    keep = SERVERS[kind](port)  # noqa: F841 - the server lives as long as this frame
    deadline = time.monotonic() + 3600
    while not os.path.exists(stop_file) and time.monotonic() < deadline:
        time.sleep(0.2)


# ---------------------------------------------------------------- the requests

def _ours_requests(playing: bool) -> list[bytes]:
    """bench.service's ApplyMove request (one), or 600 from random full games with the listing wanted."""
    from service.api import engine_pb2 as pb
    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    from service.wire.convert import from_pb, to_bytes
    from service.wire.methods import METHODS
    meths = {m.name: m for m in METHODS}
    app = App(Sealer(parse_keys(KEYS)), access="open")

    def call(name, req, pb_cls):
        return pb_cls.FromString(to_bytes(app.call("grpc", name, from_pb(req, meths[name].request)),
                                          meths[name].response_pb))
    if not playing:
        new = call("NewGame", pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=7), pb.NewGameResponse)
        move = call("LegalMoves", pb.LegalMovesRequest(state=new.state), pb.LegalMovesResponse).moves[0]
        return [pb.ApplyMoveRequest(state=new.state, move=pb.Move(seat=move.seat, text=move.text))
                .SerializeToString()]
    want, rng, out = pb.Want(legal_moves=True), random.Random(1), []
    for seed in range(12):
        r = call("NewGame", pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=seed, access="open",
                                              want=want), pb.NewGameResponse)
        while r.legal_by_seat:
            q = pb.ApplyMoveRequest(state=r.state, index=rng.randrange(sum(len(g.moves) for g in r.legal_by_seat)),
                                    want=want)
            out.append(q.SerializeToString())
            r = call("ApplyMove", q, pb.ApplyMoveResponse)
    rng.shuffle(out)
    return out[:600]


def _send_http(port: int, bodies: list[bytes], calls: int) -> None:
    """`calls` POSTs of REST's ApplyMove, one at a time on one kept-alive connection; any answer but 200 stops."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        for i in range(calls):
            conn.request("POST", "/v1/apply", bodies[i % len(bodies)], {"Content-Type": "application/json"})
            answer = conn.getresponse()
            data = answer.read()
            if answer.status != 200:
                raise RuntimeError(f"REST ApplyMove answered {answer.status}: {data[:300]!r}")
    finally:
        conn.close()


def _as_json(requests: list[bytes]) -> list[bytes]:
    """The same ApplyMove requests as REST bodies (proto3 JSON)."""
    from google.protobuf import json_format

    from service.api import engine_pb2 as pb
    return [json_format.MessageToJson(pb.ApplyMoveRequest.FromString(r), indent=None).encode() for r in requests]


def _peer_requests() -> list[bytes]:
    from .peers.peer import PB, Engine
    engine, rng, out = Engine(), random.Random(1), []
    for g in range(12):
        blob, legal, _player, over, _returns = engine.new(("hearts", "oh_hell")[g % 2], g)
        while not over:
            action = legal[rng.randrange(len(legal))]
            out.append(PB["ApplyRequest"](state=blob, action=action).SerializeToString())
            blob, legal, _player, over, _returns = engine.apply(blob, action)
    rng.shuffle(out)
    return out[:600]


# ---------------------------------------------------------------- one count

def _instructions(kind: str, method: str, requests: list[bytes], calls: int, tmp: str) -> int:
    """Instructions the row's server executed, serving WARM + `calls` calls."""
    import grpc
    port = _free_port()
    stop_file = os.path.join(tmp, f"stop-{port}")
    # Without address-space randomisation: dicts keyed by id() (the converters' caches) then lay out the
    # same every run; with it, runs of the same code differed by up to 3%.
    fixed = ["setarch", "-R"] if shutil.which("setarch") else []
    proc = subprocess.Popen(
        [*fixed, "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m",
         "bench.instructions", "--serve", kind, str(port), stop_file],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONHASHSEED="0"))  # the same dict layouts every run
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{kind} server did not start: {proc.stderr.read()[-2000:]}")
                time.sleep(0.2)
        if kind in REST:
            _send_http(port, requests, WARM + calls)
        else:
            with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
                rpc = channel.unary_unary(method)
                for i in range(WARM + calls):
                    rpc(requests[i % len(requests)], timeout=60)
        open(stop_file, "w").close()
        _out, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    found = re.search(r"Collected : (\d+)", err)
    if not found:
        raise RuntimeError(f"no instruction count from valgrind for {kind}: {err[-2000:]}")
    return int(found.group(1))


def per_call(kind: str, calls: int, tmp: str) -> float:
    """The row's server instructions per call (the 0-call run's count taken off)."""
    requests = (_peer_requests() if kind == "peer" else _ours_requests(kind == "playing"))
    if kind in REST:
        requests = _as_json(requests)
    method = PEER_APPLY if kind == "peer" else APPLY
    base = _instructions(kind, method, requests, 0, tmp)
    return (_instructions(kind, method, requests, calls, tmp) - base) / calls


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=2000)
    p.add_argument("--rows", nargs="+", choices=list(SERVERS), default=list(SERVERS))
    p.add_argument("--serve", nargs=3, metavar=("KIND", "PORT", "STOP_FILE"), help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.serve:
        serve(a.serve[0], int(a.serve[1]), a.serve[2])
        return
    if not shutil.which("valgrind"):
        sys.exit("bench.instructions needs valgrind (apt-get install valgrind)")
    rows = list(a.rows)
    if "peer" in rows:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            print("# no OpenSpiel (pip install -e '.[bench]'): no peer row")
            rows.remove("peer")
    print(f"# bench.instructions: {a.calls} calls per row after {WARM} warm-up calls, one at a time; "
          f"server instructions per call (valgrind)")
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(2) as pool:
        got = dict(zip(rows, pool.map(lambda kind: per_call(kind, a.calls, tmp), rows)))
    for kind, n in got.items():
        print(f"{kind:10} {n:10,.0f}")
    if "apply" in got and "floor" in got:
        print(f"floor/apply {got['floor'] / got['apply']:.3f}")
    if "rest_apply" in got and "rest_floor" in got:
        print(f"rest_floor/rest_apply {got['rest_floor'] / got['rest_apply']:.3f}")
    if "playing" in got and "peer" in got:
        print(f"playing/peer {got['playing'] / got['peer']:.3f}")


if __name__ == "__main__":
    main()
