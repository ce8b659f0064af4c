"""The app layer's runners (service/app/scheduling.py Runners): a bound on calls running at once, turns in
arrival order, a wait that runs out, and the in-flight count a long call yields to."""
from __future__ import annotations

import threading
import time

from service.app.scheduling import Runners


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


def test_a_runner_freed_while_a_call_starts_to_wait_is_not_lost():
    """The lock-free entry saw no runner free; one is freed before the call is queued. The call must get it,
    not wait for the next call to leave (or, with none coming, run out)."""
    class FreedMeanwhile(Runners):
        def _wait(self, timeout: float) -> bool:
            self.leave(True)  # the running call leaves now, seeing nobody waiting yet
            return super()._wait(timeout)
    runners = FreedMeanwhile(1)
    assert runners.enter(True, 1.0)
    began = time.monotonic()
    assert runners.enter(True, 2.0) and time.monotonic() - began < 1.0
    assert runners.in_flight == 1
    runners.leave(True)
    assert runners.try_enter_alone()  # the runner came back: none was lost


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


def test_try_enter_alone_takes_a_runner_only_with_no_other_call_inside():
    runners = Runners(2)
    assert runners.try_enter_alone() and runners.in_flight == 1
    began = time.monotonic()
    assert not runners.try_enter_alone() and time.monotonic() - began < 0.05  # a runner is free, a call inside
    assert runners.in_flight == 1  # a refused try is not counted
    runners.leave(True)
    assert runners.enter(False, 0.0)  # a call in its lane: inside without a runner
    assert not runners.try_enter_alone()
    runners.leave(False)
    assert runners.try_enter_alone() and runners.in_flight == 1
    runners.leave(True)
    assert runners.enter(True, 0.0) and runners.enter(True, 0.0)  # both runners came back


def _app_and_token():
    from service.app import App
    from service.app.tokens import Sealer
    from service.wire import messages as m

    app = App(Sealer([("k1", bytes(range(32)))]), access="open")
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=[m.Seat(), m.Seat(), m.Seat()], seed="3"))
    return app, new.state


def _served(transport: str, method: str) -> float:
    from prometheus_client import REGISTRY
    return REGISTRY.get_sample_value("tabletop_requests_total", {"transport": transport, "method": method,
                                                                  "game": "hats", "code": "OK"}) or 0.0


def test_a_call_on_the_event_loop_leaves_it_before_a_long_listing_and_counts_once(monkeypatch):
    """App.call(on_loop=True) raises OffLoop, having answered and counted nothing, before it builds a long
    listing; run again off the loop it answers and is counted once. A short listing is answered on the loop."""
    from service.app import listing, scheduling
    from service.app.scheduling import OffLoop
    from service.wire import messages as m

    monkeypatch.setattr(scheduling, "QUIET", 0.0)
    app, token = _app_and_token()
    req = m.LegalMovesRequest(state=token)
    short = app.call("rest", "LegalMoves", req, on_loop=True)
    assert len(short.moves) > 5 and app._scheduler.runners.in_flight == 0
    monkeypatch.setattr(listing, "LONG_LISTING", 5)
    before = _served("connect", "LegalMoves")
    try:
        app.call("connect", "LegalMoves", req, on_loop=True)
        raise AssertionError("a long listing was built on the loop")
    except OffLoop:
        pass
    assert app._scheduler.runners.in_flight == 0 and _served("connect", "LegalMoves") == before
    assert app.call("connect", "LegalMoves", req).moves == short.moves
    assert _served("connect", "LegalMoves") == before + 1


def _ran_on_loop(app, token: bytes) -> bool:
    """Whether an on-loop call ran (else it raised OffLoop, having answered and counted nothing)."""
    from service.app.scheduling import OffLoop
    from service.wire import messages as m

    before, inside = _served("rest", "Score"), app._scheduler.runners.in_flight
    try:
        assert app.call("rest", "Score", m.ScoreRequest(state=token), on_loop=True).score.game == "hats"
    except OffLoop:
        assert _served("rest", "Score") == before and app._scheduler.runners.in_flight == inside
        return False
    assert _served("rest", "Score") == before + 1 and app._scheduler.runners.in_flight == inside
    return True


def test_a_call_on_the_event_loop_runs_only_with_no_other_call_inside(monkeypatch):
    """A call held by a thread (running, or waiting for a runner) sends an on-loop call off the loop at
    once, uncounted: the loop never waits."""
    from service.app import scheduling

    monkeypatch.setattr(scheduling, "QUIET", 0.0)
    app, token = _app_and_token()
    assert _ran_on_loop(app, token)
    assert app._scheduler.runners.enter(True, 0.0)
    began = time.monotonic()
    assert not _ran_on_loop(app, token) and time.monotonic() - began < 0.05
    app._scheduler.runners.leave(True)
    assert _ran_on_loop(app, token)


def test_the_loop_serves_alone_only_without_threaded_calls_lately(monkeypatch):
    """An on-loop call runs only when no call came from a thread for QUIET seconds (gRPC's threads keep
    the HTTP calls off the loop); on-loop calls do not count as threaded."""
    from service.app import scheduling
    from service.wire import messages as m

    monkeypatch.setattr(scheduling, "QUIET", 0.2)
    app, token = _app_and_token()  # NewGame came from a thread (not on_loop)
    assert not _ran_on_loop(app, token)
    time.sleep(0.25)
    assert _ran_on_loop(app, token)
    assert _ran_on_loop(app, token)  # an on-loop call leaves the loop alone
    app.call("grpc", "Score", m.ScoreRequest(state=token))
    assert not _ran_on_loop(app, token)
    time.sleep(0.25)
    assert _ran_on_loop(app, token)


def test_a_worker_with_a_game_store_never_calls_on_the_loop(tmp_path, monkeypatch):
    """The store's round trips block: with one, every HTTP call goes to a thread."""
    from service.app import scheduling
    from service.app.store import open_store

    monkeypatch.setattr(scheduling, "QUIET", 0.0)
    app, token = _app_and_token()
    assert _ran_on_loop(app, token)
    app.store = open_store(f"sqlite:///{tmp_path / 'games.db'}")
    assert not _ran_on_loop(app, token)
