"""Prometheus metrics, one set for both transports.

With several worker processes, `PROMETHEUS_MULTIPROC_DIR` must be set (the
supervisor in service/server.py does it) before this module is imported: the
client then keeps values in per-process files and `/metrics` aggregates them.
"""
from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client import CONTENT_TYPE_LATEST  # noqa: F401 - re-exported for the REST adapter

REQUESTS = Counter("tabletop_requests_total", "Requests served, by transport, method, game and status code",
                   ["transport", "method", "game", "code"])
ERRORS = Counter("tabletop_errors_total", "Refused or failed requests, by method, game, status code and reason",
                 ["transport", "method", "game", "code", "reason"])
# Buckets from 50 us: the whole request costs ~100-200 us on the framework side.
DURATION = Histogram("tabletop_request_duration_seconds", "Time in the app layer per request, by method and game",
                     ["transport", "method", "game"],
                     buckets=(5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 0.1, 1.0))
MOVES = Counter("tabletop_moves_applied_total", "Moves applied, by game", ["game"])
STARTED = Counter("tabletop_games_started_total", "Games started, by game", ["game"])
FINISHED = Counter("tabletop_games_finished_total", "Games finished (by the move that ended them), by game",
                   ["game"])
TOKENS_REFUSED = Counter("tabletop_tokens_refused_total", "State tokens refused, by reason", ["reason"])


_children: dict[tuple, object] = {}


def child(metric, *labels: str):
    """`metric.labels(*labels)`, cached: prometheus-client's `labels()` costs microseconds per call."""
    key = (metric, labels)
    found = _children.get(key)
    if found is None:
        found = _children[key] = metric.labels(*labels)
    return found


def render() -> bytes:
    """The exposition text: aggregated over worker processes when running multi-process."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry)
    from prometheus_client import REGISTRY
    return generate_latest(REGISTRY)


def process_exited(pid: int) -> None:
    """Forget a dead worker's live gauges (counters and histograms are kept)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
