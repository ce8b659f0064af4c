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
3. new work is refused: the HTTP listener closes and idle connections with it,
   gRPC stops taking calls (UNAVAILABLE); calls in flight finish;
4. at the grace deadline whatever is left is cancelled and the worker exits 0.
"""
from __future__ import annotations

import logging
import os
import threading
import time

log = logging.getLogger("service")
POLL = 0.05  # seconds between looks at the flags


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

    @classmethod
    def serving(cls) -> bool:
        return cls.ready and not cls.draining


class Drain:
    """The worker's watcher thread: readiness from the supervisor, the drain on a signal or an orphaning."""

    def __init__(self, config, grpc_server, health, ready_names, http_server, supervisor_ready=None,
                 parent: int | None = None):
        self.config = config
        self.grpc_server = grpc_server
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
        # Leave a margin before the deadline for cancelling, closing and exiting.
        left = max(0.0, start + grace - time.monotonic() - _margin(grace))
        self.http.config.timeout_graceful_shutdown = left
        self.http.should_exit = True
        self.grpc_server.stop(left).wait()
        self.grpc_done.set()


def _margin(grace: float) -> float:
    return min(0.5, grace / 5)


def _exit_now() -> None:
    logging.shutdown()
    os._exit(0)
