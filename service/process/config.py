"""Service configuration: command-line flags, each defaulting from an environment variable."""
from __future__ import annotations

import argparse
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    """Where and how the service runs."""

    host: str = "0.0.0.0"
    grpc_port: int = 50051
    http_port: int = 8080
    workers: int = 1
    grpc_threads: int = 16
    grace: float = 10.0
    log_level: str = "info"


def _env(name: str, default):
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return type(default)(raw)


def parse(argv: list[str] | None = None) -> Config:
    """The configuration from flags over environment over defaults."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    p = argparse.ArgumentParser(
        prog="python -m service",
        description="tabletop-engine: every game behind one stateless API, over gRPC and REST (JSON).",
        epilog="Token keys: TABLETOP_TOKEN_KEYS='kid1:<base64 32-byte key>,kid2:<...>' (the first key seals, all "
               "open; without it a random key is made at start, with a warning). Endpoints: gRPC engine.v1."
               "GameService + grpc.health.v1 + reflection; HTTP /v1/... (see /schema), /healthz, /readyz, /metrics.")
    p.add_argument("--host", default=_env("TABLETOP_HOST", Config.host),
                   help="address to listen on (env TABLETOP_HOST, default %(default)s)")
    p.add_argument("--grpc-port", type=int, default=_env("TABLETOP_GRPC_PORT", Config.grpc_port),
                   help="gRPC port (env TABLETOP_GRPC_PORT, default %(default)s)")
    p.add_argument("--http-port", type=int, default=_env("TABLETOP_HTTP_PORT", Config.http_port),
                   help="HTTP/REST port (env TABLETOP_HTTP_PORT, default %(default)s)")
    p.add_argument("--workers", type=int, default=_env("TABLETOP_WORKERS", cpus),
                   help="worker processes, each serving both ports (env TABLETOP_WORKERS, default: one per "
                        "usable core = %(default)s)")
    p.add_argument("--grpc-threads", type=int, default=_env("TABLETOP_GRPC_THREADS", Config.grpc_threads),
                   help="gRPC handler threads per worker (env TABLETOP_GRPC_THREADS, default %(default)s)")
    p.add_argument("--grace", type=float, default=_env("TABLETOP_SHUTDOWN_GRACE", Config.grace),
                   help="seconds in-flight calls get to finish after SIGTERM (env TABLETOP_SHUTDOWN_GRACE, "
                        "default %(default)s)")
    p.add_argument("--log-level", default=_env("TABLETOP_LOG_LEVEL", Config.log_level),
                   choices=["debug", "info", "warning", "error"], help="(env TABLETOP_LOG_LEVEL)")
    a = p.parse_args(argv)
    if a.workers < 1:
        p.error("--workers must be at least 1")
    return Config(a.host, a.grpc_port, a.http_port, a.workers, a.grpc_threads, a.grace, a.log_level)
