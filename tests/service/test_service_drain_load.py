"""SIGTERM and a group SIGTERM under 32 players of whole games (issue 31, acceptance 4), short.

`python -m bench.drain` (bench/drain.py) with its default figures but shorter phases: 16 REST players
on kept-alive connections and 16 gRPC players play whole games with the fork guard on (a SQLite file
of their own); the service gets a SIGTERM, is started again on the same ports and store, gets a
SIGTERM to its whole process group (twice), is started again. A player retries a failed call with
the very same request. Every attempt is counted by kind: none may fail other than with a clean,
retryable refusal (HTTP 503, gRPC UNAVAILABLE, a connection refused, or a kept-alive connection closed
between requests), both drains must really have refused calls, and every game's moves, replayed in the
engine, give its newest token's state while the guard agrees (no move lost, none twice).
"""
from __future__ import annotations

import argparse
import asyncio

from bench import drain


def test_a_sigterm_and_a_group_sigterm_under_32_players_refuse_cleanly_and_lose_no_move():
    a = argparse.Namespace(clients=32, seconds=1.5, workers=2, grace=6.0, drain_delay=0.5, seed=31)
    out = asyncio.run(drain.run(a))
    drain.report(out)  # (shown with -s, and below when it fails)
    counts = out["counts"]
    assert not out["failures"], (out["failures"], counts, out["examples"])
    for phase in ("term", "group"):  # the drains came under load: calls were refused, cleanly
        refused = {kind: n for (p, kind), n in counts.items() if p == phase and kind in drain.CLEAN}
        assert refused.get("grpc UNAVAILABLE") and refused.get("rest 503"), (phase, counts)
    assert out["games"] >= 32, out["games"]
