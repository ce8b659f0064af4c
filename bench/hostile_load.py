"""The clients of `python -m bench.hostile`: normal players and the hostile mix, each an asyncio process.

Normal players play whole games: NewGame (a random game and seat count, the listing wanted), then
ApplyMove by a random `index` into the listing it got (the listing wanted again) until the game is
finished, then Score; then the next game. Every call's latency is kept; any answer but 200 / OK is
an error.

Stream players (`stream` in the figures) keep a ScoreStream open and score a token on it, one message
after another; each message's latency is kept.

The hostile mix (issue 10's hostile client, with legal requests only); the idle streams and the
half-open connections come from one peer address of their own (`source`, 127.0.0.2 by default: all
of 127.0.0.0/8 is this machine), so the service's shares per peer (issue 31) tell that client from
the normal players, whose address is 127.0.0.1, as the heavy callers' and the slow headers' is:
- heavy callers: LegalMoves on the states with the largest listings found, and ApplyMove onto them
  with everything wanted (listing, view, score), on both transports;
- batchers: ScoreBatch of the largest size (1,000 of the largest tokens), on both transports;
- idle streams: ScoreStream calls that never send, each on its own connection (through `relay`:
  a gRPC client cannot choose its source address), reopened when ended;
- slow-header connections: an HTTP head sent one header line a second, never finished, reopened
  when closed;
- half-open connections: half an HTTP head sent, then nothing, reopened a second after they are
  closed (4,500 of them shut every other client out before the cap per peer).
Refusals of the hostile calls (busy, too many streams, 408) are counted by kind, not as errors.
"""
from __future__ import annotations

import asyncio
import json
import random
import time

LOCAL = (("grpc.use_local_subchannel_pool", 1),)  # a connection of its own (else channels share one)
CALL_TIMEOUT = 10.0


class Http:
    """One keep-alive HTTP/1.1 connection; `post` returns (status, body)."""

    def __init__(self, port: int, source: str | None = None):
        self.port, self.source = port, source
        self.reader = self.writer = None

    async def _connect(self) -> None:
        import httptools
        self.reader, self.writer = await asyncio.open_connection(
            "127.0.0.1", self.port, local_addr=(self.source, 0) if self.source else None)
        self.parser = httptools.HttpResponseParser(self)

    def on_body(self, data: bytes) -> None:
        self.body.append(data)

    def on_message_complete(self) -> None:
        self.done = True

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            await self._connect()
        self.body, self.done = [], False
        try:
            self.writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            while not self.done:
                data = await asyncio.wait_for(self.reader.read(1 << 20), CALL_TIMEOUT)
                if not data:
                    raise ConnectionError("closed by the server")
                self.parser.feed_data(data)
        except BaseException:
            self.close()
            raise
        if not self.parser.should_keep_alive():
            self.close()
        return self.parser.get_status_code(), b"".join(self.body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None


class RestApi:
    """A player's calls over REST (JSON)."""

    def __init__(self, port: int):
        self.http = Http(port)

    async def _call(self, path: str, body: dict) -> dict:
        status, data = await self.http.post(path, json.dumps(body).encode())
        if status != 200:
            raise RuntimeError(f"{path}: HTTP {status} {data[:200]!r}")
        return json.loads(data)

    async def new_game(self, game: str, seats: int, options: dict):
        r = await self._call(f"/v1/games/{game}:new", {"seats": [{}] * seats, "options": options,
                                                         "want": {"legalMoves": True}})
        return r["state"], _listed_json(r), False

    async def apply(self, state, index: int):
        r = await self._call("/v1/apply", {"state": state, "index": index, "want": {"legalMoves": True}})
        return r["state"], _listed_json(r), r.get("finished", False)

    async def score(self, state) -> None:
        await self._call("/v1/score", {"state": state})

    def close(self) -> None:
        self.http.close()


def _listed_json(r: dict) -> int:
    """The number of moves a JSON response lists (`legalBySeat`: each seat's move texts)."""
    return sum(len(group.get("moves", ())) for group in r.get("legalBySeat", ()))


class GrpcApi:
    """A player's calls over gRPC, on a connection of its own."""

    def __init__(self, port: int):
        import grpc

        from service.api import engine_pb2 as pb
        from service.api import engine_pb2_grpc
        self.pb = pb
        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=LOCAL)
        self.stub = engine_pb2_grpc.GameServiceStub(self.channel)

    async def new_game(self, game: str, seats: int, options: dict):
        pb = self.pb
        r = await self.stub.NewGame(pb.NewGameRequest(game=game, seats=[pb.Seat()] * seats, options=options,
                                                      want=pb.Want(legal_moves=True)), timeout=CALL_TIMEOUT)
        return r.state, sum(len(g.moves) for g in r.legal_by_seat), False

    async def apply(self, state, index: int):
        pb = self.pb
        r = await self.stub.ApplyMove(pb.ApplyMoveRequest(state=state, index=index, want=pb.Want(legal_moves=True)),
                                      timeout=CALL_TIMEOUT)
        return r.state, sum(len(g.moves) for g in r.legal_by_seat), r.finished

    async def score(self, state) -> None:
        await self.stub.Score(self.pb.ScoreRequest(state=state), timeout=CALL_TIMEOUT)

    def close(self) -> None:
        asyncio.get_running_loop().create_task(self.channel.close())


class Tally:
    """One transport's latencies (calls begun inside the measured window) and errors."""

    def __init__(self, start: float, end: float):
        self.start, self.end = start, end
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games = 0

    async def timed(self, coro):
        began = time.time()
        try:
            return await coro
        except Exception as exc:  # noqa: BLE001 - every failure of a normal client is an error to report
            if began >= self.start:
                self.errors.append(f"{type(exc).__name__}: {str(exc)[:200]}")
            raise
        finally:
            if self.start <= began < self.end:
                self.latencies.append(time.time() - began)


async def _player(api, games: list[tuple[str, list]], rng: random.Random, tally: Tally) -> None:
    while time.time() < tally.end:
        game, tables = rng.choice(games)
        try:
            state, listed, finished = await tally.timed(api.new_game(game, *rng.choice(tables)))
            while not finished and time.time() < tally.end:
                state, listed, finished = await tally.timed(api.apply(state, rng.randrange(listed)))
            if finished:
                await tally.timed(api.score(state))
                tally.games += 1
        except Exception:  # noqa: BLE001 - counted in the tally; the player starts a new game
            await asyncio.sleep(0.05)


async def stream_player(port: int, tally: Tally) -> None:
    """Scores a token on a ScoreStream of its own connection, one message after another, until `tally.end`; a
    message's latency is a call's. A stream is ended and another opened every STREAM_RUN messages (the service
    ends one at 10,000); a refused or broken stream is an error."""
    import grpc

    from service.api import engine_pb2 as pb
    from service.api import engine_pb2_grpc
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=LOCAL) as ch:
        stub = engine_pb2_grpc.GameServiceStub(ch)
        token = (await stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3), timeout=CALL_TIMEOUT)).state
        request = pb.ScoreRequest(state=token)
        await asyncio.sleep(max(0.0, tally.start - time.time()))
        while time.time() < tally.end:
            call = stub.ScoreStream(timeout=max(1.0, tally.end - time.time() + CALL_TIMEOUT))
            try:
                for _ in range(STREAM_RUN):
                    if time.time() >= tally.end:
                        break
                    await tally.timed(_one_message(call, request))
                await call.done_writing()
                async for _ in call:
                    pass
            except Exception:  # noqa: BLE001 - counted in the tally; a new stream after a pause
                call.cancel()
                await asyncio.sleep(0.05)


STREAM_RUN = 5000


async def _one_message(call, request):
    await call.write(request)
    answer = await call.read()
    if answer is None or not answer.HasField("score"):
        raise RuntimeError(f"ScoreStream answered {answer!r}")
    return answer


async def _play(transport: str, port: int, clients: int, games, start: float, end: float, seed: int) -> dict:
    tally = Tally(start, end)
    if transport == "stream":
        await asyncio.gather(*(stream_player(port, tally) for _ in range(clients)))
        return {"latencies": tally.latencies, "errors": tally.errors, "games": 0, "cpu": time.process_time()}
    apis = [(RestApi if transport == "rest" else GrpcApi)(port) for _ in range(clients)]
    await asyncio.sleep(max(0.0, start - time.time()))
    await asyncio.gather(*(_player(api, games, random.Random(seed * 1000 + i), tally) for i, api in enumerate(apis)))
    for api in apis:
        api.close()
    return {"latencies": tally.latencies, "errors": tally.errors, "games": tally.games, "cpu": time.process_time()}


def normal(conn, transport: str, port: int, clients: int, games, start: float, end: float, seed: int) -> None:
    """Process entry: `clients` players over `transport` from `start` to `end` (wall clock); results to `conn`."""
    import uvloop
    conn.send(uvloop.run(_play(transport, port, clients, games, start, end, seed)))


# ---------------------------------------------------------------- the hostile mix

class Outcomes:
    """Counts of the hostile calls' outcomes, by kind."""

    def __init__(self):
        self.counts: dict[str, int] = {}

    def add(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1


async def _heavy_rest(port: int, calls: list[tuple[str, bytes]], end: float, out: Outcomes) -> None:
    http = Http(port)
    for i in range(10 ** 9):
        if time.time() >= end:
            break
        path, body = calls[i % len(calls)]
        try:
            status, _ = await http.post(path, body)
            out.add(f"rest {path} {status}")
        except Exception as exc:  # noqa: BLE001 - a hostile call's failure is counted, not fatal
            out.add(f"rest {path} {type(exc).__name__}")
            await asyncio.sleep(0.05)
    http.close()


async def _heavy_grpc(port: int, calls: list[tuple[str, bytes]], end: float, out: Outcomes) -> None:
    import grpc
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=LOCAL) as ch:
        rpcs = {m: ch.unary_unary(m) for m, _ in calls}  # raw bytes both ways
        for i in range(10 ** 9):
            if time.time() >= end:
                break
            method, payload = calls[i % len(calls)]
            name = method.rsplit("/", 1)[1]
            try:
                await rpcs[method](payload, timeout=CALL_TIMEOUT)
                out.add(f"grpc {name} OK")
            except grpc.aio.AioRpcError as e:
                out.add(f"grpc {name} {e.code().name}")
                await asyncio.sleep(0.05)


async def _idle_stream(port: int, end: float, out: Outcomes) -> None:
    """A ScoreStream that never sends, reopened when ended (to `port`: the service's, or a relay's)."""
    import grpc
    never = asyncio.Event()

    async def nothing():
        await never.wait()
        yield b""

    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=LOCAL) as ch:
        rpc = ch.stream_stream("/engine.v1.GameService/ScoreStream")
        while time.time() < end:
            call = rpc(nothing(), timeout=max(0.1, end - time.time()))
            try:
                async for _ in call:
                    pass
                out.add("stream ended OK")
            except grpc.aio.AioRpcError as e:
                out.add(f"stream {e.code().name}")
            await asyncio.sleep(0.25)


async def _slow_header(port: int, end: float, out: Outcomes) -> None:
    while time.time() < end:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            out.add("slow connect refused")
            await asyncio.sleep(0.25)
            continue
        try:
            writer.write(b"POST /v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while time.time() < end:
                writer.write(b"X-Slow: 1\r\n")  # one header line a second: the head never ends
                await writer.drain()
                try:
                    data = await asyncio.wait_for(reader.read(4096), 1.0)
                except asyncio.TimeoutError:
                    continue
                out.add("slow closed " + (data[9:12].decode() if data.startswith(b"HTTP/1.1") else "no answer"))
                break
        except OSError:
            out.add("slow reset")
        finally:
            writer.close()
        await asyncio.sleep(0.25)


async def relay(upstream_port: int, source: str) -> asyncio.AbstractServer:
    """A TCP relay listening on 127.0.0.1 (its port: `.sockets[0].getsockname()[1]`) whose connections reach
    127.0.0.1:`upstream_port` from the address `source`: a gRPC client cannot choose its source address, so
    through it a gRPC client is another peer to the service."""
    async def pipe(reader, writer) -> None:
        try:
            while data := await reader.read(1 << 16):
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()

    async def serve(reader, writer) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", upstream_port, local_addr=(source, 0))
        except OSError:
            writer.close()
            return
        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        except asyncio.CancelledError:  # the run is over (asyncio would print the cancellation)
            writer.close()
    return await asyncio.start_server(serve, "127.0.0.1", 0)


class HalfOpen:
    """Connections with half an HTTP head sent, then nothing."""

    HEAD = b"POST /v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl"
    REFUSED_AGAIN = 30.0

    def __init__(self, port: int, source: str | None, out: Outcomes):
        self.port, self.source, self.out = port, source, out
        self.opening = asyncio.Semaphore(256)  # connects at once (a burst past the listen backlog waits on SYN retries)

    async def one(self, end: float, again: float | None) -> None:
        """Hold one such connection until `end`; when the server closes it, open another `again` seconds later
        (None: once only), or REFUSED_AGAIN seconds later if it was closed at once (a flood of connects is
        another attack, which a share per peer does not answer: this one holds what it can)."""
        while time.time() < end:
            opened = time.monotonic()
            try:
                async with self.opening:
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(
                        self.source, 0) if self.source else None)
                    writer.write(self.HEAD)
            except OSError:
                self.out.add("half-open connect refused")
            else:
                try:
                    data = await asyncio.wait_for(reader.read(4096), max(0.0, end - time.time()))
                    self.out.add("half-open closed " + (data[9:12].decode() if data.startswith(b"HTTP/1.1") else
                                                        "without an answer"))
                except asyncio.TimeoutError:
                    self.out.add("half-open held to the end")
                except OSError:
                    self.out.add("half-open reset")
                finally:
                    writer.close()
            if again is None:
                return
            await asyncio.sleep(again if time.monotonic() - opened > 0.5 else max(again, self.REFUSED_AGAIN))


async def _hostile(grpc_port: int, http_port: int, plan: dict, start: float, end: float) -> dict:
    out = Outcomes()
    source = plan.get("source")
    _raise_open_files(plan.get("half_open", 0) + plan["slow"] + 2 * plan["streams"] + 256)
    stream_port = grpc_port
    if source:
        stream_port = (await relay(grpc_port, source)).sockets[0].getsockname()[1]
    # The idle streams, slow and half-open connections are opened before the measured window begins.
    tasks = [asyncio.create_task(_idle_stream(stream_port, end, out)) for _ in range(plan["streams"])]
    tasks += [asyncio.create_task(_slow_header(http_port, end, out)) for _ in range(plan["slow"])]
    half = HalfOpen(http_port, source, out)
    tasks += [asyncio.create_task(half.one(end, 1.0)) for _ in range(plan.get("half_open", 0))]
    await asyncio.sleep(max(0.0, start - time.time()))
    for _ in range(plan["heavy"]):
        tasks += [_heavy_rest(http_port, plan["rest"], end, out), _heavy_grpc(grpc_port, plan["grpc"], end, out)]
    for _ in range(plan["batchers"]):
        tasks += [_heavy_rest(http_port, [("/v1/score:batch", plan["batch_rest"])], end, out),
                  _heavy_grpc(grpc_port, [("/engine.v1.GameService/ScoreBatch", plan["batch_grpc"])], end, out)]
    await asyncio.gather(*tasks)
    return {"outcomes": out.counts, "cpu": time.process_time()}


def _raise_open_files(need: int) -> None:
    """Let this process hold `need` more sockets (up to the hard limit)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = soft + need if hard == resource.RLIM_INFINITY else min(hard, soft + need)
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def hostile(conn, grpc_port: int, http_port: int, plan: dict, start: float, end: float) -> None:
    """Process entry: the hostile mix of `plan` (made by bench.hostile) until `end`; outcome counts to `conn`."""
    import uvloop
    conn.send(uvloop.run(_hostile(grpc_port, http_port, plan, start, end)))
