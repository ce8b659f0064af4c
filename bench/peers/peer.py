"""The plain peer: OpenSpiel's card games behind the smallest stateless server a team would write.

What a team that needs rules as a service would otherwise deploy: `pyspiel`
games (`hearts`, `oh_hell`), the whole state travelling with each call as
`pyspiel.serialize_game_and_state` text (not encrypted, not signed), the loaded
game cached by its header, chance nodes resolved with a seeded choice, legal
actions as ints. Two fronts on one engine, as our service has:

- REST: FastAPI (pydantic bodies, `async def` routes) on uvicorn with uvloop and httptools;
- gRPC: a grpcio sync server with 16 threads, messages built at import from a
  descriptor (the same protobuf runtime as ours; no generated code to keep).

    python -m bench.peers.peer --http-port 8090 --grpc-port 50090
"""
# No `from __future__ import annotations`: FastAPI reads the route annotations of the local models.
import argparse
import random
import zlib

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

GAMES = ("hearts", "oh_hell")
SERVICE = "peer.v1.Peer"
HEADER_END = "[State]\n"


def define(package: str, messages: dict[str, list[tuple]]) -> dict[str, type]:
    """Message classes from `{name: [(field, type, repeated[, number]), ...]}` (by default numbered in
    order), without generated code."""
    T = descriptor_pb2.FieldDescriptorProto
    f = descriptor_pb2.FileDescriptorProto(name=f"{package.replace('.', '/')}/bench.proto", package=package,
                                           syntax="proto3")
    for name, fields in messages.items():
        msg = f.message_type.add(name=name)
        for number, (field, kind, repeated, *given) in enumerate(fields, 1):
            msg.field.add(name=field, number=given[0] if given else number, type=kind,
                          label=T.LABEL_REPEATED if repeated else T.LABEL_OPTIONAL)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    file = pool.FindFileByName(f.name)
    return {name: message_factory.GetMessageClass(file.message_types_by_name[name]) for name in messages}


_T = descriptor_pb2.FieldDescriptorProto
PB = define("peer.v1", {
    "NewGameRequest": [("game", _T.TYPE_STRING, False), ("seed", _T.TYPE_UINT64, False)],
    "ApplyRequest": [("state", _T.TYPE_BYTES, False), ("action", _T.TYPE_INT64, False)],
    "StateResponse": [("state", _T.TYPE_BYTES, False), ("legal_actions", _T.TYPE_INT64, True),
                      ("current_player", _T.TYPE_INT32, False), ("terminal", _T.TYPE_BOOL, False),
                      ("returns", _T.TYPE_DOUBLE, True)],
})


class Refused(ValueError):
    """A request the peer cannot serve (unknown game, unreadable state, illegal action)."""


class Engine:
    """Stateless play over serialized OpenSpiel states; loaded games are cached by their header."""

    def __init__(self):
        import pyspiel
        self.pyspiel = pyspiel
        self._by_header: dict[str, object] = {}
        self._by_name = {name: pyspiel.load_game(name) for name in GAMES}

    def new(self, name: str, seed: int):
        """A new game of `name`, its opening chance nodes resolved from `seed`."""
        game = self._by_name.get(name)
        if game is None:
            raise Refused(f"unknown game {name!r}")
        state = game.new_initial_state()
        self._resolve(state, random.Random(seed))
        return self._answer(game, state)

    def apply(self, blob: bytes, action: int):
        """Apply `action` to the serialized state `blob`."""
        game, state = self._load(blob)
        if state.is_terminal() or action not in state.legal_actions():
            raise Refused(f"action {action} is not legal now")
        state.apply_action(action)
        if state.is_chance_node():  # seeded by where the game stands: the same request, the same answer
            self._resolve(state, random.Random(zlib.crc32(blob) ^ action))
        return self._answer(game, state)

    def _load(self, blob: bytes):
        try:
            text = blob.decode()
            head, sep, body = text.partition(HEADER_END)
            if not sep:
                raise Refused("state is not a serialized game and state")
            game = self._by_header.get(head)
            if game is None:
                game, state = self.pyspiel.deserialize_game_and_state(text)
                if len(self._by_header) < 64:
                    self._by_header[head] = game
                return game, state
            return game, game.deserialize_state(body)
        except Refused:
            raise
        except Exception as exc:  # noqa: BLE001 - pyspiel raises RuntimeError / SpielError on bad text
            raise Refused(f"unreadable state: {exc}") from None

    @staticmethod
    def _resolve(state, rng: random.Random) -> None:
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])

    def _answer(self, game, state) -> tuple[bytes, list[int], int, bool, list[float]]:
        terminal = state.is_terminal()
        return (self.pyspiel.serialize_game_and_state(game, state).encode(),
                [] if terminal else state.legal_actions(), state.current_player(), terminal,
                state.returns() if terminal else [])


# ---------------------------------------------------------------- REST (FastAPI)

def create_rest_app(engine: Engine):
    """The FastAPI app: `POST /new {game, seed}` and `POST /apply {state, action}`."""
    import base64

    from fastapi import FastAPI, HTTPException
    from pydantic import BaseModel

    class NewGame(BaseModel):
        game: str
        seed: int = 0

    class Apply(BaseModel):
        state: str  # base64 of the serialized game and state, as bytes travel in JSON
        action: int

    class StateOut(BaseModel):
        state: str
        legal_actions: list[int]
        current_player: int
        terminal: bool
        returns: list[float] = []

    def out(answer) -> StateOut:
        blob, legal, player, terminal, returns = answer
        return StateOut(state=base64.b64encode(blob).decode(), legal_actions=legal, current_player=player,
                        terminal=terminal, returns=returns)

    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)

    @app.post("/new")
    async def new(body: NewGame) -> StateOut:
        try:
            return out(engine.new(body.game, body.seed))
        except Refused as exc:
            raise HTTPException(400, str(exc)) from None

    @app.post("/apply")
    async def apply(body: Apply) -> StateOut:
        try:
            return out(engine.apply(base64.b64decode(body.state), body.action))
        except (Refused, ValueError) as exc:
            raise HTTPException(409, str(exc)) from None

    return app


# ---------------------------------------------------------------- gRPC (grpcio sync, 16 threads)

def create_grpc_server(engine: Engine, address: str, threads: int = 16):
    """A grpcio sync server with `threads` handler threads serving NewGame and ApplyAction."""
    from concurrent import futures

    import grpc
    response = PB["StateResponse"]

    def answer(result):
        blob, legal, player, terminal, returns = result
        return response(state=blob, legal_actions=legal, current_player=player, terminal=terminal,
                        returns=returns)

    def new(req, context):
        try:
            return answer(engine.new(req.game, req.seed))
        except Refused as exc:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))

    def apply(req, context):
        try:
            return answer(engine.apply(req.state, req.action))
        except Refused as exc:
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, str(exc))

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads))
    ser = response.SerializeToString
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {
        "NewGame": grpc.unary_unary_rpc_method_handler(new, PB["NewGameRequest"].FromString, ser),
        "ApplyAction": grpc.unary_unary_rpc_method_handler(apply, PB["ApplyRequest"].FromString, ser),
    }),))
    if not server.add_insecure_port(address):
        raise OSError(f"cannot bind {address}")
    return server


def serve(host: str, http_port: int, grpc_port: int) -> None:
    """Both fronts in one process (as one worker of ours serves both): gRPC in its threads, HTTP on the loop."""
    import uvicorn
    engine = Engine()
    server = create_grpc_server(engine, f"{host}:{grpc_port}")
    server.start()
    uvicorn.run(create_rest_app(engine), host=host, port=http_port, loop="uvloop", http="httptools",
                lifespan="off", access_log=False, log_level="warning")
    server.stop(0)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.peers.peer", description=__doc__.split("\n\n")[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--http-port", type=int, default=8090)
    p.add_argument("--grpc-port", type=int, default=50090)
    a = p.parse_args(argv)
    serve(a.host, a.http_port, a.grpc_port)


if __name__ == "__main__":
    main()
