"""The load generator: full games against one server, `inflight` players at once, closed loop.

Each player starts a game, then applies a random listed move (by index; the
peer: a random legal action) until the game is over, and starts the next one.
Clients read only what a player needs (the token, the number of listed moves,
whether the game is over): on gRPC through reduced message classes whose
listed moves stay unparsed bytes, on REST through msgspec Structs that skip the
other fields, so the client's core does little per call and the same for both
servers. Every call is timed; only calls inside the measured window count.
"""
from __future__ import annotations

import asyncio
import base64
import random
import time
from dataclasses import dataclass, field

import msgspec
from google.protobuf import descriptor_pb2

from .peer import PB as PEER_PB
from .peer import define

_T = descriptor_pb2.FieldDescriptorProto
# Ours, as a player reads it: field numbers of engine.proto's responses, the listing's groups (SeatMoves)
# left as bytes, then each group's move texts as bytes (a player only counts them).
OURS_PB = define("bench.ours", {
    "Applied": [("state", _T.TYPE_BYTES, False, 1), ("finished", _T.TYPE_BOOL, False, 5),
                ("legal_by_seat", _T.TYPE_BYTES, True, 10)],
    "Started": [("state", _T.TYPE_BYTES, False, 1), ("legal_by_seat", _T.TYPE_BYTES, True, 12)],
    "SeatMoves": [("moves", _T.TYPE_BYTES, True, 2)],
})
_group = OURS_PB["SeatMoves"].FromString


def _listed(groups) -> int:
    """The number of moves in a response's `legal_by_seat` (its groups as bytes)."""
    return sum(len(_group(g).moves) for g in groups)


@dataclass
class Stats:
    """One round's counts: latencies of every call, response sizes by number of listed moves."""

    latencies: list = field(default_factory=list)
    games: int = 0
    errors: int = 0
    first_error: str = ""
    client_cpu: float = 0.0  # the load generator's own CPU seconds in the window
    sizes: dict = field(default_factory=dict)  # listed moves -> [bytes summed, responses]

    def size(self, listed: int, nbytes: int) -> None:
        entry = self.sizes.setdefault(listed, [0, 0])
        entry[0] += nbytes
        entry[1] += 1


# ---------------------------------------------------------------- HTTP/1.1 keep-alive connection

class HttpConn(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection, as a bare protocol (no streams: the client's core is shared
    by every call in flight); httptools parses the responses."""

    def __init__(self):
        import httptools
        self.parser = httptools.HttpResponseParser(self)
        self.transport = None
        self.body: list[bytes] = []
        self.waiter: asyncio.Future | None = None

    @classmethod
    async def open(cls, port: int) -> "HttpConn":
        _transport, conn = await asyncio.get_running_loop().create_connection(cls, "127.0.0.1", port)
        return conn

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.parser.feed_data(data)

    def connection_lost(self, exc) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(ConnectionError("closed"))

    def on_body(self, data: bytes) -> None:
        self.body.append(data)

    def on_message_complete(self) -> None:
        self.waiter.set_result((self.parser.get_status_code(), b"".join(self.body)))

    async def post(self, path: bytes, body: bytes) -> tuple[int, bytes]:
        self.body = []
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(b"POST " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                             b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        return await self.waiter

    def close(self) -> None:
        self.transport.close()


# ---------------------------------------------------------------- the four players' clients

class _OursGroup(msgspec.Struct):
    moves: list[msgspec.Raw] = []


class _OursJson(msgspec.Struct):
    state: str
    legalBySeat: list[_OursGroup] = []
    finished: bool = False


class _PeerJson(msgspec.Struct):
    state: str
    legal_actions: list[int] = []
    terminal: bool = False


_ours_json = msgspec.json.Decoder(_OursJson).decode
_peer_json = msgspec.json.Decoder(_PeerJson).decode
_json = msgspec.json.encode


class _Rest:
    """A REST side: one keep-alive connection per player."""

    def __init__(self, port: int):
        self.port = port

    async def connect(self):
        return await HttpConn.open(self.port)

    async def close(self):
        pass


class _Grpc:
    """A gRPC side: every player shares the round's channel (calls multiplex on it)."""

    def __init__(self, channel):
        self.channel = channel

    async def connect(self):
        return None

    async def close(self):
        await self.channel.close()


class OursRest(_Rest):
    """Hats over our REST routes, an `open` game (the peer has no access control either)."""

    def __init__(self, port: int, seats: int):
        super().__init__(port)
        self.seats = seats

    async def start(self, conn, seed: int):
        status, body = await conn.post(b"/v1/games/hats:new", _json(
            {"seats": [{}] * self.seats, "seed": str(seed), "access": "open", "want": {"legalMoves": True}}))
        return self._read(status, body)

    async def move(self, conn, state, pick: int):
        status, body = await conn.post(b"/v1/apply", b'{"state":"' + state.encode() + b'","index":'
                                       + str(pick).encode() + b',"want":{"legalMoves":true}}')
        return self._read(status, body)

    @staticmethod
    def _read(status: int, body: bytes):
        if status != 200:
            raise RuntimeError(f"HTTP {status}: {body[:200]!r}")
        r = _ours_json(body)
        return r.state, sum(len(g.moves) for g in r.legalBySeat), r.finished, len(body)


class PeerRest(_Rest):
    """OpenSpiel over the peer's FastAPI routes; games alternate between its titles."""

    def __init__(self, port: int, games: tuple[str, ...]):
        super().__init__(port)
        self.games = games

    async def start(self, conn, seed: int):
        status, body = await conn.post(b"/new", _json({"game": self.games[seed % len(self.games)], "seed": seed}))
        return self._read(status, body)

    async def move(self, conn, state, pick: int):
        status, body = await conn.post(b"/apply", _json({"state": state[0], "action": state[1][pick]}))
        return self._read(status, body)

    @staticmethod
    def _read(status: int, body: bytes):
        if status != 200:
            raise RuntimeError(f"HTTP {status}: {body[:200]!r}")
        r = _peer_json(body)
        return (r.state, r.legal_actions), len(r.legal_actions), r.terminal, len(body)


class OursGrpc(_Grpc):
    """Hats over our gRPC service (raw bytes both ways; the reply read through reduced classes)."""

    def __init__(self, channel, seats: int):
        from service.api import engine_pb2 as pb
        super().__init__(channel)
        self.pb = pb
        self.new_rpc = channel.unary_unary("/engine.v1.GameService/NewGame")
        self.apply_rpc = channel.unary_unary("/engine.v1.GameService/ApplyMove")
        self.seats = seats
        self.want = pb.Want(legal_moves=True)
        self.started, self.applied = OURS_PB["Started"].FromString, OURS_PB["Applied"].FromString

    async def start(self, _conn, seed: int):
        pb = self.pb
        data = await self.new_rpc(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * self.seats, seed=seed,
                                                    access="open", want=self.want).SerializeToString(), timeout=30)
        r = self.started(data)
        return r.state, _listed(r.legal_by_seat), False, len(data)

    async def move(self, _conn, state, pick: int):
        data = await self.apply_rpc(self.pb.ApplyMoveRequest(state=state, index=pick, want=self.want)
                                    .SerializeToString(), timeout=30)
        r = self.applied(data)
        return r.state, _listed(r.legal_by_seat), r.finished, len(data)


class PeerGrpc(_Grpc):
    """OpenSpiel over the peer's grpcio server."""

    def __init__(self, channel, games: tuple[str, ...]):
        super().__init__(channel)
        self.new_rpc = channel.unary_unary("/peer.v1.Peer/NewGame")
        self.apply_rpc = channel.unary_unary("/peer.v1.Peer/ApplyAction")
        self.games = games
        self.new_req, self.apply_req = PEER_PB["NewGameRequest"], PEER_PB["ApplyRequest"]
        self.read = PEER_PB["StateResponse"].FromString

    async def start(self, _conn, seed: int):
        data = await self.new_rpc(self.new_req(game=self.games[seed % len(self.games)], seed=seed)
                                  .SerializeToString(), timeout=30)
        return self._read(data)

    async def move(self, _conn, state, pick: int):
        data = await self.apply_rpc(self.apply_req(state=state[0], action=state[1][pick]).SerializeToString(),
                                    timeout=30)
        return self._read(data)

    def _read(self, data: bytes):
        r = self.read(data)
        legal = list(r.legal_actions)
        return (r.state, legal), len(legal), r.terminal, len(data)


# ---------------------------------------------------------------- one round

def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of process `pid` (all its threads) and its descendants (servers
    that run their workers as child processes, e.g. granian)."""
    import os
    stats, children = {}, {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
        except (FileNotFoundError, ProcessLookupError, NotADirectoryError, PermissionError):
            continue  # not a process, or one that just ended
        stats[int(entry)] = int(fields[11]) + int(fields[12])
        children.setdefault(int(fields[1]), []).append(int(entry))
    ticks, todo = 0, [pid]
    while todo:
        p = todo.pop()
        ticks += stats.get(p, 0)
        todo.extend(children.get(p, ()))
    return ticks / os.sysconf("SC_CLK_TCK")


async def play(make_client, inflight: int, seconds: float, warmup: float, server_pid: int, seed: int):
    """`inflight` players on a client `make_client()` makes (in this loop) for `warmup` + `seconds`;
    (Stats of the measured window, req/s, server CPU seconds)."""
    stats = Stats()
    client = make_client()
    conns = [await client.connect() for _ in range(inflight)]
    window = {"on": False, "stop": False}

    async def player(conn, k: int) -> None:
        rng = random.Random(seed * 1000 + k)
        n = 0
        while not window["stop"]:
            n += 1
            t = time.perf_counter()
            try:
                state, listed, over, nbytes = await client.start(conn, seed * 100_000 + k * 1000 + n)
            except Exception as exc:  # noqa: BLE001 - counted; the player starts over
                failed(exc)
                continue
            record(t, listed, nbytes)
            while not over and listed and not window["stop"]:
                t = time.perf_counter()
                try:
                    state, listed, over, nbytes = await client.move(conn, state, rng.randrange(listed))
                except Exception as exc:  # noqa: BLE001
                    failed(exc)
                    break
                record(t, listed, nbytes)
            stats.games += window["on"] and over

    def failed(exc: Exception) -> None:
        stats.errors += window["on"]
        stats.first_error = stats.first_error or f"{type(exc).__name__}: {exc}"[:300]

    def record(t: float, listed: int, nbytes: int) -> None:
        if window["on"]:
            stats.latencies.append(time.perf_counter() - t)
            stats.size(listed, nbytes)

    tasks = [asyncio.ensure_future(player(c, k)) for k, c in enumerate(conns)]
    await asyncio.sleep(warmup)
    window["on"] = True
    cpu0, t0, mine0 = cpu_seconds(server_pid), time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    window["on"] = False
    cpu1, t1, mine1 = cpu_seconds(server_pid), time.perf_counter(), time.process_time()
    stats.client_cpu = mine1 - mine0
    window["stop"] = True
    await asyncio.gather(*tasks)
    for c in conns:
        if c is not None:
            c.close()
    await client.close()
    return stats, len(stats.latencies) / (t1 - t0), cpu1 - cpu0


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(p * len(s)))] if s else float("nan")


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()
