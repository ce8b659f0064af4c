"""Where and when the app layer's calls run: on the event loop or in a thread, and their turns to run.

Every call App.call serves passes through the worker's one `Scheduler`. A call from a thread (gRPC's, or
an HTTP call sent off the loop) waits for one of RUNNERS runners, in arrival order; a call from an event
loop runs there only when the loop is all the worker serves, else it leaves the loop at once (OffLoop)
and its adapter runs it again in a thread. Long calls take their turns in a lane first (lane.py).
Transport-free.
"""
from __future__ import annotations

import threading
from collections import deque

from .errors import DEADLINE_EXCEEDED, ApiError

# Calls running at once in a worker; the others wait their turn in order, blocked. The interpreter runs
# one thread at a time anyway, but dozens of threads all wanting it made each of its hand-overs slow for
# everyone: the HTTP loop and health checks (which never wait here) waited seconds under load.
RUNNERS = 8
RUNNER_WAIT = 10.0  # seconds a call may wait for its turn (the default --call-timeout)
# An event loop's calls run on it (`on_loop`) only when no call came from a thread for this many seconds:
# beside gRPC's threads a loop holding the interpreter for whole calls starved its own connections
# (python -m bench.hostile, 64 players per transport: REST p99 436 -> 751-779 ms).
QUIET = 0.05


class Scheduler:
    """The on-loop policy and the runners' turns: `enter` each call before it runs, `leave` it after."""

    def __init__(self, runners: int = RUNNERS):
        self.runners = Runners(runners)
        self._threaded_at = 0.0  # perf_counter() when the last call not on the loop came in
        # leave(ran): count a call out; `ran` is what `enter` said (its runner passes to the longest waiting
        # call). The runners' own method: no frame of ours on every call.
        self.leave = self.runners.leave

    def others_in_flight(self) -> bool:
        """Whether another call is inside the app layer now (a long call yields to it: lane.pace)."""
        return self.runners.in_flight > 1

    def enter(self, method: str, now: float, on_loop: bool, run: bool, blocks: bool) -> bool:
        """Count a call in (at `now`, a perf_counter() value) and give it its turn; say whether it holds a
        runner, for `leave`. `run`: it waits for a runner (a long call took its turn in a lane already).

        `on_loop`: the caller is an event loop, which must not wait. The call runs there only when the loop
        is all this worker serves: no other call inside the app layer, none from a thread for QUIET seconds,
        and nothing that `blocks` (a game store's round trips). Else OffLoop, nothing counted. A call that
        waits RUNNER_WAIT seconds for a runner is refused, DEADLINE_EXCEEDED, and counted out again."""
        runners = self.runners
        if on_loop:
            if blocks or now - self._threaded_at <= QUIET or not runners.try_enter_alone():
                raise OffLoop
            return True
        self._threaded_at = now
        if runners.enter(run, RUNNER_WAIT):
            return run
        runners.leave(False)
        raise ApiError(DEADLINE_EXCEEDED, "deadline_exceeded", f"{method}: the call waited "
                       f"{RUNNER_WAIT:.0f}s for its turn on a busy server; retry")


class OffLoop(Exception):
    """Raised by a call run on the event loop (App.call's `on_loop`) before it starts long work (a long
    listing): nothing was answered or counted, and the adapter runs the call again in a thread."""


class Runners:
    """At most `count` calls run at once; the others wait for their turn in arrival order. It also counts
    the calls inside the app layer (`in_flight`, running or waiting, runner or not).

    A call that finds a runner free and nobody waiting takes no lock: the free runners and the calls inside
    are lists whose append and pop are single steps under the interpreter lock (a lock taken on entry and
    on exit cost ~4.6k instructions per call). Waiting, and handing a runner to a waiter, take the lock."""

    def __init__(self, count: int):
        self._lock = threading.Lock()
        self._free = [None] * count  # one item per free runner
        self._waiting: deque = deque()  # a lock per waiting call, handed its turn by `_hand_over_locked`
        self._inside: list = []  # one item per call inside

    @property
    def in_flight(self) -> int:
        """Calls inside the app layer now, running or waiting."""
        return len(self._inside)

    def enter(self, run: bool, timeout: float) -> bool:
        """Count the call; with `run`, wait for a runner: False if none came within `timeout` seconds."""
        self._inside.append(None)
        if not run:
            return True
        if not self._waiting:  # else the runner goes to them first
            try:
                self._free.pop()
                return True
            except IndexError:
                pass
        return self._wait(timeout)

    def _wait(self, timeout: float) -> bool:
        turn = threading.Lock()
        turn.acquire()
        with self._lock:
            self._waiting.append(turn)
            # A runner freed between the look above and the append would otherwise stay free while this
            # call waits: `leave` hands over only to the calls it sees waiting after it frees one.
            self._hand_over_locked()
        if turn.acquire(timeout=timeout):
            return True
        with self._lock:
            try:
                self._waiting.remove(turn)
            except ValueError:  # handed its turn as the wait ran out: the runner is this call's
                return True
        return False

    def try_enter_alone(self) -> bool:
        """Count the call and take a runner when no other call is inside; else False at once (uncounted)."""
        if self._inside:
            return False
        try:
            self._free.pop()
        except IndexError:  # every runner held by calls just leaving
            return False
        self._inside.append(None)
        return True

    def leave(self, ran: bool) -> None:
        """Uncount the call; `ran`: it held a runner, which passes to the longest waiting call."""
        self._inside.pop()
        if ran:
            self._free.append(None)
            if self._waiting:  # looked at after freeing the runner: see `_wait`
                with self._lock:
                    self._hand_over_locked()

    def _hand_over_locked(self) -> None:
        """Free runners to the longest waiting calls (the lock held)."""
        waiting, free = self._waiting, self._free
        while waiting:
            try:
                free.pop()
            except IndexError:
                return
            waiting.popleft().release()
