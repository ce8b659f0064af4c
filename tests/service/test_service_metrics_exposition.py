"""/metrics as Prometheus reads it (issue 32, item 6): one charset in its content type, duration buckets up to
the call timeout, gRPC-Web counted as `grpc_web`, every worker's process metrics labelled by worker, and an
exposition that Prometheus' own parser and `promtool check metrics` accept.

One service of two workers on 127.0.0.1 (tests/service/conftest.py) with --call-timeout 30
(TABLETOP_CALL_TIMEOUT), so the buckets are shown to follow the setting, not a constant.
"""
from __future__ import annotations

import base64
import os
import signal
import struct
import subprocess
import time

import httpx
import pytest
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families

from service.app import metrics

CALL_TIMEOUT = 30.0
PROCESS = ("process_cpu_seconds", "process_resident_memory_bytes", "process_virtual_memory_bytes",
           "process_open_fds", "process_max_fds", "process_start_time_seconds")


@pytest.fixture(scope="module")
def two_workers(start_module_service):
    svc = start_module_service(workers=2, extra_env={"TABLETOP_CALL_TIMEOUT": str(CALL_TIMEOUT)})
    with httpx.Client(base_url=svc.http, timeout=10) as http:
        yield svc, http


def _families(http: httpx.Client) -> dict:
    """The exposition read by Prometheus' parser: {family name: family}."""
    return {f.name: f for f in text_string_to_metric_families(http.get("/metrics").text)}


def _value(http, family: str, sample: str, **labels) -> float:
    found = _families(http).get(family)
    return sum(s.value for s in (found.samples if found else ()) if s.name == sample
               and all(s.labels.get(k) == v for k, v in labels.items()))


def _fresh(http: httpx.Client) -> httpx.Client:
    """A new connection (the kernel spreads connections over the workers: a scrape may reach either)."""
    return httpx.Client(base_url=str(http.base_url), timeout=10)


def test_the_content_type_names_one_charset(two_workers):
    _, http = two_workers
    content_type = http.get("/metrics").headers["content-type"]
    assert content_type == CONTENT_TYPE_LATEST and content_type.count("charset") == 1, content_type


def test_duration_buckets_reach_the_call_timeout(two_workers):
    _, http = two_workers
    http.get("/v1/games")
    deadline = time.monotonic() + 10
    while True:  # (the other worker's counts arrive within metrics.FLUSH_SECONDS)
        family = _families(http).get("tabletop_request_duration_seconds")
        bounds = sorted({float(s.labels["le"]) for s in (family.samples if family else ()) if "le" in s.labels})
        if bounds or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert bounds[-1] == float("inf") and bounds[-2] == CALL_TIMEOUT, bounds
    assert {1.0, 2.5, 5.0, 10.0, 25.0} <= set(bounds) and bounds[0] == 5e-5


def test_duration_buckets_for_other_timeouts():
    fine = metrics.FINE_BUCKETS
    assert metrics.duration_buckets(10.0) == (*fine, 2.5, 5.0, 10.0)
    assert metrics.duration_buckets(7.0) == (*fine, 2.5, 5.0, 7.0)
    assert metrics.duration_buckets(100.0) == (*fine, 2.5, 5.0, 10.0, 25.0, 50.0, 100.0)
    assert metrics.duration_buckets(0.5) == fine  # a timeout under a second: the fine buckets cover it


def _grpc_web(http: httpx.Client, text: bool = False):
    frame = struct.pack(">BI", 0, 0)  # an empty ListGamesRequest
    kind = "application/grpc-web-text" if text else "application/grpc-web+proto"
    r = http.post("/engine.v1.GameService/ListGames", content=base64.b64encode(frame) if text else frame,
                  headers={"content-type": kind})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/grpc-web")


def test_grpc_web_is_its_own_transport(two_workers):
    """gRPC-Web calls (binary and text) count under transport="grpc_web", Connect's under "connect"."""
    _, http = two_workers
    labels = {"method": "ListGames", "code": "OK"}
    before = {t: _value(http, "tabletop_requests", "tabletop_requests_total", transport=t, **labels)
              for t in ("grpc_web", "connect")}
    for _ in range(3):
        with _fresh(http) as client:
            _grpc_web(client)
            _grpc_web(client, text=True)
            assert client.post("/engine.v1.GameService/ListGames", json={}).status_code == 200
    deadline = time.monotonic() + 10
    while True:
        now = {t: _value(http, "tabletop_requests", "tabletop_requests_total", transport=t, **labels)
               for t in ("grpc_web", "connect")}
        if now == {"grpc_web": before["grpc_web"] + 6, "connect": before["connect"] + 3} or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert now == {"grpc_web": before["grpc_web"] + 6, "connect": before["connect"] + 3}, (before, now)


def _start_time(pid: int) -> float:
    """A process's start (seconds since the epoch) as process_start_time_seconds reports it, from /proc."""
    with open("/proc/stat") as f:
        boot = next(float(line.split()[1]) for line in f if line.startswith("btime "))
    with open(f"/proc/{pid}/stat") as f:
        ticks = float(f.read().rpartition(")")[2].split()[19])
    return boot + ticks / os.sysconf("SC_CLK_TCK")


def _workers(http) -> dict[str, dict[str, float]]:
    """{worker label: {process family: value}} from a scrape."""
    out: dict[str, dict[str, float]] = {}
    families = _families(http)
    for name in PROCESS:
        for sample in families[name].samples:
            out.setdefault(sample.labels["worker"], {})[name] = sample.value
    return out


def test_every_workers_process_metrics_labelled_by_worker(two_workers):
    """Each scrape, whichever worker answers it, shows both workers' CPU, memory and open files, each worker's
    from its own process; a worker killed and replaced shows its replacement under the same label."""
    svc, http = two_workers
    children = {round(_start_time(pid), 2): pid for pid in _children(svc.proc.pid)}
    for _ in range(4):
        with _fresh(http) as client:
            workers = _workers(client)
        assert set(workers) == {"0", "1"}, workers
        for figures in workers.values():
            assert set(figures) == set(PROCESS)
            assert figures["process_cpu_seconds"] > 0 and figures["process_resident_memory_bytes"] > 10e6
            assert 0 < figures["process_open_fds"] < figures["process_max_fds"]
            assert round(figures["process_start_time_seconds"], 2) in children  # a process of this service
    assert workers["0"]["process_start_time_seconds"] != workers["1"]["process_start_time_seconds"]
    killed = children[round(workers["0"]["process_start_time_seconds"], 2)]
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while True:
        try:
            with _fresh(http) as client:
                now = _workers(client)
            if now["0"]["process_start_time_seconds"] != workers["0"]["process_start_time_seconds"]:
                break
        except (httpx.HTTPError, KeyError):
            pass
        assert time.monotonic() < deadline, "worker 0 was not replaced in the metrics"
        time.sleep(0.3)
    assert set(now) == {"0", "1"}
    assert now["1"]["process_start_time_seconds"] == workers["1"]["process_start_time_seconds"]


def _children(parent: int) -> list[int]:
    return [int(pid) for pid in subprocess.run(["pgrep", "-P", str(parent)], capture_output=True,
                                               text=True).stdout.split()]


def test_the_exposition_passes_prometheus_parser_and_promtool(two_workers, debian):
    """Every family parses with prometheus_client's parser, and `promtool check metrics` (Debian's prometheus
    package, installed when missing) finds nothing to say."""
    _, http = two_workers
    http.get("/v1/games")
    _grpc_web(http)
    text = http.get("/metrics").text
    families = list(text_string_to_metric_families(text))
    names = [f.name for f in families]
    assert len(names) == len(set(names)) and "tabletop_requests" in names and "process_open_fds" in names
    promtool = debian("promtool", "prometheus")
    checked = subprocess.run([promtool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip() and not checked.stderr.strip(), (
        checked.stdout + checked.stderr)
