"""One worker's signals, readiness and drain.

Signal handlers only set a flag (`Signals.stop`): a handler runs between two
bytecodes of whatever the main thread was doing, which may be holding the
logging lock, a queue's lock or a grpc lock, so taking any lock there can
deadlock the worker forever (it did: a second SIGTERM while a log record was
being written). The `Drain` thread polls the flag and does the work.

The drain, from the signal (all within `grace` seconds):
1. readiness (`/readyz`, gRPC health `readiness`, `""` and GameService) turns
   NOT_SERVING at once; liveness stays SERVING (draining is not a failure);
2. for `drain_delay` seconds new calls are still served (load balancers are
   still routing here), every HTTP answer says `Connection: close`;
3. new work is refused, cleanly: a call that arrives from here on is held
   until the calls in flight have finished (at most half the time left), then
   for `HOLD` seconds more, then the ports close (the HTTP listener; gRPC's shutdown,
   which sends GOAWAY), and only then is every held call answered: HTTP 503
   `draining` (gRPC-Web: UNAVAILABLE) with `Connection: close`, gRPC
   UNAVAILABLE. Calls in flight finish; an HTTP connection is closed only
   between requests (service/process/http.py);
4. at the grace deadline whatever is left is cancelled and the worker exits 0.

Why hold refused calls rather than refuse them at once: a client refused goes
straight back (a retry, or its next call), and what it sends in the instant a
port closes is lost uncleanly. A connection waiting in the listener's queue when
it closes is reset by the kernel, and a gRPC call that reaches grpc core while
it shuts down, before any handler took it, is CANCELLED (core cancels its
unclaimed calls; a call on the wire when GOAWAY goes out likewise). Held, a
client sends nothing more until the ports are closed, and what it sends next is
refused by the kernel (no listener), by HTTP/2 (GOAWAY), or reaches another
worker: retryable every time. Measured with 32 players (`python -m bench.drain`):
29 calls cancelled or reset at one SIGTERM and 20 at a group SIGTERM before, none after.
"""
from __future__ import annotations

import logging
import os
import threading
import time

log = logging.getLogger("service")
POLL = 0.05  # seconds between looks at the flags
HOLD = 0.25  # seconds new calls are held, once refused, before the ports close (module docstring, step 3)


class Signals:
    """Set by the signal handlers, read by the drain thread: plain attributes, no locks."""

    stop = False
    listening = False  # set just before the first port is bound: from then on a signal means a drain


def on_signal(_sig, _frame) -> None:
    """SIGTERM/SIGINT: only raise the flag (see the module docstring). A repeated signal changes nothing.

    Before any port is bound (imports, building the app: seconds on a busy machine) there is nothing to
    drain, so the worker ends at once (`os._exit` takes no lock) instead of finishing its start first."""
    if not Signals.listening:
        os._exit(0)
    Signals.stop = True


class Readiness:
    """What `/readyz` and the gRPC readiness names say; also whether answers should close their connection."""

    ready = True      # the supervisor's view: every worker is up (not in a crash-loop back-off)
    draining = False  # this worker is draining
    refusing = False  # ... and refuses new work (step 3): a new HTTP request is held, then answered 503

    @classmethod
    def serving(cls) -> bool:
        return cls.ready and not cls.draining


class Drain:
    """The worker's watcher thread: readiness from the supervisor, the drain on a signal or an orphaning."""

    def __init__(self, config, grpc_server, health, ready_names, http_server, supervisor_ready=None,
                 parent: int | None = None, gate=None, busy=None):
        self.config = config
        self.busy = busy or (lambda: False)  # whether any call is still running or waiting for its turn
        self.grpc_server = grpc_server
        self.gate = gate  # GameService's gate for new gRPC calls (service/adapters/rpc.py Gate), if any
        self.health = health
        self.ready_names = ready_names
        self.http = http_server
        self.supervisor_ready = supervisor_ready  # multiprocessing RawValue: 1 ready, 0 not; None alone
        # The supervisor's pid as recorded when the worker was started (serve passes it): read here, after
        # seconds of start-up, a supervisor killed meanwhile would already be init and the orphan would serve on.
        self.parent = os.getppid() if parent is None else parent
        self.started: float | None = None
        self.grpc_done = threading.Event()
        self._shown: bool | None = None

    def start(self) -> None:
        threading.Thread(target=self._watch, name="drain", daemon=True).start()

    def _show(self, serving: bool) -> None:
        if serving == self._shown:
            return
        from grpc_health.v1 import health_pb2
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in self.ready_names:
            self.health.set(name, status)
        self._shown = serving

    def _watch(self) -> None:
        while not Signals.stop:
            if self.supervisor_ready is not None:
                if os.getppid() != self.parent:  # the supervisor is gone: nobody would restart or stop us
                    log.error("supervisor gone: draining")
                    break
                Readiness.ready = bool(self.supervisor_ready.value)
            self._show(Readiness.serving())
            time.sleep(POLL)
        self.drain()

    def drain(self) -> None:
        """Run the drain (module docstring); returns once gRPC has stopped."""
        self.started = start = time.monotonic()
        grace = self.config.grace
        # A last resort: if anything still holds the process at the deadline, end it (exit 0: the
        # drain did all it could in the time it had).
        last = threading.Timer(max(0.0, grace - _margin(grace) / 3), _exit_now)
        last.daemon = True
        last.start()
        Readiness.draining = True
        self._show(False)
        log.info("draining: readiness NOT_SERVING; new calls taken for %.1fs, in-flight calls get %.1fs",
                 min(self.config.drain_delay, grace / 2), grace)
        time.sleep(min(self.config.drain_delay, grace / 2))
        # Step 3: new calls are held from here (HTTP: http.py; gRPC: the gate) while the clients that are
        # still sending come to wait on one; then the ports close, then the held calls are refused.
        Readiness.refusing = True
        if self.gate is not None:
            self.gate.close()
        # The calls in flight finish before the ports close (within half the time left), so that every client
        # is then idle or held: a call whose answer comes after GOAWAY leaves its client free to send the
        # next one into the shutdown, and a call that reached grpc core while all its threads were busy waits
        # there unclaimed, which the shutdown cancels (seen under load: a ScoreBatch CANCELLED at SIGTERM).
        until = time.monotonic() + max(0.0, start + grace - time.monotonic() - _margin(grace)) / 2
        while self.busy() and time.monotonic() < until:
            time.sleep(POLL / 10)
        # Then the clients whose calls just ended send their next ones, which come to wait on a hold.
        time.sleep(min(HOLD, max(0.0, start + grace - time.monotonic() - _margin(grace)) / 4))
        # Leave a margin before the deadline for cancelling, closing and exiting.
        left = max(0.0, start + grace - time.monotonic() - _margin(grace))
        self.http.config.timeout_graceful_shutdown = left
        self.http.should_exit = True  # uvicorn closes the listener, then the held requests are answered
        stopped = self.grpc_server.stop(left)  # (GOAWAY is on its way once stop returns)
        if self.gate is not None:
            self.gate.release()
        stopped.wait()
        self.grpc_done.set()


def _margin(grace: float) -> float:
    return min(0.5, grace / 5)


def _exit_now() -> None:
    logging.shutdown()
    os._exit(0)
