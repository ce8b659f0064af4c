"""The fork guard (shared/design/SECURITY.md): a game store that records each game's newest move count.

A sealed token can be used twice; with a store configured, every ApplyMove moves its game forward
atomically from the token's move count to the next, so an older token (a fork: a move tried on a
copy, a move taken back) is refused `token_stale`. The very same request again (same token, same
move) finds its own mark (a digest of token and move) and is answered again: the engine is
deterministic, so a client may retry after a timeout.

    TABLETOP_GAME_STORE=sqlite:///<file>             one machine: a SQLite file shared by the workers
    TABLETOP_GAME_STORE=redis://<host>:<port>/<db>   many replicas: Redis (or Valkey)
    TABLETOP_GAME_STORE_IDLE=<seconds>               entries expire after this long without a move

A store that cannot answer refuses the move with UNAVAILABLE: a guard that let moves through
while it was down would be no guard.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from urllib.parse import urlsplit

from .errors import ApiError

ENV, IDLE_ENV = "TABLETOP_GAME_STORE", "TABLETOP_GAME_STORE_IDLE"
DEFAULT_IDLE = 7 * 24 * 3600  # a week without moves: a game left that long is abandoned
UNAVAILABLE, ABORTED = "UNAVAILABLE", "ABORTED"
ADVANCED, REPEATED, STALE = 1, 2, 0


def stale(count: int) -> ApiError:
    """The refusal of a token older than its game's newest."""
    return ApiError(ABORTED, "token_stale", f"state token is stale: this game has moved on since this token "
                    f"(move {count}); use the newest token of the game", move_count=count)


def unavailable(store: str, exc: BaseException) -> ApiError:
    """The refusal of a move while the game store cannot answer (nothing was changed)."""
    return ApiError(UNAVAILABLE, "game_store_unavailable", f"the game store ({store}) cannot be reached, so the "
                    f"move was not applied; retry shortly ({type(exc).__name__})")


class SqliteStore:
    """Newest move counts in a SQLite file (WAL mode), shared by the worker processes of one machine."""

    # Test hook, None in service: called with each connection a thread opens, so a test can trace its
    # statements (tests/service/test_service_fork_guard.py holds two moves at their write with it).
    on_connect = None

    def __init__(self, path: str, idle: float = DEFAULT_IDLE):
        self.path, self.idle, self.name = path, idle, "sqlite"
        self._local = threading.local()
        self._writes = 0
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS games (id BLOB PRIMARY KEY, count INTEGER NOT NULL, "
                       "mark BLOB NOT NULL, touched REAL NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        # Autocommit: each statement below is its own atomic transaction; 5 s of waiting for the
        # write lock covers any burst of racing workers (a write holds it for microseconds).
        return sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
            db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a process crash
            if self.on_connect is not None:
                self.on_connect(db)
        return db

    def advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        """Move the game from `old` to `new` (ADVANCED), or see the same request again (REPEATED), or
        STALE; raises ApiError UNAVAILABLE when the file cannot be used."""
        now = time.time()
        try:
            db = self._db()
            # One statement, so the check and the write are one atomic step across processes.
            cur = db.execute(
                "INSERT INTO games (id, count, mark, touched) VALUES (?1, ?3, ?4, ?5) ON CONFLICT(id) DO UPDATE "
                "SET count = ?3, mark = ?4, touched = ?5 WHERE games.count <= ?2 OR games.touched < ?6",
                (game_id, old, new, mark, now, now - self.idle))
            if cur.rowcount == 1:
                self._expire(db, now)
                return ADVANCED
            row = db.execute("SELECT count, mark FROM games WHERE id = ?", (game_id,)).fetchone()
        except sqlite3.Error as exc:
            raise unavailable(self.name, exc) from None
        if row is not None and row[0] == new and row[1] == mark:
            return REPEATED
        return STALE

    def _expire(self, db: sqlite3.Connection, now: float) -> None:
        self._writes += 1
        if self._writes % 1000 == 0:  # sweep now and then; a stale row is also ignored when read
            db.execute("DELETE FROM games WHERE touched < ?", (now - self.idle,))


# KEYS[1] = the game's key; ARGV = old count, new count, mark, idle seconds. Atomic in Redis.
_ADVANCE = """
local cur = redis.call('HMGET', KEYS[1], 'n', 'm')
if (not cur[1]) or tonumber(cur[1]) <= tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'n', ARGV[2], 'm', ARGV[3])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  return 1
end
if tonumber(cur[1]) == tonumber(ARGV[2]) and cur[2] == ARGV[3] then
  return 2
end
return 0
"""


class RedisStore:
    """Newest move counts in Redis, shared by every replica; entries expire by Redis' own TTL."""

    def __init__(self, url: str, idle: float = DEFAULT_IDLE):
        import redis
        self.name, self.idle = "redis", int(max(1, idle))
        self._errors = (redis.RedisError, OSError)
        # Short timeouts: a move waits at most ~1 s for a store that is gone, then gets UNAVAILABLE.
        self._client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0,
                                            retry_on_timeout=False, health_check_interval=0)
        self._script = self._client.register_script(_ADVANCE)

    def advance(self, game_id: bytes, old: int, new: int, mark: bytes) -> int:
        """As SqliteStore.advance."""
        try:
            return int(self._script(keys=[b"tabletop:game:" + game_id], args=[old, new, mark, self.idle]))
        except self._errors as exc:
            raise unavailable(self.name, exc) from None


def from_env(environ=os.environ):
    """The store named by TABLETOP_GAME_STORE, or None (no fork guard); ValueError names a bad setting."""
    url = environ.get(ENV, "").strip()
    if not url:
        return None
    try:
        idle = float(environ.get(IDLE_ENV, "") or DEFAULT_IDLE)
    except ValueError:
        raise ValueError(f"{IDLE_ENV}: expected seconds, got {environ.get(IDLE_ENV)!r}") from None
    if idle <= 0:
        raise ValueError(f"{IDLE_ENV}: must be positive, got {idle}")
    return open_store(url, idle)


def open_store(url: str, idle: float = DEFAULT_IDLE):
    """A store for `sqlite:///<file>` or `redis://<host>:<port>/<db>`."""
    scheme = urlsplit(url).scheme
    if scheme == "sqlite":
        path = url[len("sqlite://"):]
        if not path.startswith("/") or path == "/":
            raise ValueError(f"{ENV}: expected sqlite:///<absolute file path>, got {url!r}")
        return SqliteStore(path, idle)
    if scheme in ("redis", "rediss"):
        return RedisStore(url, idle)
    raise ValueError(f"{ENV}: unknown store {url!r}: expected sqlite:///<file> or redis://<host>:<port>/<db>")
