"""The Connect protocol's unary form (connectrpc.com/docs/protocol) and gRPC-Web, on the HTTP port.

`POST /engine.v1.GameService/<Method>` with a JSON (`application/json`) or binary
(`application/proto`) request message answers the same response message, so the
standard Connect clients generated from proto/ (connect-web in browsers, connect-es,
connect-go, ...) work without a proxy; a gzip body (Content-Encoding) is inflated; the caller's
`connect-timeout-ms` (gRPC-Web: `grpc-timeout`) bounds a long call as a gRPC deadline does; methods
marked NO_SIDE_EFFECTS also answer Connect's GET form. The same path with an
`application/grpc-web[-text][+proto|+json]` body is a gRPC-Web call (grpc-web in
browsers, grpc-dotnet's GrpcWebHandler in Unity; framing.py). Same app layer as the
other adapters; only the error shape differs: Connect's `{code, message, details}` with
its HTTP status table, or gRPC-Web's grpc-status headers, both carrying the same
google.rpc.ErrorInfo as gRPC.

Measured against the `connectrpc` package (0.13: Connect, gRPC-Web and gRPC over ASGI),
these routes stay: serving the same ApplyMove over the same app layer, connectrpc cost
1.5-1.7x this path's server time over Connect JSON and 2.1-2.5x over gRPC-Web
(`python -m bench.connectrpc_servers`; bench.service has the socket rows). Its gRPC
needs HTTP/2 trailers, which uvicorn lacks; gRPC stays on grpcio's port.
"""
from __future__ import annotations

import base64
import re

from litestar import Request, Response, get, post

from ..app import App, limits
from ..app.errors import ApiError, invalid
from ..app.lane import Lane
from ..wire.convert import from_pb, to_bytes
from ..wire.methods import METHODS, SERVICE, Method
from ..wire.status import error_info
from . import framing
from .bodies import Body, in_lane, run_call
from .bodies import encode as _encode

# Connect's HTTP status for each code: the Connect protocol's own table (it differs from REST's on
# purpose: FAILED_PRECONDITION is 400 there), so Connect clients read the code from the body.
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "UNAUTHENTICATED": 401, "NOT_FOUND": 404,
    "RESOURCE_EXHAUSTED": 429, "UNIMPLEMENTED": 501, "INTERNAL": 500, "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 504, "PERMISSION_DENIED": 403, "ABORTED": 409,
}
JSON, PROTO = "application/json", "application/proto"


def error_response(err: ApiError, status_code: int | None = None) -> Response:
    """A Connect error: lower-case code, message, and the ErrorInfo detail (base64 without padding)."""
    value = base64.b64encode(error_info(err).SerializeToString()).decode().rstrip("=")
    body = {"code": err.status.lower(), "message": err.message,
            "details": [{"type": "google.rpc.ErrorInfo", "value": value}]}
    # An unknown compression is answered with the ones served (the Connect protocol asks for it).
    headers = {"accept-encoding": framing.ACCEPT_ENCODING} if err.reason == "unsupported_encoding" else None
    return Response(_encode(body), status_code=status_code or HTTP_STATUS.get(err.status, 500), media_type=JSON,
                    headers=headers)


RPC_PATH = re.compile(r"/[A-Za-z_]\w*(\.[A-Za-z_]\w*)+/[A-Za-z_]\w*")


def unknown_method(path: str, content_type: str) -> Response:
    """The answer to a path shaped like an RPC (`/<package>.<Service>/<Method>`) that is not served:
    UNIMPLEMENTED in the caller's protocol (404 for Connect, as its clients expect)."""
    err = ApiError("UNIMPLEMENTED", "no_such_method", f"no such method: {limits.clip(path, 80)}; this port serves "
                   f"{SERVICE.full_name} ({', '.join(m.name for m in METHODS)})")
    proto = PROTOCOLS.get(content_type.split(";")[0].strip().lower())
    if proto is not None and proto.__class__ is _GrpcWeb:
        return proto.fail(err)
    return error_response(err, 404)


def routes(app: App, lane: Lane | None = None, call_timeout: float = 10.0) -> list:
    """One POST route per method of the table, and a GET route per side-effect-free one; streams
    answer UNIMPLEMENTED (unary form only). Long calls (limits.HEAVY) take turns in `lane`."""
    lane = lane or Lane()
    out = []
    for meth in METHODS:
        if meth.streaming:
            out.append(_no_stream(meth))
            continue
        out.append(_route(app, meth, lane, call_timeout))
        if meth.safe:
            out.append(_get_route(app, meth, lane, call_timeout))
    return out


def _reader(meth: Method):
    """read(codec, raw) -> the request Struct, from JSON or binary protobuf; ApiError naming the problem.
    A protobuf message's repeated fields are counted before it is converted (limits.COUNTED)."""
    struct_cls, req_pb, name = meth.request, meth.request_pb, meth.name
    json_body = Body(struct_cls)
    counted = limits.COUNTED.get(name)

    def read(codec: str, raw: bytes):
        if codec == "json":
            return json_body.decode(raw or b"{}")
        try:
            msg = req_pb.FromString(raw)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError and anything a broken message raises
            raise invalid("malformed_proto", f"request body is not a readable {req_pb.DESCRIPTOR.full_name} "
                          "message") from None
        if counted is not None:
            limits.check_count(name, len(getattr(msg, counted[0])))
        return from_pb(msg, struct_cls)
    return read


def _encoded(meth: Method, codec: str, result) -> bytes:
    return to_bytes(result, meth.response_pb) if codec == "proto" else _encode(result)


class _Connect:
    """Connect's unary answers: the bare message, or the Connect error."""

    def __init__(self, codec: str):
        self.codec, self.media_type = codec, PROTO if codec == "proto" else JSON

    def ok(self, meth: Method, result) -> Response:
        return Response(_encoded(meth, self.codec, result), media_type=self.media_type)

    @staticmethod
    def fail(err: ApiError) -> Response:
        return error_response(err)


class _GrpcWeb:
    """gRPC-Web's answers: message and trailer frames, or a trailers-only refusal."""

    def __init__(self, codec: str, text: bool):
        self.codec, self.text = codec, text
        self.media_type = f"application/grpc-web{'-text' if text else ''}+{codec}"

    def ok(self, meth: Method, result) -> Response:
        return Response(framing.frame(_encoded(meth, self.codec, result), self.text), media_type=self.media_type)

    def fail(self, err: ApiError) -> Response:
        return Response(b"", status_code=200, media_type=self.media_type, headers=framing.error_headers(err))


# content type -> how the request is framed and answered
PROTOCOLS = {JSON: _Connect("json"), PROTO: _Connect("proto")}
for _text, _name in ((False, "application/grpc-web"), (True, "application/grpc-web-text")):
    PROTOCOLS[_name] = PROTOCOLS[_name + "+proto"] = _GrpcWeb("proto", _text)
    PROTOCOLS[_name + "+json"] = _GrpcWeb("json", _text)


async def _answer(app: App, meth: Method, read, proto, body, lane: Lane, call_timeout: float,
                  authorization: str | None = None, given: str | None = None) -> Response:
    """`body`: an async function giving the raw message (read only once a long call has its place); `given`:
    the caller's timeout header, which bounds a long call as a gRPC deadline does (quick calls take
    microseconds)."""
    try:
        limit = framing.timeout(given, proto.__class__ is _GrpcWeb)
    except ApiError as err:
        app.refused("connect", meth.name, err)
        return proto.fail(err)
    if limit is not None:
        call_timeout = min(call_timeout, limit)
    if meth.name in limits.HEAVY:
        try:
            result = await in_lane(app, lane, "connect", meth.name, body, lambda raw: read(proto.codec, raw),
                                   call_timeout, authorization)
        except ApiError as err:
            return proto.fail(err)
        return proto.ok(meth, result)
    try:
        msg = read(proto.codec, await body())
    except ApiError as err:
        app.refused("connect", meth.name, err)
        return proto.fail(err)
    try:
        return await run_call(app, lambda on_loop: proto.ok(meth, app.call("connect", meth.name, msg,
                                                                            authorization=authorization,
                                                                            on_loop=on_loop)))
    except ApiError as err:
        return proto.fail(err)


def _unsupported(what: str) -> Response:
    return Response(_encode({"code": "unknown", "message": f"{what} is not supported; use application/json, "
                             "application/proto or application/grpc-web[-text][+proto|+json]"}),
                    status_code=415, media_type=JSON)


def _route(app: App, meth: Method, lane: Lane, call_timeout: float):
    read = _reader(meth)
    cap = limits.request_bytes(meth.name, json=True)

    async def handler(request: Request) -> Response:
        headers = request.headers
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        proto = PROTOCOLS.get(content_type)
        if proto is None:
            return _unsupported(f"content-type {limits.clip(content_type or '(none)')}")
        if proto.__class__ is _GrpcWeb:
            encoding = headers.get("grpc-encoding", "")

            async def body() -> bytes:
                return framing.unframe(await request.body(), proto.text, encoding, cap)
        elif "content-encoding" in headers:
            encoding = headers["content-encoding"]

            async def body() -> bytes:
                return framing.inflate(await request.body(), encoding, cap, "content-encoding")
        else:
            body = request.body
        given = headers.get("grpc-timeout" if proto.__class__ is _GrpcWeb else "connect-timeout-ms")
        return await _answer(app, meth, read, proto, body, lane, call_timeout, headers.get("authorization"), given)

    handler.__doc__ = f"Connect and gRPC-Web unary {meth.name}."
    return post(meth.full_name, status_code=200, name=f"connect.{meth.name}", include_in_schema=False,
                request_max_body_size=cap)(handler)


def _get_route(app: App, meth: Method, lane: Lane, call_timeout: float):
    """Connect's GET form of a side-effect-free method:
    `?encoding=json|proto&message=...[&base64=1][&compression=gzip]`."""
    read = _reader(meth)

    cap = limits.request_bytes(meth.name, json=True)

    async def handler(request: Request) -> Response:
        query = request.query_params
        kind = query.get("encoding", "")
        if kind not in ("json", "proto"):
            return _unsupported(f"encoding {limits.clip(kind or '(none)')}")
        message = query.get("message", "")
        try:
            if query.get("base64") == "1":
                raw = base64.urlsafe_b64decode(message + "=" * (-len(message) % 4))
            else:
                raw = message.encode()
            raw = framing.inflate(raw, query.get("compression", ""), cap, "compression")
        except (ValueError, TypeError) as exc:
            err = invalid("malformed_message", f"message: not base64url: {exc}", field="message")
            app.refused("connect", meth.name, err)
            return error_response(err)
        except ApiError as err:
            app.refused("connect", meth.name, err)
            return error_response(err)

        async def body() -> bytes:
            return raw
        headers = request.headers
        return await _answer(app, meth, read, PROTOCOLS[JSON if kind == "json" else PROTO], body, lane,
                             call_timeout, headers.get("authorization"), headers.get("connect-timeout-ms"))

    handler.__doc__ = f"Connect unary {meth.name} as GET (side-effect free)."
    return get(meth.full_name, name=f"connect.get.{meth.name}", include_in_schema=False)(handler)


def _no_stream(meth: Method):
    async def stream(request: Request) -> Response:
        """Bidirectional streams need gRPC (neither Connect's unary form nor gRPC-Web carries them)."""
        err = ApiError("UNIMPLEMENTED", "stream_over_unary", f"{meth.name} is a bidirectional stream: use gRPC, "
                       "or ScoreBatch over Connect/REST")
        proto = PROTOCOLS.get(request.headers.get("content-type", "").split(";")[0].strip().lower())
        return proto.fail(err) if proto is not None else error_response(err)
    return post(meth.full_name, status_code=200, name=f"connect.{meth.name}", include_in_schema=False)(stream)
