"""Normal play beside a hostile mix (issue 10, acceptance 1): errors, p99, health and memory.

    python -m bench.hostile [--seconds 30] [--clients 64] [--workers 2] [--streams 32] [--slow 200]
                            [--half-open 4500] [--stream-players 4] [--hostile-from 127.0.0.2]

Starts the real service (`python -m service`, its default limits) on 127.0.0.1 and runs two
phases of `--seconds` each in one run:
1. baseline: `--clients` players on gRPC and as many on REST, each playing whole games
   (bench/hostile_load.py), and `--stream-players` scoring on ScoreStreams (`stream`);
2. hostile: the same players, plus the hostile mix: the heaviest legal requests (LegalMoves on
   the states with the largest listings found by a random search, ApplyMove onto them with
   everything wanted, ScoreBatch of 1,000 of the largest tokens), `--streams` idle ScoreStreams,
   `--slow` slow-header HTTP connections and `--half-open` HTTP connections with half a head
   sent; the idle streams and the half-open connections come from the one address `--hostile-from`
   (the players', the heavy callers' and the slow headers' is 127.0.0.1), so the service's shares
   per peer address (--max-streams-per-peer, --http-max-connections-per-peer) apply.
   `--heavy 0 --batchers 0 --slow 0 --streams 8` leaves only what holds connections and stream slots.
Meanwhile gRPC health (liveness, readiness) and HTTP /healthz, /readyz are asked four times a
second on new connections with the deployment's probe timeout (2 s), beside the same probe to a
bare HTTP server (a control: the machine's own delays), and every worker's peak RSS (VmHWM) is read.

Prints req/s, p50/p99 per transport and phase, the hostile/baseline p99 ratio, errors, health
answers and failures, the hostile calls' outcomes and each worker's peak RSS; exits 1 when an
acceptance bound fails: an error for a normal client, an unanswered health check, a worker over
`--rss-mb`, a p99 ratio over `--p99-ratio` (0 = not judged), a worker replaced, or a hostile mix
that got no heavy call answered (it would prove nothing). The machine is shared: quote the
ratios of one run, not the absolute numbers.
"""
from __future__ import annotations

import argparse
import base64
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.request

from .service import KEYS, ROOT, _free_port, _launch, _pct, _wait_port

PROBE_EVERY = 0.25
PROBE_TIMEOUT = 2.0  # the deployment's probes allow 2 s (k8s/base/deployment.yaml timeoutSeconds)
CONTROL = "control http"
SINGLE: dict[int, bool] = {}  # service pid -> it runs one worker (no supervisor, no spare)


# ---------------------------------------------------------------- the heaviest legal states

def find_heavy(seconds: float, seed: int, top: int = 3) -> list[tuple[int, str, int, int, list[int]]]:
    """Random games at each game's largest table for `seconds`: the `top` states with the longest
    listings, as (listed moves, game, seats, seed, the move indices that reach it)."""
    from engines import registry
    rng = random.Random(seed)
    best: dict[str, tuple] = {}
    per_game = seconds / len(registry.BUILT_IN)
    for game in registry.BUILT_IN:
        until = time.monotonic() + per_game
        while time.monotonic() < until:
            seats, game_seed = game.info.max_seats, rng.randrange(1 << 31)
            state, path = game.new(seats, {}, seed=game_seed), []
            while not game.is_finished(state) and time.monotonic() < until:
                codes = game.legal_moves(state)
                if len(codes) > best.get(game.id, (0,))[0]:
                    best[game.id] = (len(codes), game.id, seats, game_seed, list(path))
                path.append(rng.randrange(len(codes)))
                state, _ = game.apply(state, codes[path[-1]])
    return sorted(best.values(), reverse=True)[:top]


def _post(port: int, path: str, body: dict) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _replay(port: int, game: str, seats: int, seed: int, path: list[int], listed: int) -> tuple[str, str, int]:
    """Play `path` through the service (64-character seat names: the largest tokens): (token before the
    last move, token of the heavy state, that move's index); checks the listing's length."""
    token = _post(port, f"/v1/games/{game}:new", {"seats": [{"name": f"{i}" * 64} for i in range(seats)],
                                                  "seed": str(seed)})["state"]
    before, index = token, 0
    for index in path:
        before, token = token, _post(port, "/v1/apply", {"state": token, "index": index})["state"]
    got = len(_post(port, "/v1/legal-moves", {"state": token})["moves"])
    if got != listed:
        raise RuntimeError(f"{game}: the service lists {got} moves where the engine listed {listed}")
    return before, token, index


def hostile_plan(port: int, heavy: list, a) -> dict:
    """The hostile mix's requests, made once: heavy listings and applies on both transports, max batches."""
    from google.protobuf import json_format

    from service.api import engine_pb2 as pb
    want = {"legalMoves": True, "view": True, "score": True}
    rest, grpc_calls, tokens = [], [], []
    for listed, game, seats, seed, path in heavy:
        before, token, index = _replay(port, game, seats, seed, path, listed)
        tokens += [before, token]
        calls = [("/v1/legal-moves", "LegalMoves", pb.LegalMovesRequest, {"state": token})]
        if path:
            calls.append(("/v1/apply", "ApplyMove", pb.ApplyMoveRequest, {"state": before, "index": index,
                                                                         "want": want}))
        for route, method, cls, body in calls:
            rest.append((route, json.dumps(body).encode()))
            grpc_calls.append((f"/engine.v1.GameService/{method}",
                               json_format.ParseDict(body, cls()).SerializeToString()))
    largest = max(tokens, key=len)
    from service.app import limits
    states = [largest] * limits.MAX_BATCH
    return {"rest": rest, "grpc": grpc_calls, "heavy": a.heavy, "batchers": a.batchers, "streams": a.streams,
            "slow": a.slow, "half_open": a.half_open, "source": a.hostile_from or None,
            "batch_rest": json.dumps({"states": states}).encode(),
            "batch_grpc": pb.ScoreBatchRequest(states=[base64.b64decode(s) for s in states]).SerializeToString(),
            "largest_token": len(base64.b64decode(largest))}


# ---------------------------------------------------------------- health and memory, all along

def _workers(supervisor: int) -> list[int]:
    """The supervisor's worker processes (the spare included); a single worker is the service's process."""
    if SINGLE.get(supervisor):
        return [supervisor]
    try:
        kids = open(f"/proc/{supervisor}/task/{supervisor}/children").read().split()
    except OSError:
        return []
    out = []
    for pid in map(int, kids):
        try:
            if b"multiprocessing.spawn" in open(f"/proc/{pid}/cmdline", "rb").read():
                out.append(pid)
        except OSError:
            pass
    return out


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes `pids` have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def _peak_rss_mb(pid: int) -> float | None:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


class Monitor:
    """Asks each health check on a new connection every PROBE_EVERY seconds (each in its own thread, so one
    slow answer does not hold back the others) and reads the workers' peak RSS, until stopped.

    `control` is the same HTTP probe sent to a bare HTTP server in a process of its own: its slow answers
    measure the machine (a shared one), not the service."""

    def __init__(self, supervisor: int, grpc_port: int, http_port: int, control_port: int):
        self.supervisor, self.grpc_port, self.http_port, self.control_port = supervisor, grpc_port, http_port, \
            control_port
        self.phase = "start"
        self.health: dict[tuple[str, str], list] = {}  # (phase, probe) -> [answers, failures, slowest s]
        self.rss: dict[int, float] = {}
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        probes = {"grpc liveness": lambda: self._grpc("liveness"), "grpc readiness": lambda: self._grpc("readiness"),
                  "http /healthz": lambda: self._http(self.http_port, "/healthz"),
                  "http /readyz": lambda: self._http(self.http_port, "/readyz"),
                  CONTROL: lambda: self._http(self.control_port, "/")}
        self._threads = [threading.Thread(target=self._every, args=probe, daemon=True) for probe in probes.items()]
        self._threads.append(threading.Thread(target=self._memory, daemon=True))
        for t in self._threads:
            t.start()

    def join(self) -> None:
        self.stop.set()
        for t in self._threads:
            t.join(PROBE_TIMEOUT + 1)

    def _every(self, name: str, ask) -> None:
        while not self.stop.wait(PROBE_EVERY):
            began = time.monotonic()
            try:
                ok = ask()
            except Exception:  # noqa: BLE001 - a refused, reset or timed-out check is a failure to count
                ok = False
            with self._lock:
                row = self.health.setdefault((self.phase, name), [0, 0, 0.0])
                row[0 if ok else 1] += 1
                row[2] = max(row[2], time.monotonic() - began)

    def _grpc(self, service: str) -> bool:
        import grpc
        from grpc_health.v1 import health_pb2, health_pb2_grpc
        with grpc.insecure_channel(f"127.0.0.1:{self.grpc_port}", options=[("grpc.use_local_subchannel_pool", 1)]) \
                as ch:
            status = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(service=service),
                                                          timeout=PROBE_TIMEOUT).status
        return status == health_pb2.HealthCheckResponse.SERVING

    @staticmethod
    def _http(port: int, path: str) -> bool:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=PROBE_TIMEOUT) as r:
            r.read()
            return r.status == 200

    def _memory(self) -> None:
        while not self.stop.wait(PROBE_EVERY):
            for pid in _workers(self.supervisor):
                peak = _peak_rss_mb(pid)
                if peak is not None:
                    self.rss[pid] = max(peak, self.rss.get(pid, 0.0))


# ---------------------------------------------------------------- the run

def run_phase(name: str, a, ports: tuple[int, int], games: list, plan: dict | None, monitor: Monitor) -> dict:
    """One phase: the normal players on both transports (and the hostile mix with `plan`), in processes."""
    from . import hostile_load
    ctx = multiprocessing.get_context("spawn")
    start = time.time() + a.warmup  # every client process is up and connected by then
    end = start + a.seconds
    monitor.phase = name
    jobs = []
    for k, (transport, port, clients) in enumerate((("grpc", ports[0], a.clients), ("rest", ports[1], a.clients),
                                                    ("stream", ports[0], a.stream_players))):
        if clients:
            jobs.append((transport, hostile_load.normal, (transport, port, clients, games, start, end, a.seed + k)))
    if plan is not None:
        jobs.append(("hostile", hostile_load.hostile, (ports[0], ports[1], plan, start, end)))
    running = []
    for label, target, args in jobs:
        recv, send = ctx.Pipe(False)
        proc = ctx.Process(target=target, args=(send, *args), name=f"bench-{label}")
        proc.start()
        running.append((label, proc, recv))
    out = {"seconds": a.seconds}
    cpu = _cpu_seconds(_workers(monitor.supervisor))
    for label, proc, recv in running:
        out[label] = recv.recv() if recv.poll(a.warmup + a.seconds + 60) else None
        proc.join(10)
        if proc.is_alive():
            proc.kill()
    out["server cpu"] = _cpu_seconds(_workers(monitor.supervisor)) - cpu
    out["load"] = os.getloadavg()[0]
    return out


def _stats(got: dict | None, seconds: float) -> dict:
    if not got:
        return {"calls": 0, "rate": 0.0, "p50": float("nan"), "p99": float("nan"), "errors": ["no result"],
                "games": 0}
    lat = got["latencies"]
    return {"calls": len(lat), "rate": len(lat) / seconds, "p50": _pct(lat, 0.5) / 1000 if lat else float("nan"),
            "p99": _pct(lat, 0.99) / 1000 if lat else float("nan"), "errors": got["errors"], "games": got["games"]}


def report(a, results: dict, monitor: Monitor, plan: dict, heavy: list, replaced: list[int]) -> list[str]:
    """Print the figures; returns the acceptance bounds that failed."""
    failed = []
    print(f"\n{'phase':9} {'transport':9} {'calls':>7} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} "
          f"{'games':>5}")
    stats = {}
    transports = ("grpc", "rest", "stream") if a.stream_players else ("grpc", "rest")
    for phase, got in results.items():
        for transport in transports:
            s = stats[phase, transport] = _stats(got.get(transport), got["seconds"])
            print(f"{phase:9} {transport:9} {s['calls']:7d} {s['rate']:7.0f} {s['p50']:8.1f} {s['p99']:8.1f} "
                  f"{len(s['errors']):6d} {s['games']:5d}")
            if s["errors"] or not s["calls"]:
                failed.append(f"{phase} {transport}: {len(s['errors'])} errors, {s['calls']} calls "
                              f"(first: {s['errors'][:3]})")
    print("\n# CPU seconds used per phase (warm-up included): the service's workers and each client process")
    for phase, got in results.items():
        clients = " ".join(f"{k}={got[k]['cpu']:.1f}" for k in ("grpc", "rest", "stream", "hostile") if got.get(k))
        print(f"cpu {phase:9} workers={got['server cpu']:.1f} {clients}  (load average {got['load']:.1f})")
    print("\n# p99 with the hostile mix / p99 without it (same run)")
    for transport in transports:
        ratio = stats["hostile", transport]["p99"] / stats["baseline", transport]["p99"]
        print(f"p99 ratio {transport:5} {ratio:6.2f}  (bound {a.p99_ratio or 'not judged'})")
        if a.p99_ratio and not ratio <= a.p99_ratio:
            failed.append(f"{transport} p99 ratio {ratio:.2f} > {a.p99_ratio}")
    print(f"\n# health checks, a new connection each, every {PROBE_EVERY}s, timeout {PROBE_TIMEOUT}s; `{CONTROL}` is "
          "the same HTTP probe to a bare server of its own (the machine's noise; not judged)")
    for (phase, probe), (answers, failures, slowest) in sorted(monitor.health.items()):
        print(f"health {phase:9} {probe:15} answers={answers} failures={failures} slowest={slowest * 1000:.0f}ms")
        if failures and phase in results and probe != CONTROL:
            failed.append(f"health {phase} {probe}: {failures} failures")
    for phase in results:
        if not any(answers for (p, _), (answers, _f, _s) in monitor.health.items() if p == phase):
            failed.append(f"health {phase}: no check answered")
    print(f"\n# peak RSS (VmHWM) per worker process, bound {a.rss_mb} MB")
    for pid, mb in sorted(monitor.rss.items()):
        print(f"rss worker pid={pid} peak_mb={mb:.1f}")
        if mb > a.rss_mb:
            failed.append(f"worker {pid} peaked at {mb:.0f} MB > {a.rss_mb}")
    if not monitor.rss:
        failed.append("no worker's RSS was read")
    if replaced:
        failed.append(f"workers replaced during the run (new pids {replaced})")
    mix = (results["hostile"].get("hostile") or {}).get("outcomes", {})
    print(f"\n# hostile mix: heavy states {[(g, s, n) for n, g, s, _seed, _p in heavy]} (game, seats, listed moves),"
          f" batch of {len(json.loads(plan['batch_rest'])['states'])} tokens of {plan['largest_token']} bytes")
    for kind, n in sorted(mix.items()):
        print(f"hostile {kind}: {n}")
    heavy_ok = sum(n for kind, n in mix.items() if kind.endswith((" 200", " OK")) and "stream" not in kind)
    if (a.heavy or a.batchers) and not heavy_ok:
        failed.append("the hostile mix got no heavy call answered: it proved nothing")
    return failed


def _start_service(a) -> tuple[subprocess.Popen, int, int]:
    """The service on free ports with its workers up: the process, its gRPC and HTTP ports."""
    env = dict(os.environ, TABLETOP_TOKEN_KEYS=KEYS, TABLETOP_ACCESS="open", TABLETOP_GAME_STORE="none")
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    proc, (gport, hport) = _launch({"service": (2, lambda ports: subprocess.Popen(
        [sys.executable, "-m", "service", "--host", "127.0.0.1", "--grpc-port", str(ports[0]),
         "--http-port", str(ports[1]), "--workers", str(a.workers), "--log-level", "warning"],
        cwd=ROOT, env=env))}, timeout=60)["service"]
    SINGLE[proc.pid] = a.workers == 1
    try:
        deadline = time.monotonic() + 30
        while len(_workers(proc.pid)) < a.workers + (a.workers > 1) and time.monotonic() < deadline:  # and spare
            time.sleep(0.1)
        time.sleep(1.0)
    except BaseException:
        proc.terminate()
        proc.wait(30)
        raise
    return proc, gport, hport


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.hostile", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=30.0, help="length of each phase (default %(default)s)")
    p.add_argument("--clients", type=int, default=64, help="normal players per transport (default %(default)s)")
    p.add_argument("--workers", type=int, default=2, help="service worker processes (default %(default)s)")
    p.add_argument("--streams", type=int, default=32, help="idle ScoreStreams (default %(default)s)")
    p.add_argument("--slow", type=int, default=200, help="slow-header HTTP connections (default %(default)s)")
    p.add_argument("--half-open", type=int, default=4500, help="HTTP connections with half a head sent, then "
                                                                 "nothing (default %(default)s)")
    p.add_argument("--stream-players", type=int, default=2, help="normal players scoring on ScoreStreams "
                                                                  "(default %(default)s)")
    p.add_argument("--hostile-from", default="127.0.0.2", help="the hostile mix's source address, a loopback one "
                                                               "other than the players' 127.0.0.1 ('' for that one; "
                                                               "default %(default)s)")
    p.add_argument("--heavy", type=int, default=2, help="heavy callers per transport (default %(default)s)")
    p.add_argument("--batchers", type=int, default=1, help="max-size ScoreBatch callers per transport "
                                                          "(default %(default)s)")
    p.add_argument("--search", type=float, default=6.0, help="seconds of random play to find the states with "
                                                             "the largest listings (default %(default)s)")
    p.add_argument("--p99-ratio", type=float, default=2.0, help="bound on hostile/baseline p99 per transport, "
                                                                "0 = not judged (default %(default)s)")
    p.add_argument("--rss-mb", type=float, default=256.0, help="bound on each worker's peak RSS (default %(default)s)")
    p.add_argument("--warmup", type=float, default=3.0, help="seconds for the client processes to start and connect")
    p.add_argument("--seed", type=int, default=10)
    a = p.parse_args(argv)
    # SIGTERM (a timeout's kill) ends the run through the `finally` below, which stops the service.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    from engines import registry
    # Per game, its tables: (seats, the options that seat count needs: White Hat's solo, robot).
    games = [(g.id, [(n, g.seat_options(n)) for n in range(g.info.min_seats, g.info.max_seats + 1)])
             for g in registry.BUILT_IN]
    began = time.monotonic()
    heavy = find_heavy(a.search, a.seed)
    proc, gport, hport = _start_service(a)
    print(f"# service up after {time.monotonic() - began:.1f}s", flush=True)
    control = None
    try:
        first = set(_workers(proc.pid))
        plan = hostile_plan(hport, heavy, a)
        print(f"# heavy states replayed after {time.monotonic() - began:.1f}s", flush=True)
        cport = _free_port()
        control = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(cport)],
                                   cwd=os.path.dirname(os.path.abspath(__file__)), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        _wait_port(cport, [control])
        monitor = Monitor(proc.pid, gport, hport, cport)
        monitor.start()
        print(f"# hostile bench: {a.workers} workers, {a.clients} players per transport, {a.seconds:.0f}s per "
              f"phase; engines compiled: {__import__('engines').COMPILED}; load average {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores (a shared machine: quote the ratios)", flush=True)
        results = {}
        for phase in ("baseline", "hostile"):
            results[phase] = run_phase(phase, a, (gport, hport), games, plan if phase == "hostile" else None,
                                       monitor)
        monitor.phase = "end"
        time.sleep(2 * PROBE_EVERY)
        monitor.join()
        replaced = sorted(set(_workers(proc.pid)) - first)
        failed = report(a, results, monitor, plan, heavy, replaced)
    finally:
        if control is not None:
            control.terminate()
            control.wait(10)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        code = proc.wait(30)
    if code != 0:
        failed.append(f"the service exited with {code}")
    print("\nverdict: " + ("PASS" if not failed else "FAIL\n  " + "\n  ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
