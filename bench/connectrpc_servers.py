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
