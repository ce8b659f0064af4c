"""Ports for the servers the benches and the tests start on 127.0.0.1.

Two rules keep two servers off one port:
- Ports come from below Linux's ephemeral range (32768-60999), where bind(0) and outgoing connections take
  theirs, so the kernel never hands one to another process between our look and our server's bind.
- Each pytest-xdist worker picks from its own slice. Service workers bind with SO_REUSEPORT, so two services
  given one port would both hold it and the kernel would spread connections between them (a CI run once saw a
  gRPC client's frames reach another test's HTTP port). Slices keep parallel test workers apart; within one
  worker, tests run one at a time and the bind check below sees a port still held.
"""
from __future__ import annotations

import os
import random
import socket

PORTS = range(20000, 32000)
_PICK = random.SystemRandom()  # never a seeded sequence that two runs would share


def slice_of(ports: range, worker: str | None, count: str | None) -> range:
    """The part of `ports` that pytest-xdist worker `worker` ("gw3") of `count` picks from; all of it outside xdist."""
    if not worker or not worker.startswith("gw") or not count:
        return ports
    index, total = int(worker[2:]), max(int(count), 1)
    width = len(ports) // total
    return range(ports.start + index * width, ports.start + (index + 1) * width)


def pool() -> range:
    """The ports this process picks from."""
    return slice_of(PORTS, os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("PYTEST_XDIST_WORKER_COUNT"))


def free_port() -> int:
    """A port nothing holds now, from this process's pool."""
    ports = pool()
    for _ in range(200):
        port = _PICK.choice(ports)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")
