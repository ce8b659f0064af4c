"""The two ways to reach the service: gRPC (the generated stubs) and REST (proto3 JSON over httpx).

Both take and return the generated messages, and both raise the exceptions of errors.py, so
everything above them is written once.
"""
from __future__ import annotations

from typing import Iterable, Iterator, Optional

import grpc
import httpx
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from .api import engine_pb2 as pb
from .api import engine_pb2_grpc
from .errors import ApiError, Unavailable, error_for

# method -> (HTTP verb, REST path); NewGame's path carries the game id.
REST_ROUTES = {
    "ListGames": ("GET", "/v1/games"),
    "NewGame": ("POST", "/v1/games/{game}:new"),
    "LegalMoves": ("POST", "/v1/legal-moves"),
    "ApplyMove": ("POST", "/v1/apply"),
    "Score": ("POST", "/v1/score"),
    "View": ("POST", "/v1/view"),
    "ScoreBatch": ("POST", "/v1/score:batch"),
}
RESPONSES = {"ListGames": pb.ListGamesResponse, "NewGame": pb.NewGameResponse,
             "LegalMoves": pb.LegalMovesResponse, "ApplyMove": pb.ApplyMoveResponse,
             "Score": pb.ScoreResponse, "View": pb.ViewResponse, "ScoreBatch": pb.ScoreBatchResponse}


def _auth(key: Optional[str]) -> list[tuple[str, str]]:
    # A key travels only in this header (never in a URL); an `open` game's seats have none.
    return [("authorization", f"Bearer {key}")] if key else []


class GrpcTransport:
    """Calls over gRPC with the generated stub; `target` is "host:port" or a ready channel."""

    def __init__(self, target: str | grpc.Channel, timeout: float = 10.0):
        self._own = isinstance(target, str)
        self.channel = grpc.insecure_channel(target) if self._own else target
        self.stub = engine_pb2_grpc.GameServiceStub(self.channel)
        self.timeout = timeout

    def call(self, method: str, request: Message, key: Optional[str] = None) -> Message:
        """One unary call; a refusal raises its ApiError subclass."""
        try:
            return getattr(self.stub, method)(request, metadata=_auth(key), timeout=self.timeout)
        except grpc.RpcError as exc:
            raise grpc_error(exc) from None

    def score_stream(self, requests: Iterable[pb.ScoreRequest]) -> Iterator[pb.ScoreResult]:
        """ScoreStream (gRPC only): one result or error per state, in order."""
        try:
            yield from self.stub.ScoreStream(iter(requests), timeout=self.timeout)
        except grpc.RpcError as exc:
            raise grpc_error(exc) from None

    def close(self) -> None:
        if self._own:
            self.channel.close()


def grpc_error(exc: grpc.RpcError) -> ApiError:
    """The ApiError of a failed gRPC call: code, message and the ErrorInfo's reason and metadata."""
    code, message = exc.code().name, exc.details() or ""
    try:
        status = rpc_status.from_call(exc)
    except ValueError:  # a status detail that disagrees with the call's own code or message
        status = None
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return error_for(code, info.reason, message, dict(info.metadata))
    # No ErrorInfo: the call did not reach the service's handlers (connection refused, deadline).
    return error_for(code, "", message or code)


class RestTransport:
    """Calls over the REST routes with proto3 JSON bodies; `base_url` like "http://127.0.0.1:8080"."""

    def __init__(self, base_url: str | httpx.Client, timeout: float = 10.0):
        self._own = isinstance(base_url, str)
        self.http = httpx.Client(base_url=base_url, timeout=timeout) if self._own else base_url

    def call(self, method: str, request: Message, key: Optional[str] = None) -> Message:
        """One call: the request as proto3 JSON, the answer parsed into the method's response message."""
        verb, path = REST_ROUTES[method]
        if "{game}" in path:
            path = path.replace("{game}", request.game)
        body = None if verb == "GET" else json_format.MessageToJson(request, indent=None)
        headers = dict(_auth(key), **({"content-type": "application/json"} if body is not None else {}))
        try:
            answer = self.http.request(verb, path, content=body, headers=headers)
        except httpx.TransportError as exc:
            raise Unavailable("", f"{verb} {path}: {exc!r}") from None
        if answer.status_code != 200:
            raise rest_error(answer)
        # Fields this client's protos do not know yet (a newer service) are skipped, as in binary.
        return json_format.Parse(answer.content, RESPONSES[method](), ignore_unknown_fields=True)

    def close(self) -> None:
        if self._own:
            self.http.close()


def rest_error(answer: httpx.Response) -> ApiError:
    """The ApiError of a REST refusal body `{code, reason, message, details}`."""
    try:
        body = answer.json()
        code, reason, message = body["code"], body.get("reason", ""), body.get("message", "")
    except (ValueError, KeyError, TypeError, AttributeError):
        # Not the service's error body (a proxy's page, say): keep its start for the message.
        return ApiError("", f"HTTP {answer.status_code}: {answer.text[:200]}", http_status=answer.status_code)
    return error_for(code, reason, message, body.get("details") or {}, answer.status_code)
