"""Prometheus metrics, one set for both transports.

With several worker processes, `PROMETHEUS_MULTIPROC_DIR` must be set (the
supervisor in service/server.py does it) before this module is imported: the
client then keeps values in per-process files and `/metrics` aggregates them.
Counts are buffered per thread and passed on by `flush()` (see below): a scrape
sees its own worker's counts at once and the other workers' within FLUSH_SECONDS.
"""
from __future__ import annotations

import atexit
import json
import os
import threading
import time
from bisect import bisect_left

from prometheus_client import (REGISTRY, CollectorRegistry, Counter, Histogram, Metric, ProcessCollector,
                               generate_latest, multiprocess)
from prometheus_client import CONTENT_TYPE_LATEST  # noqa: F401 - re-exported for the REST adapter


class _FlushFirst:
    """Registered in the default registry before the metrics: every collection of it (a scrape,
    `get_sample_value`) first passes on the counts buffered in threads (`flush`)."""

    def describe(self):
        return []

    def collect(self):
        flush()
        return []


REGISTRY.register(_FlushFirst())

REQUESTS = Counter("tabletop_requests_total", "Requests served, by transport, method, game and status code",
                   ["transport", "method", "game", "code"])
ERRORS = Counter("tabletop_errors_total", "Refused or failed requests, by method, game, status code and reason",
                 ["transport", "method", "game", "code", "reason"])
# Buckets from 50 us (the whole request costs ~100-200 us on the framework side) up to the call timeout
# (--call-timeout caps a call's run and wait): `use_call_timeout` sets them before a worker serves.
FINE_BUCKETS = (5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 0.1, 1.0)
DEFAULT_CALL_TIMEOUT = 10.0  # python -m service's default (service/process/config.py)


def duration_buckets(call_timeout: float) -> tuple[float, ...]:
    """FINE_BUCKETS, then 2.5, 5, 10, 25, 50, 100, ... below `call_timeout`, then `call_timeout` itself: a call
    that runs until it is stopped still lands in a bucket below +Inf."""
    out, step = list(FINE_BUCKETS), 1.0
    while True:
        for bound in (2.5 * step, 5.0 * step, 10.0 * step):
            if bound >= call_timeout:
                return tuple(out + [call_timeout] if call_timeout > out[-1] else out)
            out.append(bound)
        step *= 10


def _duration(call_timeout: float) -> Histogram:
    return Histogram("tabletop_request_duration_seconds", "Time in the app layer per request, by method and game",
                     ["transport", "method", "game"], buckets=duration_buckets(call_timeout))


DURATION = _duration(DEFAULT_CALL_TIMEOUT)
# A move is applied exactly when an ApplyMove call answers OK, so `flush` counts MOVES from the calls'
# tally (`served`) instead of a count of its own per move (~4k instructions less per ApplyMove).
MOVES = Counter("tabletop_moves_applied_total", "Moves applied, by game", ["game"])
APPLY = "ApplyMove"
STARTED = Counter("tabletop_games_started_total", "Games started, by game", ["game"])
FINISHED = Counter("tabletop_games_finished_total", "Games finished (by the move that ended them), by game",
                   ["game"])
TOKENS_REFUSED = Counter("tabletop_tokens_refused_total", "State tokens refused, by reason", ["reason"])
# Calls refused for who is calling, not for what: no key, wrong key, a bad authorization header,
# a stale (forked) token, a token of a game the store no longer holds. Labelled by reason only: a key never
# becomes a label.
ACCESS_REFUSED = Counter("tabletop_access_refused_total", "Calls refused by the access checks, by reason "
                         "(no_key, wrong_key, bad_authorization, token_stale, game_expired)", ["reason"])
# Browser preflights refused by the CORS layer (service/process/cors.py). Labelled by reason only: the
# origin, which any page chooses, goes to the log, never to a label.
CORS_REFUSED = Counter("tabletop_cors_refused_total", "CORS preflights refused, by reason (origin: not an "
                       "allowed origin, method: not GET or POST, headers: a request header not allowed)", ["reason"])


# Counting is buffered per thread. prometheus-client takes a lock per value (a file write per value with
# several workers): an ApplyMove's three counts cost ~4.5 us of a ~50 us call (~18k instructions of its
# ~200k), ~5.6 us with worker processes. Here a call adds to its own thread's tally (plain dicts that only
# that thread writes, so no lock) and `flush()` moves what was added since into the prometheus values:
# before every collection of the default registry (a scrape, `get_sample_value`), from `render()`, and
# with worker processes, from a thread every FLUSH_SECONDS (a scrape that another worker answers sees a
# worker's counts that late at most) and at exit. The value objects (`_value`, `_sum`, `_buckets`) have
# kept these names for years; if a release renames them, the public methods are used instead (tests/service
# check that the series move either way).
FLUSH_SECONDS = 0.5


class _Tally:
    """One thread's counts since it first counted: only that thread writes them, `flush` reads them."""

    __slots__ = ("thread", "counts", "hists", "calls", "flushed")

    def __init__(self):
        self.thread = threading.current_thread()
        self.counts: dict[tuple, int] = {}  # (counter, labels) -> count
        self.hists: dict[tuple, list] = {}  # (histogram, labels) -> [sum, count per bucket...]
        # (transport, method, game, code) -> [sum of seconds, count per DURATION bucket...] (the calls: the
        # buckets' sum, one add less per call):
        # REQUESTS and DURATION of a call in one entry (`served`)
        self.calls: dict[tuple, list] = {}
        self.flushed: dict[tuple, object] = {}  # (which dict, key) -> what flush() has passed on so far


_local = threading.local()
_tallies: list[_Tally] = []
_flush_lock = threading.Lock()
_bounds: dict[object, list[float]] = {}  # histogram -> its bucket bounds (the last one +Inf)
_flusher: list[threading.Thread] = []


def _tally() -> _Tally:
    t = _Tally()
    _local.counts, _local.hists, _local.calls = t.counts, t.hists, t.calls
    with _flush_lock:
        _tallies.append(t)
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR") and not _flusher:
            _flusher.append(threading.Thread(target=_flush_every, name="metrics-flush", daemon=True))
            _flusher[0].start()
    return t


def inc(metric, *labels: str) -> None:
    """`metric.labels(*labels).inc()`, counted in the calling thread until the next flush."""
    try:
        counts = _local.counts
    except AttributeError:
        counts = _tally().counts
    key = (metric, labels)
    counts[key] = counts.get(key, 0) + 1


def observe(metric, seconds: float, *labels: str) -> None:
    """`metric.labels(*labels).observe(seconds)` for a Histogram, counted in the calling thread until the
    next flush."""
    try:
        hists = _local.hists
    except AttributeError:
        hists = _tally().hists
    key = (metric, labels)
    h = hists.get(key)
    if h is None:
        h = hists[key] = [0.0] + [0] * len(_bounds_of(metric))
    h[0] += seconds
    h[1 + bisect_left(_bounds[metric], seconds)] += 1  # the first bucket with seconds <= bound, as observe()


def served(transport: str, method: str, game: str, code: str, seconds: float) -> None:
    """One call answered: REQUESTS by (transport, method, game, code) and its `seconds` in DURATION by
    (transport, method, game), in one count (every call makes both)."""
    try:  # one lookup for a known row (nearly every call): ~50 ns less than a .get() and its test
        row = _local.calls[transport, method, game, code]
    except (AttributeError, KeyError):
        row = _new_row((transport, method, game, code))
    row[0] += seconds
    # The first bucket with seconds <= bound, as observe(); most calls fall in the first.
    row[1 if seconds <= _FIRST_BOUND else 1 + bisect_left(_DURATION_BOUNDS, seconds)] += 1


def _new_row(key: tuple) -> list:
    """The calling thread's tally row for `key` (transport, method, game, code), made now."""
    try:
        calls = _local.calls
    except AttributeError:
        calls = _tally().calls
    row = calls[key] = [0.0] + [0] * len(_DURATION_BOUNDS)
    return row


def _bounds_of(histogram) -> list[float]:
    bounds = _bounds.get(histogram)
    if bounds is None:
        bounds = _bounds[histogram] = list(histogram._upper_bounds)
    return bounds


_DURATION_BOUNDS = _bounds_of(DURATION)
_FIRST_BOUND = _DURATION_BOUNDS[0]


def use_call_timeout(seconds: float) -> None:
    """DURATION's buckets up to `seconds` (the worker's --call-timeout): called before the worker serves, as
    the calls' tallies (`served`) are rows of the buckets they started with."""
    global DURATION, _DURATION_BOUNDS
    buckets = duration_buckets(seconds)
    if buckets == tuple(_DURATION_BOUNDS[:-1]):
        return
    with _flush_lock:
        if any(t.calls for t in _tallies):
            raise RuntimeError("metrics.use_call_timeout: calls were counted already")
        REGISTRY.unregister(DURATION)
        DURATION = _duration(seconds)
        _DURATION_BOUNDS = _bounds_of(DURATION)


def flush() -> None:
    """Pass every thread's counts since the last flush on to the prometheus values."""
    with _flush_lock:
        for t in list(_tallies):
            ended = not t.thread.is_alive()  # read first: a thread that ended has no count in flight after it
            # dict.copy() and list slices run no Python code: each is a consistent snapshot of its entry
            for key, n in t.counts.copy().items():
                done = t.flushed.get((0, key), 0)
                if n != done:
                    _add_count(key, n - done)
                    t.flushed[(0, key)] = n
            for key, h in t.hists.copy().items():
                now, before = h[:], t.flushed.get((1, key))
                if now != before:
                    _add_observations(key, now, before or [0.0] * len(now))
                    t.flushed[(1, key)] = now
            for key, row in t.calls.copy().items():
                now, before = row[:], t.flushed.get((2, key)) or [0.0] + [0] * len(_DURATION_BOUNDS)
                if now != before:
                    served_now = sum(now[1:]) - sum(before[1:])
                    _add_count((REQUESTS, key), served_now)
                    if key[1] == APPLY and key[3] == "OK":
                        _add_count((MOVES, key[2:3]), served_now)
                    _add_observations((DURATION, key[:3]), now, before)
                    t.flushed[(2, key)] = now
            if ended:  # all of it passed on: forget it (pools that replace threads would grow the list)
                _tallies.remove(t)


def _add_count(key: tuple, n: int) -> None:
    metric, labels = key
    child = metric.labels(*labels)
    value = getattr(child, "_value", None)
    (value.inc if hasattr(value, "inc") else child.inc)(n)


def _add_observations(key: tuple, now: list, before: list) -> None:
    metric, labels = key
    child = metric.labels(*labels)
    try:
        add_sum, buckets = child._sum.inc, [b.inc for b in child._buckets]
    except AttributeError:
        # No private values: replay through the public method, each at its bucket's bound (the buckets and
        # count exact, the sum approximate).
        for bound, added in zip(_bounds[metric], (a - b for a, b in zip(now[1:], before[1:]))):
            for _ in range(added):
                child.observe(bound)
        return
    add_sum(now[0] - before[0])
    for add, a, b in zip(buckets, now[1:], before[1:]):
        if a != b:
            add(a - b)


def _flush_every() -> None:
    while True:
        time.sleep(FLUSH_SECONDS)
        flush()


def _after_fork() -> None:
    """A forked child starts with no tallies, no flusher and a free lock: its parent's threads (and their
    counts, which the parent passes on) did not come along."""
    global _flush_lock
    _flush_lock = threading.Lock()
    _tallies.clear()
    _flusher.clear()
    _local.__dict__.clear()  # the forking thread's tally: the parent passes it on


atexit.register(flush)
os.register_at_fork(after_in_child=_after_fork)


def render() -> bytes:
    """The exposition text: aggregated over worker processes when running multi-process, with every worker's
    process metrics (CPU, memory, open files) labelled by `worker`."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        flush()  # this worker's counts now; the others' within FLUSH_SECONDS
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(_WORKER_PROCESSES)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


# Process metrics per worker. prometheus-client's ProcessCollector reports the process it runs in, and the
# multi-process collector leaves it out (the values are not in its files): a scrape showed no CPU, memory or
# open files at all. The supervisor keeps the list of workers (index -> pid) in WORKERS_FILE beside the
# metric files, and the worker answering a scrape reads each worker's figures from /proc/<pid> (the workers
# share the machine), so the figures are as of the scrape and a call pays nothing for them.
WORKERS_FILE = "workers.json"
_workers: dict[str, int] = {}  # the supervisor's list: worker index -> pid


def worker_started(index: int, pid: int) -> None:
    """The supervisor started (or promoted a spare to) worker `index` as process `pid`."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        _workers[str(index)] = pid
        _write_workers()


def _write_workers() -> None:
    path = os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], WORKERS_FILE)
    with open(path + ".new", "w") as f:
        json.dump(_workers, f)
    os.replace(path + ".new", path)  # a scrape reads the old list or the new one, never half of one


def _read_workers() -> dict[str, int]:
    try:
        with open(os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], WORKERS_FILE)) as f:
            return {str(k): int(v) for k, v in json.load(f).items()}
    except (OSError, ValueError, AttributeError):  # no supervisor (one process, a directory of its own)
        return {"0": os.getpid()}


class _WorkerProcesses:
    """The process_* metrics of every worker, each sample labelled `worker` (its index)."""

    def __init__(self):
        self._readers: dict[int, ProcessCollector] = {}

    def collect(self):
        workers = _read_workers()
        pids = set(workers.values())
        for gone in [pid for pid in self._readers if pid not in pids]:
            del self._readers[gone]
        families: dict[str, Metric] = {}
        for worker, pid in sorted(workers.items(), key=lambda item: int(item[0])):
            reader = self._readers.get(pid)
            if reader is None:
                reader = self._readers[pid] = ProcessCollector(pid=lambda pid=pid: pid, registry=None)
            for family in reader.collect():  # (nothing for a process gone since the list was written)
                out = families.get(family.name)
                if out is None:
                    out = families[family.name] = Metric(family.name, family.documentation, family.type)
                for sample in family.samples:
                    out.add_sample(sample.name, {**sample.labels, "worker": worker}, sample.value)
        return list(families.values())


_WORKER_PROCESSES = _WorkerProcesses()


def process_exited(pid: int) -> None:
    """Forget a dead worker's live gauges (counters and histograms are kept) and take it off the workers' list."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
        for index in [index for index, known in _workers.items() if known == pid]:
            del _workers[index]
            _write_workers()
