"""Issue 31, acceptance 2 and 3: a game store that cannot silently forget, and one that hangs.

Acceptance 2, against a real `redis-server` started with k8s/base/redis.yaml's own options (an
append-only file written before each move is answered, `noeviction`): a restart (clean, or a crash)
keeps every game, so the tokens before a game's newest stay refused `token_stale` and the newest
plays on; flooded past its memory limit with thousands of one-move games it refuses new entries
(503) and forgets none. A Redis set up to evict (the manifest's old `volatile-ttl`) does lose the
victim's entry; its stale token still does not play (`game_expired`).

Acceptance 3, over REST against `python -m service` while 32 clients keep playing: with the store
hung (Redis stopped with SIGSTOP; the SQLite file locked by another process holding an exclusive
transaction) View and LegalMoves answer in their usual time (median within 2x of the same load with
the store up), and ApplyMove answers 503 `game_store_unavailable` within the store timeout.
"""
from __future__ import annotations

import base64
import concurrent.futures
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import redis
import yaml

from service.app import store as game_store
from service.app.tokens import Sealer, parse_keys, unpack_table

from ..conftest import RedisServer
from .conftest import KEYS, ROOT

K8S_REDIS = ROOT / "k8s" / "base" / "redis.yaml"
FLOOD_MEMORY = 1_500_000  # bytes: room for ~2,400 games beside Redis' own ~0.9 MB
TIMEOUT = game_store.DEFAULT_TIMEOUT  # the services below run with the default store timeout
SLACK = 0.15  # seconds beyond it that a refused move may take on a busy 2-core machine
PLAYERS, PACE = 32, 0.1  # background clients, each making a move every PACE seconds
ROUNDS, WINDOW = 2, 1.5  # reads timed for WINDOW seconds with the store up, then as long with it hung, ROUNDS times
WORKERS, BATCH = 2, 8  # the services' worker processes; moves sent at once while the store hangs


def k8s_redis_args(data: Path) -> list[str]:
    """The game store's redis-server options as k8s/base/redis.yaml deploys them, its files in `data`."""
    sts = next(d for d in yaml.safe_load_all(K8S_REDIS.read_text()) if d["kind"] == "StatefulSet")
    args = [str(a) for a in sts["spec"]["template"]["spec"]["containers"][0]["args"]]
    args[args.index("--dir") + 1] = str(data)
    return args


@pytest.fixture(scope="module")
def k8s_redis(tmp_path_factory):
    server = RedisServer(*k8s_redis_args(tmp_path_factory.mktemp("redis-data")))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def on_redis(k8s_redis, start_module_service):
    svc = start_module_service(workers=2, extra_env={"TABLETOP_GAME_STORE": k8s_redis.url})
    with httpx.Client(base_url=svc.http, timeout=10) as http:
        yield http, k8s_redis


@pytest.fixture(scope="module")
def on_sqlite(tmp_path_factory, start_module_service):
    path = tmp_path_factory.mktemp("store") / "games.db"
    svc = start_module_service(workers=2, extra_env={"TABLETOP_GAME_STORE": f"sqlite://{path}"})
    with httpx.Client(base_url=svc.http, timeout=10) as http:
        yield http, path


def new_game(http: httpx.Client) -> str:
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}]})
    assert r.status_code == 200, r.text
    return r.json()["state"]


def apply(http: httpx.Client, state: str, index: int = 0) -> httpx.Response:
    return http.post("/v1/apply", json={"state": state, "index": index})


def played(http: httpx.Client, moves: int) -> list[str]:
    """A new game's tokens after 0, 1, ... `moves` moves."""
    tokens = [new_game(http)]
    for _ in range(moves):
        r = apply(http, tokens[-1])
        assert r.status_code == 200, r.text
        tokens.append(r.json()["state"])
    return tokens


def refusal(r: httpx.Response) -> tuple[int, str]:
    return r.status_code, r.json().get("reason", "")


def game_key(token: str) -> bytes:
    """The store's key of a token's game (the test knows the service's token keys)."""
    _, _, table = Sealer(parse_keys(KEYS)).open(base64.b64decode(token))
    return b"tabletop:game:" + unpack_table(table)[1]


def wait_until_moves_play(http: httpx.Client, seconds: float = 15) -> None:
    """New games' first moves until every worker's store client answers again (after a restart)."""
    deadline = time.monotonic() + seconds
    while True:
        answers = [apply(http, new_game(http)) for _ in range(4)]
        if all(r.status_code == 200 for r in answers):
            return
        assert {refusal(r) for r in answers if r.status_code != 200} == {(503, "game_store_unavailable")}
        assert time.monotonic() < deadline, "moves did not play again after the store came back"
        time.sleep(0.1)


def flood(client: redis.Redis, games: int, until=None) -> tuple[int, int]:
    """`games` one-move games straight into the store (its own script, 500 to a round trip); stops early once
    `until()` is true. Returns (recorded, refused)."""
    recorded = refused = 0
    while recorded + refused < games and not (until and until()):
        pipe = client.pipeline(transaction=False)
        for _ in range(500):
            pipe.eval(game_store._ADVANCE, 1, b"tabletop:game:" + os.urandom(16), 0, 1, os.urandom(16), 604800)
        for outcome in pipe.execute(raise_on_error=False):
            if isinstance(outcome, redis.exceptions.OutOfMemoryError):
                refused += 1
            else:
                assert outcome == game_store.ADVANCED, outcome
                recorded += 1
    return recorded, refused


# -- acceptance 2: the store as k8s/ deploys it forgets nothing --------------------------------------
def test_the_manifest_keeps_every_entry_on_disk_and_never_evicts():
    args = k8s_redis_args(Path("/data"))
    option = {args[i]: args[i + 1] for i in range(0, len(args), 2)}
    assert option["--appendonly"] == "yes" and option["--appendfsync"] == "always"
    assert option["--maxmemory-policy"] == "noeviction"
    sts = next(d for d in yaml.safe_load_all(K8S_REDIS.read_text()) if d["kind"] == "StatefulSet")
    mounts = sts["spec"]["template"]["spec"]["containers"][0]["volumeMounts"]
    assert {"name": "data", "mountPath": option["--dir"]} in mounts
    assert [t["metadata"]["name"] for t in sts["spec"]["volumeClaimTemplates"]] == ["data"]


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGKILL"])
def test_a_redis_restart_keeps_every_game_so_no_stale_token_plays(on_redis, stop):
    """Restarted (a clean stop, or killed the moment a move was answered), Redis reads its append-only file
    back: every token before a game's newest is still refused `token_stale`, and the newest plays on."""
    http, server = on_redis
    tokens = played(http, 2)
    getattr(server.proc, "terminate" if stop == "SIGTERM" else "kill")()
    server.proc.wait(10)
    down = apply(http, tokens[-1])
    assert refusal(down) == (503, "game_store_unavailable"), down.text
    server.start()
    wait_until_moves_play(http)
    for stale in tokens[:-1]:  # a draw taken back after seeing the card, a second branch of the game
        r = apply(http, stale, 1)
        assert refusal(r) == (409, "token_stale"), r.text
    assert apply(http, tokens[-1]).status_code == 200


def test_a_full_redis_refuses_new_entries_and_forgets_no_game(on_redis):
    """Past its memory limit the manifest's Redis refuses writes (`noeviction`): moves needing a new entry get
    503, a stale token is still refused `token_stale`, and once there is room the victim's game plays on."""
    http, server = on_redis
    victim = played(http, 2)
    client = redis.Redis(port=server.port)
    limit = client.config_get("maxmemory")["maxmemory"]
    client.config_set("maxmemory", FLOOD_MEMORY)
    try:
        recorded, refused = flood(client, 6000)
        assert refused > 1000 and recorded > 500, (recorded, refused)  # thousands of games: past the limit
        assert client.exists(game_key(victim[-1]))
        for stale in victim[:-1]:
            r = apply(http, stale, 1)
            assert refusal(r) == (409, "token_stale"), r.text
        for token in (victim[-1], new_game(http)):  # each move writes: refused while full, changing nothing
            r = apply(http, token)
            assert refusal(r) == (503, "game_store_unavailable"), r.text
            assert "OutOfMemoryError" in r.json()["message"]
    finally:
        client.config_set("maxmemory", limit)
    wait_until_moves_play(http)
    assert apply(http, victim[-1]).status_code == 200
    assert refusal(apply(http, victim[-2], 1)) == (409, "token_stale")


def test_a_redis_that_evicts_loses_the_game_but_its_stale_token_does_not_play(on_redis):
    """The manifest's old set-up (memory only, `volatile-ttl`) let a flood evict a victim's entry, and its stale
    token then played. The service still refuses every token past a game's first move that the store does not
    hold (`game_expired`): the game is lost, but not forked."""
    http, server = on_redis
    victim = played(http, 2)
    client = redis.Redis(port=server.port)
    limit, policy = client.config_get("maxmemory")["maxmemory"], client.config_get("maxmemory-policy")
    client.config_set("maxmemory", FLOOD_MEMORY)
    client.config_set("maxmemory-policy", "volatile-ttl")
    try:
        flood(client, 30000, until=lambda: not client.exists(game_key(victim[-1])))
        assert not client.exists(game_key(victim[-1])), "the flood did not evict the victim"
        for token in (victim[1], victim[2]):  # the stale token first
            r = apply(http, token, 1)
            assert refusal(r) == (409, "game_expired"), r.text
    finally:
        client.config_set("maxmemory-policy", policy["maxmemory-policy"])
        client.config_set("maxmemory", limit)
        client.flushdb()


# -- acceptance 3: a hung store stalls no read and holds a move for the timeout at most ---------------
PLAYERS_SCRIPT = r"""
import asyncio, json, sys, time
import httpx

url, players, pace = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
seen = {}


async def player(client, stop, started):
    state = None
    while not stop.is_set():
        if state is None:
            state = (await client.post("/v1/games/hats:new", json={"seats": [{}, {}, {}]})).json()["state"]
        r = await client.post("/v1/apply", json={"state": state, "index": 0})
        kind = f"{r.status_code} {r.json().get('reason', '')}".strip()
        seen[kind] = seen.get(kind, 0) + 1
        if started is not None:
            started.append(1)
            if len(started) == players:
                print("playing", flush=True)
            started = None
        if r.status_code == 200:
            state = None if r.json().get("finished") else r.json()["state"]
        elif r.status_code != 503:  # 503: the same request again after the pause, as a client should
            state = None
        await asyncio.sleep(pace)


async def main():
    stop = asyncio.Event()
    asyncio.get_running_loop().add_reader(sys.stdin, stop.set)  # the test closes stdin to end the run
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=httpx.Limits(max_connections=players)) as client:
        started = []
        await asyncio.gather(*(player(client, stop, started) for _ in range(players)))
    print(json.dumps(seen), flush=True)

asyncio.run(main())
"""


@contextlib.contextmanager
def players(http: httpx.Client):
    """PLAYERS clients playing games over REST in another process; yields a dict of their answers by kind,
    filled when they stop."""
    proc = subprocess.Popen([sys.executable, "-c", PLAYERS_SCRIPT, str(http.base_url), str(PLAYERS), str(PACE)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    seen: dict = {}
    try:
        assert proc.stdout.readline().strip() == "playing"  # every player has had an answer
        yield seen
    finally:
        out, _ = proc.communicate("", timeout=60)
    seen.update(json.loads(out))


def time_reads(http: httpx.Client, token: str, times: dict[str, list[float]], seconds: float) -> None:
    """Views and LegalMoves by turns, one after another for `seconds`, their seconds added to `times`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for route, body in (("view", {"state": token, "seat": 0}), ("legal-moves", {"state": token})):
            began = time.perf_counter()
            r = http.post(f"/v1/{route}", json=body)
            times[route].append(time.perf_counter() - began)
            assert r.status_code == 200, r.text


@contextlib.contextmanager
def redis_stopped(server: RedisServer):
    os.kill(server.proc.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)


@contextlib.contextmanager
def sqlite_locked(path: Path):
    """Another process holds the file's write lock in an exclusive transaction until released."""
    holder = subprocess.Popen([sys.executable, "-c", "import sqlite3, sys\n"
                               f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
                               "db.execute('BEGIN EXCLUSIVE')\nprint('locked', flush=True)\nsys.stdin.read()\n"
                               "db.execute('ROLLBACK')"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield
    finally:
        holder.communicate("", timeout=10)


@pytest.mark.parametrize("kind", ["redis", "sqlite"])
def test_a_hung_store_stalls_no_read_and_a_move_waits_the_store_timeout_at_most(kind, request):
    """Reads never touch the store; a move that finds it hung waits the store timeout at most, and while it
    waits, the other moves are refused at once, so they hold none of the threads and turns reads need. The
    store hangs and comes back ROUNDS times under the players' load: both medians see the same machine."""
    http, where = request.getfixturevalue(f"on_{kind}")
    token = played(http, 3)[-1]
    up: dict[str, list[float]] = {"view": [], "legal-moves": []}
    hung: dict[str, list[float]] = {"view": [], "legal-moves": []}
    waits, batches = [], []
    clients = [httpx.Client(base_url=http.base_url, timeout=10) for _ in range(BATCH)]

    def timed_move(client: httpx.Client) -> float:
        began = time.perf_counter()
        r = apply(client, token)
        assert refusal(r) == (503, "game_store_unavailable"), r.text
        return time.perf_counter() - began

    with players(http) as seen, concurrent.futures.ThreadPoolExecutor(BATCH) as pool:
        for c in clients:
            c.get("/healthz")  # each client's connection made before the moves are timed
        for _ in range(ROUNDS):
            time_reads(http, token, up, WINDOW)
            with redis_stopped(where) if kind == "redis" else sqlite_locked(where):
                time_reads(http, token, hung, WINDOW)
                for _ in range(2):
                    batch = list(pool.map(timed_move, clients))
                    batches.append(sum(w > TIMEOUT / 2 for w in batch))
                    waits += batch
    for c in clients:
        c.close()
    ms = {f"{state} {route}": (round(statistics.median(t) * 1000, 2), round(statistics.mean(t) * 1000, 2), len(t))
          for state, times in (("up", up), ("hung", hung)) for route, t in times.items()}
    report = f"{kind}: reads (median ms, mean ms, calls) {ms}; refused moves took " \
             f"{sorted(round(w * 1000) for w in waits)} ms, {batches} of each {BATCH} sent at once waited; " \
             f"the players' answers {seen}"
    print(report)
    for route in up:  # the median as the issue asks, and the mean: a few reads held for a timeout each show there
        assert ms[f"hung {route}"][0] <= 2 * ms[f"up {route}"][0], report
        assert ms[f"hung {route}"][1] <= 2 * ms[f"up {route}"][1], report
    assert max(waits) <= TIMEOUT + SLACK, report
    # One move per worker at a time asks the hung store; the others are refused at once, holding nothing. Of
    # BATCH moves sent at once, a worker's one that asks may be followed by one more if the batch reaches it
    # across the end of a probe (each lasts TIMEOUT): at most 2 per worker; without the gate all BATCH wait.
    # (Moves sent one after another each had a fair chance to be the one that asks: a CI run saw 4 of 8.)
    assert max(batches) <= 2 * WORKERS, report
    assert seen.get("503 game_store_unavailable", 0) > PLAYERS and seen.get("200", 0) > PLAYERS, report
    wait_until_moves_play(http)  # once the store answers again, play resumes
