"""SIGTERM under load: in-flight calls complete, new ones are refused cleanly, the process exits 0."""
from __future__ import annotations

import errno
import json
import re
import signal
import socket
import threading
import time

import grpc
import httpx
import pytest

from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc
from service.process.server import FULL_PASS_EVERY


def test_sigterm_during_load_drains_and_exits_zero(request):
    start = request.getfixturevalue("start_service_factory")
    svc = start(workers=2)
    with grpc.insecure_channel(svc.grpc_target) as ch:
        stub = engine_pb2_grpc.GameServiceStub(ch)
        token = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=1), timeout=10).state
    # Slow calls in flight when the signal lands: big ScoreBatches over both transports.
    batch = pb.ScoreBatchRequest(states=[token] * 1000)
    results: list[str] = []
    calls: list[tuple[float, bool]] = []  # (start time, completed fully) of every answered call
    lock = threading.Lock()
    stop = threading.Event()

    def grpc_load():
        with grpc.insecure_channel(svc.grpc_target) as ch:
            s = engine_pb2_grpc.GameServiceStub(ch)
            for _ in range(200):  # bounded
                if stop.is_set():
                    break
                began = time.monotonic()
                try:
                    out = s.ScoreBatch(batch, timeout=30)
                    ok = len(out.results) == 1000 and all(r.HasField("score") for r in out.results)
                    with lock:
                        results.append("ok" if ok else "bad")
                        calls.append((began, ok))
                except grpc.RpcError as e:
                    with lock:
                        calls.append((began, False))  # refused after shutdown began: never a half answer
                        results.append(f"refused:{e.code().name}")
                    if e.code() == grpc.StatusCode.UNAVAILABLE:
                        break

    def rest_load():
        import base64
        body = {"states": [base64.b64encode(token).decode()] * 300}
        with httpx.Client(base_url=svc.http, timeout=30) as c:
            for _ in range(200):
                if stop.is_set():
                    break
                began = time.monotonic()
                try:
                    r = c.post("/v1/score:batch", json=body)
                    ok = r.status_code == 200 and len(r.json()["results"]) == 300
                    refused = r.status_code == 503 and r.json()["reason"] == "draining"
                    with lock:
                        results.append("ok" if ok else "refused:503" if refused else f"bad:{r.status_code}")
                        calls.append((began, ok))
                    if refused:
                        break
                except httpx.TransportError:
                    with lock:
                        calls.append((began, False))
                        results.append("refused:connect")
                    break

    threads = [threading.Thread(target=f) for f in (grpc_load, grpc_load, rest_load, rest_load)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    with lock:
        done_before = results.count("ok")
    signalled = time.monotonic()
    svc.proc.send_signal(signal.SIGTERM)
    code = svc.proc.wait(30)
    stop.set()
    for t in threads:
        t.join(30)
    assert code == 0
    assert done_before > 0
    # Calls well under way when the signal landed (sent 100 ms before) all finished with full answers.
    in_flight = [ok for began, ok in calls if signalled - 1.0 < began < signalled - 0.1]
    assert in_flight and all(in_flight), calls
    assert "bad" not in results and not any(r.startswith("bad") for r in results), results
    # Whatever was refused was refused cleanly (not a broken answer): UNAVAILABLE or 503 `draining` (a new
    # call is held until the ports close, then refused), or the connection refused once the port is closed;
    # never CANCELLED (grpc core cancels the calls it holds when it shuts down, before any handler took
    # them: service/process/drain.py). Tokens are stateless, so a refused call changed nothing.
    assert all(r in ("ok", "refused:UNAVAILABLE", "refused:503", "refused:connect") for r in results), \
        set(results)
    cancelled = [began for began, ok in calls if not ok and began < signalled - 0.1]
    assert not cancelled, f"calls under way 100 ms before the signal were refused: {cancelled}"


def test_a_draining_worker_answers_rest_and_ends_the_connection(request):
    """After SIGTERM, during the drain delay, REST and Connect calls are still answered, each with
    `connection: close`, so
    a keep-alive client's next call opens a new connection (which a load balancer sends elsewhere)."""
    start = request.getfixturevalue("start_service_factory")
    svc = start(workers=1, extra_env={"TABLETOP_DRAIN_DELAY": "3"})
    with httpx.Client(base_url=svc.http, timeout=10) as c:
        token = c.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}).json()["state"]
        before = c.post("/v1/legal-moves", json={"state": token})
        assert before.status_code == 200 and before.headers.get("connection") != "close"
        svc.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 2
        while c.get("/readyz").status_code == 200 and time.monotonic() < deadline:
            time.sleep(0.02)
        answers = [c.post("/v1/legal-moves", json={"state": token}), c.post("/v1/score", json={"state": token}),
                   c.post("/v1/games/hats:new", json={"seats": [{}, {}]}),
                   c.post("/engine.v1.GameService/Score", json={"state": token})]
    assert [(r.status_code, r.headers.get("connection")) for r in answers] == [(200, "close")] * 4
    assert svc.proc.wait(20) == 0


def _lifetime_log(start, level: str, tmp_path) -> list[str]:
    """The stderr lines of a service started at `level`, asked once over HTTP, then stopped with SIGTERM."""
    path = tmp_path / f"service-{level}.log"
    with open(path, "wb") as err:
        svc = start(workers=1, log_level=level, stderr=err)
        assert httpx.post(svc.http + "/v1/apply", json={"state": "AAAA"}).status_code == 401
        svc.proc.send_signal(signal.SIGTERM)
        assert svc.proc.wait(20) == 0
    return path.read_text().splitlines()


def test_the_log_level_holds_in_every_process(request, tmp_path):
    """--log-level warning: no INFO line from the supervisor or a worker (the HTTP framework's own logging
    setup once put the worker's root logger back at INFO); the default level shows the lifecycle."""
    start = request.getfixturevalue("start_service_factory")
    quiet = _lifetime_log(start, "warning", tmp_path)
    assert not [line for line in quiet if " INFO " in line or line.startswith("INFO")], quiet
    chatty = _lifetime_log(start, "info", tmp_path)
    assert any("serving gRPC on" in line for line in chatty) and any("stopped" in line for line in chatty), chatty
    # The worker's start-up heap is frozen out of the collector's passes, its full passes spaced out
    # (service/process/server.py settle_heap).
    settled = [m.groups() for line in chatty if (m := re.search(r"\((\d+) start-up objects frozen .* after every "
                                                                r"(\d+) of its middle ones", line))]
    assert settled and int(settled[0][0]) > 10_000 and int(settled[0][1]) == FULL_PASS_EVERY, chatty


def _read_answer(sock, timeout: float = 5.0) -> bytes:
    """Everything the server sends on `sock` until it closes it (b"" if it closed without a byte)."""
    sock.settimeout(timeout)
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk


def test_the_drain_closes_http_connections_only_between_requests(request):
    """Once the drain refuses new work, a request is held until the listener is closed, then answered 503
    `draining` with `connection: close`: a connection that was in the middle of a request's head, or had
    just been opened and sent nothing yet, gets that answer (never a close or a reset instead), and an idle
    kept-alive connection is closed without a byte (between requests). A gRPC call likewise waits until the
    server is shutting down (GOAWAY sent, its port closed), then is refused UNAVAILABLE `draining`."""
    start = request.getfixturevalue("start_service_factory")
    svc = start(workers=1, extra_env={"TABLETOP_DRAIN_DELAY": "1", "TABLETOP_SHUTDOWN_GRACE": "6"})
    token = httpx.post(svc.http + "/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}).json()["state"]
    body = ('{"state": "%s"}' % token).encode()
    call = (b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n\r\n" + body)
    port = ("127.0.0.1", svc.http_port)
    idle = socket.create_connection(port)  # answered once, then kept alive, idle
    idle.sendall(call)
    idle.settimeout(5)
    assert idle.recv(65536).startswith(b"HTTP/1.1 200")
    half = socket.create_connection(port)  # half a head sent when the drain begins
    half.sendall(call[:40])
    channel = grpc.insecure_channel(svc.grpc_target)
    stub = engine_pb2_grpc.GameServiceStub(channel)
    state = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 2), timeout=10).state
    svc.proc.send_signal(signal.SIGTERM)
    time.sleep(1.1)  # past the drain delay: new work is refused (held)
    refused: list = []

    def grpc_call():
        try:
            refused.append(stub.Score(pb.ScoreRequest(state=state), timeout=10))
        except grpc.RpcError as e:
            with socket.socket() as s:  # by the time the refusal came, the gRPC port was closed
                refused.append((e.code(), e.details(), s.connect_ex(("127.0.0.1", svc.grpc_port))))
    caller = threading.Thread(target=grpc_call)
    caller.start()
    held = socket.create_connection(port)
    held.sendall(call)
    fresh = socket.create_connection(port)  # opened, nothing sent yet
    answer = _read_answer(held)
    # The held request was answered once the listener had closed: a new connection is refused now.
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(port, timeout=1).close()
    fresh.sendall(call)  # just after the shutdown of the connections began
    half.sendall(call[40:])
    answers = {"held": answer, "fresh": _read_answer(fresh), "half": _read_answer(half)}
    for name, got in answers.items():
        head, _, text = got.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 503") and b"connection: close" in head.lower(), (name, got)
        assert json.loads(text)["reason"] == "draining", (name, got)
    assert _read_answer(idle) == b""  # closed between requests, without a byte
    for s in (idle, half, held, fresh):
        s.close()
    caller.join(10)
    channel.close()
    assert refused and isinstance(refused[0], tuple), refused  # (not answered: served, or never refused)
    assert refused[0][0] == grpc.StatusCode.UNAVAILABLE and "shutting down" in refused[0][1], refused
    assert refused[0][2] == errno.ECONNREFUSED, refused
    assert svc.proc.wait(10) == 0


def test_a_starting_worker_refuses_http_connections_until_it_accepts_them():
    """A worker's HTTP port is bound at start but listens only when its event loop accepts: a connection
    the kernel queued in between waited out the start (16 REST players' 10 s timeouts after a group SIGTERM's
    restart); refused, it goes to a worker that accepts."""
    from service.process.server import _http_socket

    sock = _http_socket("127.0.0.1", 0)
    try:
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(sock.getsockname(), timeout=2).close()
    finally:
        sock.close()
