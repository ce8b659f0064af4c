"""Tracing and log lines (issue 32, item 5): a call's W3C trace id in its log lines on every transport, a
request id echoed (the caller's when well-formed, else one made), JSON lines with `--log-format json`,
and no INFO line from any process at `--log-level warning`.

Real services on 127.0.0.1 (tests/service/conftest.py), their stderr kept in files; the formatters, the
traceparent parser and the thread hops also in process.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import struct
import subprocess
import sys
import time

import grpc
import httpx
import pytest

from service.app import tracing
from service.process import logs

GENERATED = re.compile(r"[0-9a-f]{12}-[0-9]+")
RPC = "/engine.v1.GameService/"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _traceparent(n: int) -> tuple[str, str]:
    """(traceparent, its trace id), a different one for each n."""
    trace = f"{n:032x}"
    return f"00-{trace}-00f067aa0ba902b7-01", trace


def _lines(path, needle: str, timeout: float = 5.0) -> list[str]:
    """The log file's lines containing `needle`, waiting a little for them (a worker writes as it answers)."""
    deadline = time.monotonic() + timeout
    while True:
        found = [line for line in path.read_text(errors="replace").splitlines() if needle in line]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def _listening_children(parent: int, port: int) -> list[int]:
    """`parent`'s children that hold a socket listening on `port`: its workers (the spare binds none)."""
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for row in f.readlines()[1:]:
                fields = row.split()
                if fields[1].endswith(f":{port:04X}") and fields[3] == "0A":  # 0A: LISTEN
                    listening.add(f"socket:[{fields[9]}]")
    found = []
    for pid in os.popen(f"pgrep -P {parent}").read().split():
        try:
            links = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        except OSError:
            continue
        if links & listening:
            found.append(int(pid))
    assert found, "no worker holds the port"
    return found


def _ready_again(svc, timeout: float = 90) -> None:
    """Wait until the replaced workers serve (readiness from a few connections, which the kernel spreads)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if all(httpx.get(svc.http + "/readyz", timeout=1).status_code == 200 for _ in range(4)):
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("the workers were not replaced in time")


def _grpc_web(http: httpx.Client, method: str, payload: bytes, headers: dict) -> httpx.Response:
    return http.post(RPC + method, content=struct.pack(">BI", 0, len(payload)) + payload,
                     headers={"content-type": "application/grpc-web+proto", **headers})


@pytest.fixture(scope="module")
def debug_service(start_module_service, tmp_path_factory):
    """One worker at --log-level debug (a line per call), text format."""
    log = tmp_path_factory.mktemp("logging") / "stderr.log"
    with open(log, "wb") as err:
        svc = start_module_service(workers=1, log_level="debug", stderr=err)
    with httpx.Client(base_url=svc.http, timeout=10) as http, grpc.insecure_channel(svc.grpc_target) as channel:
        yield svc, http, channel, log


def test_every_transport_logs_the_callers_trace_id_and_echoes_its_request_id(debug_service):
    """REST (a quick call and a ScoreBatch, which runs in the lane's thread), Connect, gRPC-Web and gRPC: the
    call's log line carries the traceparent's trace id and the caller's x-request-id, which comes back (gRPC:
    in the initial metadata)."""
    from service.api import engine_pb2 as pb
    from service.api import engine_pb2_grpc
    _, http, channel, log = debug_service
    calls = {
        "rest ListGames": lambda h: http.get("/v1/games", headers=h).headers,
        "rest ScoreBatch": lambda h: http.post("/v1/score:batch", json={"states": ["AAAA"]}, headers=h).headers,
        "connect ListGames": lambda h: http.post(RPC + "ListGames", json={}, headers=h).headers,
        "grpc_web ListGames": lambda h: _grpc_web(http, "ListGames", b"", h).headers,
        "grpc ListGames": lambda h: dict(engine_pb2_grpc.GameServiceStub(channel).ListGames.with_call(
            pb.ListGamesRequest(), metadata=list(h.items()), timeout=10)[1].initial_metadata()),
    }
    for n, (what, call) in enumerate(calls.items(), start=1):
        traceparent, trace = _traceparent(n)
        rid = f"req-{n}.{what.replace(' ', '_')}"
        echoed = call({"traceparent": traceparent, "x-request-id": rid})
        assert echoed["x-request-id"] == rid, what
        lines = _lines(log, f"trace_id={trace}")
        assert lines and all(what in line and f"request_id={rid}" in line for line in lines), (what, lines)


def test_a_grpc_stream_logs_its_trace_id_for_every_message(debug_service):
    """ScoreStream: each message's line carries the stream's ids (answered in a context of the stream's own)."""
    from service.api import engine_pb2 as pb
    from service.api import engine_pb2_grpc
    _, _, channel, log = debug_service
    traceparent, trace = _traceparent(99)
    stream = engine_pb2_grpc.GameServiceStub(channel).ScoreStream(
        iter([pb.ScoreRequest(state=b"\x00\x01")] * 3), metadata=[("traceparent", traceparent)], timeout=10)
    assert len(list(stream)) == 3
    rid = dict(stream.initial_metadata())["x-request-id"]
    assert GENERATED.fullmatch(rid)
    deadline = time.monotonic() + 5
    while len(lines := _lines(log, f"trace_id={trace}")) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(lines) == 3 and all("grpc ScoreStream" in line and f"request_id={rid}" in line for line in lines), lines


def test_a_malformed_traceparent_or_request_id_is_not_taken(debug_service):
    """An upper-case traceparent is no trace id; a request id with a space, or of 200 characters, is replaced
    by one made here; a call with neither gets one made here too (HTTP echoes it always)."""
    _, http, _, log = debug_service
    bad_trace = "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01"
    for given in ("has space", "x" * 200, None):
        headers = {"traceparent": bad_trace} if given is None else {"traceparent": bad_trace, "x-request-id": given}
        rid = http.get("/v1/games", headers=headers).headers["x-request-id"]
        assert rid != given and GENERATED.fullmatch(rid), rid
        lines = _lines(log, f"request_id={rid}")
        assert len(lines) == 1 and "rest ListGames" in lines[0] and "trace_id=" not in lines[0], lines
    assert GENERATED.fullmatch(http.get("/v1/games").headers["x-request-id"])


def test_a_grpc_refusal_carries_a_request_id_when_none_was_asked_for(debug_service):
    """gRPC without tracing metadata: no initial metadata of its own (it costs a batch per call), but a
    refusal's trailers carry the request id its log line names."""
    from service.api import engine_pb2 as pb
    from service.api import engine_pb2_grpc
    _, _, channel, log = debug_service
    stub = engine_pb2_grpc.GameServiceStub(channel)
    _, call = stub.ListGames.with_call(pb.ListGamesRequest(), timeout=10)
    assert "x-request-id" not in dict(call.initial_metadata())
    with pytest.raises(grpc.RpcError) as refused:
        stub.Score(pb.ScoreRequest(state=b"\x00\x01"), timeout=10)
    rid = dict(refused.value.trailing_metadata())["x-request-id"]
    assert GENERATED.fullmatch(rid)
    lines = _lines(log, f"request_id={rid}")
    assert len(lines) == 1 and "grpc Score" in lines[0] and refused.value.code().name in lines[0], lines


def test_json_lines_one_object_each_from_every_process(start_service_factory, tmp_path):
    """--log-format json (TABLETOP_LOG_FORMAT): every line of the service's stderr, supervisor and both workers,
    start to stop, is one JSON object with time, level, logger and message; a call's carries its ids."""
    log = tmp_path / "stderr.log"
    with open(log, "wb") as err:
        svc = start_service_factory(workers=2, log_level="debug", stderr=err,
                                    extra_env={"TABLETOP_LOG_FORMAT": "json"})
    traceparent, trace = _traceparent(77)
    with httpx.Client(base_url=svc.http, timeout=10) as http:
        for _ in range(4):  # (the kernel spreads connections over the workers)
            with httpx.Client(base_url=svc.http, timeout=10) as fresh:
                assert fresh.post("/v1/apply", json={"state": "AAAA"}, headers={
                    "traceparent": traceparent, "x-request-id": "json-1"}).status_code == 401
        http.get("/v1/games")
    svc.proc.send_signal(signal.SIGTERM)
    assert svc.proc.wait(30) == 0
    records = []
    for line in log.read_text().splitlines():
        record = json.loads(line)  # every line, or the test fails here naming it
        assert isinstance(record, dict) and {"time", "level", "logger", "message"} <= record.keys(), line
        records.append(record)
    pids = {r["pid"] for r in records}
    assert len(pids) >= 3, pids  # the supervisor and two workers
    traced = [r for r in records if r.get("trace_id") == trace]
    assert len(traced) == 4 and all(r["request_id"] == "json-1" and r["level"] == "DEBUG" for r in traced), traced
    assert {"INFO", "DEBUG"} <= {r["level"] for r in records}


def test_log_level_warning_holds_in_every_process(start_service_factory, tmp_path):
    """--log-level warning with two workers, calls, a worker killed and replaced, then SIGTERM: the ERROR line
    about the dead worker is there, and no INFO or DEBUG line from the supervisor, a worker, uvicorn or gRPC."""
    log = tmp_path / "stderr.log"
    with open(log, "wb") as err:
        svc = start_service_factory(workers=2, log_level="warning", stderr=err)
    with httpx.Client(base_url=svc.http, timeout=10) as http:
        for _ in range(3):
            http.get("/v1/games", headers={"traceparent": _traceparent(5)[0]})
            http.post("/v1/apply", json={"state": "AAAA"})
    os.kill(_listening_children(svc.proc.pid, svc.http_port)[0], signal.SIGKILL)  # a worker, not the spare
    assert _lines(log, "exited with code", timeout=20)
    _ready_again(svc)
    svc.proc.send_signal(signal.SIGTERM)
    assert svc.proc.wait(60) == 0
    lines = log.read_text().splitlines()
    loud = [line for line in lines if re.search(r"\b(INFO|DEBUG)\b|^I\d{4}", line)]
    assert not loud, loud


# -- in process -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, trace", [
    ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "4bf92f3577b34da6a3ce929d0e0e4736"),
    (" 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00\t", "4bf92f3577b34da6a3ce929d0e0e4736"),
    ("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future", "4bf92f3577b34da6a3ce929d0e0e4736"),
    ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-more", None),  # version 00 has four fields
    ("ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", None),  # version ff is invalid
    ("00-00000000000000000000000000000000-00f067aa0ba902b7-01", None),  # all-zero trace id
    ("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", None),  # all-zero parent id
    ("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", None),  # upper case
    ("00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01", None),  # short
    ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7", None),
    ("", None), (None, None), ("01-" + "a" * 32 + "-" + "b" * 16 + "-01-" + "x" * 600, None),
])
def test_traceparent(value, trace):
    assert tracing.trace_id(value) == trace


def test_request_ids_given_or_made():
    assert tracing.ids(None, "abc-123_x:y/z+=@.").request_id == "abc-123_x:y/z+=@."
    for bad in ("", "a b", "x" * 129, "é", "a\nb", "<script>"):
        made = tracing.ids(None, bad).request_id
        assert made != bad and GENERATED.fullmatch(made)
    first, second = tracing.new_request_id(), tracing.new_request_id()
    assert first != second and first.split("-")[0] == second.split("-")[0]
    lazy = tracing.Ids(tracing.NONE)
    assert lazy.request_id == lazy.request_id  # made once, on first use


def _record(message: str, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord("service.app", logging.ERROR, __file__, 1, message, (), exc_info)


def test_json_formatter_writes_one_object_per_line_with_the_calls_ids():
    formatter = logs.JsonFormatter()
    try:
        raise ValueError("boom\nsecond line")
    except ValueError:
        exc_info = sys.exc_info()
    token = tracing.CURRENT.set(tracing.Ids(("ab" * 16, "rid-1")))
    try:
        line = formatter.format(_record("two\nlines \u2603", exc_info))
    finally:
        tracing.CURRENT.reset(token)
    assert "\n" not in line and line.isascii()
    record = json.loads(line)
    assert record["message"] == "two\nlines \u2603" and record["level"] == "ERROR" and record["logger"] == "service.app"
    assert record["trace_id"] == "ab" * 16 and record["request_id"] == "rid-1"
    assert "ValueError: boom" in record["exception"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]{8}\.\d{3}Z", record["time"])
    outside = json.loads(formatter.format(_record("no call")))
    assert "trace_id" not in outside and "request_id" not in outside


def test_text_formatter_appends_the_calls_ids_after_the_message():
    formatter = logs.TextFormatter()
    token = tracing.CURRENT.set(tracing.Ids((None, "rid-2")))
    try:
        line = formatter.format(_record("hello"))
    finally:
        tracing.CURRENT.reset(token)
    assert line.endswith("service.app: hello request_id=rid-2") and "trace_id" not in line
    assert formatter.format(_record("hello")).endswith("service.app: hello")


def test_the_call_threads_run_in_the_requests_context():
    """An HTTP call that leaves the event loop for a thread (bodies.in_threads) keeps its ids for its lines."""
    from service.adapters.bodies import in_threads

    async def call():
        tracing.CURRENT.set(tracing.Ids(("cd" * 16, "hop-1")))
        return await in_threads(tracing.current)
    ids = asyncio.run(call())
    assert ids is not None and (ids.trace_id, ids.request_id) == ("cd" * 16, "hop-1")


def test_setup_replaces_an_earlier_configuration_and_keeps_uvicorn_at_warning():
    """In a fresh process: a root handler some library installed first (at INFO) does not keep the level or the
    format; uvicorn's loggers stay at WARNING (at INFO they announce every worker's start); Python warnings
    come as log lines too."""
    code = """if True:
        import logging, warnings
        logging.basicConfig(level=logging.INFO)  # a library's, before ours
        from service.process import logs
        logs.setup("warning", "json")
        logging.getLogger("service").info("quiet")
        logging.getLogger("uvicorn.error").info("Started server process")
        logging.getLogger("service").warning("loud")
        warnings.warn("careful")
    """
    env = {k: v for k, v in os.environ.items() if k != "GRPC_VERBOSITY"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stderr.splitlines()]
    assert [(r["level"], r["logger"]) for r in records] == [("WARNING", "service"), ("WARNING", "py.warnings")]
    assert records[0]["message"] == "loud" and "careful" in records[1]["message"]
