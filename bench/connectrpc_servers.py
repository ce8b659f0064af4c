"""The `connectrpc` package (Connect, gRPC-Web over ASGI) serving ApplyMove, for bench.service to compare.

Two servers under the same uvicorn set-up as ours: an empty handler (reads the message, answers
`{}`: the package's floor) and ApplyMove over the same app layer, with codecs over the same
msgspec Structs and converters as our routes (so only the protocol handling differs). Optional:
bench.service skips these rows when `connectrpc` is not installed (`pip install connectrpc`).
"""
from __future__ import annotations


def _app(endpoints: dict, codecs: list):
    from connectrpc.server import ConnectASGIApplication

    class App(ConnectASGIApplication):
        @property
        def path(self) -> str:
            return "/engine.v1.GameService"

    return App(service=object(), endpoints=lambda _svc: endpoints, codecs=codecs)


def _method(name: str, request, response):
    from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
    return MethodInfo(name=name, service_name="engine.v1.GameService", input=request, output=response,
                      idempotency_level=IdempotencyLevel.IDEMPOTENT, stream_type=StreamType.UNARY)


class _Raw:
    """The empty handler's codec: the message bytes as they are."""

    def __init__(self, name: str):
        self._name = name

    def name(self) -> str:
        return self._name

    def encode(self, message) -> bytes:
        return message

    def decode(self, data, message_class):
        return bytes(data)


class _StructJson:
    """proto3 JSON straight into the service's Structs (service/adapters/bodies.py)."""

    def __init__(self):
        from service.adapters.bodies import Body, encode
        self._bodies, self._body, self.encode = {}, Body, encode

    def name(self) -> str:
        return "json"

    def decode(self, data, message_class):
        body = self._bodies.get(message_class) or self._bodies.setdefault(message_class, self._body(message_class))
        return body.decode(bytes(data))


class _StructProto:
    """Binary protobuf through the generated classes and the service's converters."""

    def __init__(self, request_pb, response_pb):
        from service.wire.convert import from_pb, to_pb
        self._from, self._to, self._req, self._resp = from_pb, to_pb, request_pb, response_pb

    def name(self) -> str:
        return "proto"

    def encode(self, message) -> bytes:
        return self._to(message, self._resp).SerializeToString()

    def decode(self, data, message_class):
        return self._from(self._req.FromString(bytes(data)), message_class)


def create_empty():
    """connectrpc's floor: a unary method that reads its message and answers `{}` (JSON) or nothing."""
    async def empty(message, ctx):
        return b"{}"
    method = _method("ApplyMove", bytes, bytes)
    from connectrpc.server import Endpoint
    return _app({"/engine.v1.GameService/ApplyMove": Endpoint.unary(method, empty)}, [_Raw("json"), _Raw("proto")])


def create_apply(keys: str):
    """ApplyMove of the service's app layer, served by connectrpc."""
    from connectrpc.server import Endpoint

    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    from service.wire.methods import BY_NAME
    app = App(Sealer(parse_keys(keys)))
    meth = BY_NAME["ApplyMove"]

    async def apply(message, ctx):
        return app.call("connect", "ApplyMove", message, authorization=ctx.request_headers.get("authorization"))
    return _app({"/engine.v1.GameService/ApplyMove": Endpoint.unary(_method("ApplyMove", meth.request, meth.response),
                                                                     apply)},
                [_StructJson(), _StructProto(meth.request_pb, meth.response_pb)])


def serve_empty(port: int) -> None:
    """The empty handler under bench.service's uvicorn set-up."""
    from bench.service import _serve_http
    _serve_http(port, create_empty())


def serve_apply(port: int) -> None:
    """ApplyMove under bench.service's uvicorn set-up, with bench.service's token key."""
    from bench.service import KEYS, _serve_http
    _serve_http(port, create_apply(KEYS))


def _asgi_call(app, path: str, body: bytes, content_type: str):
    """One POST through an ASGI app in process (no sockets): (status, response body)."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"", "server": ("127.0.0.1", 80),
             "client": ("127.0.0.1", 1), "headers": [(b"content-type", content_type.encode()),
                                                     (b"content-length", str(len(body)).encode())]}
    sent = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive():
        return messages.pop() if messages else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    async def run():
        await app(scope, receive, send)
        return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])
    return run


def main() -> None:
    """In-process cost per ApplyMove (no sockets, no load generator): ours vs connectrpc, per protocol.

    The socket benchmark in bench.service needs a quiet machine; this one compares only the
    server-side work, interleaving the two servers, so a shared machine slows both alike."""
    import asyncio
    import base64
    import json
    import struct
    import time

    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    from service.process.http import create_app
    from service.wire import messages as m
    keys = "bench:" + base64.b64encode(bytes(32)).decode()
    game = App(Sealer(parse_keys(keys)), access="open").call(
        "rest", "NewGame", m.NewGameRequest(game="hats", seats=[m.Seat(), m.Seat(), m.Seat()], seed="7"))
    from service.api import engine_pb2 as pb
    path = "/engine.v1.GameService/ApplyMove"
    proto = pb.ApplyMoveRequest(state=game.state, index=0).SerializeToString()
    bodies = {"connect": (json.dumps({"state": base64.b64encode(game.state).decode(), "index": 0}).encode(),
                          "application/json"),
              "grpcweb": (struct.pack(">BI", 0, len(proto)) + proto, "application/grpc-web+proto")}
    import os
    os.environ.setdefault("TABLETOP_TOKEN_KEYS", keys)
    ours = create_app(App(Sealer(parse_keys(keys)), access="open"))
    theirs = create_apply(keys)
    loop = asyncio.new_event_loop()
    for protocol, (body, content_type) in bodies.items():
        results = {"ours": [], "connectrpc": []}
        for _round in range(7):
            for name, app in (("ours", ours), ("connectrpc", theirs)):
                call = _asgi_call(app, path, body, content_type)
                status, _ = loop.run_until_complete(call())
                assert status == 200, (name, protocol, status)
                n, start = 300, time.perf_counter()
                for _ in range(n):
                    loop.run_until_complete(_asgi_call(app, path, body, content_type)())
                results[name].append((time.perf_counter() - start) / n * 1e6)
        med = {k: sorted(v)[len(v) // 2] for k, v in results.items()}
        print(f"{protocol:8} ApplyMove in process: ours {med['ours']:.0f} us, connectrpc {med['connectrpc']:.0f} us "
              f"(connectrpc/ours {med['connectrpc'] / med['ours']:.2f})")


if __name__ == "__main__":
    main()
