"""Taking turns for calls that may run long, so they cannot crowd out the short ones.

A ScoreBatch of `limits.MAX_BATCH` large states takes a core for a quarter of a
second. Such calls go through the worker's one `Lane`: one runs at a time, a few
more may wait for their turn, and any beyond that are refused at once with
RESOURCE_EXHAUSTED (`busy`, HTTP 429) before their body is even read. So however
many of them arrive, they hold one thread's worth of CPU and a bounded amount
of memory, and the short calls (a game's turns, health checks) keep theirs.
Transport-free: the gRPC adapter runs the call in its handler thread, the HTTP
adapters in the lane's own thread (off the event loop).
"""
from __future__ import annotations

import threading
import time

from .errors import DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ApiError


# While other calls are in flight, a long call sleeps this many times the CPU time each of its chunks
# used: it then takes at most a quarter of its worker. Without it a ScoreBatch thread, never blocking,
# wins most hand-overs of the interpreter lock from the short calls' threads (which block on every read
# and write): beside one batcher per transport, REST's p99 tripled (python -m bench.hostile --heavy 0).
YIELD = 3.0
_local = threading.local()


def pace(others_in_flight: bool) -> None:
    """Called by a long call between chunks of its work (a no-op outside a lane's turn): see YIELD."""
    mark = getattr(_local, "mark", None)
    if mark is None:
        return
    if others_in_flight:
        time.sleep((time.thread_time() - mark) * YIELD)
    _local.mark = time.thread_time()


class Busy(ApiError):
    """Refused for now: too many long calls are running or waiting (HTTP 429, gRPC RESOURCE_EXHAUSTED)."""

    def __init__(self, method: str, capacity: int):
        super().__init__(RESOURCE_EXHAUSTED, "busy", f"{method}: {capacity} long calls are already running or "
                         "waiting on this server; retry shortly (or send smaller batches)")

    @property
    def http_status(self) -> int:
        return 429


class Lane:
    """`running` calls at once, `waiting` more queued; `admit` before reading the request, `run` it, `leave`."""

    def __init__(self, running: int = 1, waiting: int = 3):
        self._turn = threading.BoundedSemaphore(running)
        self._lock = threading.Lock()
        self._admitted = 0
        self.capacity = running + waiting

    @property
    def admitted(self) -> int:
        return self._admitted

    def admit(self, method: str) -> None:
        """Take a place (running or waiting), or raise Busy at once."""
        with self._lock:
            if self._admitted >= self.capacity:
                raise Busy(method, self.capacity)
            self._admitted += 1

    def leave(self) -> None:
        with self._lock:
            self._admitted -= 1

    def run(self, fn, deadline: float):
        """`fn()` once it is this call's turn; DEADLINE_EXCEEDED if the turn does not come by `deadline`."""
        if not self._turn.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise ApiError(DEADLINE_EXCEEDED, "deadline_exceeded", "the call's time ran out while it waited for "
                           "its turn behind other long calls")
        try:
            _local.mark = time.thread_time()
            return fn()
        finally:
            _local.mark = None
            self._turn.release()


def executor_for(lane: Lane):
    """The lane's threads for callers on an event loop: one per place, so a waiting call never blocks the loop."""
    ex = getattr(lane, "_executor", None)
    if ex is None:
        from concurrent.futures import ThreadPoolExecutor
        ex = lane._executor = ThreadPoolExecutor(max_workers=lane.capacity, thread_name_prefix="lane")
    return ex
