"""The benches' servers take ports the kernel never hands out by itself (bench/service.py `_free_port`)."""
from __future__ import annotations

import socket
from pathlib import Path

from bench.service import BENCH_PORTS, _free_port


def test_bench_ports_lie_outside_the_kernels_ephemeral_range_and_are_picked_at_random():
    """bind(0) and outgoing connections take their ports from the ephemeral range: a bench port outside it cannot
    be given to a test's service on a parallel worker between the bench's look and its server's bind (a CI run
    once failed so). The picks are random (not a sequence two runs would share) and free when picked."""
    low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    assert BENCH_PORTS.stop - 1 < low or BENCH_PORTS.start > high, (BENCH_PORTS, low, high)
    picked = [_free_port() for _ in range(50)]
    assert all(port in BENCH_PORTS for port in picked) and len(set(picked)) > 40, picked
    with socket.socket() as s:
        s.bind(("127.0.0.1", picked[-1]))
