"""Running the service: one worker process per core, each serving gRPC and HTTP.

The supervisor (`run`) makes the shared settings every worker needs before
starting them: one token key when none is configured (else each worker would
seal with its own), and a PROMETHEUS_MULTIPROC_DIR so /metrics sums all
workers. Each worker binds both ports with SO_REUSEPORT and the kernel spreads
connections over them.

A worker that dies is replaced at once, the others untouched (they keep their
sockets and calls): a spare worker, started ahead with everything imported and
built but no port bound, takes its place within milliseconds, and a new spare
is started behind it. One that dies again within `CRASH_WINDOW` seconds of its
start is in a crash loop: it is restarted after a back-off (0.5 s doubling to
`MAX_BACKOFF`) and meanwhile every worker reports not ready.

SIGTERM/SIGINT (once or many times, to the supervisor or to the whole process
group): every worker drains (service/process/drain.py) and the supervisor
exits 0 within --grace seconds; a worker still alive at the deadline is killed.
Signal handlers here and in the workers only set flags.
"""
from __future__ import annotations

import contextlib
import gc
import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
from multiprocessing.connection import wait

from .config import Config

log = logging.getLogger("service")
CRASH_WINDOW = 5.0   # a worker that dies sooner than this after its start is crash-looping
FIRST_BACKOFF = 0.5
MAX_BACKOFF = 30.0
SWITCH_INTERVAL = 0.001  # seconds (CPython's default is 0.005)
FULL_PASS_EVERY = 100  # the collector's middle-generation passes between two full ones (CPython's default is 10)


def settle_heap() -> None:
    """Freeze the start-up heap out of the garbage collector's passes and space its full passes out: once
    a worker is built, before it serves.

    The start-up heap (every game, the protos, the frameworks: ~80k objects) lives as long as the worker,
    and so do the engines' and converters' memos (Hats keeps 16k events with their wire forms: ~80k more);
    a full pass walked them all (20 ms idle, 30-60 ms under load) while every call waited, and under
    playing load, with the memos turning over, CPython ran one every ~2k calls. bench.peers, gRPC at 64 in
    flight: p99 93-100 ms (the peer's 24-28); 32-54 ms with the start-up heap frozen; 18 ms with full passes
    every 100 middle ones too (5 full passes in a run instead of 28; CPU per call 152-171 -> 144 us).
    Collected first, so no cyclic garbage of the start-up is kept for good."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)


def _setup_logging(config: Config) -> None:
    from .logs import setup
    setup(config.log_level, config.log_format)


def _http_socket(host: str, port: int) -> socket.socket:
    """The HTTP port, bound but not yet listening: the event loop listens when it starts accepting.

    Listening here, a start-up's remaining steps (gRPC, the heap, uvicorn's) left a window in which the kernel
    gave this socket its share of new connections that nobody accepted: a group SIGTERM's restart under
    load saw all 16 REST players wait out their 10 s timeout. Not listening, they are refused and go to a
    worker that accepts (or retry), as a client expects while a service starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "SO_REUSEPORT"):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def serve(config: Config, supervisor_ready=None, go=None) -> int:
    """Serve in this process until SIGTERM/SIGINT, then drain; returns the exit code (0)."""
    from .drain import Signals, on_signal
    # The supervisor as multiprocessing recorded it when it started us: os.getppid() is already init's pid
    # if the supervisor died during our start-up (seconds of imports on a busy machine).
    spawner = multiprocessing.parent_process()
    parent = spawner.pid if spawner is not None else os.getppid()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    # A thread waiting for the interpreter lock waits up to this long per holder before it asks for it:
    # with dozens of call threads busy, a health check or the HTTP loop waited dozens of 5 ms turns.
    sys.setswitchinterval(SWITCH_INTERVAL)
    import uvicorn

    from ..adapters import rpc
    from ..app import App
    from ..app.lane import Lane
    from ..app.tokens import Sealer, keys_from_env
    from .drain import Drain
    from .http import create_app, server_config

    from ..app.store import from_env as store_from_env
    from ..app import metrics

    metrics.use_call_timeout(config.call_timeout)  # duration buckets up to it, before any call is counted
    app = App(Sealer(keys_from_env()), access=None if config.access == "auto" else config.access,
              store=store_from_env())
    lane = Lane()  # long calls of both transports take turns (service/app/lane.py)
    web = create_app(app, config, lane)
    if go is not None:  # a spare: everything is ready; bind the ports when told to take a worker's place
        while not go.wait(0.1):
            if Signals.stop or os.getppid() != parent:
                return 0
    Signals.listening = True  # from here a signal drains (on_signal)
    if Signals.stop:
        return 0
    # Before the gRPC port is bound: grpc core listens from add_insecure_port on, and the connections the
    # kernel queues until grpc_server.start() wait (a collector pass under load is tens of milliseconds).
    settle_heap()
    grpc_server, grpc_port, health = rpc.create_server(
        app, f"{config.host}:{config.grpc_port}", config.grpc_threads,
        grpc_limits := rpc.Limits(lane, config.call_timeout, config.max_streams, config.stream_idle,
                                  config.max_streams_per_peer),
        compression=config.grpc_compression == "gzip")
    sock = _http_socket(config.host, config.http_port)
    grpc_server.start()

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self):
            yield  # our flag-only handlers stay installed (uvicorn's would re-raise the signal at exit)

    http = Server(server_config(web, config))
    drain = Drain(config, grpc_server, health, rpc.READY_NAMES, http, supervisor_ready, parent, grpc_limits.gate,
                  busy=lambda: app.calls_inside > 0 or lane.admitted > 0)
    drain.start()
    log.info("serving gRPC on %s:%d and HTTP on %s:%d (%d start-up objects frozen out of the collector's passes, "
             "a full pass after every %d of its middle ones)", config.host, grpc_port, config.host, config.http_port,
             gc.get_freeze_count(), gc.get_threshold()[2])
    http.run(sockets=[sock])
    if drain.started is None:  # HTTP stopped by itself: drain gRPC too
        Signals.stop = True
    drain.grpc_done.wait(config.grace + 1)
    log.info("stopped")
    return 0


def _worker(config: Config, supervisor_ready, go=None) -> None:
    from .drain import on_signal
    signal.signal(signal.SIGTERM, on_signal)  # first thing: a signal during start-up must not kill us mid-way
    signal.signal(signal.SIGINT, on_signal)
    _setup_logging(config)
    try:
        code = serve(config, supervisor_ready, go)
    except Exception:  # noqa: BLE001 - logged in the configured format (multiprocessing would print it raw)
        log.exception("worker failed")
        code = 1
    sys.exit(code)


class _Stop:
    """Set by the supervisor's signal handlers (flag only; the wake-up pipe is written by Python itself)."""

    requested = False


def _on_stop(_sig, _frame) -> None:
    _Stop.requested = True


class _Slot:
    """One worker place: its process, when it started and its crash-loop back-off."""

    def __init__(self, index: int):
        self.index = index
        self.proc = None
        self.started = 0.0
        self.crashes = 0         # deaths in a row, each within CRASH_WINDOW of its start
        self.restart_at = None   # monotonic time of a pending restart


def run(config: Config) -> int:
    """Start `config.workers` worker processes and supervise them; returns the exit code."""
    _setup_logging(config)
    from ..app.tokens import ENV, keys_from_env, new_key_spec

    if not os.environ.get(ENV):
        keys_from_env()  # the loud warning, once
        os.environ[ENV] = new_key_spec()  # one key for every worker
    from ..app import store
    try:
        guard = store.from_env()  # a bad setting stops the start here, once, with its reason
    except (ValueError, OSError) as exc:
        log.error("cannot start: %s", exc)
        return 2
    if guard is None:
        log.info("%s=%s: the fork guard is off (a token can be used twice; see the README)", store.ENV, store.OFF)
    else:
        default = not os.environ.get(store.ENV, "").strip()
        log.info("the fork guard keeps its games in %s%s", guard.where,
                 f" (the default; {store.ENV}={store.OFF} turns it off)" if default else "")
    own_dir = None
    if config.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        own_dir = tempfile.mkdtemp(prefix="tabletop-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = own_dir
    try:
        if config.workers == 1:
            return serve(config)
        return _supervise(config)
    finally:
        if own_dir:
            shutil.rmtree(own_dir, ignore_errors=True)


def _supervise(config: Config) -> int:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)  # Python writes the signal number here: the wait below wakes up
    signal.signal(signal.SIGTERM, _on_stop)
    signal.signal(signal.SIGINT, _on_stop)
    ctx = multiprocessing.get_context("spawn")  # no fork: grpc must not be inherited across fork
    ready = ctx.RawValue("b", 1)  # read by every worker: 0 = report not ready (a crash loop is backing off)
    slots = [_Slot(i) for i in range(config.workers)]
    spare: list = []  # [(process, its go event)]: at most one

    def start(slot: _Slot) -> None:
        if spare and spare[0][0].exitcode is None:
            slot.proc, go = spare.pop()
            go.set()
            slot.proc.name = f"worker-{slot.index}"
        else:
            spare.clear()
            slot.proc = ctx.Process(target=_worker, args=(config, ready), name=f"worker-{slot.index}")
            slot.proc.start()
        slot.started = time.monotonic()
        slot.restart_at = None
        from ..app import metrics
        metrics.worker_started(slot.index, slot.proc.pid)  # its process metrics, labelled by worker

    def keep_spare() -> None:
        if spare and spare[0][0].exitcode is not None:
            spare.clear()
        if not spare:
            go = ctx.Event()
            p = ctx.Process(target=_worker, args=(config, ready, go), name="spare")
            p.start()
            spare.append((p, go))

    for slot in slots:
        if _Stop.requested:
            break
        start(slot)
    deadline = None
    while True:
        now = time.monotonic()
        if _Stop.requested and deadline is None:
            deadline = now + max(0.0, config.grace - 0.05)
            log.info("stopping: draining %d workers (grace %.1fs)", len([s for s in slots if s.proc]), config.grace)
            for slot in slots:
                slot.restart_at = None
                if slot.proc is not None and slot.proc.exitcode is None:
                    _signal(slot.proc, signal.SIGTERM)
            for p, _go in spare:
                _signal(p, signal.SIGTERM)
        for slot in slots:
            p = slot.proc
            if p is None or p.exitcode is None:
                continue
            slot.proc = None
            from ..app import metrics
            metrics.process_exited(p.pid)
            if deadline is not None:
                continue
            lived = now - slot.started
            slot.crashes = slot.crashes + 1 if lived < CRASH_WINDOW else 0
            delay = 0.0 if slot.crashes <= 1 else min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** (slot.crashes - 2))
            slot.restart_at = now + delay
            log.error("%s (pid %s) exited with code %s after %.1fs: %s", p.name, p.pid, p.exitcode, lived,
                      f"restarting in {delay:.1f}s (crash loop: {slot.crashes} short lives in a row)" if delay
                      else "restarting it")
        for slot in slots:
            if slot.restart_at is not None and slot.restart_at <= now and deadline is None:
                start(slot)
        backing_off = any(s.restart_at is not None and s.restart_at > now for s in slots)
        ready.value = 0 if backing_off else 1
        if deadline is None and not backing_off:
            keep_spare()
        alive = [s.proc for s in slots if s.proc is not None] + [p for p, _go in spare if p.exitcode is None]
        if deadline is not None:
            if not alive:
                return 0
            if now >= deadline:
                for p in alive:
                    log.error("%s did not stop within the grace period: killing it", p.name)
                    _signal(p, signal.SIGKILL)
                for p in alive:
                    p.join(1)
                return 0
        timeout = 0.5
        pending = [s.restart_at for s in slots if s.restart_at is not None]
        if pending:
            timeout = max(0.0, min(timeout, min(pending) - now))
        if deadline is not None:
            timeout = max(0.0, min(timeout, deadline - now))
        wait([p.sentinel for p in alive] + [wake_r], timeout)
        try:
            while os.read(wake_r, 512):
                pass
        except BlockingIOError:
            pass


def _signal(proc, sig) -> None:
    with contextlib.suppress(ProcessLookupError, TypeError):
        os.kill(proc.pid, sig)
