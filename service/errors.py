"""The service's one error type and how engine errors map onto it.

`status` is a gRPC status code name (the REST adapter maps it to HTTP in one
table); `reason` is a stable snake_case machine-readable code; `message` says
what is wrong in words, naming the field, the move or the token.
"""
from __future__ import annotations

from engines import RuleError

INVALID_ARGUMENT = "INVALID_ARGUMENT"
FAILED_PRECONDITION = "FAILED_PRECONDITION"
UNAUTHENTICATED = "UNAUTHENTICATED"
NOT_FOUND = "NOT_FOUND"
RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
INTERNAL = "INTERNAL"

# Engine error kinds -> status (API.md): a move not legal now is a failed
# precondition (the same request may succeed on another state); unreadable
# input is an invalid argument.
_BY_KIND = {
    "illegal_move": FAILED_PRECONDITION,
    "bad_move": INVALID_ARGUMENT,
    "bad_option": INVALID_ARGUMENT,
    "bad_state": INVALID_ARGUMENT,
    "unknown_game": NOT_FOUND,
}


class ApiError(Exception):
    """A refused request: nothing was changed and the reason says why."""

    def __init__(self, status: str, reason: str, message: str, **details: object):
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message
        self.details = {k: str(v) for k, v in details.items() if v is not None}

    def __repr__(self) -> str:
        return f"ApiError({self.status}, {self.reason!r}, {self.message!r})"


def invalid(reason: str, message: str, **details: object) -> ApiError:
    """An INVALID_ARGUMENT error (malformed or inconsistent request field)."""
    return ApiError(INVALID_ARGUMENT, reason, message, **details)


def from_rule_error(exc: RuleError) -> ApiError:
    """The ApiError for an engine refusal, keeping its stable code as the reason."""
    return ApiError(_BY_KIND.get(exc.kind, INVALID_ARGUMENT), exc.code, exc.message, **exc.details)
