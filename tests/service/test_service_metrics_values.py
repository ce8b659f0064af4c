"""service.metrics' buffered counts reach prometheus-client exactly as its own calls would, from any thread."""
from __future__ import annotations

import random
import subprocess
import sys
import threading

import pytest

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from service.app import metrics

BUCKETS = (5e-5, 1e-4, 2.5e-4, 1.0)


def _pair(registry):
    return (Histogram("h", "h", ["a"], buckets=BUCKETS, registry=registry),
            Counter("c", "c", ["a"], registry=registry))


def test_fast_paths_expose_the_same_values_as_the_public_methods():
    ref, fast = CollectorRegistry(), CollectorRegistry()
    (h1, c1), (h2, c2) = _pair(ref), _pair(fast)
    rnd = random.Random(5)
    values = [*BUCKETS, 0.0, 3.0] + [rnd.random() * 1e-3 for _ in range(500)]  # bounds hit exactly, too
    for v in values:
        h1.labels("x").observe(v)
        metrics.observe(h2, v, "x")
        c1.labels("y").inc()
        metrics.inc(c2, "y")

    metrics.flush()

    def lines(registry):
        return [line for line in generate_latest(registry).decode().splitlines() if "_created" not in line]
    assert lines(ref) == lines(fast)
    assert f'c_total{{a="y"}} {len(values)}.0' in lines(fast)


def test_counts_from_many_threads_arrive_once_while_flushes_run_beside_them():
    """Threads count while others flush without pause (as scrapes and the flusher thread do): after the
    last flush every count is there exactly once, the histogram's too, and ended threads are forgotten."""
    registry = CollectorRegistry()
    h, c = _pair(registry)
    threads, per_thread = 8, 20_000
    stop = threading.Event()

    def count(i):
        for k in range(per_thread):
            metrics.inc(c, "y")
            metrics.observe(h, BUCKETS[k % len(BUCKETS)], "x")

    def scrape():
        while not stop.is_set():
            metrics.flush()
    scrapers = [threading.Thread(target=scrape) for _ in range(2)]
    counters = [threading.Thread(target=count, args=(i,)) for i in range(threads)]
    for t in scrapers + counters:
        t.start()
    for t in counters:
        t.join()
    stop.set()
    for t in scrapers:
        t.join()
    metrics.flush()
    total = threads * per_thread
    assert registry.get_sample_value("c_total", {"a": "y"}) == total
    assert registry.get_sample_value("h_count", {"a": "x"}) == total
    assert registry.get_sample_value("h_bucket", {"a": "x", "le": "5e-05"}) == total / len(BUCKETS)
    assert registry.get_sample_value("h_sum", {"a": "x"}) == pytest.approx(total / len(BUCKETS) * sum(BUCKETS))
    assert not any(t.thread in counters for t in metrics._tallies)


def test_the_default_registry_flushes_before_it_is_read():
    """A scrape (or get_sample_value) of the default registry sees a count made a moment before."""
    from prometheus_client import REGISTRY
    before = REGISTRY.get_sample_value("tabletop_games_started_total", {"game": "flush-probe"}) or 0.0
    metrics.inc(metrics.STARTED, "flush-probe")
    assert REGISTRY.get_sample_value("tabletop_games_started_total", {"game": "flush-probe"}) == before + 1


def test_served_counts_requests_and_durations_as_the_public_methods_would():
    """`served` (one entry per call for REQUESTS and DURATION) gives what `inc` and `observe` on the two
    metrics give, per label set, codes summed into DURATION."""
    from prometheus_client import REGISTRY
    bounds = metrics._DURATION_BOUNDS[:-1]
    ref = CollectorRegistry()
    h = Histogram("d", "d", ["transport", "method", "game"], buckets=bounds, registry=ref)
    c = Counter("r", "r", ["transport", "method", "game", "code"], registry=ref)
    labels = ("probe", "ApplyMove", "served-probe")

    def ours():
        return [REGISTRY.get_sample_value(f"tabletop_request{s}", {**dict(zip(("transport", "method", "game"), labels)),
                                                                  **extra}) or 0.0
                for s, extra in [("s_total", {"code": "OK"}), ("s_total", {"code": "NOT_FOUND"}),
                                 ("_duration_seconds_count", {}), ("_duration_seconds_sum", {}),
                                 *(("_duration_seconds_bucket", {"le": str(b)}) for b in bounds)]]

    def theirs():
        return [ref.get_sample_value(s, {**dict(zip(("transport", "method", "game"), labels)), **extra}) or 0.0
                for s, extra in [("r_total", {"code": "OK"}), ("r_total", {"code": "NOT_FOUND"}), ("d_count", {}),
                                 ("d_sum", {}), *(("d_bucket", {"le": str(b)}) for b in bounds)]]
    before = ours()
    rnd = random.Random(9)
    for v in [*bounds, 0.0, 3.0, 7.0, 12.0] + [rnd.random() * 2e-3 for _ in range(300)]:
        code = rnd.choice(("OK", "NOT_FOUND"))
        metrics.served(*labels, code, v)
        c.labels(*labels, code).inc()
        h.labels(*labels).observe(v)
    got = [a - b for a, b in zip(ours(), before)]
    assert got[:3] + got[4:] == theirs()[:3] + theirs()[4:]
    assert got[3] == pytest.approx(theirs()[3])


def test_the_duration_buckets_follow_the_call_timeout_before_the_first_call():
    """In a fresh process (as a worker starts): use_call_timeout(30) gives buckets up to 30 s that `served` fills
    as observe() would; once calls are counted the buckets stay (a change would split their rows)."""
    code = """if True:
        from prometheus_client import REGISTRY
        from service.app import metrics
        metrics.use_call_timeout(30.0)
        for seconds in (0.00001, 3.0, 20.0, 29.0, 45.0):
            metrics.served("rest", "ApplyMove", "hats", "OK", seconds)
        labels = {"transport": "rest", "method": "ApplyMove", "game": "hats"}
        print([REGISTRY.get_sample_value("tabletop_request_duration_seconds_bucket", {**labels, "le": le})
               for le in ("5e-05", "1.0", "5.0", "25.0", "30.0", "+Inf")])
        try:
            metrics.use_call_timeout(60.0)
        except RuntimeError:
            print("kept")
    """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["[1.0, 1.0, 2.0, 3.0, 4.0, 5.0]", "kept"], done.stdout
