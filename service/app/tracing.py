"""Which call a log line belongs to: the caller's W3C trace id and the call's request id.

Every transport reads the same two request headers (gRPC: metadata):
- `traceparent` (W3C Trace Context, `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`): its trace id
  goes into every log line written for the call; a malformed one is ignored (the call is served as usual);
- `x-request-id`: echoed on the answer, the caller's when it is well-formed (`REQUEST_ID`: at most 128
  characters, letters, digits and `._:/+=@-`), else one made here (a per-process random prefix and a
  count: unique across workers and replicas, and cheaper than a UUID on every call).
They live in `CURRENT`, a context variable, for the length of the call: the HTTP protocol sets it while it
makes the request's task, which copies it (and the hops to threads carry it: service/adapters/bodies.py);
the gRPC handler sets it in its thread. The log formatters (service/process/logs.py) read it.
"""
from __future__ import annotations

import itertools
import operator
import os
import re
from contextvars import ContextVar

# version-traceid-parentid-flags; a later version may append fields after a dash (W3C Trace Context §3.2).
_TRACEPARENT = re.compile(r"([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-[\x21-\x7e]*)?")
MAX_TRACEPARENT = 512  # longer is not a traceparent worth reading
REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")
HEADER = "x-request-id"


class Ids(list):
    """One call's [trace id, request id]: the trace id None without a valid `traceparent`, the request id made
    on first use when the caller gave none (a gRPC call that neither asked for one nor failed never needs it).
    A list, so that making one runs no Python code (a gRPC call without tracing metadata makes one too)."""

    __slots__ = ()
    trace_id = property(operator.itemgetter(0))

    @property
    def request_id(self) -> str:
        rid = self[1]
        if rid is None:
            rid = self[1] = new_request_id()
        return rid


NONE = (None, None)  # Ids(NONE): a call that sent neither header


CURRENT: ContextVar[Ids | None] = ContextVar("tabletop_call", default=None)


def trace_id(traceparent: str | None) -> str | None:
    """The trace id of a W3C `traceparent` value, None when it is absent or malformed (version ff, an
    all-zero trace or parent id, version 00 with more fields, wrong lengths or upper-case hex)."""
    if not traceparent or len(traceparent) > MAX_TRACEPARENT:
        return None
    m = _TRACEPARENT.fullmatch(traceparent.strip(" \t"))
    if m is None:
        return None
    version, trace, parent, more = m.groups()
    if version == "ff" or (version == "00" and more) or trace == "0" * 32 or parent == "0" * 16:
        return None
    return trace


def ids(traceparent: str | None, request_id: str | None) -> Ids:
    """The call's ids from its `traceparent` and `x-request-id` values (None: not sent)."""
    if request_id is not None and REQUEST_ID.fullmatch(request_id) is None:
        given = None
    else:
        given = request_id
    return Ids((None if traceparent is None else trace_id(traceparent), given))


def from_http(head: dict) -> Ids:
    """The call's ids from a dict of its ASGI headers (lower-case byte names) that names `traceparent` or
    `x-request-id` (the HTTP protocol makes the ids of a request without them itself, cheaper), the request id
    made now (an HTTP answer always carries it)."""
    trace, rid = head.get(b"traceparent"), head.get(b"x-request-id")
    found = ids(None if trace is None else trace.decode("latin-1"), None if rid is None else rid.decode("latin-1"))
    found.request_id  # noqa: B018 - made now: the answer's head carries it
    return found


def current() -> Ids | None:
    """The ids of the call this code runs for, None outside a call."""
    return CURRENT.get()


def _new_prefix() -> str:
    return os.urandom(6).hex() + "-"


_prefix = _new_prefix()
_counter = itertools.count(1)


def new_request_id() -> str:
    """A request id unique to this process's lifetime: its random prefix and the next count."""
    return _prefix + str(next(_counter))


def _after_fork() -> None:
    """A forked child makes ids of its own (the parent's prefix with the same counts would repeat them)."""
    global _prefix, _counter
    _prefix, _counter = _new_prefix(), itertools.count(1)


os.register_at_fork(after_in_child=_after_fork)
