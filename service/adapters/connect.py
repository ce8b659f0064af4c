"""The Connect protocol's unary form (connectrpc.com/docs/protocol), served on the HTTP port.

`POST /engine.v1.GameService/<Method>` with a JSON (`application/json`) or binary
(`application/proto`) request message answers the same response message, so the
standard Connect clients generated from proto/ (connect-web in browsers, connect-es,
connect-go, ...) work without a gRPC-Web proxy. Same app layer as the other adapters;
only the error shape differs: Connect's `{code, message, details}` with its HTTP
status table, the details carrying the same google.rpc.ErrorInfo as gRPC.
"""
from __future__ import annotations

import base64

from google.rpc import error_details_pb2
from litestar import Request, Response, get, post

from ..app import App, limits
from ..app.errors import ApiError, invalid
from ..app.lane import Lane
from ..wire.convert import from_pb, to_pb
from ..wire.methods import METHODS, Method
from .bodies import Body, in_lane, off_loop
from .bodies import encode as _encode

DOMAIN = "tabletop-engine"
# Connect's HTTP status for each code: the Connect protocol's own table (it differs from REST's on
# purpose: FAILED_PRECONDITION is 400 there), so Connect clients read the code from the body.
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "UNAUTHENTICATED": 401, "NOT_FOUND": 404,
    "RESOURCE_EXHAUSTED": 429, "UNIMPLEMENTED": 501, "INTERNAL": 500, "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 504, "PERMISSION_DENIED": 403, "ABORTED": 409,
}
JSON, PROTO = "application/json", "application/proto"


def error_response(err: ApiError) -> Response:
    """A Connect error: lower-case code, message, and the ErrorInfo detail (base64 without padding)."""
    info = error_details_pb2.ErrorInfo(reason=err.reason, domain=DOMAIN, metadata=err.details)
    value = base64.b64encode(info.SerializeToString()).decode().rstrip("=")
    body = {"code": err.status.lower(), "message": err.message,
            "details": [{"type": "google.rpc.ErrorInfo", "value": value}]}
    return Response(_encode(body), status_code=HTTP_STATUS.get(err.status, 500), media_type=JSON)


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
    """read(kind, raw) -> the request Struct, from JSON or binary protobuf; ApiError naming the problem.
    A protobuf message's repeated fields are counted before it is converted (limits.COUNTED)."""
    struct_cls, req_pb, name = meth.request, meth.request_pb, meth.name
    json_body = Body(struct_cls)
    counted = limits.COUNTED.get(name)

    def read(kind: str, raw: bytes):
        if kind == "json":
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


def _respond(meth: Method, kind: str, result) -> Response:
    if kind == "proto":
        return Response(to_pb(result, meth.response_pb).SerializeToString(), media_type=PROTO)
    return Response(_encode(result), media_type=JSON)


async def _answer(app: App, meth: Method, read, kind: str, body, lane: Lane, call_timeout: float,
                  authorization: str | None = None) -> Response:
    """`body`: an async function giving the raw message (read only once a long call has its place)."""
    if meth.name in limits.HEAVY:
        try:
            result = await in_lane(app, lane, "connect", meth.name, body, lambda raw: read(kind, raw), call_timeout,
                                   authorization)
        except ApiError as err:
            return error_response(err)
        return _respond(meth, kind, result)
    try:
        msg = read(kind, await body())
    except ApiError as err:
        app.refused("connect", meth.name, err)
        return error_response(err)
    try:
        return await off_loop(lambda: _respond(meth, kind, app.call("connect", meth.name, msg,
                                                                     authorization=authorization)))
    except ApiError as err:
        return error_response(err)


def _unsupported(what: str) -> Response:
    return Response(_encode({"code": "unknown", "message": f"{what} is not supported; use json or proto"}),
                    status_code=415, media_type=JSON)


def _route(app: App, meth: Method, lane: Lane, call_timeout: float):
    read = _reader(meth)

    async def handler(request: Request) -> Response:
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        kind = {JSON: "json", PROTO: "proto"}.get(content_type)
        if kind is None:
            return _unsupported(f"content-type {limits.clip(content_type or '(none)')}")
        return await _answer(app, meth, read, kind, request.body, lane, call_timeout,
                             request.headers.get("authorization"))

    handler.__doc__ = f"Connect unary {meth.name}."
    return post(meth.full_name, status_code=200, name=f"connect.{meth.name}", include_in_schema=False,
                request_max_body_size=limits.request_bytes(meth.name, json=True))(handler)


def _get_route(app: App, meth: Method, lane: Lane, call_timeout: float):
    """Connect's GET form of a side-effect-free method: `?encoding=json|proto&message=...[&base64=1]`."""
    read = _reader(meth)

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
        except (ValueError, TypeError) as exc:
            err = invalid("malformed_message", f"message: not base64url: {exc}", field="message")
            app.refused("connect", meth.name, err)
            return error_response(err)

        async def body() -> bytes:
            return raw
        return await _answer(app, meth, read, kind, body, lane, call_timeout, request.headers.get("authorization"))

    handler.__doc__ = f"Connect unary {meth.name} as GET (side-effect free)."
    return get(meth.full_name, name=f"connect.get.{meth.name}", include_in_schema=False)(handler)


def _no_stream(meth: Method):
    async def stream() -> Response:
        """Bidirectional streams need gRPC (or Connect's streaming protocol, not served here)."""
        return error_response(ApiError("UNIMPLEMENTED", "stream_over_unary", f"{meth.name} is a bidirectional "
                                       "stream: use gRPC, or ScoreBatch over Connect/REST"))
    return post(meth.full_name, status_code=200, name=f"connect.{meth.name}", include_in_schema=False)(stream)
