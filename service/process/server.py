"""Running the service: one worker process per core, each serving gRPC and HTTP.

The supervisor (`run`) makes the shared settings every worker needs before
starting them: one token key when none is configured (else each worker would
seal with its own), and a PROMETHEUS_MULTIPROC_DIR so /metrics sums all
workers. Each worker binds both ports with SO_REUSEPORT and the kernel spreads
connections over them. SIGTERM: readiness and health go to NOT_SERVING, both
servers stop taking new calls, in-flight calls finish (up to --grace seconds),
and the process exits 0.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading

from .config import Config

log = logging.getLogger("service")


def _setup_logging(level: str) -> None:
    logging.basicConfig(level=level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s [pid %(process)d] %(name)s: %(message)s")


def _http_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "SO_REUSEPORT"):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def serve(config: Config) -> int:
    """Serve in this process until SIGTERM/SIGINT; returns the exit code."""
    import uvicorn
    from grpc_health.v1 import health_pb2

    from ..adapters import rpc
    from ..app import App
    from ..app.tokens import Sealer, keys_from_env
    from .http import Readiness, create_app

    app = App(Sealer(keys_from_env()))
    grpc_server, grpc_port, health = rpc.create_server(app, f"{config.host}:{config.grpc_port}",
                                                       config.grpc_threads)
    sock = _http_socket(config.host, config.http_port)
    grpc_server.start()
    grpc_stopped = threading.Event()

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            # Not re-raised after the drain (uvicorn's default), so the exit code stays 0.
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
                return
            self.should_exit = True
            Readiness.ready = False
            for name in rpc.READY_NAMES:  # liveness stays SERVING: draining is not a failure
                health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
            log.info("signal %s: draining (grace %.1fs)", sig, config.grace)
            threading.Thread(target=lambda: (grpc_server.stop(config.grace).wait(), grpc_stopped.set()),
                             daemon=True).start()

    http = Server(uvicorn.Config(create_app(app), loop="uvloop", http="httptools", lifespan="off",
                                 access_log=False, log_level="warning",
                                 timeout_graceful_shutdown=max(1, int(config.grace)), server_header=False))
    log.info("serving gRPC on %s:%d and HTTP on %s:%d", config.host, grpc_port, config.host, config.http_port)
    http.run(sockets=[sock])
    if not grpc_stopped.is_set():  # HTTP stopped by itself: stop gRPC too
        grpc_server.stop(config.grace).wait()
    log.info("stopped")
    return 0


def _worker(config: Config) -> None:
    _setup_logging(config.log_level)
    sys.exit(serve(config))


def run(config: Config) -> int:
    """Start `config.workers` worker processes and supervise them; returns the exit code."""
    _setup_logging(config.log_level)
    from ..app.tokens import ENV, keys_from_env, new_key_spec

    if not os.environ.get(ENV):
        keys_from_env()  # the loud warning, once
        os.environ[ENV] = new_key_spec()  # one key for every worker
    own_dir = None
    if config.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        own_dir = tempfile.mkdtemp(prefix="tabletop-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = own_dir
    if config.workers == 1:
        try:
            return serve(config)
        finally:
            if own_dir:
                shutil.rmtree(own_dir, ignore_errors=True)
    ctx = multiprocessing.get_context("spawn")  # no fork: grpc must not be inherited across fork
    procs = [ctx.Process(target=_worker, args=(config,), name=f"worker-{i}") for i in range(config.workers)]
    stopping = threading.Event()

    def on_signal(sig, _frame):
        stopping.set()
        for p in procs:
            if p.pid and p.is_alive():
                os.kill(p.pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    for p in procs:
        p.start()
    code = 0
    try:
        from multiprocessing.connection import wait
        alive = list(procs)
        while alive:
            wait([p.sentinel for p in alive])
            for p in [p for p in alive if not p.is_alive()]:
                alive.remove(p)
                from ..app import metrics
                metrics.process_exited(p.pid)
                if p.exitcode != 0:
                    code = 1
                if not stopping.is_set():
                    log.error("%s exited (code %s): stopping the service", p.name, p.exitcode)
                    code = 1
                    on_signal(signal.SIGTERM, None)
    finally:
        if own_dir:
            shutil.rmtree(own_dir, ignore_errors=True)
    return code
