"""A bench's report prints what was measured, even a CPU time of 0 ticks (a short round on a busy
machine read one in CI: the gRPC servers' report then stopped on a division by zero)."""
from __future__ import annotations

import math

from bench import grpc_servers
from bench.peers import __main__ as peers
from bench.service import ratio


def _measured(cpu_us: float) -> dict:
    return {"rate": 1000.0, "cpu_us": cpu_us, "p50": 1.0, "p99": 2.0, "errors": 0, "bytes": 400.0,
            "sizes": {10: [4000, 10]}}


def test_a_ratio_to_nothing_is_nan():
    assert ratio(3.0, 1.5) == 2.0 and math.isnan(ratio(1.0, 0.0))


def test_the_grpc_servers_report_prints_a_zero_cpu_reading(capsys):
    grpc_servers.report({("sync", "game"): _measured(0.0), ("aio", "game"): _measured(80.0)})
    out = capsys.readouterr().out
    assert "game  sync" in out and "game  aio" in out and "nan" in out


def test_the_peers_report_prints_a_zero_cpu_reading(capsys):
    class Args:
        transports = ["grpc"]
    peers.report([("grpc", 64, _measured(120.0), _measured(0.0))], Args())
    assert "grpc ours_per_peer=1.00 cpu_ours_per_peer=nan" in capsys.readouterr().out
