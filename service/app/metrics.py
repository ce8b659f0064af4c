"""Prometheus metrics, one set for both transports.

With several worker processes, `PROMETHEUS_MULTIPROC_DIR` must be set (the
supervisor in service/server.py does it) before this module is imported: the
client then keeps values in per-process files and `/metrics` aggregates them.
"""
from __future__ import annotations

import os
from bisect import bisect_left

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


# Per label set, the bound method that does the counting. prometheus-client's public
# `labels(...).inc()` runs several Python calls of checks and `observe()` scans the buckets
# linearly; on a ~20 us request that was ~2 us. The value objects (`_value`, `_sum`,
# `_buckets`) have kept these names for years; if a release renames them, the public
# methods are used instead (tests/service check that the series move either way).
_incs: dict[tuple, object] = {}
_observers: dict[tuple, object] = {}


def inc(metric, *labels: str) -> None:
    """`metric.labels(*labels).inc()`, through a cached incrementer."""
    key = (metric, labels)
    f = _incs.get(key)
    if f is None:
        child = metric.labels(*labels)
        value = getattr(child, "_value", None)
        f = _incs[key] = value.inc if hasattr(value, "inc") else child.inc
    f(1)


def observe(metric, seconds: float, *labels: str) -> None:
    """`metric.labels(*labels).observe(seconds)` for a Histogram, through a cached observer."""
    key = (metric, labels)
    f = _observers.get(key)
    if f is None:
        f = _observers[key] = _observer(metric.labels(*labels))
    f(seconds)


def _observer(child):
    try:
        add_sum = child._sum.inc
        counts = [b.inc for b in child._buckets]
        bounds = list(child._upper_bounds)
    except AttributeError:
        return child.observe
    if len(counts) != len(bounds):
        return child.observe

    def observe(seconds: float) -> None:
        add_sum(seconds)
        counts[bisect_left(bounds, seconds)](1)  # the first bucket with seconds <= bound, as observe()
    return observe


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
