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
from litestar import Request, Response, post

from ..app import App, limits
from ..app.errors import ApiError, invalid
from ..app.lane import Lane
from ..wire.convert import from_pb, to_pb
from ..wire.methods import METHODS, Method
from .bodies import Body, in_lane
from .bodies import encode as _encode

DOMAIN = "tabletop-engine"
# Connect's HTTP status for each code: the Connect protocol's own table (it differs from REST's on
# purpose: FAILED_PRECONDITION is 400 there), so Connect clients read the code from the body.
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "UNAUTHENTICATED": 401, "NOT_FOUND": 404,
    "RESOURCE_EXHAUSTED": 429, "UNIMPLEMENTED": 501, "INTERNAL": 500, "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 504,
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
    """One POST route per method of the table; streams answer UNIMPLEMENTED (unary form only)."""
    lane = lane or Lane()
    return [_no_stream(meth) if meth.streaming else _route(app, meth, lane, call_timeout) for meth in METHODS]


def _route(app: App, meth: Method, lane: Lane, call_timeout: float):
    method, struct_cls, req_pb, resp_pb = meth.name, meth.request, meth.request_pb, meth.response_pb
    json_body = Body(struct_cls)
    heavy = method in limits.HEAVY
    counted = limits.COUNTED.get(method)

    def decode_proto(raw: bytes):
        try:
            msg = req_pb.FromString(raw)
        except Exception:  # noqa: BLE001 - protobuf's DecodeError and anything a broken message raises
            raise invalid("malformed_proto", f"request body is not a readable {req_pb.DESCRIPTOR.full_name} "
                          "message") from None
        if counted is not None:  # counted before conversion
            limits.check_count(method, len(getattr(msg, counted[0])))
        return from_pb(msg, struct_cls)

    def decode_json(raw: bytes):
        return json_body.decode(raw or b"{}")

    async def handler(request: Request) -> Response:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in (JSON, PROTO):
            return Response(_encode({"code": "unknown", "message": f"content-type {limits.clip(kind or '(none)')} "
                                     f"is not supported; use {JSON} or {PROTO}"}), status_code=415, media_type=JSON)
        decode = decode_json if kind == JSON else decode_proto
        if heavy:
            try:
                result = await in_lane(app, lane, "connect", method, request.body, decode, call_timeout)
            except ApiError as err:
                return error_response(err)
        else:
            try:
                msg = decode(await request.body())
            except ApiError as err:
                app.refused("connect", method, err)
                return error_response(err)
            try:
                result = app.call("connect", method, msg)
            except ApiError as err:
                return error_response(err)
        if kind == PROTO:
            return Response(to_pb(result, resp_pb).SerializeToString(), media_type=PROTO)
        return Response(_encode(result), media_type=JSON)

    handler.__doc__ = f"Connect unary {method}."
    return post(meth.full_name, status_code=200, name=f"connect.{method}", include_in_schema=False,
                request_max_body_size=limits.request_bytes(method, json=True))(handler)


def _no_stream(meth: Method):
    async def stream() -> Response:
        """Bidirectional streams need gRPC (or Connect's streaming protocol, not served here)."""
        return error_response(ApiError("UNIMPLEMENTED", "stream_over_unary", f"{meth.name} is a bidirectional "
                                       "stream: use gRPC, or ScoreBatch over Connect/REST"))
    return post(meth.full_name, status_code=200, name=f"connect.{meth.name}", include_in_schema=False)(stream)
