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

import msgspec
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2
from litestar import Request, Response, post

from . import messages as m
from .api import engine_pb2 as pb
from .app import App
from .convert import from_pb, to_pb
from .errors import ApiError, invalid

PREFIX = "/engine.v1.GameService/"
DOMAIN = "tabletop-engine"
# Connect's HTTP status for each code (its protocol's table; FAILED_PRECONDITION is 400 there).
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400, "FAILED_PRECONDITION": 400, "UNAUTHENTICATED": 401, "NOT_FOUND": 404,
    "RESOURCE_EXHAUSTED": 429, "UNIMPLEMENTED": 501, "INTERNAL": 500, "UNAVAILABLE": 503,
}
# Unary methods: (request Struct, request message, response message). ScoreStream needs a stream.
METHODS = {
    "ListGames": (m.ListGamesRequest, pb.ListGamesRequest, pb.ListGamesResponse),
    "NewGame": (m.NewGameRequest, pb.NewGameRequest, pb.NewGameResponse),
    "LegalMoves": (m.LegalMovesRequest, pb.LegalMovesRequest, pb.LegalMovesResponse),
    "ApplyMove": (m.ApplyMoveRequest, pb.ApplyMoveRequest, pb.ApplyMoveResponse),
    "Score": (m.ScoreRequest, pb.ScoreRequest, pb.ScoreResponse),
    "View": (m.ViewRequest, pb.ViewRequest, pb.ViewResponse),
    "ScoreBatch": (m.ScoreBatchRequest, pb.ScoreBatchRequest, pb.ScoreBatchResponse),
}
JSON, PROTO = "application/json", "application/proto"
_encode = msgspec.json.Encoder().encode


def error_response(err: ApiError) -> Response:
    """A Connect error: lower-case code, message, and the ErrorInfo detail (base64 without padding)."""
    info = error_details_pb2.ErrorInfo(reason=err.reason, domain=DOMAIN, metadata=err.details)
    value = base64.b64encode(info.SerializeToString()).decode().rstrip("=")
    body = {"code": err.status.lower(), "message": err.message,
            "details": [{"type": "google.rpc.ErrorInfo", "value": value}]}
    return Response(_encode(body), status_code=HTTP_STATUS.get(err.status, 500), media_type=JSON)


def routes(app: App, body_decoder) -> list:
    """One POST route per unary method; `body_decoder(Struct class)` reads JSON bodies (rest.Body)."""
    return [_route(app, name, body_decoder(struct_cls), req_pb, resp_pb)
            for name, (struct_cls, req_pb, resp_pb) in METHODS.items()] + [_no_stream()]


def _route(app: App, method: str, json_body, req_pb, resp_pb):
    struct_cls = json_body.struct_cls

    async def handler(request: Request) -> Response:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        raw = await request.body()
        try:
            if kind == JSON:
                msg = json_body.decode(raw or b"{}")
            elif kind == PROTO:
                try:
                    msg = from_pb(req_pb.FromString(raw), struct_cls)
                except DecodeError as exc:
                    raise invalid("malformed_proto", f"request body is not a {req_pb.DESCRIPTOR.full_name}: "
                                  f"{exc}") from None
            else:
                return Response(_encode({"code": "unknown", "message": f"content-type {kind or '(none)'!r} is "
                                         f"not supported; use {JSON} or {PROTO}"}),
                                status_code=415, media_type=JSON)
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
    return post(PREFIX + method, status_code=200, name=f"connect.{method}", include_in_schema=False)(handler)


def _no_stream():
    @post(PREFIX + "ScoreStream", status_code=200, name="connect.ScoreStream", include_in_schema=False)
    async def score_stream() -> Response:
        """Bidirectional streams need gRPC (or Connect's streaming protocol, not served here)."""
        return error_response(ApiError("UNIMPLEMENTED", "stream_over_unary", "ScoreStream is a bidirectional "
                                       "stream: use gRPC, or ScoreBatch over Connect/REST"))
    return score_stream
