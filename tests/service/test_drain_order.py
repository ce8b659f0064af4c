"""The drain's order (service/process/drain.py, step 3): the ports close only once the calls in flight have
finished, or half the time left has passed, and the held calls are refused only after that.

The whole drain under real load and real signals is tests/service/test_service_shutdown.py; this pins the one
ordering whose race that test meets only now and then (a call answered after GOAWAY, its client's next call
CANCELLED), with stand-ins for the servers so the times can be read exactly."""
from __future__ import annotations

import threading
import time
from types import SimpleNamespace

from service.process import drain as drain_mod
from service.process.drain import Drain


class Events:
    def __init__(self):
        self.at: dict[str, float] = {}
        self.t0 = time.monotonic()

    def mark(self, name: str) -> None:
        self.at.setdefault(name, time.monotonic() - self.t0)


def _drain(events: Events, busy, grace: float = 4.0) -> Drain:
    done = threading.Event()
    done.set()

    class Grpc:
        def stop(self, _left):
            events.mark("stop")
            return done

    class Gate:
        def close(self):
            events.mark("gate_closed")

        def release(self):
            events.mark("released")

    health = SimpleNamespace(set=lambda *_: None)
    http = SimpleNamespace(config=SimpleNamespace(timeout_graceful_shutdown=None), should_exit=False)
    config = SimpleNamespace(grace=grace, drain_delay=0.0)
    return Drain(config, Grpc(), health, [], http, parent=0, gate=Gate(), busy=busy)


def test_the_ports_close_only_after_the_calls_in_flight_finish(monkeypatch):
    monkeypatch.setattr(drain_mod, "_exit_now", lambda: None)  # the last-resort timer must not end pytest
    events = Events()
    ends = events.t0 + 0.6  # a call in flight for 0.6 s after the signal
    _drain(events, busy=lambda: time.monotonic() < ends).drain()
    assert events.at["gate_closed"] < 0.1
    assert events.at["stop"] >= 0.6, events.at  # not while the call ran
    assert events.at["stop"] >= 0.6 + drain_mod.HOLD * 0.9, events.at  # and its client's next call is held
    assert events.at["released"] >= events.at["stop"]


def test_a_call_that_never_ends_leaves_the_ports_open_for_half_the_time_left(monkeypatch):
    monkeypatch.setattr(drain_mod, "_exit_now", lambda: None)
    events = Events()
    _drain(events, busy=lambda: True, grace=4.0).drain()
    left = 4.0 - drain_mod._margin(4.0)
    assert left / 2 * 0.9 <= events.at["stop"] <= left / 2 + drain_mod.HOLD + 0.3, events.at
