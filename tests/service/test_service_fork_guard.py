"""Acceptance 3 of the seat-keys issue: the fork guard, with the SQLite store and with a real Redis.

Over real sockets against `python -m service` (2 workers sharing the store): an older token is
refused `token_stale` (409 / ABORTED); the very same request again gets the same new state;
16 racing ApplyMoves on one token (different moves, REST and gRPC) give exactly one success;
with Redis stopped a move gets UNAVAILABLE and changes nothing; a game the store forgot (a
memory-only Redis restarted, an entry expired after the idle time) takes none of its tokens past
its first move. Issue 31: `python -m service` with no settings guards forks (a SQLite file in
the user's state directory).
"""
from __future__ import annotations

import base64
import concurrent.futures
import time

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc
from service.app.store import ADVANCED, REPEATED, STALE, open_store

RACERS = 16


@pytest.fixture(scope="module", params=["sqlite", "redis"])
def guarded(request, tmp_path_factory, start_module_service):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('store')}/games.db"
        server = None
    else:
        server = request.getfixturevalue("redis_server")
        url = server.url
    svc = start_module_service(workers=2, extra_env={"TABLETOP_GAME_STORE": url})
    with httpx.Client(base_url=svc.http, timeout=10) as http, grpc.insecure_channel(svc.grpc_target) as ch:
        yield request.param, http, engine_pb2_grpc.GameServiceStub(ch), server


def new_game(http) -> str:
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "11"})
    assert r.status_code == 200, r.text
    return r.json()["state"]


def apply(http, state: str, index: int) -> httpx.Response:
    return http.post("/v1/apply", json={"state": state, "index": index, "want": {"view": True, "legalMoves": True}})


def test_an_older_token_is_refused_and_the_same_request_again_is_answered_again(guarded):
    _, http, _, _ = guarded
    t0 = new_game(http)
    first = apply(http, t0, 0)
    assert first.status_code == 200, first.text
    again = apply(http, t0, 0)  # a retry after a timeout: the same token and the same move
    assert again.status_code == 200, again.text
    strip = lambda r: {k: v for k, v in r.json().items() if k != "state"}  # noqa: E731 - tokens differ by nonce
    assert strip(again) == strip(first)
    fork = apply(http, t0, 1)  # another move on the old token: a fork
    assert fork.status_code == 409 and fork.json()["reason"] == "token_stale", fork.text
    assert "stale" in fork.json()["message"]
    nxt = apply(http, first.json()["state"], 0)
    assert nxt.status_code == 200, nxt.text
    assert apply(http, t0, 0).json()["reason"] == "token_stale"  # no longer the newest: a retry is a fork now
    metrics = http.get("/metrics").text
    assert 'tabletop_access_refused_total{reason="token_stale"}' in metrics


def test_sixteen_racing_moves_on_one_token_give_one_success_over_rest(guarded):
    _, http, _, _ = guarded
    t0 = new_game(http)
    with concurrent.futures.ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(lambda i: apply(http, t0, i), range(RACERS)))
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [409] * (RACERS - 1), [r.text[:120] for r in answers]
    assert all(r.json()["reason"] == "token_stale" for r in answers if r.status_code == 409)


def test_sixteen_racing_moves_on_one_token_give_one_success_over_grpc(guarded):
    _, _, stub, _ = guarded
    t0 = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=12), timeout=10).state

    def race(i):
        try:
            stub.ApplyMove(pb.ApplyMoveRequest(state=t0, index=i), timeout=10)
            return "OK"
        except grpc.RpcError as err:
            info = error_details_pb2.ErrorInfo()
            rpc_status.from_call(err).details[0].Unpack(info)
            return f"{err.code().name} {info.reason}"
    with concurrent.futures.ThreadPoolExecutor(RACERS) as pool:
        outcomes = sorted(pool.map(race, range(RACERS)))
    assert outcomes == ["ABORTED token_stale"] * (RACERS - 1) + ["OK"], outcomes


def test_a_redis_restart_that_loses_every_entry_gives_unavailable_then_refuses_the_forgotten_games(guarded):
    """A memory-only Redis (this fixture's) forgets every game when it restarts. While it is down a move gets
    UNAVAILABLE; once it is back, no token past a forgotten game's first move plays, the stale one nor the
    newest (`game_expired`), where the store's forgetting used to let the stale one fork the game; a new
    game plays. (k8s/ deploys a Redis that keeps its entries: tests/service/test_service_store_faults.py.)"""
    kind, http, _, server = guarded
    if kind != "redis":
        pytest.skip("Redis only")
    t1 = apply(http, new_game(http), 0).json()["state"]
    t2 = apply(http, t1, 0).json()["state"]
    server.stop()
    try:
        down = apply(http, t2, 0)
        assert down.status_code == 503 and down.json()["reason"] == "game_store_unavailable", down.text
    finally:
        server.start()
    deadline = time.monotonic() + 10
    while True:  # each worker's client reconnects on its next command: new games' moves until both have
        fresh = [apply(http, new_game(http), 0) for _ in range(4)]
        if all(r.status_code == 200 for r in fresh) or time.monotonic() > deadline:
            break
        assert {r.json()["reason"] for r in fresh if r.status_code != 200} == {"game_store_unavailable"}
        time.sleep(0.1)
    assert apply(http, fresh[0].json()["state"], 0).status_code == 200
    for token in (t1, t2, t1):  # the stale token first: the forgotten game would have taken it
        refused = apply(http, token, 1)
        assert refused.status_code == 409 and refused.json()["reason"] == "game_expired", refused.text
    assert "start a new game" in refused.json()["message"]
    assert 'tabletop_access_refused_total{reason="game_expired"}' in http.get("/metrics").text


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_entries_expire_after_the_idle_time(kind, tmp_path, request):
    """Idle expiry stays: an entry goes after the idle time without moves. A token past the game's first move then
    finds nothing and is refused `game_expired` (it could be any branch's); a game's first move may find none."""
    from service.app.errors import ApiError
    url = f"sqlite:///{tmp_path}/g.db" if kind == "sqlite" else request.getfixturevalue("redis_server").url
    store = open_store(url, idle=1)
    game = base64.b16encode(str(time.time()).encode())[:16]
    assert store.advance(game, 0, 1, b"a" * 16) == ADVANCED
    assert store.advance(game, 0, 1, b"a" * 16) == REPEATED
    assert store.advance(game, 0, 1, b"b" * 16) == STALE
    assert store.advance(game, 1, 2, b"c" * 16) == ADVANCED
    time.sleep(2.1)  # Redis expires by whole seconds
    for old, mark in ((1, b"b" * 16), (2, b"d" * 16), (1, b"c" * 16)):
        with pytest.raises(ApiError) as refused:
            store.advance(game, old, old + 1, mark)
        assert (refused.value.status, refused.value.reason) == ("FAILED_PRECONDITION", "game_expired")
    assert store.advance(game, 0, 1, b"b" * 16) == ADVANCED  # a first move: nothing tells it from a new game's
    assert store.advance(game, 1, 2, b"c" * 16) == ADVANCED


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_a_token_past_the_first_move_of_a_game_the_store_does_not_hold_is_refused(kind, tmp_path, request):
    """The store lost a game it had recorded: a token at any move n > 0 is refused, none is taken as the newest."""
    from service.app.errors import ApiError
    url = f"sqlite:///{tmp_path}/g.db" if kind == "sqlite" else request.getfixturevalue("redis_server").url
    store = open_store(url)
    for n in (1, 2, 40):
        with pytest.raises(ApiError) as refused:
            store.advance(b"lost" + bytes(11) + bytes([n]), n, n + 1, b"m" * 16)
        assert refused.value.reason == "game_expired" and refused.value.details["move_count"] == str(n)


def test_the_sqlite_check_and_set_lets_one_of_two_moves_held_at_their_write_through(tmp_path):
    """Deterministic, where the racing tests above catch a lost update only sometimes: the test holds SQLite's
    write lock until both moves have started the statement that writes. A check-and-set in one statement
    checks again once it has the lock, so one move advances and the other is stale; a check read in one
    transaction and written in another has passed both checks by then, and both moves would advance."""
    import sqlite3
    import threading

    path = tmp_path / "g.db"
    store = open_store(f"sqlite:///{path}", timeout=5)  # the lock is held on purpose: the moves wait for it
    game = b"g" * 16
    assert store.advance(game, 0, 1, b"0" * 16) == ADVANCED
    writing = threading.Semaphore(0)

    def trace(sql: str) -> None:
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "REPLACE")):
            writing.release()
    store.on_connect = lambda db: db.set_trace_callback(trace)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # SQLite's one write lock: every write waits (the busy timeout above: 5 s)
    try:
        with concurrent.futures.ThreadPoolExecutor(2) as pool:  # a thread each: a connection each, as in workers
            moves = [pool.submit(store.advance, game, 1, 2, mark) for mark in (b"a" * 16, b"b" * 16)]
            started = [writing.acquire(timeout=4) for _ in moves]
            holder.execute("ROLLBACK")
            outcomes = sorted(move.result(timeout=10) for move in moves)
    finally:
        holder.close()
    assert started == [True, True], "both moves reach their write while the lock is held"
    assert outcomes == [STALE, ADVANCED]
    assert sorted(store.advance(game, 1, 2, mark) for mark in (b"a" * 16, b"b" * 16)) == [STALE, REPEATED]


def test_a_sqlite_store_that_cannot_be_used_refuses_with_unavailable(tmp_path):
    import os
    import threading

    from service.app.errors import ApiError
    path = tmp_path / "g.db"
    store = open_store(f"sqlite:///{path}")
    for name in os.listdir(tmp_path):  # the file (and its WAL) replaced by a directory: unusable
        os.remove(tmp_path / name)
    os.mkdir(path)
    got = []
    # A fresh thread opens its own connection, as a new worker thread would.
    t = threading.Thread(target=lambda: got.append(_outcome(store)))
    t.start()
    t.join(30)
    assert isinstance(got[0], ApiError) and got[0].status == "UNAVAILABLE", got
    assert got[0].reason == "game_store_unavailable"


def _outcome(store):
    from service.app.errors import ApiError
    try:
        return store.advance(b"g" * 16, 0, 1, b"m" * 16)
    except ApiError as err:
        return err


# -- issue 31: the guard on by default -------------------------------------------------------------
def test_the_readme_run_command_refuses_a_stale_token_and_replays_an_identical_retry(start_service_factory, tmp_path):
    """Acceptance 1 of issue 31: `python -m service` with nothing set (no store, no keys, no access mode; HOME a
    temporary directory) keeps the fork guard in a SQLite file under the user's state directory, says where at
    start, and a Cambio player who draws a card cannot play the token before the draw again."""
    home = tmp_path / "home"
    with open(tmp_path / "service.log", "w+") as log:
        svc = start_service_factory(workers=2, log_level="info", stderr=log, extra_env={
            "HOME": str(home), "XDG_STATE_HOME": None, "TABLETOP_GAME_STORE": None, "TABLETOP_GAME_STORE_IDLE": None,
            "TABLETOP_GAME_STORE_TIMEOUT": None, "TABLETOP_TOKEN_KEYS": None, "TABLETOP_ACCESS": None})
        with httpx.Client(base_url=svc.http, timeout=10) as http:
            game = http.post("/v1/games/cambio:new", json={"seats": [{}, {}]}).json()
            assert game["access"] == "seats" and game["toAct"] == [0], game
            key = {"authorization": f"Bearer {game['seats'][0]['key']}"}

            def move(state: str, text: str) -> httpx.Response:
                return http.post("/v1/apply", headers=key,
                                 json={"state": state, "move": {"text": text}, "want": {"view": True}})
            drawn = move(game["state"], "draw deck")  # seat 0 looks at the drawn card
            assert drawn.status_code == 200, drawn.text
            fork = move(game["state"], "cambio")  # ... and would rather have called Cambio
            assert fork.status_code == 409 and fork.json()["reason"] == "token_stale", fork.text
            again = move(game["state"], "draw deck")  # the same request again (a retry after a timeout)
            assert again.status_code == 200, again.text
            assert {k: v for k, v in again.json().items() if k != "state"} == \
                {k: v for k, v in drawn.json().items() if k != "state"}
        log.seek(0)
        started = log.read()
    store = home / ".local" / "state" / "tabletop" / "games.db"
    assert store.is_file()
    assert f"the fork guard keeps its games in sqlite://{store} (the default; TABLETOP_GAME_STORE=none" in started


def test_the_default_store_is_under_the_state_directory_and_none_turns_it_off(tmp_path):
    from service.app import store
    env = {"HOME": str(tmp_path / "home")}
    assert store.default_path(env) == tmp_path / "home" / ".local" / "state" / "tabletop" / "games.db"
    assert store.default_path(dict(env, XDG_STATE_HOME=str(tmp_path / "xdg"))) == tmp_path / "xdg" / "tabletop" / \
        "games.db"
    assert store.default_path(dict(env, XDG_STATE_HOME="relative/dir")) == store.default_path(env)  # XDG: ignored
    made = store.from_env(dict(env, XDG_STATE_HOME=str(tmp_path / "xdg")))
    assert isinstance(made, store.SqliteStore) and made.path == str(tmp_path / "xdg" / "tabletop" / "games.db")
    assert (tmp_path / "xdg" / "tabletop").stat().st_mode & 0o777 == 0o700
    assert store.from_env(dict(env, TABLETOP_GAME_STORE="none")) is None
    assert store.from_env(dict(env, TABLETOP_GAME_STORE="None")) is None
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError, match="TABLETOP_GAME_STORE=sqlite:///<file>, redis://<host>:<port>/<db> or none"):
        store.from_env({"XDG_STATE_HOME": str(tmp_path / "file")})  # a file where the directory would go
    for name, bad in (("TABLETOP_GAME_STORE_TIMEOUT", "0"), ("TABLETOP_GAME_STORE_TIMEOUT", "soon"),
                      ("TABLETOP_GAME_STORE_IDLE", "-1"), ("TABLETOP_GAME_STORE_TIMEOUT", "nan")):
        with pytest.raises(ValueError, match=name):
            store.from_env(dict(env, TABLETOP_GAME_STORE="none", **{name: bad}))
    assert store.from_env(dict(env, TABLETOP_GAME_STORE_TIMEOUT="0.5")).timeout == 0.5
