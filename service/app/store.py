"""The fork guard (shared/design/SECURITY.md): a game store that records each game's newest move count.

A sealed token can be used twice; with a store, every ApplyMove moves its game forward atomically
from the token's move count to the next, so an older token (a fork: a move tried on a copy, a move
taken back) is refused `token_stale`. The very same request again (same token, same move) finds its
own mark (a digest of token and move) and is answered again: the engine is deterministic, so a
client may retry after a timeout.

    (not set)                                        on: a SQLite file in the user's state directory
    TABLETOP_GAME_STORE=sqlite:///<file>             one machine: a SQLite file shared by the workers
    TABLETOP_GAME_STORE=redis://<host>:<port>/<db>   many replicas: Redis (or Valkey)
    TABLETOP_GAME_STORE=none                         off: a token can be used twice
    TABLETOP_GAME_STORE_IDLE=<seconds>               entries expire after this long without a move
    TABLETOP_GAME_STORE_TIMEOUT=<seconds>            the longest a move waits for the store (0.25)

A store must not forget a game it recorded: a forgotten game would take any of its old tokens again.
So a token past its game's first move whose game the store does not hold is refused `game_expired`
(the game went idle past the expiry, or the store lost it); only a game's first move may find no
entry. A store that cannot answer within the timeout refuses the move with UNAVAILABLE (a guard that
let moves through while it was down would be no guard); after one such failure, one move at a time
asks it again and the others are refused at once, so moves waiting on a hung store hold no threads
the other calls need.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from .errors import FAILED_PRECONDITION, ApiError

ENV, IDLE_ENV, TIMEOUT_ENV = "TABLETOP_GAME_STORE", "TABLETOP_GAME_STORE_IDLE", "TABLETOP_GAME_STORE_TIMEOUT"
OFF = "none"
DEFAULT_IDLE = 7 * 24 * 3600  # a week without moves: a game left that long is abandoned
# A store write takes well under a millisecond; a move waits this long for one before it is refused.
DEFAULT_TIMEOUT = 0.25
OPEN_TIMEOUT = 5.0  # creating the table at start may wait for workers' writes in flight
UNAVAILABLE, ABORTED = "UNAVAILABLE", "ABORTED"
ADVANCED, REPEATED, STALE, FORGOTTEN = 1, 2, 0, 3
SWEEP_EVERY, SWEEP_ROWS = 1000, 2000  # SQLite: expired rows deleted now and then, a bounded batch at a time


def stale(count: int) -> ApiError:
    """The refusal of a token older than its game's newest."""
    return ApiError(ABORTED, "token_stale", f"state token is stale: this game has moved on since this token "
                    f"(move {count}); use the newest token of the game", move_count=count)


def expired(count: int, idle: float) -> ApiError:
    """The refusal of a token past its game's first move whose game the store does not hold."""
    return ApiError(FAILED_PRECONDITION, "game_expired", f"the game store holds no record of this game (token at "
                    f"move {count}): it went {idle:g} s without a move, or the store lost it, so none of its "
                    "tokens can tell whether it is the newest; start a new game", move_count=count)


def unavailable(store: str, why: str) -> ApiError:
    """The refusal of a move while the game store cannot answer (no new state was sealed)."""
    return ApiError(UNAVAILABLE, "game_store_unavailable", f"the game store ({store}) {why}, so the move was not "
                    "applied; retry the same request shortly")


class _Store:
    """What both stores share: the bounded wait, and one move at a time asking a store that just failed."""

    name = ""
    _errors: tuple = ()  # what a store call raises when the store cannot be used
    _timeouts: tuple = (TimeoutError,)  # ... of them, what it raises when the store did not answer in time

    def __init__(self, idle: float, timeout: float):
        self.idle, self.timeout = idle, timeout
        self._failing = False
        self._probe = threading.Lock()

    def advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        """Move the game from `old` to `new` (ADVANCED), or see the same request again (REPEATED), or STALE;
        raises ApiError `game_expired` for a token past move 0 of a game the store does not hold, and
        `game_store_unavailable` when the store does not answer within the timeout."""
        probing = self._failing
        if probing and not self._probe.acquire(blocking=False):
            raise unavailable(self.name, "did not answer the last move, and another move is asking it again")
        try:
            outcome = self._advance(game_id, old, new, mark)
            self._failing = False
        except self._errors as exc:
            self._failing = True
            raise unavailable(self.name, self._why(exc)) from None
        finally:
            if probing:
                self._probe.release()
        if outcome == FORGOTTEN:
            raise expired(old, self.idle)
        return outcome

    def _advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        raise NotImplementedError

    def _why(self, exc: BaseException) -> str:
        if self._timed_out(exc):
            return f"did not answer within {self.timeout:g} s"
        return f"cannot be used now ({type(exc).__name__})"

    def _timed_out(self, exc: BaseException) -> bool:
        return isinstance(exc, self._timeouts)


class SqliteStore(_Store):
    """Newest move counts in a SQLite file (WAL mode), shared by the worker processes of one machine."""

    name = "sqlite"
    _errors = (sqlite3.Error,)
    # Test hook, None in service: called with each connection a thread opens, so a test can trace its
    # statements (tests/service/test_service_fork_guard.py holds two moves at their write with it).
    on_connect = None

    def __init__(self, path: str, idle: float = DEFAULT_IDLE, timeout: float = DEFAULT_TIMEOUT):
        super().__init__(idle, timeout)
        self.path, self.where = path, f"sqlite://{path}"
        self._local = threading.local()
        self._writes = 0
        db = sqlite3.connect(self.path, timeout=OPEN_TIMEOUT, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS games (id BLOB PRIMARY KEY, count INTEGER NOT NULL, "
                       "mark BLOB NOT NULL, touched REAL NOT NULL)")
            db.execute("CREATE INDEX IF NOT EXISTS games_touched ON games (touched)")  # the sweep's
        finally:
            db.close()

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            # Autocommit: each statement below is its own atomic transaction. The busy timeout bounds the wait
            # for the write lock (held for microseconds by a write, for as long as it likes by a hung process).
            db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a process crash
            if self.on_connect is not None:
                self.on_connect(db)
            self._local.db = db
        return db

    def _advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        now = time.time()
        live = now - self.idle  # a row touched before this has expired: as if it were not there
        db = self._db()
        # One statement each, so the check and the write are one atomic step across processes.
        if old == 0:  # a game's first move: the game may be new to the store
            cur = db.execute("INSERT INTO games (id, count, mark, touched) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(id) "
                             "DO UPDATE SET count = ?2, mark = ?3, touched = ?4 WHERE games.touched < ?5",
                             (game_id, new, mark, now, live))
        else:
            cur = db.execute("UPDATE games SET count = ?1, mark = ?2, touched = ?3 "
                             "WHERE id = ?4 AND count <= ?5 AND touched >= ?6", (new, mark, now, game_id, old, live))
        if cur.rowcount == 1:
            self._sweep(db, live)
            return ADVANCED
        row = db.execute("SELECT count, mark, touched FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[2] < live:
            return FORGOTTEN  # (old > 0 only: a first move writes a missing or expired row)
        if row[0] == new and row[1] == mark:
            return REPEATED
        return STALE

    def _timed_out(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)  # the busy timeout ran out

    def _sweep(self, db: sqlite3.Connection, live: float) -> None:
        self._writes += 1
        if self._writes % SWEEP_EVERY:
            return
        try:  # housekeeping only (an expired row is ignored when read): a busy file skips a turn
            db.execute("DELETE FROM games WHERE id IN (SELECT id FROM games WHERE touched < ? LIMIT ?)",
                       (live, SWEEP_ROWS))
        except sqlite3.Error:
            pass


# KEYS[1] = the game's key; ARGV = old count, new count, mark, idle seconds. Atomic in Redis. Nothing is
# written before the checks, so a full Redis (noeviction) still tells a stale token or a retry apart.
_ADVANCE = """
local cur = redis.call('HMGET', KEYS[1], 'n', 'm')
if not cur[1] then
  if tonumber(ARGV[1]) > 0 then
    return 3
  end
elseif tonumber(cur[1]) > tonumber(ARGV[1]) then
  if tonumber(cur[1]) == tonumber(ARGV[2]) and cur[2] == ARGV[3] then
    return 2
  end
  return 0
end
redis.call('HSET', KEYS[1], 'n', ARGV[2], 'm', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""


class RedisStore(_Store):
    """Newest move counts in Redis, shared by every replica; entries expire by Redis' own TTL."""

    name = "redis"

    def __init__(self, url: str, idle: float = DEFAULT_IDLE, timeout: float = DEFAULT_TIMEOUT):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry
        super().__init__(int(max(1, idle)), timeout)
        parts = urlsplit(url)
        self.where = parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()  # never a password
        self._errors = (redis.RedisError, OSError)
        self._timeouts = (redis.TimeoutError, TimeoutError)
        # Every command waits at most `timeout` for its answer. One retry, at once, on a broken connection
        # only (one the server closed when it restarted); a command that timed out is not sent again.
        self._client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
                                            health_check_interval=0)

    def _advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        # EVAL, not EVALSHA: one round trip always (after a restart EVALSHA costs two more, NOSCRIPT and a load).
        return int(self._client.eval(_ADVANCE, 1, b"tabletop:game:" + game_id, old, new, mark, self.idle))


def default_path(environ=os.environ) -> Path:
    """The embedded store's file: $XDG_STATE_HOME/tabletop/games.db, else ~/.local/state/tabletop/games.db."""
    state = environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):  # the XDG spec: a relative value is to be ignored
        home = environ.get("HOME") or os.path.expanduser("~")
        state = os.path.join(home, ".local", "state")
    return Path(state) / "tabletop" / "games.db"


def from_env(environ=os.environ):
    """The store TABLETOP_GAME_STORE names (by default a SQLite file under the user's state directory, made
    when missing), or None for `none`; ValueError names a bad setting, OSError a directory it cannot make."""
    url = environ.get(ENV, "").strip()
    idle = _seconds(environ, IDLE_ENV, DEFAULT_IDLE)
    timeout = _seconds(environ, TIMEOUT_ENV, DEFAULT_TIMEOUT)
    if url.lower() == OFF:
        return None
    if not url:
        path = default_path(environ)
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise OSError(f"{ENV} is not set, so the fork guard keeps its games in {path}, but {path.parent} cannot "
                          f"be made ({exc.strerror}); set {ENV}=sqlite:///<file>, redis://<host>:<port>/<db> or "
                          f"{OFF}") from None
        url = f"sqlite://{path}"
    return open_store(url, idle, timeout)


def _seconds(environ, name: str, default: float) -> float:
    raw = environ.get(name, "")
    try:
        value = float(raw or default)
    except ValueError:
        raise ValueError(f"{name}: expected seconds, got {raw!r}") from None
    if not value > 0 or value == float("inf"):
        raise ValueError(f"{name}: must be a positive number of seconds, got {raw!r}")
    return value


def open_store(url: str, idle: float = DEFAULT_IDLE, timeout: float = DEFAULT_TIMEOUT):
    """A store for `sqlite:///<file>` or `redis://<host>:<port>/<db>`."""
    scheme = urlsplit(url).scheme
    if scheme == "sqlite":
        path = url[len("sqlite://"):]
        if not path.startswith("/") or path == "/":
            raise ValueError(f"{ENV}: expected sqlite:///<absolute file path>, got {url!r}")
        try:
            return SqliteStore(path, idle, timeout)
        except sqlite3.Error as exc:
            raise ValueError(f"{ENV}: cannot use the SQLite file {path}: {exc}") from None
    if scheme in ("redis", "rediss"):
        return RedisStore(url, idle, timeout)
    raise ValueError(f"{ENV}: unknown store {url!r}: expected sqlite:///<file>, redis://<host>:<port>/<db> or {OFF}")
