"""service.metrics' cached incrementers and observer count exactly as prometheus-client's own calls."""
from __future__ import annotations

import random

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

    def lines(registry):
        return [line for line in generate_latest(registry).decode().splitlines() if "_created" not in line]
    assert lines(ref) == lines(fast)
    assert f'c_total{{a="y"}} {len(values)}.0' in lines(fast)
