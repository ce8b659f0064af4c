"""Thread safety through the app layer, interpreted engines: 8 threads, 100,000 moves, every state checked.

The gRPC adapter runs many threads per worker process, and without a C compiler (or with
TABLETOP_PUREPYTHON=1) the rules run as interpreted Python, where module state shared by
the threads (a global a rules function writes and later reads) can mix two games' moves.
The compiled build holds the GIL through a whole rules call, so only the interpreted build
shows such a race: this test always runs it, in a subprocess started with TABLETOP_PUREPYTHON=1.

Each thread plays its own seeded games of every registered game through
`App.call("test", "ApplyMove", ...)` (moves chosen by index) and compares every new
state (the sealed token, opened) with a single-threaded replay of the same games made
before the threads start. Counted: wrong states, INTERNAL errors, other refusals; all
must be 0. The switch interval is lowered so the threads interleave inside rules calls
often (with the default 5 ms, 8 threads applying 120,000 Cambio moves gave 16-21 wrong
states when Cambio's rules kept decoded moves in module globals).

Run by hand (prints one JSON line):  TABLETOP_PUREPYTHON=1 python tests/test_threads.py --moves 100000
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THREADS = 8
MOVES = 100_000
SWITCH_INTERVAL = 2e-5  # seconds; the default 5e-3 lets a rules call finish before another thread runs


def plan_games(games, thread: int, moves: int) -> list[tuple]:
    """A thread's games, replayed single-threaded: (game id, players, seed, [(index, digest), ...], first digest).

    The games are dealt round robin over the registered games and their seat counts until
    the thread has `moves` moves to play.
    """
    rnd = random.Random(thread)
    out, total, k = [], 0, 0
    while total < moves:
        game = games[k % len(games)]
        players = game.info.min_seats + (k // len(games)) % (game.info.max_seats - game.info.min_seats + 1)
        seed = thread * 100_000 + k
        options = game.seat_options(players)  # White Hat's 1- and 2-seat tables name solo / robot
        state = game.new(players, options, seed)
        first = digest(game.encode(state))
        steps = []
        while total < moves and (listed := game.legal_moves(state)):
            index = rnd.randrange(len(listed))
            game.apply_in_place(state, listed[index])
            steps.append((index, digest(game.encode(state))))
            total += 1
        out.append((game.info.id, players, options, seed, steps, first))
        k += 1
    return out


def digest(encoded: bytes) -> bytes:
    return hashlib.blake2b(encoded, digest_size=16).digest()


def run(threads: int, moves: int) -> dict:
    """Play `moves` moves in `threads` threads through the app layer; count what went wrong."""
    import engines
    from service.app import ApiError, App, Sealer
    try:
        from service.wire import messages as m
    except ImportError:  # the layout before service/ was split into app, wire, adapters, process
        from service import messages as m

    sealer = Sealer([("t", bytes(range(32)))])
    app = App(sealer, access="open")  # the trusted path: any seat moves, every move is listed
    games = list(engines.games())
    started = time.perf_counter()
    plans = [plan_games(games, t, moves // threads) for t in range(threads)]
    replayed = time.perf_counter() - started
    counts = [{"moves": 0, "wrong": 0, "internal": 0, "refused": 0, "first": ""} for _ in range(threads)]

    def play(t: int) -> None:
        c = counts[t]
        for game_id, players, options, seed, steps, first in plans[t]:
            try:
                resp = app.call("test", "NewGame", m.NewGameRequest(
                    game=game_id, seats=[m.Seat(name=f"p{i}") for i in range(players)], seed=str(seed),
                    options=options))
            except ApiError as exc:
                c["internal" if exc.status == "INTERNAL" else "refused"] += 1
                c["first"] = c["first"] or f"{game_id} NewGame {players} seats: {exc.status} {exc}"
                continue
            token = resp.state
            if digest(sealer.open(token)[0]) != first:
                c["wrong"] += 1
            for index, want in steps:
                try:
                    token = app.call("test", "ApplyMove", m.ApplyMoveRequest(state=token, index=index)).state
                except ApiError as exc:
                    c["internal" if exc.status == "INTERNAL" else "refused"] += 1
                    c["first"] = c["first"] or f"{game_id} seed {seed}: {exc.status} {exc}"
                    break  # the replay's next moves belong to a state we did not get
                c["moves"] += 1
                if digest(sealer.open(token)[0]) != want:
                    c["wrong"] += 1
                    c["first"] = c["first"] or f"{game_id} seed {seed} move {c['moves']}: state differs"
                    break

    sys.setswitchinterval(SWITCH_INTERVAL)
    workers = [threading.Thread(target=play, args=(t,)) for t in range(threads)]
    began = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    result = {k: sum(c[k] for c in counts) for k in ("moves", "wrong", "internal", "refused")}
    result.update(compiled=engines.COMPILED, games=[g.info.id for g in games], threads=threads,
                  replay_seconds=round(replayed, 1), threaded_seconds=round(time.perf_counter() - began, 1),
                  first_problem=next((c["first"] for c in counts if c["first"]), ""))
    return result


def test_eight_threads_through_the_app_layer_interpreted():
    env = dict(os.environ, TABLETOP_PUREPYTHON="1", PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, __file__, "--threads", str(THREADS), "--moves", str(MOVES)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=540)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["compiled"] is False, "the subprocess must run the interpreted engines"
    assert result["moves"] >= MOVES * 0.99, result  # a refused or wrong move ends that game early
    assert (result["wrong"], result["internal"], result["refused"]) == (0, 0, 0), result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=THREADS)
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args()
    print(json.dumps(run(args.threads, args.moves)))
