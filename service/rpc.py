"""The gRPC adapter: GameService, grpc.health.v1 and server reflection.

Each servicer method converts the request to the app layer's Struct, calls
the app layer and converts the response back; refusals become a status with
a google.rpc.ErrorInfo detail (reason, domain, metadata), via grpcio-status.
"""
from __future__ import annotations

from concurrent import futures

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status

from . import messages as m
from .api import engine_pb2 as pb
from .api import engine_pb2_grpc as pb_grpc
from .app import App
from .convert import from_pb, to_pb
from .errors import ApiError

DOMAIN = "tabletop-engine"
SERVICE_NAME = pb.DESCRIPTOR.services_by_name["GameService"].full_name
# A ScoreBatch of 1000 tokens of ~400 bytes base64-free is ~0.5 MB; 8 MB leaves room, and refuses abuse.
MAX_MESSAGE = 8 * 1024 * 1024
_CODES = {c.name: c for c in grpc.StatusCode}
# Health service names. Kubernetes' native gRPC probes ask for a service name: `liveness` answers
# SERVING until the process exits; `readiness` (and the overall "" and GameService names) turn
# NOT_SERVING when draining starts, so load balancers stop sending before the port closes.
LIVENESS = "liveness"
READY_NAMES = ("", SERVICE_NAME, "readiness")
# Clients re-resolve (and so find new pods behind a headless Service) when a connection ages out.
MAX_CONNECTION_AGE_MS = 5 * 60 * 1000
MAX_CONNECTION_AGE_GRACE_MS = 30 * 1000


def abort(context: grpc.ServicerContext, err: ApiError):
    """End the call with the error's status code, message and an ErrorInfo detail."""
    info = error_details_pb2.ErrorInfo(reason=err.reason, domain=DOMAIN, metadata=err.details)
    detail = any_pb2.Any()
    detail.Pack(info)
    code = _CODES.get(err.status, grpc.StatusCode.INTERNAL)
    context.abort_with_status(rpc_status.to_status(
        status_pb2.Status(code=code.value[0], message=err.message, details=[detail])))


def _unary(method: str, req_struct: type, resp_pb: type):
    def handler(self, request, context):
        try:
            resp = self.app.call("grpc", method, from_pb(request, req_struct))
        except ApiError as err:
            abort(context, err)
        return to_pb(resp, resp_pb)
    handler.__name__ = method
    handler.__doc__ = f"{method}: convert the request, call the app layer, convert the response."
    return handler


class GameServicer(pb_grpc.GameServiceServicer):
    """engine.v1.GameService over the app layer."""

    def __init__(self, app: App):
        self.app = app

    ListGames = _unary("ListGames", m.ListGamesRequest, pb.ListGamesResponse)
    NewGame = _unary("NewGame", m.NewGameRequest, pb.NewGameResponse)
    LegalMoves = _unary("LegalMoves", m.LegalMovesRequest, pb.LegalMovesResponse)
    ApplyMove = _unary("ApplyMove", m.ApplyMoveRequest, pb.ApplyMoveResponse)
    Score = _unary("Score", m.ScoreRequest, pb.ScoreResponse)
    View = _unary("View", m.ViewRequest, pb.ViewResponse)
    ScoreBatch = _unary("ScoreBatch", m.ScoreBatchRequest, pb.ScoreBatchResponse)

    def ScoreStream(self, request_iterator, context):
        """One ScoreResult per ScoreRequest, in order; a bad token is an error result, not the end."""
        for request in request_iterator:
            yield to_pb(self.app.call("grpc", "ScoreStream", from_pb(request, m.ScoreRequest)), pb.ScoreResult)


def create_server(app: App, address: str, threads: int = 16) -> tuple[grpc.Server, int, health.HealthServicer]:
    """A started-ready (not yet started) server on `address`: (server, bound port, health servicer)."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="grpc"),
        options=[("grpc.max_receive_message_length", MAX_MESSAGE),
                 ("grpc.max_send_message_length", MAX_MESSAGE),
                 # Several worker processes bind the same port; the kernel spreads connections.
                 ("grpc.so_reuseport", 1),
                 ("grpc.max_connection_age_ms", MAX_CONNECTION_AGE_MS),
                 ("grpc.max_connection_age_grace_ms", MAX_CONNECTION_AGE_GRACE_MS)],
    )
    pb_grpc.add_GameServiceServicer_to_server(GameServicer(app), server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection((SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"gRPC: cannot bind {address}")
    for name in (*READY_NAMES, LIVENESS):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return server, port, health_servicer
