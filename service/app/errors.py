"""The service's one error type and how engine errors map onto it.

`status` is a gRPC status code name (HTTP statuses come from the one table,
engines/core/reasons.py `HTTP_STATUS`); `reason` is a stable snake_case
machine-readable code; `message` says what is wrong in words, naming the
field, the move or the token.
"""
from __future__ import annotations

from engines import RuleError
from engines.core.reasons import HTTP_STATUS

INVALID_ARGUMENT = "INVALID_ARGUMENT"
FAILED_PRECONDITION = "FAILED_PRECONDITION"
UNAUTHENTICATED = "UNAUTHENTICATED"
NOT_FOUND = "NOT_FOUND"
RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
UNIMPLEMENTED = "UNIMPLEMENTED"
INTERNAL = "INTERNAL"
DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
# Every message and detail is cut to these lengths, so no error repeats a large input whole
# (the messages themselves quote only a prefix: service/app/limits.py `clip`).
MAX_MESSAGE = 1000
MAX_DETAIL = 200


class ApiError(Exception):
    """A refused request: nothing was changed and the reason says why."""

    def __init__(self, status: str, reason: str, message: str, **details: object):
        if len(message) > MAX_MESSAGE:
            message = message[:MAX_MESSAGE] + f"... ({len(message)} characters)"
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message
        self.details = {k: _cut(str(v)) for k, v in details.items() if v is not None}

    @property
    def http_status(self) -> int:
        """The HTTP status of this refusal (REST), from the one table."""
        return HTTP_STATUS.get(self.status, 500)

    def __repr__(self) -> str:
        return f"ApiError({self.status}, {self.reason!r}, {self.message!r})"


def _cut(text: str) -> str:
    return text if len(text) <= MAX_DETAIL else text[:MAX_DETAIL] + "..."


def invalid(reason: str, message: str, **details: object) -> ApiError:
    """An INVALID_ARGUMENT error (malformed or inconsistent request field)."""
    return ApiError(INVALID_ARGUMENT, reason, message, **details)


def from_rule_error(exc: RuleError) -> ApiError:
    """The ApiError for an engine refusal: its code as the reason, its status from the reasons table."""
    return ApiError(exc.status, exc.code, exc.message, **exc.details)
