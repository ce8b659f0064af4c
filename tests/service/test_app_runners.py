"""The app layer's runners (service/app/lane.py Runners): a bound on calls running at once, turns in
arrival order, a wait that runs out, and the in-flight count a long call yields to."""
from __future__ import annotations

import threading
import time

from service.app.lane import Runners


def _wait_for(cond, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.001)


def test_no_more_than_count_run_at_once_under_many_threads():
    runners, lock = Runners(3), threading.Lock()
    inside, most, done = [0], [0], []

    def work(i: int) -> None:
        for _ in range(200):
            assert runners.enter(True, 10.0)
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0)  # hand the interpreter over while holding the runner
            with lock:
                inside[0] -= 1
            runners.leave(True)
        done.append(i)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(done) == 16 and most[0] == 3 and runners.in_flight == 0


def test_waiting_calls_get_their_turn_in_arrival_order():
    runners = Runners(1)
    assert runners.enter(True, 1.0)
    order: list[int] = []

    def wait(i: int) -> None:
        assert runners.enter(True, 10.0)
        order.append(i)
        runners.leave(True)
    threads = []
    for i in range(6):
        threads.append(threading.Thread(target=wait, args=(i,)))
        threads[-1].start()
        _wait_for(lambda: runners.in_flight == i + 2)  # this one is queued before the next starts
    runners.leave(True)
    for t in threads:
        t.join(10)
    assert order == list(range(6)) and runners.in_flight == 0


def test_a_wait_that_runs_out_is_refused_and_leaves_nothing_behind():
    runners = Runners(1)
    assert runners.enter(True, 1.0)
    assert runners.enter(False, 0.0)  # a call in its lane already: counted, never waits
    assert runners.in_flight == 2
    assert not runners.enter(True, 0.05)
    runners.leave(False)
    runners.leave(False)
    assert runners.in_flight == 1
    runners.leave(True)
    assert runners.enter(True, 0.0) and runners.in_flight == 1  # the runner came back, none was lost
    runners.leave(True)
