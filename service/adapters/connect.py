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
google.rpc.ErrorInfo as gRPC. Every refusal on these paths is in the caller's protocol (the
content type says which; a GET is Connect's): a wrong HTTP method is UNIMPLEMENTED
`method_not_allowed` (Connect: 405 with `allow`, as connect-go answers), a body past the
method's cap RESOURCE_EXHAUSTED `body_too_large` (Connect: 429, its table's status), an unknown
method UNIMPLEMENTED (Connect: 404); gRPC-Web's refusals are all HTTP 200 with grpc-status, the
only form its clients read a code from.

Measured against the `connectrpc` package (0.13: Connect, gRPC-Web and gRPC over ASGI),
these routes stay: serving the same ApplyMove over the same app layer, connectrpc cost
1.5-1.7x this path's server time over Connect JSON and 2.1-2.5x over gRPC-Web
(`python -m bench.connectrpc_servers`; bench.service has the socket rows). Its gRPC
needs HTTP/2 trailers, which uvicorn lacks; gRPC stays on grpcio's port.
"""
from __future__ import annotations

import base64
import re
import urllib.parse
from typing import Callable, NamedTuple

from litestar import Response, asgi
from litestar.exceptions import HTTPException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.types import Receive, Scope, Send

from ..app import App, limits
from ..app.errors import ApiError, invalid
from ..app.lane import Lane
from ..app.scheduling import OffLoop
from ..wire.convert import from_pb, to_bytes
from ..wire.methods import METHODS, SERVICE, Method
from ..wire.status import error_info
from . import framing
from .bodies import Body, in_lane, in_threads, read_body, send_answer
from .bodies import encode as _encode

# Connect's HTTP status for each code: the Connect protocol's own table (it differs from REST's on
# purpose: FAILED_PRECONDITION is 400 there), so Connect clients read the code from the body.
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "UNAUTHENTICATED": 401, "NOT_FOUND": 404,
    "RESOURCE_EXHAUSTED": 429, "UNIMPLEMENTED": 501, "INTERNAL": 500, "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 504, "PERMISSION_DENIED": 403, "ABORTED": 409,
}
JSON, PROTO = "application/json", "application/proto"


class Answer(NamedTuple):
    """A Connect or gRPC-Web answer, sent by the ASGI route (`send`) or as litestar's Response (`response`)."""

    body: bytes
    media_type: str = JSON
    status: int = 200
    headers: dict[str, str] | None = None

    async def send(self, send, close: bool) -> None:
        await send_answer(send, self.body, close, self.media_type.encode(), self.status, self.headers)

    def response(self) -> Response:
        return Response(self.body, status_code=self.status, media_type=self.media_type, headers=self.headers)


def error_response(err: ApiError, status_code: int | None = None) -> Answer:
    """A Connect error: lower-case code, message, and the ErrorInfo detail (base64 without padding)."""
    value = base64.b64encode(error_info(err).SerializeToString()).decode().rstrip("=")
    body = {"code": err.status.lower(), "message": err.message,
            "details": [{"type": "google.rpc.ErrorInfo", "value": value}]}
    # An unknown compression is answered with the ones served (the Connect protocol asks for it).
    headers = {"accept-encoding": framing.ACCEPT_ENCODING} if err.reason == "unsupported_encoding" else None
    return Answer(_encode(body), JSON, status_code or HTTP_STATUS.get(err.status, 500), headers)


RPC_PATH = re.compile(r"/[A-Za-z_]\w*(\.[A-Za-z_]\w*)+/[A-Za-z_]\w*")


def refusal(err: ApiError, content_type: str, status_code: int | None = None,
            headers: dict[str, str] | None = None) -> Answer:
    """`err` in the protocol `content_type` names: gRPC-Web's trailers-only answer (HTTP 200), else a Connect
    error (`status_code`, else its code's status), with `headers` beside."""
    proto = PROTOCOLS.get(content_type.split(";")[0].strip().lower())
    if proto is not None and proto.__class__ is _GrpcWeb:
        answer = proto.fail(err)
    else:
        answer = error_response(err, status_code)
    return answer._replace(headers={**(answer.headers or {}), **headers}) if headers else answer


def transport(content_type: str) -> str:
    """The metrics' transport label of a call with this content type: `grpc_web` or `connect`."""
    proto = PROTOCOLS.get(content_type.split(";")[0].strip().lower())
    return "connect" if proto is None else proto.transport


def unknown_method(path: str, content_type: str) -> Response:
    """The answer to a path shaped like an RPC (`/<package>.<Service>/<Method>`) that is not served:
    UNIMPLEMENTED in the caller's protocol (404 for Connect, as its clients expect)."""
    err = ApiError("UNIMPLEMENTED", "no_such_method", f"no such method: {limits.clip(path, 80)}; this port serves "
                   f"{SERVICE.full_name} ({', '.join(m.name for m in METHODS)})")
    return refusal(err, content_type, 404).response()


def wrong_method(http_method: str, path: str, allow: str) -> ApiError:
    """UNIMPLEMENTED `method_not_allowed`: the method is served, but not by this HTTP method."""
    # (the method is one httptools knows, the path a route's or shaped like one: nothing to quote)
    return ApiError("UNIMPLEMENTED", "method_not_allowed", f"{http_method} {path[:80]}: this method takes {allow}",
                    allow=allow)


def too_large(cap: int) -> ApiError:
    """RESOURCE_EXHAUSTED `body_too_large`: a request body past the method's cap."""
    return ApiError("RESOURCE_EXHAUSTED", "body_too_large", f"request body is larger than {cap} bytes, "
                    "this method's limit")


def http_refusal(http_method: str, path: str, content_type: str, exc: HTTPException) -> Response:
    """An HTTP-level refusal on a path shaped like an RPC (no route, the wrong HTTP method, ...) in the caller's
    protocol: the service's routes answer these themselves; this covers what reaches the router's own."""
    if exc.status_code == 404:
        return unknown_method(path, content_type)
    if exc.status_code == 405:
        allow = (exc.headers or {}).get("allow", "POST")
        return refusal(wrong_method(http_method, path, allow), content_type, 405, {"allow": allow}).response()
    if exc.status_code == 413:
        return refusal(ApiError("RESOURCE_EXHAUSTED", "body_too_large", "request body is too large"),
                       content_type).response()
    status = "INVALID_ARGUMENT" if exc.status_code < 500 else "INTERNAL"
    return refusal(ApiError(status, "http_error", f"{http_method} {path[:80]}: {exc.detail}"),
                   content_type).response()


def routes(app: App, lane: Lane | None = None, call_timeout: float = 10.0,
           closing: Callable[[], bool] = lambda: False) -> list:
    """One route per method of the table: POST, and GET for a side-effect-free one; streams answer
    UNIMPLEMENTED (unary form only). Long calls (limits.HEAVY) take turns in `lane`; `closing()` true:
    answers end their connection.

    The unary routes are litestar ASGI handlers, as REST's are (service/adapters/rest.py): litestar's
    Request and Response cost more per call than the app layer."""
    lane = lane or Lane()
    return [_no_stream(meth, closing) if meth.streaming else _route(app, meth, lane, call_timeout, closing)
            for meth in METHODS]


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

    transport = "connect"  # the metrics' transport label

    def __init__(self, codec: str):
        self.codec, self.media_type = codec, PROTO if codec == "proto" else JSON

    def ok(self, meth: Method, result) -> Answer:
        return Answer(_encoded(meth, self.codec, result), self.media_type)

    @staticmethod
    def fail(err: ApiError) -> Answer:
        return error_response(err)


class _GrpcWeb:
    """gRPC-Web's answers: message and trailer frames, or a trailers-only refusal."""

    transport = "grpc_web"

    def __init__(self, codec: str, text: bool):
        self.codec, self.text = codec, text
        self.media_type = f"application/grpc-web{'-text' if text else ''}+{codec}"

    def ok(self, meth: Method, result) -> Answer:
        return Answer(framing.frame(_encoded(meth, self.codec, result), self.text), self.media_type)

    def fail(self, err: ApiError) -> Answer:
        return Answer(b"", self.media_type, 200, framing.error_headers(err))


# content type -> how the request is framed and answered
PROTOCOLS = {JSON: _Connect("json"), PROTO: _Connect("proto")}
for _text, _name in ((False, "application/grpc-web"), (True, "application/grpc-web-text")):
    PROTOCOLS[_name] = PROTOCOLS[_name + "+proto"] = _GrpcWeb("proto", _text)
    PROTOCOLS[_name + "+json"] = _GrpcWeb("json", _text)


async def _answer(app: App, meth: Method, read, proto, body, lane: Lane, call_timeout: float,
                  authorization: str | None = None, given: str | None = None) -> Answer:
    """`body`: an async function giving the raw message (read only once a long call has its place); `given`:
    the caller's timeout header, which bounds a long call as a gRPC deadline does (quick calls take
    microseconds)."""
    try:
        limit = framing.timeout(given, proto.__class__ is _GrpcWeb)
    except ApiError as err:
        app.refused(proto.transport, meth.name, err)
        return proto.fail(err)
    if limit is not None:
        call_timeout = min(call_timeout, limit)
    if meth.name in limits.HEAVY:
        try:
            result = await in_lane(app, lane, proto.transport, meth.name, body, lambda raw: read(proto.codec, raw),
                                   call_timeout, authorization)
        except ApiError as err:
            return proto.fail(err)
        return proto.ok(meth, result)
    try:
        msg = read(proto.codec, await body())
    except ApiError as err:
        app.refused(proto.transport, meth.name, err)
        return proto.fail(err)
    try:
        try:
            return proto.ok(meth, app.call(proto.transport, meth.name, msg, authorization=authorization,
                                           on_loop=True))
        except OffLoop:  # App.call keeps the event loop for calls it serves alone: this one runs in a thread
            return await in_threads(lambda: proto.ok(meth, app.call(proto.transport, meth.name, msg,
                                                                    authorization=authorization)))
    except ApiError as err:
        return proto.fail(err)


def _unsupported(what: str) -> Answer:
    return Answer(_encode({"code": "unknown", "message": f"{what} is not supported; use application/json, "
                           "application/proto or application/grpc-web[-text][+proto|+json]"}), JSON, 415)


def _route(app: App, meth: Method, lane: Lane, call_timeout: float, closing: Callable[[], bool]):
    """The method's path: POST in every protocol, GET (Connect's) for a side-effect-free method."""
    read = _reader(meth)
    cap = limits.request_bytes(meth.name, json=True)
    allow = "GET, POST" if meth.safe else "POST"

    async def handler(scope: Scope, receive: Receive, send: Send) -> None:
        # Header names arrive in lower case; the first of repeated ones wins, as in litestar's `headers`.
        head = {k.decode("latin-1"): v.decode("latin-1") for k, v in reversed(scope["headers"])}
        if scope["method"] == "POST":
            answer = await _post(app, meth, read, cap, lane, call_timeout, head, receive)
        elif scope["method"] == "GET" and meth.safe:
            answer = await _get(app, meth, read, cap, lane, call_timeout, head, scope["query_string"])
        else:
            err = wrong_method(scope["method"], scope["path"], allow)
            app.refused(transport(head.get("content-type", "")), meth.name, err)
            answer = refusal(err, head.get("content-type", ""), 405, {"allow": allow})
        await answer.send(send, closing())
    handler.__doc__ = f"Connect and gRPC-Web unary {meth.name}."
    return asgi(meth.full_name, name=f"connect.{meth.name}", copy_scope=False)(handler)


async def _post(app: App, meth: Method, read, cap: int, lane: Lane, call_timeout: float, head: dict,
                receive) -> Answer:
    content_type = head.get("content-type", "").split(";")[0].strip().lower()
    proto = PROTOCOLS.get(content_type)
    if proto is None:
        return _unsupported(f"content-type {limits.clip(content_type or '(none)')}")
    length = head.get("content-length")
    announced = int(length) if length is not None and length.isdigit() else None

    async def raw() -> bytes:
        try:
            return await read_body(receive, cap, announced)
        except RequestEntityTooLarge:  # (litestar's own, which its handler would answer in REST's shape)
            raise too_large(cap) from None
    if proto.__class__ is _GrpcWeb:
        encoding = head.get("grpc-encoding", "")

        async def body() -> bytes:
            return framing.unframe(await raw(), proto.text, encoding, cap)
    elif "content-encoding" in head:
        encoding = head["content-encoding"]

        async def body() -> bytes:
            return framing.inflate(await raw(), encoding, cap, "content-encoding")
    else:
        body = raw
    given = head.get("grpc-timeout" if proto.__class__ is _GrpcWeb else "connect-timeout-ms")
    return await _answer(app, meth, read, proto, body, lane, call_timeout, head.get("authorization"), given)


async def _get(app: App, meth: Method, read, cap: int, lane: Lane, call_timeout: float, head: dict,
               query_string: bytes) -> Answer:
    """Connect's GET form of a side-effect-free method:
    `?encoding=json|proto&message=...[&base64=1][&compression=gzip]`."""
    query = {k: v[0] for k, v in urllib.parse.parse_qs(query_string.decode("latin-1"), keep_blank_values=True).items()}
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
    return await _answer(app, meth, read, PROTOCOLS[JSON if kind == "json" else PROTO], body, lane,
                         call_timeout, head.get("authorization"), head.get("connect-timeout-ms"))


def _no_stream(meth: Method, closing: Callable[[], bool]):
    err = ApiError("UNIMPLEMENTED", "stream_over_unary", f"{meth.name} is a bidirectional stream: use gRPC, "
                   "or ScoreBatch over Connect/REST")

    async def stream(scope: Scope, receive: Receive, send: Send) -> None:
        """Bidirectional streams need gRPC (neither Connect's unary form nor gRPC-Web carries them): UNIMPLEMENTED
        whatever the HTTP method."""
        content_type = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"content-type"), "")
        await refusal(err, content_type).send(send, closing())
    return asgi(meth.full_name, name=f"connect.{meth.name}", copy_scope=False)(stream)
