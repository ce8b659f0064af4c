"""What a pod with several workers and a Deployment with several pods rely on, on this machine.

- N worker processes share the ports (SO_REUSEPORT): a load of many connections
  lands on more than one worker, and `/metrics` (multiprocess mode) counts
  every request exactly once, whichever worker answers the scrape.
- Two processes started with the same keys (two pods with one Secret) accept
  each other's tokens; a process with other keys refuses them and says why.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

grpc = pytest.importorskip("grpc")
httpx = pytest.importorskip("httpx")

from service.app.metrics import FLUSH_SECONDS  # noqa: E402 - after the skips
from bench.ports import free_port as _free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KEYS = "k1:" + base64.b64encode(bytes(range(1, 33))).decode()


class Proc:
    """`python -m service` on free ports, like one pod."""

    def __init__(self, keys: str, workers: int, metrics_dir: Path | None = None):
        self.grpc_port, self.http_port = _free_port(), _free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PROMETHEUS_"))}
        env["TABLETOP_TOKEN_KEYS"] = keys
        env["TABLETOP_ACCESS"] = "open"  # replicas and keys are the subject here, not seat keys: a trusted caller
        env["TABLETOP_GAME_STORE"] = "none"  # nor the fork guard (and never the user's default store file)
        if metrics_dir:
            env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "service", "--host", "127.0.0.1", "--grpc-port", str(self.grpc_port),
             "--http-port", str(self.http_port), "--workers", str(workers), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{self.http_port}"
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"service exited ({self.proc.returncode}): {self.proc.stderr.read()[-2000:]}")
            try:
                # Every worker up: fresh connections land on random workers, so ask several times.
                if all(httpx.get(self.url + "/readyz", timeout=1).status_code == 200 for _ in range(3 * workers)):
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("service not ready in 30 s")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def procs():
    started: list[Proc] = []

    def start(keys: str = KEYS, workers: int = 1, metrics_dir: Path | None = None) -> Proc:
        started.append(Proc(keys, workers, metrics_dir))
        return started[-1]

    yield start
    for p in started:
        p.stop()


def _requests_total(text: str) -> dict[tuple[str, str], float]:
    """tabletop_requests_total by (transport, method), from exposition text."""
    from prometheus_client.parser import text_string_to_metric_families

    out: dict[tuple[str, str], float] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == "tabletop_requests_total":
                key = (s.labels["transport"], s.labels["method"])
                out[key] = out.get(key, 0) + s.value
    return out


def _served_per_worker(metrics_dir: Path) -> dict[str, float]:
    """Requests counted by each worker process, from its own multiprocess file (counter_<pid>.db)."""
    from prometheus_client.mmap_dict import MmapedDict

    per_pid = {}
    for path in metrics_dir.glob("counter_*.db"):
        total = 0.0
        for key, value, _timestamp, _pos in MmapedDict.read_all_values_from_file(str(path)):
            if json.loads(key)[1] == "tabletop_requests_total":  # [family, sample name, labels, help]
                total += value
        per_pid[path.stem.split("_", 1)[1]] = total
    return per_pid


def test_load_spreads_over_workers_and_metrics_count_each_request_once(procs, tmp_path):
    from service.api import engine_pb2, engine_pb2_grpc

    workers, rest_calls, grpc_channels, calls_per_channel = 3, 120, 12, 5
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    svc = procs(workers=workers, metrics_dir=metrics_dir)

    def rest_call(_):
        # A new connection per call, as many clients behind a Service make: the kernel picks the worker.
        return httpx.get(svc.url + "/v1/games", timeout=10).status_code

    def grpc_calls(_):
        # A channel of its own (no shared subchannel pool) means a connection of its own.
        with grpc.insecure_channel(f"127.0.0.1:{svc.grpc_port}",
                                   options=[("grpc.use_local_subchannel_pool", 1)]) as ch:
            stub = engine_pb2_grpc.GameServiceStub(ch)
            for _ in range(calls_per_channel):
                stub.ListGames(engine_pb2.ListGamesRequest(), timeout=10)
        return 200

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(rest_call, range(rest_calls))) + list(pool.map(grpc_calls, range(grpc_channels)))
    assert set(codes) == {200}

    sent = {("rest", "ListGames"): rest_calls, ("grpc", "ListGames"): grpc_channels * calls_per_channel}
    # Each worker passes its counts on to its file within metrics.FLUSH_SECONDS, scraped or not (read
    # here from the files: a scrape would flush the worker that answers it); after that, whichever worker
    # answers the scrape, the totals are the same: every request exactly once.
    deadline = time.monotonic() + 10 * FLUSH_SECONDS
    while sum(_served_per_worker(metrics_dir).values()) < sum(sent.values()):
        assert time.monotonic() < deadline, f"the workers' counts did not reach their files: " \
                                            f"{_served_per_worker(metrics_dir)}"
        time.sleep(0.1)
    for _ in range(2 * workers):
        scraped = _requests_total(httpx.get(svc.url + "/metrics", timeout=10).text)
        assert {k: scraped.get(k, 0) for k in sent} == sent
        assert sum(scraped.values()) == sum(sent.values()), scraped  # nothing else counted, nothing twice
    per_worker = _served_per_worker(metrics_dir)
    assert sum(per_worker.values()) == sum(sent.values())
    busy = [pid for pid, n in per_worker.items() if n > 0]
    assert len(busy) >= 2, f"the load landed on one worker only: {per_worker}"


def _new_game(proc: Proc) -> str:
    r = httpx.post(proc.url + "/v1/games/hats:new", json={"seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                                                          "seed": "5"}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["state"]


def _legal_moves(proc: Proc, state: str) -> httpx.Response:
    return httpx.post(proc.url + "/v1/legal-moves", json={"state": state}, timeout=10)


def test_processes_with_the_same_keys_accept_each_others_tokens(procs):
    first, second = procs(), procs()
    state = _new_game(first)
    r = _legal_moves(second, state)
    assert r.status_code == 200, r.text
    assert r.json()["moves"]
    # And the way back, after a move made on the second one.
    applied = httpx.post(second.url + "/v1/apply", json={"state": state, "index": 0}, timeout=10)
    assert applied.status_code == 200, applied.text
    assert _legal_moves(first, applied.json()["state"]).status_code == 200


def test_a_process_with_other_keys_refuses_the_tokens_clearly(procs):
    ours = procs()
    state = _new_game(ours)
    other_id = procs(keys="k9:" + base64.b64encode(bytes(32)).decode())
    r = _legal_moves(other_id, state)
    assert r.status_code == 401, r.text
    body = r.json()
    assert "token_unknown_key" in json.dumps(body) and "'k1'" in body["message"], body
    # Same key id, other key bytes (a Secret edited in place): refused as not authentic.
    same_id = procs(keys="k1:" + base64.b64encode(bytes(range(100, 132))).decode())
    r = _legal_moves(same_id, state)
    assert r.status_code == 401, r.text
    assert "token_tampered" in json.dumps(r.json()), r.json()
