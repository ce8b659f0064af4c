"""The benches' servers take ports the kernel never hands out by itself (bench/service.py `_free_port`), and a
bench talks only to the servers it started."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from bench.ports import slice_of
from bench.service import BENCH_PORTS, _free_port

ROOT = Path(__file__).resolve().parents[2]


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


def test_parallel_test_workers_pick_from_disjoint_slices():
    """Service workers bind with SO_REUSEPORT, so two test services handed one port would both hold it and share
    its connections (a CI run once saw a gRPC client's frames reach another test's HTTP port). Each xdist worker
    picks from its own slice of the range; outside xdist a process picks from all of it."""
    assert slice_of(BENCH_PORTS, None, None) == BENCH_PORTS
    for count in (1, 2, 3, 8):
        slices = [set(slice_of(BENCH_PORTS, f"gw{i}", str(count))) for i in range(count)]
        assert all(len(part) >= len(BENCH_PORTS) // count for part in slices)
        assert all(part <= set(BENCH_PORTS) for part in slices)
        assert sum(map(len, slices)) == len(set().union(*slices)), count  # no port in two slices


class _NotFound(BaseHTTPRequestHandler):
    """Another process's HTTP server: 404 to every request, each one counted."""
    hits: list

    def do_GET(self):
        self.hits.append(self.path)
        self.send_error(404)

    do_POST = do_GET

    def log_message(self, *args):
        pass


class _ReusePortServer(HTTPServer):
    def server_bind(self):
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)  # as the service's own workers bind
        super().server_bind()


@pytest.mark.parametrize("server", [HTTPServer, _ReusePortServer], ids=["alone", "so_reuseport"])
def test_the_service_bench_runs_when_another_server_holds_its_port(server):
    """A CI run once failed so: another HTTP server took the bench's port between the bench's look and its own
    server's bind, and the bench read that server's 404s. Here the port handed to the bench's service for HTTP is
    one an HTTP server answering 404 already holds, bound alone or sharing it as SO_REUSEPORT allows. The bench
    must start its service on other ports, never send that server a request, and print its rows."""
    hits: list = []
    other = server(("127.0.0.1", _free_port()), type("NotFound", (_NotFound,), {"hits": hits}))
    port = other.server_address[1]
    threading.Thread(target=other.serve_forever, daemon=True).start()
    # The bench's second pick is its service's HTTP port (bench/service.py main): hand it the held port.
    driver = ("import sys, bench.service as bench; real = bench._free_port; picks = [real(), int(sys.argv[1])]; "
              "bench._free_port = lambda: picks.pop(0) if picks else real(); sys.exit(bench.main(sys.argv[2:]))")
    try:
        proc = subprocess.run([sys.executable, "-c", driver, str(port), "--seconds", "0.2", "--rounds", "1",
                               "--only", "ApplyMove", "--transports", "rest", "--no-secure"],
                              cwd=ROOT, capture_output=True, text=True, timeout=300)
    finally:
        other.shutdown()
        other.server_close()
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    assert hits == [], f"the bench sent requests to the other server: {hits}"
    assert re.search(rf"^# .*port {port}\b.*another process", out, re.M), out  # it says why it moved
    for row in ("ApplyMove", "floor"):
        assert re.search(rf"^rest\s+{row}\s+\d+\.\d+\s+\d+\.\d+$", out, re.M), out
    assert re.search(r"^rest  ApplyMove\s+\d+\s+\d+\s+\d+\s+[\d.]+\s+0$", out, re.M), out  # no call failed
