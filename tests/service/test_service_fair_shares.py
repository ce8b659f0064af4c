"""Fair shares per client (issue 31, acceptance 5): one client holding ScoreStreams and half-open HTTP
connections takes only its share, and the others' calls still answer.

One client, from 127.0.0.2 (all of 127.0.0.0/8 is this machine; its gRPC calls go through a relay bound
to that address, bench/hostile_load.py `relay`), opens 8 ScoreStreams that never send (every stream slot
of two workers) and 4,500 HTTP connections with half a head sent. The other clients, from 127.0.0.1:
REST on kept-alive connections, REST on a new connection per call, Connect, and two ScoreStreams scoring
one message after another. Every one of their calls answers, and their p99 stays within 2x of the same
clients' p99 without the hostile one (measured before and after it, in the same run: the machine is
shared, and its load drifts); the hostile client was refused beyond its share:
ScoreStreams RESOURCE_EXHAUSTED and connections closed at once. `python -m bench.hostile` measures the same
beside normal players of whole games (its `--half-open`, `--streams`, `--hostile-from`).
"""
from __future__ import annotations

import asyncio
import json
import socket
import time

import httpx

from bench import hostile_load
from bench.hostile_load import HalfOpen, Http, Outcomes, Tally

HOSTILE = "127.0.0.2"
HALF_OPEN, STREAMS = 4500, 8
PHASE = 2.5  # seconds each phase is measured
PER_PEER = 250  # --http-max-connections-per-peer's default


async def _http_client(port: int, path: str, body: bytes, tally: Tally, new_each: bool) -> None:
    http = Http(port)
    await asyncio.sleep(max(0.0, tally.start - time.time()))
    while time.time() < tally.end:
        try:
            status, answer = await tally.timed(http.post(path, body))
            if status != 200:
                tally.errors.append(f"{path}: {status} {answer[:200]!r}")
        except Exception:  # noqa: BLE001 - counted by tally.timed
            await asyncio.sleep(0.05)
        if new_each:
            http.close()
    http.close()


async def _fair(grpc_port: int, http_port: int, token: str, seconds: float) -> dict[str, Tally]:
    """The fair clients for `seconds`: their tallies by kind."""
    start = time.time() + 0.5
    tallies = {kind: Tally(start, start + seconds) for kind in ("rest", "connect", "stream")}
    score = json.dumps({"state": token}).encode()
    jobs = [_http_client(http_port, "/v1/score", score, tallies["rest"], new_each=i % 2 == 1) for i in range(4)]
    jobs += [_http_client(http_port, "/engine.v1.GameService/Score", score, tallies["connect"], new_each=False)]
    jobs += [hostile_load.stream_player(grpc_port, tallies["stream"]) for _ in range(2)]
    await asyncio.gather(*jobs)
    return tallies


def _p99(tally: Tally) -> float:
    lat = sorted(tally.latencies)
    return lat[int(0.99 * (len(lat) - 1))] * 1000


async def _settled(out: Outcomes, least: float = 2.0, quiet: float = 1.5, most: float = 30.0) -> dict:
    """The hostile client's outcomes once every connect has had its answer: no new half-open outcome for
    `quiet` seconds (after at least `least`, at most `most`). A fixed wait undercounted on a loaded runner,
    where 4,500 connects from one event loop take longer than 2 s. (A refused stream is opened again at
    once, so stream outcomes never stop coming.)"""
    began = last_change = time.monotonic()
    half_open = lambda: {k: n for k, n in out.counts.items() if k.startswith("half-open")}  # noqa: E731
    seen = half_open()
    while time.monotonic() - began < most:
        await asyncio.sleep(0.1)
        if half_open() != seen:
            seen, last_change = half_open(), time.monotonic()
        elif time.monotonic() - began >= least and time.monotonic() - last_change >= quiet:
            break
    return dict(out.counts)


async def _run(grpc_port: int, http_port: int, token: str) -> tuple[dict, dict, dict]:
    before = await _fair(grpc_port, http_port, token, PHASE)
    out = Outcomes()
    hostile_load._raise_open_files(HALF_OPEN + 512)
    relay = await hostile_load.relay(grpc_port, HOSTILE)
    end = time.time() + PHASE + 40  # past the settling and the measurement: the tasks are cancelled after it
    hostile = [asyncio.create_task(hostile_load._idle_stream(relay.sockets[0].getsockname()[1], end, out))
               for _ in range(STREAMS)]
    half = HalfOpen(http_port, HOSTILE, out)
    hostile += [asyncio.create_task(half.one(end, None)) for _ in range(HALF_OPEN)]
    opened = await _settled(out)
    measured = await _fair(grpc_port, http_port, token, PHASE)
    for t in hostile:
        t.cancel()
    await asyncio.gather(*hostile, return_exceptions=True)
    relay.close()
    await asyncio.sleep(0.5)
    after = await _fair(grpc_port, http_port, token, PHASE)
    for kind, tally in after.items():
        before[kind].latencies += tally.latencies
        before[kind].errors += tally.errors
    return before, measured, opened


def test_one_client_holding_streams_and_half_open_connections_leaves_the_others_their_share(start_service_factory):
    # The half-open connections are kept past the measurement (the header timeout would close them at 5 s).
    svc = start_service_factory(workers=2, extra_env={"TABLETOP_HTTP_HEADER_TIMEOUT": "30"})
    token = httpx.post(svc.http + "/v1/games/hats:new", json={"seats": [{}, {}, {}]}).json()["state"]
    baseline, measured, opened = asyncio.run(_run(svc.grpc_port, svc.http_port, token))
    p99 = {kind: (_p99(baseline[kind]), _p99(measured[kind])) for kind in baseline}
    print("\np99 ms (baseline, with the hostile client):", {k: (round(a, 1), round(b, 1)) for k, (a, b) in p99.items()},
          "\ncalls:", {k: (len(baseline[k].latencies), len(measured[k].latencies)) for k in baseline},
          "\nthe hostile client:", opened)
    for phase in (baseline, measured):
        for kind, tally in phase.items():
            assert tally.latencies and not tally.errors, (kind, tally.errors[:3])
    # The hostile client got its share and no more: streams beyond 2 per worker refused, connections beyond
    # 250 per worker closed at once (reset, or closed without an answer).
    assert opened.get("stream RESOURCE_EXHAUSTED", 0) >= STREAMS - 2 * 2, opened
    closed_at_once = opened.get("half-open reset", 0) + opened.get("half-open closed without an answer", 0)
    assert closed_at_once >= HALF_OPEN - 2 * PER_PEER - 50, opened
    # Within 2x of the baseline (the bound), give or take 5 ms: on a shared 2-core runner a p99 of ~10 ms
    # jitters by that much. Without the caps the others' calls fail or wait seconds (3,712 of 5,065 REST failed).
    for kind, (before, during) in p99.items():
        assert during <= 2 * before + 5, (kind, p99)


def _closed_at_once(sock: socket.socket) -> bool:
    """The server closed `sock` within a moment of its connect (it sent nothing)."""
    sock.settimeout(0.5)
    try:
        return sock.recv(1) == b""
    except socket.timeout:
        return False
    except OSError:  # reset
        return True


def test_an_http_peer_gets_its_share_back_as_its_connections_close(start_service_factory):
    """A cap of 3 per peer: 127.0.0.2's fourth connection is closed at once, 127.0.0.1's are not; once
    127.0.0.2's connections have closed, it may open 3 again (a share is not leaked)."""
    svc = start_service_factory(workers=1, extra_env={"TABLETOP_HTTP_MAX_CONNECTIONS_PER_PEER": "3"})
    port = ("127.0.0.1", svc.http_port)
    for _ in range(2):
        mine = [socket.create_connection(port, source_address=(HOSTILE, 0)) for _ in range(4)]
        others = [socket.create_connection(port) for _ in range(3)]
        time.sleep(0.2)
        assert [_closed_at_once(s) for s in mine + others] == [False] * 3 + [True] + [False] * 3
        for s in mine + others:
            s.close()
        time.sleep(0.3)  # the server has seen them close


def test_a_grpc_peer_gets_at_most_its_share_of_streams():
    """The stream slots' accounting per peer address: two per peer, a third refused for that peer only,
    and a closed stream gives its slot back."""
    from service.adapters.rpc import Limits, peer_address

    class Call:
        def __init__(self, peer: str):
            self._peer = peer

        def peer(self) -> str:
            return self._peer

        def cancel(self) -> None:  # the idle sweep's, for the streams this test leaves open
            pass

    assert [peer_address(p) for p in ("ipv4:127.0.0.2:50512", "ipv6:[::1]:50512", "unix:/tmp/s")] == \
        ["127.0.0.2", "::1", "unix:/tmp/s"]
    lim = Limits(max_streams=4, streams_per_peer=2)
    a = [Call("ipv4:127.0.0.2:%d" % n) for n in range(3)]
    b = [Call("ipv4:127.0.0.1:%d" % n) for n in range(3)]
    assert [lim.open_stream(c) for c in a] == [None, None, "too_many_streams_from_peer"]
    assert [lim.open_stream(c) for c in b] == [None, None, "too_many_streams"]
    lim.close_stream(a[0])
    lim.close_stream(a[2])  # (never opened: changes nothing)
    assert lim.open_stream(a[2]) is None
    assert lim.open_stream(Call("ipv4:127.0.0.3:1")) == "too_many_streams"
    assert Limits(max_streams=4, streams_per_peer=0).open_stream(a[0]) is None
