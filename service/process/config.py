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
    drain_delay: float = 0.5
    call_timeout: float = 10.0
    max_streams: int = 4
    stream_idle: float = 10.0
    http_max_connections: int = 1000
    http_header_timeout: float = 5.0
    http_keep_alive: float = 5.0
    access: str = "auto"  # default access mode of new games: seats, open, or auto (seats when hidden info)
    cors_origins: str = ""  # comma-separated origins whose pages may call the HTTP port (`*`: any); "" = none
    cors_headers: str = ""  # comma-separated request headers such pages may send, beside the defaults
    grpc_compression: str = "none"  # gzip: gRPC answers gzipped for callers that take it
    log_format: str = "text"  # text, or json: one JSON object per line (service/process/logs.py)
    max_streams_per_peer: int = 2  # ScoreStreams open at once from one peer address, per worker; 0: no share
    http_max_connections_per_peer: int = 250  # open HTTP connections from one peer address, per worker; 0: no cap


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
               "open; without it a random key is made at start, with a warning). Fork guard (on by default): "
               "TABLETOP_GAME_STORE=sqlite:///<file>, redis://<host>:<port>/<db> or none (default: a SQLite file "
               "under $XDG_STATE_HOME/tabletop, else ~/.local/state/tabletop), TABLETOP_GAME_STORE_IDLE=<seconds> "
               "(default a week), TABLETOP_GAME_STORE_TIMEOUT=<seconds> a move waits for the store (default 0.25). "
               "Endpoints: gRPC engine.v1."
               "GameService + grpc.health.v1 + reflection (v1, v1alpha); HTTP /v1/... (see /schema), Connect and "
               "gRPC-Web on /engine.v1.GameService/<Method>, /healthz, /readyz, /metrics. Browsers on other "
               "origins: TABLETOP_CORS_ORIGINS (--cors-origins).")
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
                   choices=["debug", "info", "warning", "error"],
                   help="(env TABLETOP_LOG_LEVEL, default %(default)s; `debug` adds a line per call)")
    p.add_argument("--log-format", default=_env("TABLETOP_LOG_FORMAT", Config.log_format), choices=["text", "json"],
                   help="log lines as text or as one JSON object per line (time, level, logger, message, pid, and "
                        "for a call's lines its trace_id, from a W3C traceparent, and request_id) (env "
                        "TABLETOP_LOG_FORMAT, default %(default)s)")
    p.add_argument("--grpc-compression", default=_env("TABLETOP_GRPC_COMPRESSION", Config.grpc_compression),
                   choices=["none", "gzip"],
                   help="gzip: gRPC answers go gzipped to callers whose grpc-accept-encoding takes gzip (most "
                        "clients' default), whatever their size: ~+95 us of CPU on a ~400-byte ApplyMove that does "
                        "not shrink (env TABLETOP_GRPC_COMPRESSION, default %(default)s; gzip requests are read "
                        "either way; the HTTP port compresses answers of 1 KB and more by itself)")
    g = p.add_argument_group("limits and timeouts (every call's work is bounded before it starts)")
    g.add_argument("--drain-delay", type=float, default=_env("TABLETOP_DRAIN_DELAY", Config.drain_delay),
                   help="after SIGTERM, seconds (part of --grace) that new calls are still taken while readiness "
                        "already says NOT_SERVING; then new work is refused (env TABLETOP_DRAIN_DELAY, default "
                        "%(default)s)")
    g.add_argument("--call-timeout", type=float, default=_env("TABLETOP_CALL_TIMEOUT", Config.call_timeout),
                   help="longest a call may run or wait for its turn, whatever deadline the client sets "
                        "(env TABLETOP_CALL_TIMEOUT, default %(default)s)")
    g.add_argument("--max-streams", type=int, default=_env("TABLETOP_MAX_STREAMS", Config.max_streams),
                   help="ScoreStream calls open at once per worker (each holds a gRPC thread); more are refused "
                        "with RESOURCE_EXHAUSTED (env TABLETOP_MAX_STREAMS, default %(default)s)")
    g.add_argument("--max-streams-per-peer", type=int,
                   default=_env("TABLETOP_MAX_STREAMS_PER_PEER", Config.max_streams_per_peer),
                   help="of those, at most this many from one peer address (so one client cannot take them all); "
                        "more are refused with RESOURCE_EXHAUSTED too_many_streams_from_peer; 0: no share (env "
                        "TABLETOP_MAX_STREAMS_PER_PEER, default %(default)s)")
    g.add_argument("--stream-idle", type=float, default=_env("TABLETOP_STREAM_IDLE", Config.stream_idle),
                   help="a ScoreStream that sends nothing for this many seconds is ended (env "
                        "TABLETOP_STREAM_IDLE, default %(default)s)")
    g.add_argument("--http-max-connections", type=int,
                   default=_env("TABLETOP_HTTP_MAX_CONNECTIONS", Config.http_max_connections),
                   help="open HTTP connections per worker; beyond it requests get 503 and, at twice it, new "
                        "connections are closed at once (env TABLETOP_HTTP_MAX_CONNECTIONS, default %(default)s)")
    g.add_argument("--http-max-connections-per-peer", type=int,
                   default=_env("TABLETOP_HTTP_MAX_CONNECTIONS_PER_PEER", Config.http_max_connections_per_peer),
                   help="of those, at most this many from one peer address (so one client's idle or half-sent "
                        "connections cannot shut others out); more are closed at once; 0: no cap. Behind a proxy "
                        "or a load balancer that hides client addresses every client shares the proxy's address: "
                        "raise it, or 0 (env TABLETOP_HTTP_MAX_CONNECTIONS_PER_PEER, default %(default)s)")
    g.add_argument("--http-header-timeout", type=float,
                   default=_env("TABLETOP_HTTP_HEADER_TIMEOUT", Config.http_header_timeout),
                   help="seconds an HTTP client has to send a whole request (head and body) once it starts one "
                        "(env TABLETOP_HTTP_HEADER_TIMEOUT, default %(default)s)")
    g.add_argument("--http-keep-alive", type=float, default=_env("TABLETOP_HTTP_KEEP_ALIVE", Config.http_keep_alive),
                   help="seconds an HTTP connection may stay idle, new or between requests (env "
                        "TABLETOP_HTTP_KEEP_ALIVE, default %(default)s)")
    p.add_argument("--access", default=_env("TABLETOP_ACCESS", Config.access), choices=["auto", "seats", "open"],
                   help="access mode of a game whose NewGame names none (env TABLETOP_ACCESS, default "
                        "%(default)s: `seats` for games with hidden information, so a call sees and acts only "
                        "as the seat whose key it carries; `open` trusts every caller with everything)")
    p.add_argument("--cors-origins", default=_env("TABLETOP_CORS_ORIGINS", Config.cors_origins),
                   help="origins (scheme://host[:port], comma-separated, `*` for any) whose web pages may call the "
                        "HTTP port: REST, Connect and gRPC-Web answer their CORS preflights (env "
                        "TABLETOP_CORS_ORIGINS, default none: same-origin pages only)")
    p.add_argument("--cors-headers", default=_env("TABLETOP_CORS_HEADERS", Config.cors_headers),
                   help="request headers (comma-separated) those pages may send beside the defaults: the headers "
                        "of Connect, gRPC-Web and REST clients and traceparent, tracestate, x-request-id (env "
                        "TABLETOP_CORS_HEADERS)")
    a = p.parse_args(argv)
    if a.workers < 1:
        p.error("--workers must be at least 1")
    # (argparse checks `choices` on the command line only, not on a default taken from the environment)
    for flag, env, value, allowed in (
            ("--log-level", "TABLETOP_LOG_LEVEL", a.log_level, ("debug", "info", "warning", "error")),
            ("--log-format", "TABLETOP_LOG_FORMAT", a.log_format, ("text", "json"))):
        if value not in allowed:
            p.error(f"{flag} ({env}) {value!r}: expected one of {', '.join(allowed)}")
    if a.max_streams < 0 or a.max_streams >= a.grpc_threads:
        p.error("--max-streams must be below --grpc-threads (streams must leave threads for unary calls)")
    for name in ("max_streams_per_peer", "http_max_connections_per_peer"):
        if getattr(a, name) < 0:
            p.error(f"--{name.replace('_', '-')} must not be negative (0: no cap)")
    for name in ("grace", "drain_delay", "call_timeout", "stream_idle", "http_header_timeout", "http_keep_alive"):
        if getattr(a, name) < 0:
            p.error(f"--{name.replace('_', '-')} must not be negative")
    if a.grpc_compression not in ("none", "gzip"):  # (from the environment: argparse checks flags only)
        p.error(f"--grpc-compression (TABLETOP_GRPC_COMPRESSION) {a.grpc_compression!r}: expected none or gzip")
    if a.cors_headers.strip():
        from .cors import parse_headers  # (imported only when used: the supervisor starts without litestar)
        try:
            parse_headers(a.cors_headers)
        except ValueError as exc:
            p.error(f"--cors-headers (TABLETOP_CORS_HEADERS): {exc}")
    return Config(a.host, a.grpc_port, a.http_port, a.workers, a.grpc_threads, a.grace, a.log_level,
                  a.drain_delay, a.call_timeout, a.max_streams, a.stream_idle, a.http_max_connections,
                  a.http_header_timeout, a.http_keep_alive, a.access, a.cors_origins, a.cors_headers,
                  a.grpc_compression, log_format=a.log_format, max_streams_per_peer=a.max_streams_per_peer,
                  http_max_connections_per_peer=a.http_max_connections_per_peer)
