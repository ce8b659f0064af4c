"""The HTTP calls' threads (service/adapters/bodies.py CallThreads): calls start in arrival order, each
caller gets its own result or exception, and a caller that went away neither breaks the loop nor the
thread that ran its call."""
from __future__ import annotations

import asyncio
import threading

import pytest

from service.adapters.bodies import CallThreads


def _run(main):
    """`main()` on a new event loop that records every error its callbacks raise (a call never settled
    fails the test after 30 s rather than hanging it)."""
    errors = []

    async def wrapped():
        asyncio.get_running_loop().set_exception_handler(lambda _loop, context: errors.append(context))
        return await asyncio.wait_for(main(), 30)
    return asyncio.run(wrapped()), errors


def test_calls_start_in_arrival_order():
    """One thread: 200 calls queued at once start in the order they arrived (a LIFO queue failed this)."""
    threads, started = CallThreads(1), []

    def call(i: int):
        started.append(i)
        return i * i

    async def main():
        return await asyncio.gather(*(threads.run(lambda i=i: call(i)) for i in range(200)))
    results, errors = _run(main)
    assert started == list(range(200)) and results == [i * i for i in range(200)] and not errors


def test_each_caller_gets_its_own_result_or_exception_across_threads():
    """Four threads, 400 calls from one loop, every tenth raising: each awaiting caller gets what its own
    call returned or raised, and the calls ran on the threads, not the loop."""
    threads, ran_on = CallThreads(4), set()

    def call(i: int):
        ran_on.add(threading.current_thread().name)
        if i % 10 == 0:
            raise KeyError(i)
        return i

    async def one(i: int):
        try:
            return await threads.run(lambda: call(i))
        except KeyError as exc:
            return ("raised", exc.args[0])

    async def main():
        return await asyncio.gather(*(one(i) for i in range(400)))
    results, errors = _run(main)
    assert results == [("raised", i) if i % 10 == 0 else i for i in range(400)] and not errors
    assert ran_on and all(name.startswith("http-call-") for name in ran_on)


def test_a_caller_that_went_away_leaves_the_loop_and_the_thread_serving():
    """A call whose awaiting request was cancelled (the client left) finishes in its thread; its result is
    dropped without an error on the loop (settling a cancelled future raised there), and the thread serves
    the next call."""
    threads, release = CallThreads(1), threading.Event()

    async def main():
        slow = asyncio.ensure_future(threads.run(lambda: release.wait(5) and "late"))
        await asyncio.sleep(0.05)
        slow.cancel()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await slow
        return await asyncio.wait_for(threads.run(lambda: "next"), 5)
    result, errors = _run(main)
    assert result == "next" and not errors, errors
