"""The client's exceptions: one class per status code, each carrying the service's reason.

The service refuses with a gRPC status code (REST: the matching HTTP status and a
`{code, reason, message, details}` body; gRPC: a google.rpc.ErrorInfo detail), so both
transports raise the same exception with the same fields.
"""
from __future__ import annotations

from typing import Mapping

class ApiError(Exception):
    """A call the service refused (or could not be made): nothing changed on the service's side.

    `code` is the gRPC status code name ("FAILED_PRECONDITION"), `reason` the service's stable
    snake_case reason ("not_your_turn"; "" when the call never reached the service), `message`
    what is wrong in words, `details` the reason's fields (e.g. {"move": "black R4"}),
    `http_status` the HTTP status of a REST answer (None over gRPC).
    """

    code = "UNKNOWN"

    def __init__(self, reason: str, message: str, details: Mapping[str, str] | None = None,
                 http_status: int | None = None, code: str | None = None):
        super().__init__(f"{code or self.code} {reason or '-'}: {message}")
        if code is not None:
            self.code = code
        self.reason = reason
        self.message = message
        self.details = dict(details or {})
        self.http_status = http_status


class InvalidArgument(ApiError):
    """The request is malformed or inconsistent (HTTP 400)."""
    code = "INVALID_ARGUMENT"


class Unauthenticated(ApiError):
    """The token or the key was refused, or a move came without a key (HTTP 401)."""
    code = "UNAUTHENTICATED"


class PermissionDenied(ApiError):
    """Another seat's or another game's key (HTTP 403)."""
    code = "PERMISSION_DENIED"


class NotFound(ApiError):
    """An unknown game or route (HTTP 404)."""
    code = "NOT_FOUND"


class FailedPrecondition(ApiError):
    """The move is not legal now: not your turn, game over, not a listed move (HTTP 409)."""
    code = "FAILED_PRECONDITION"


class Aborted(ApiError):
    """The token is stale: a newer move of this game was recorded by the fork guard (HTTP 409)."""
    code = "ABORTED"


class ResourceExhausted(ApiError):
    """Too large, too many, or busy: retry `busy` later (HTTP 413 or 429)."""
    code = "RESOURCE_EXHAUSTED"


class Unavailable(ApiError):
    """The service (or its game store) cannot be reached now; the call changed nothing (HTTP 503)."""
    code = "UNAVAILABLE"


class DeadlineExceeded(ApiError):
    """The call ran out of time (HTTP 504)."""
    code = "DEADLINE_EXCEEDED"


_BY_CODE = {cls.code: cls for cls in (InvalidArgument, Unauthenticated, PermissionDenied, NotFound,
                                      FailedPrecondition, Aborted, ResourceExhausted, Unavailable,
                                      DeadlineExceeded)}


def error_for(code: str, reason: str, message: str, details: Mapping[str, str] | None = None,
              http_status: int | None = None) -> ApiError:
    """The exception for a status code name (its own class, or ApiError with that code)."""
    code = code.upper()
    cls = _BY_CODE.get(code)
    if cls is None:
        return ApiError(reason, message, details, http_status, code=code)
    return cls(reason, message, details, http_status)
