"""A refusal as the protobuf messages every RPC protocol carries: google.rpc.ErrorInfo and google.rpc.Status.

gRPC (trailers), gRPC-Web (`grpc-status-details-bin`) and Connect (`details`) all send
the same ErrorInfo: the reason, the domain and the details of the ApiError.
"""
from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

DOMAIN = "tabletop-engine"
CODES = {c.name: c.value[0] for c in grpc.StatusCode}


def error_info(err) -> error_details_pb2.ErrorInfo:
    """The ErrorInfo of an ApiError: reason, domain and its details as metadata."""
    return error_details_pb2.ErrorInfo(reason=err.reason, domain=DOMAIN, metadata=err.details)


def status(err) -> status_pb2.Status:
    """The google.rpc.Status of an ApiError (code number, message, the ErrorInfo packed in an Any)."""
    detail = any_pb2.Any()
    detail.Pack(error_info(err))
    return status_pb2.Status(code=CODES.get(err.status, CODES["INTERNAL"]), message=err.message, details=[detail])
