"""Ours against the plain peer: full games over REST and gRPC, alternating rounds, in one run.

    python -m bench.peers [--seconds 20] [--rounds 3] [--inflight 16 64] [--server-cpu 0] [--client-cpu 1]

Needs the `bench` extra (`pip install -e '.[bench]'`: OpenSpiel and FastAPI).
Our service (one worker, an `open` Hats game: the peer has no access control,
our AES-GCM sealing stays) and the peer (bench/peers/peer.py: OpenSpiel's
`hearts` and `oh_hell`) each run as one process pinned to `--server-cpu`; the
load generator runs pinned to `--client-cpu`. For each transport and number of
calls in flight, the two servers take turns for `--rounds` rounds, and each
side's median round is quoted: calls per second (every call of a full game:
NewGame, then ApplyMove with the listed moves wanted until the end), p50/p99
latency, server CPU per call, and the mean response size. Sizes are compared at
the same number of listed moves (the peer's size fitted linearly in it). Ends
with one line per transport, at the largest number in flight:

    <rest|grpc> ours_per_peer=<req/s ratio> cpu_ours_per_peer=<ratio> p99_ours_per_peer=<ratio>
"""
from __future__ import annotations

import argparse
import os
import sys

from ..service import KEYS, _launch, _start, _stop, ratio
from . import load


def _size_at(sizes: dict, listed: int) -> float:
    """The fitted mean response size at `listed` moves (least squares over every response seen)."""
    n = sum(c for _s, c in sizes.values())
    mx = sum(k * c for k, (_s, c) in sizes.items()) / n
    my = sum(s for s, _c in sizes.values()) / n
    sxx = sum(c * (k - mx) ** 2 for k, (_s, c) in sizes.items())
    sxy = sum((k - mx) * (s - c * my) for k, (s, c) in sizes.items())
    slope = sxy / sxx if sxx else 0.0
    return my + slope * (listed - mx)


def size_ratio(ours: dict, peer: dict) -> float:
    """Our mean response size over the peer's at the same numbers of listed moves."""
    total = sum(s for s, _c in ours.values())
    fitted = sum(c * _size_at(peer, k) for k, (_s, c) in ours.items())
    return total / fitted


def _round(client, inflight: int, seconds: float, pid: int, seed: int) -> dict:
    import uvloop
    stats, rate, cpu = uvloop.run(load.play(client, inflight, seconds, min(1.0, seconds / 4), pid, seed))
    calls = len(stats.latencies)
    return {"rate": rate, "p50": load.percentile(stats.latencies, 0.5) * 1e3,
            "p99": load.percentile(stats.latencies, 0.99) * 1e3, "cpu_us": cpu / max(1, calls) * 1e6,
            "bytes": sum(s for s, _c in stats.sizes.values()) / max(1, calls), "sizes": stats.sizes,
            "errors": stats.errors, "games": stats.games, "first_error": stats.first_error,
            "client_busy": stats.client_cpu / seconds}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.peers", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--inflight", type=int, nargs="+", default=[16, 64])
    p.add_argument("--transports", nargs="+", default=["rest", "grpc"], choices=["rest", "grpc"])
    p.add_argument("--seats", type=int, default=3, help="seats of our Hats games (2-4)")
    p.add_argument("--games", nargs="+", default=["hearts", "oh_hell"], help="the peer's OpenSpiel games")
    p.add_argument("--server-cpu", type=int, default=0)
    p.add_argument("--client-cpu", type=int, default=1)
    a = p.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
        import fastapi  # noqa: F401
    except ImportError as exc:
        print(f"bench.peers needs the bench extra: pip install -e '.[bench]' ({exc})", file=sys.stderr)
        return 2
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {a.client_cpu})
    env = {"TABLETOP_TOKEN_KEYS": KEYS, "TABLETOP_ACCESS": "open", "TABLETOP_GAME_STORE": "none"}  # stateless
    running = _launch({
        "service": (2, lambda ports: _start(
            ["-m", "service", "--workers", "1", "--host", "127.0.0.1", "--grpc-port", str(ports[0]),
             "--http-port", str(ports[1]), "--log-level", "warning"], a.server_cpu, env)),
        "peer": (2, lambda ports: _start(
            ["-m", "bench.peers.peer", "--grpc-port", str(ports[0]), "--http-port", str(ports[1])], a.server_cpu)),
    })
    procs = [running["service"][0], running["peer"][0]]
    ours_ports, peer_ports = running["service"][1], running["peer"][1]
    try:
        results = run(a, procs, ours_ports, peer_ports)
    finally:
        _stop(procs)
    report(results, a)
    return 0


def run(a, procs, ours_ports, peer_ports) -> list:
    """Every (transport, in flight): each side's median round, the servers alternating round by round."""
    import grpc
    ours_pid, peer_pid = procs[0].pid, procs[1].pid
    games = tuple(a.games)

    def channel(port):  # made inside the round's event loop (grpc.aio binds to the loop)
        return grpc.aio.insecure_channel(f"127.0.0.1:{port}")

    sides = {
        "rest": (lambda: load.OursRest(ours_ports[1], a.seats), lambda: load.PeerRest(peer_ports[1], games)),
        "grpc": (lambda: load.OursGrpc(channel(ours_ports[0]), a.seats),
                 lambda: load.PeerGrpc(channel(peer_ports[0]), games)),
    }
    print(f"# bench.peers: server cpu {a.server_cpu}, client cpu {a.client_cpu}; ours = hats ({a.seats} seats, "
          f"open), peer = OpenSpiel {'/'.join(games)}; {a.rounds} alternating rounds of {a.seconds:g}s; "
          f"engines compiled: {__import__('engines').COMPILED}", flush=True)
    results = []
    for transport in a.transports:
        for inflight in a.inflight:
            rounds = {"ours": [], "peer": []}
            for r in range(a.rounds):
                for side, make, pid in (("ours", sides[transport][0], ours_pid), ("peer", sides[transport][1],
                                                                                    peer_pid)):
                    got = _round(make, inflight, a.seconds, pid, r + 1)
                    rounds[side].append(got)
                    print(f"#   {transport} {inflight:3d} in flight, round {r + 1} {side}: {got['rate']:7.0f} req/s "
                          f"p99 {got['p99']:6.1f} ms cpu {got['cpu_us']:5.0f} us/req, client core busy {got['client_busy']:.0%}, "
                          f"errors {got['errors']}",
                          flush=True)
                    if got["first_error"]:
                        print(f"#     first error: {got['first_error']}", flush=True)
            med = {side: sorted(v, key=lambda g: g["rate"])[len(v) // 2] for side, v in rounds.items()}
            results.append((transport, inflight, med["ours"], med["peer"]))
    return results


def report(results: list, a) -> None:
    """The table, then one closing line per transport (at the largest number in flight)."""
    print(f"\n{'transport':9} {'inflight':>8} | {'ours req/s':>10} {'peer req/s':>10} {'ratio':>6} | "
          f"{'cpu us/req ours':>15} {'peer':>5} | {'p50 ms ours':>11} {'peer':>5} | {'p99 ms ours':>11} {'peer':>5} | "
          f"{'bytes ours':>10} {'peer':>5} {'same-moves ratio':>16}")
    for transport, inflight, ours, peer in results:
        print(f"{transport:9} {inflight:8d} | {ours['rate']:10.0f} {peer['rate']:10.0f} "
              f"{ours['rate'] / peer['rate']:6.2f} | {ours['cpu_us']:15.0f} {peer['cpu_us']:5.0f} | "
              f"{ours['p50']:11.2f} {peer['p50']:5.2f} | {ours['p99']:11.2f} {peer['p99']:5.2f} | "
              f"{ours['bytes']:10.0f} {peer['bytes']:5.0f} {size_ratio(ours['sizes'], peer['sizes']):16.2f}")
    errors = sum(o["errors"] + p["errors"] for _t, _i, o, p in results)
    if errors:
        print(f"# {errors} calls failed in the measured windows")
    print()
    for transport in a.transports:
        _t, _i, ours, peer = max((r for r in results if r[0] == transport), key=lambda r: r[1])
        print(f"{transport} ours_per_peer={ours['rate'] / peer['rate']:.2f} "
              f"cpu_ours_per_peer={ratio(ours['cpu_us'], peer['cpu_us']):.2f} p99_ours_per_peer={ours['p99'] / peer['p99']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
