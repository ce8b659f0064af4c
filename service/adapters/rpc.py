"""The gRPC adapter: GameService, grpc.health.v1 and server reflection.

The handlers come from the method table (service/wire/methods.py): each converts
the request to the app layer's Struct, calls the app layer and converts the
response back; refusals become a status with a google.rpc.ErrorInfo detail
(reason, domain, metadata), via grpcio-status.
"""
from __future__ import annotations

from concurrent import futures

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status

from ..app import App
from ..app.errors import ApiError
from ..wire.convert import from_pb, to_pb
from ..wire.methods import METHODS, SERVICE, Method

DOMAIN = "tabletop-engine"
SERVICE_NAME = SERVICE.full_name
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


def _unary(app: App, meth: Method):
    name, req_struct, resp_pb = meth.name, meth.request, meth.response_pb

    def handler(request, context):
        try:
            resp = app.call("grpc", name, from_pb(request, req_struct))
        except ApiError as err:
            abort(context, err)
        return to_pb(resp, resp_pb)
    return grpc.unary_unary_rpc_method_handler(handler, meth.request_pb.FromString,
                                               meth.response_pb.SerializeToString)


def _stream(app: App, meth: Method):
    name, req_struct, resp_pb = meth.name, meth.request, meth.response_pb

    def handler(request_iterator, context):
        """One response per request, in order; a bad token is an error result, not the end."""
        for request in request_iterator:
            yield to_pb(app.call("grpc", name, from_pb(request, req_struct)), resp_pb)
    return grpc.stream_stream_rpc_method_handler(handler, meth.request_pb.FromString,
                                                 meth.response_pb.SerializeToString)


def handlers(app: App) -> grpc.GenericRpcHandler:
    """GameService's handlers, one per row of the method table."""
    return grpc.method_handlers_generic_handler(SERVICE_NAME, {
        meth.name: (_stream if meth.streaming else _unary)(app, meth) for meth in METHODS})


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
    server.add_generic_rpc_handlers((handlers(app),))
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection((SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"gRPC: cannot bind {address}")
    for name in (*READY_NAMES, LIVENESS):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return server, port, health_servicer
