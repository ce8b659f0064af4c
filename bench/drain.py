"""Players of whole games through two drains, as a load balancer's clients see them (issue 31, acceptance 4).

    python -m bench.drain [--clients 32] [--seconds 4] [--workers 2] [--grace 6]

Starts the service with the fork guard on (a SQLite file in a temporary folder) and `--clients`
players, half over REST on kept-alive connections, half over gRPC, each playing whole games
(NewGame with a seed, ApplyMove by index into the listing until the game ends, Score). Then:
1. `term`: SIGTERM to the supervisor; once the service has exited it is started again on the same
   ports with the same store and keys;
2. `group`: SIGTERM to the whole process group, and the supervisor again; started again;
3. `end`: the players stop and every game is checked.
A player retries a failed call with the very same request after 50 ms (the guard answers an
identical retry again), so its games go on through the drains. Every attempt's outcome is counted
by phase, transport and kind. Clean refusals, which a client may retry without a second thought:
HTTP 503, gRPC UNAVAILABLE, a connection refused, and a kept-alive connection closed before any byte
of an answer to a request sent on it (closed between requests: its request was never read; a real
client, like this one, first looks whether the server has closed the connection before reusing
it). Anything else (a connection reset or closed on a new connection or in the middle of an
answer, CANCELLED, a timeout, another status) is a failure.
Checks of every game (`lost or doubled`): its moves, replayed in the engine, give the state sealed in
the player's newest token (no move lost, none applied twice), and the guard agrees: a move on the
newest token plays, another move on the token before it is refused `token_stale`.
Prints the outcomes and exits 1 on any failure, a game that does not check, an exit code but 0,
or a phase without moves.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .ports import free_port

ROOT = Path(__file__).resolve().parents[1]
KEYS = "drain:" + base64.b64encode(bytes(range(7, 39))).decode()
CALL_TIMEOUT = 10.0
RETRY_AFTER = 0.05
GIVE_UP = 90.0  # a call still refused this long after its first attempt ends the player (no service came back)
CLEAN = frozenset({"rest 503", "rest refused", "rest closed between requests", "grpc UNAVAILABLE"})
OK = frozenset({"rest 200", "grpc OK"})
# Reconnect soon after a restart (grpc's default back-off grows to minutes).
GRPC_OPTIONS = (("grpc.use_local_subchannel_pool", 1), ("grpc.initial_reconnect_backoff_ms", 100),
                ("grpc.min_reconnect_backoff_ms", 100), ("grpc.max_reconnect_backoff_ms", 500))


class Outcome(Exception):
    """A call's attempt that did not answer 200 / OK; `kind` says how it failed."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind} {detail}".strip())
        self.kind = kind


# ---------------------------------------------------------------- the transports

class Rest:
    """One kept-alive HTTP/1.1 connection, as a careful client keeps one: before a request is sent on a
    connection used before, it looks whether the server has closed it meanwhile (and opens a new one)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None
        self.used = False

    def _closed_by_server(self) -> bool:
        return self.reader.at_eof() or self.writer.is_closing() or bool(self.reader._buffer)  # noqa: SLF001

    async def post(self, path: str, body: dict) -> dict:
        """The answer's JSON; raises Outcome for anything but a whole 200 answer."""
        import httptools
        if self.writer is not None and self._closed_by_server():
            self.close()
        if self.writer is None:
            try:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            except ConnectionRefusedError:
                raise Outcome("rest refused") from None
            except OSError as exc:
                raise Outcome("rest connect failed", repr(exc)) from None
            self.used = False
        reused, self.used = self.used, True
        data = json.dumps(body).encode()
        parts, done = [], []
        parser = httptools.HttpResponseParser(_Sink(parts, done))
        got = 0
        try:
            self.writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
            while not done:
                chunk = await asyncio.wait_for(self.reader.read(1 << 20), CALL_TIMEOUT)
                if not chunk:
                    raise ConnectionError("closed")
                got += len(chunk)
                parser.feed_data(chunk)
        except asyncio.TimeoutError:
            self.close()
            raise Outcome("rest timeout") from None
        except (ConnectionError, OSError) as exc:
            self.close()
            if got:
                raise Outcome("rest cut mid-answer", repr(exc)) from None
            if reused:
                raise Outcome("rest closed between requests", repr(exc)) from None
            raise Outcome(f"rest {type(exc).__name__} on a new connection", repr(exc)) from None
        if not parser.should_keep_alive():
            self.close()
        status = parser.get_status_code()
        if status != 200:
            raise Outcome(f"rest {status}", b"".join(parts)[:200].decode(errors="replace"))
        return json.loads(b"".join(parts))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class _Sink:
    def __init__(self, parts: list, done: list):
        self.parts, self.done = parts, done

    def on_body(self, data: bytes) -> None:
        self.parts.append(data)

    def on_message_complete(self) -> None:
        self.done.append(True)


class RestPlayer:
    """A player's calls over REST (JSON): (state, listed moves, finished, move count)."""

    transport = "rest"

    def __init__(self, port: int):
        self.http = Rest(port)

    async def new_game(self, game: str, seats: int, options: dict, seed: int):
        r = await self.http.post(f"/v1/games/{game}:new", {"seats": [{}] * seats, "options": options,
                                                          "seed": str(seed), "access": "open",
                                                          "want": {"legalMoves": True}})
        return base64.b64decode(r["state"]), _listed(r), False, 0

    async def apply(self, state: bytes, index: int):
        r = await self.http.post("/v1/apply", {"state": base64.b64encode(state).decode(), "index": index,
                                               "want": {"legalMoves": True}})
        return base64.b64decode(r["state"]), _listed(r), r.get("finished", False), int(r.get("moveCount", 0))

    async def score(self, state: bytes) -> None:
        await self.http.post("/v1/score", {"state": base64.b64encode(state).decode()})

    async def close(self) -> None:
        self.http.close()


def _listed(r: dict) -> int:
    return sum(len(group.get("moves", ())) for group in r.get("legalBySeat", ()))


class GrpcPlayer:
    """A player's calls over gRPC, on a connection of its own."""

    transport = "grpc"

    def __init__(self, port: int):
        import grpc

        from service.api import engine_pb2 as pb
        from service.api import engine_pb2_grpc
        self.grpc, self.pb = grpc, pb
        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=GRPC_OPTIONS)
        self.stub = engine_pb2_grpc.GameServiceStub(self.channel)

    async def _call(self, rpc, request):
        try:
            return await rpc(request, timeout=CALL_TIMEOUT)
        except self.grpc.aio.AioRpcError as e:
            raise Outcome(f"grpc {e.code().name}", e.details() or "") from None

    async def new_game(self, game: str, seats: int, options: dict, seed: int):
        pb = self.pb
        r = await self._call(self.stub.NewGame, pb.NewGameRequest(
            game=game, seats=[pb.Seat()] * seats, options=options, seed=seed, access="open",
            want=pb.Want(legal_moves=True)))
        return r.state, sum(len(g.moves) for g in r.legal_by_seat), False, 0

    async def apply(self, state: bytes, index: int):
        pb = self.pb
        r = await self._call(self.stub.ApplyMove, pb.ApplyMoveRequest(state=state, index=index,
                                                                     want=pb.Want(legal_moves=True)))
        return r.state, sum(len(g.moves) for g in r.legal_by_seat), r.finished, r.move_count

    async def score(self, state: bytes) -> None:
        await self._call(self.stub.Score, self.pb.ScoreRequest(state=state))

    async def close(self) -> None:
        await self.channel.close()


# ---------------------------------------------------------------- the players

@dataclass
class Game:
    """One game as its player saw it: how it was made and every move it believes applied."""

    game: str
    seats: int
    options: dict
    seed: int
    moves: list[int] = field(default_factory=list)   # indices into the listing, in order
    tokens: list[bytes] = field(default_factory=list)  # the token after NewGame, then after each move
    listed: list[int] = field(default_factory=list)  # moves listed with each token
    finished: bool = False


class Tally:
    """Attempts by (phase, kind), and the current phase (set by the run)."""

    def __init__(self):
        self.phase = "start"
        self.counts: dict[tuple[str, str], int] = {}
        self.examples: dict[str, str] = {}
        self.stop = False

    def add(self, kind: str, detail: str = "") -> None:
        key = (self.phase, kind)
        self.counts[key] = self.counts.get(key, 0) + 1
        if detail and kind not in OK | CLEAN:
            self.examples.setdefault(kind, detail[:300])

    def moves(self, phase: str) -> int:
        return sum(n for (p, k), n in self.counts.items() if p == phase and k in OK)


async def _attempts(call, tally: Tally):
    """`call()` until it answers, the same request every time; each attempt's outcome counted."""
    first = time.monotonic()
    while True:
        try:
            out = await call()
        except Outcome as o:
            tally.add(o.kind, str(o))
            if time.monotonic() - first > GIVE_UP:
                raise
            await asyncio.sleep(RETRY_AFTER)
            continue
        tally.add(f"{call.transport} {'200' if call.transport == 'rest' else 'OK'}")
        return out


class _Call:
    """One request of a player, the same at every attempt."""

    def __init__(self, player, name: str, *args):
        self.player, self.name, self.args = player, name, args
        self.transport = player.transport

    def __call__(self):
        return getattr(self.player, self.name)(*self.args)


async def play(player, games_played: list[Game], tables: list, rng: random.Random, tally: Tally) -> None:
    """Whole games until the run says stop; each game recorded in `games_played`."""
    while not tally.stop:
        game_id, seats, options = rng.choice(tables)
        g = Game(game_id, seats, options, rng.randrange(1 << 40))
        games_played.append(g)
        state, listed, finished, _ = await _attempts(_Call(player, "new_game", game_id, seats, options, g.seed), tally)
        g.tokens.append(state)
        g.listed.append(listed)
        while not finished and not tally.stop:
            index = rng.randrange(listed)
            state, listed, finished, count = await _attempts(_Call(player, "apply", state, index), tally)
            g.moves.append(index)
            g.tokens.append(state)
            g.listed.append(listed)
            if count != len(g.moves):
                tally.add(f"{player.transport} move count {count} after {len(g.moves)} moves")
        g.finished = finished
        if finished:
            await _attempts(_Call(player, "score", state), tally)


def tables() -> list[tuple[str, int, dict]]:
    """Every game at every seat count, with the options that seat count needs."""
    from engines import registry
    return [(g.id, n, g.seat_options(n)) for g in registry.BUILT_IN
            for n in range(g.info.min_seats, g.info.max_seats + 1)]


# ---------------------------------------------------------------- the checks

def check_replay(g: Game) -> str | None:
    """None when the game's moves, replayed in the engine, give the state sealed in its newest token."""
    from engines import registry
    from service.app.tokens import Sealer, parse_keys
    game = registry.get(g.game)
    state = game.new(g.seats, g.options, g.seed)
    for n, index in enumerate(g.moves):
        codes = game.legal_moves(state)
        if len(codes) != g.listed[n]:
            return f"{g.game}: move {n}: the engine lists {len(codes)} moves, the service listed {g.listed[n]}"
        state, _ = game.apply(state, codes[index])
    sealed, count, _seats = Sealer(parse_keys(KEYS)).open(g.tokens[-1])
    if count != len(g.moves):
        return f"{g.game}: the newest token is at move {count}, the player applied {len(g.moves)}"
    if bytes(sealed) != bytes(game.encode(state)):
        return f"{g.game}: the newest token's state is not the engine's after the player's {len(g.moves)} moves"
    return None


async def check_guard(player, g: Game) -> str | None:
    """None when the store is where the player is: a move on the newest token plays (not stale), and another
    move than the player's on the token before it is refused token_stale."""
    if g.finished or not g.moves:
        return None
    if g.listed[-2] > 1:
        other = (g.moves[-1] + 1) % g.listed[-2]
        try:
            await player.apply(g.tokens[-2], other)
            return f"{g.game}: another move on the token before the newest played (the store lost a move)"
        except Outcome as o:
            if o.kind not in ("rest 409", "grpc ABORTED") or "stale" not in str(o):
                return f"{g.game}: another move on the token before the newest: {o}"
    try:
        await player.apply(g.tokens[-1], 0)
    except Outcome as o:
        return f"{g.game}: a move on the newest token (move {len(g.moves)}): {o}"
    return None


# ---------------------------------------------------------------- the service

@dataclass
class Service:
    proc: subprocess.Popen
    grpc_port: int
    http_port: int


def start(grpc_port: int, http_port: int, store: str, workers: int, grace: float, drain_delay: float,
          timeout: float = 90) -> Service:
    """`python -m service` in a process group of its own; returns once every worker answers."""
    env = dict(os.environ, TABLETOP_TOKEN_KEYS=KEYS, TABLETOP_GAME_STORE=store, TABLETOP_SHUTDOWN_GRACE=str(grace),
               TABLETOP_DRAIN_DELAY=str(drain_delay))
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    proc = subprocess.Popen([sys.executable, "-m", "service", "--host", "127.0.0.1", "--grpc-port", str(grpc_port),
                             "--http-port", str(http_port), "--workers", str(workers), "--log-level", "warning"],
                            cwd=ROOT, env=env, start_new_session=True)
    import urllib.request
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the service exited with {proc.returncode} at start")
        try:
            ready = [urllib.request.urlopen(f"http://127.0.0.1:{http_port}/readyz", timeout=1).status
                     for _ in range(4 * workers)]
            if all(s == 200 for s in ready) and _grpc_ready(grpc_port):
                return Service(proc, grpc_port, http_port)
        except OSError:
            pass
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            raise RuntimeError(f"the service did not become ready in {timeout} s")
        time.sleep(0.1)


def _grpc_ready(port: int) -> bool:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as ch:
            return health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=1).status == \
                health_pb2.HealthCheckResponse.SERVING
    except grpc.RpcError:
        return False


async def _exited(svc: Service, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    while svc.proc.poll() is None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return svc.proc.poll()


# ---------------------------------------------------------------- the run

async def run(a) -> dict:
    """The whole run (module docstring); returns the figures and the failures found."""
    gport, hport = free_port(), free_port()
    folder = tempfile.mkdtemp(prefix="tabletop-drain-")
    store = f"sqlite:///{folder}/games.db"
    starting = lambda: asyncio.to_thread(start, gport, hport, store, a.workers, a.grace, a.drain_delay)  # noqa: E731
    svc = await starting()
    tally = Tally()
    rng = random.Random(a.seed)
    menu = tables()
    players = [(RestPlayer if i % 2 == 0 else GrpcPlayer)(hport if i % 2 == 0 else gport) for i in range(a.clients)]
    played: list[list[Game]] = [[] for _ in players]
    failures, exits, took = [], {}, {}
    tasks = [asyncio.create_task(play(p, played[i], menu, random.Random(rng.random()), tally))
             for i, p in enumerate(players)]
    try:
        tally.phase = "before"
        await asyncio.sleep(a.seconds)
        for phase in ("term", "group"):
            tally.phase = phase
            began = time.monotonic()
            if phase == "term":
                svc.proc.send_signal(signal.SIGTERM)
            else:
                os.killpg(svc.proc.pid, signal.SIGTERM)  # every process of the group: supervisor and workers
                await asyncio.sleep(0.02)
                svc.proc.send_signal(signal.SIGTERM)  # and the supervisor again
            exits[phase] = await _exited(svc, a.grace + 5)
            took[phase] = time.monotonic() - began
            if exits[phase] is None:
                os.killpg(svc.proc.pid, signal.SIGKILL)
                svc.proc.wait()
            tally.phase = f"after {phase}"
            svc = await starting()
            await asyncio.sleep(a.seconds)
        tally.phase = "end"
        tally.stop = True
        done = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), GIVE_UP + 30)
        failures += [f"a player gave up: {d!r}" for d in done if isinstance(d, BaseException)]
        checked = 0
        for player, games in zip(players, played):
            for g in games:
                problem = check_replay(g) or await check_guard(player, g)
                checked += 1
                if problem:
                    failures.append(f"{player.transport} game {problem}")
    finally:
        for t in tasks:
            t.cancel()
        for p in players:
            await p.close()
        if svc.proc.poll() is None:
            svc.proc.send_signal(signal.SIGTERM)
            exits["stop"] = await _exited(svc, a.grace + 5)
            if exits["stop"] is None:
                os.killpg(svc.proc.pid, signal.SIGKILL)
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
    for phase, code in exits.items():
        if code != 0:
            failures.append(f"{phase}: the service exited with {code}")
    for phase in ("before", "term", "after term", "group", "after group"):
        if not tally.moves(phase):
            failures.append(f"{phase}: no call answered")
    bad = {k: n for k, n in tally.counts.items() if k[1] not in OK | CLEAN}
    if bad:
        failures.append(f"calls that failed otherwise than with a clean refusal: {bad}")
    return {"counts": tally.counts, "examples": tally.examples, "failures": failures, "exits": exits, "took": took,
            "games": checked}


def report(out: dict) -> None:
    """Print the outcomes by phase and kind."""
    print(f"\n{'phase':12} {'outcome':40} {'calls':>7}")
    for (phase, kind), n in sorted(out["counts"].items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])):
        mark = "" if kind in OK else ("  (clean refusal)" if kind in CLEAN else "  FAILURE")
        print(f"{phase:12} {kind:40} {n:7d}{mark}")
    for kind, example in out["examples"].items():
        print(f"example {kind}: {example}")
    print(f"\nexit codes {out['exits']}, seconds from the signal to the exit "
          f"{ {k: round(v, 2) for k, v in out['took'].items()} }, games checked {out['games']}")


def _order(phase: str) -> int:
    order = ("before", "term", "after term", "group", "after group", "end")
    return order.index(phase) if phase in order else len(order)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.drain", description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=32, help="players, half REST, half gRPC (default %(default)s)")
    p.add_argument("--seconds", type=float, default=4.0, help="play before each signal and after each restart "
                                                              "(default %(default)s)")
    p.add_argument("--workers", type=int, default=2, help="service worker processes (default %(default)s)")
    p.add_argument("--grace", type=float, default=6.0, help="the service's --grace (default %(default)s)")
    p.add_argument("--drain-delay", type=float, default=0.5, help="the service's --drain-delay (default %(default)s)")
    p.add_argument("--seed", type=int, default=31)
    a = p.parse_args(argv)
    import uvloop
    out = uvloop.run(run(a))
    report(out)
    print("\nverdict: " + ("PASS" if not out["failures"] else "FAIL\n  " + "\n  ".join(out["failures"])))
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
