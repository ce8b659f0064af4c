"""The service's log lines: one handler on the root logger, in every process, at `--log-level`.

`--log-format text` (the default) writes `time LEVEL [pid N] logger: message`; `json` writes one JSON
object per line (`time`, `level`, `logger`, `message`, `pid`, `exception` when there is one). A line
written for a call carries the call's ids (service/app/tracing.py): `trace_id` when it came with a valid
`traceparent`, and `request_id`; the text format appends them as `trace_id=... request_id=...`.

Everything that writes to stderr is routed here so that the level and the format hold for all of it:
uvicorn's own loggers (their own handlers and format dropped, their level never below WARNING: at INFO they
announce every worker's start), Python warnings, uncaught exceptions (in threads too), and gRPC's C core, which
logs past Python (`GRPC_VERBOSITY`: its errors in text, nothing in JSON, whose lines it would break; a
GRPC_VERBOSITY set in the environment wins).
"""
from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time

from ..app import tracing

LEVELS = ("debug", "info", "warning", "error")
FORMATS = ("text", "json")
TEXT = "%(asctime)s %(levelname)s [pid %(process)d] %(name)s: %(message)s"


def _call_ids(record: logging.LogRecord) -> tuple[str | None, str | None]:
    """(trace id, request id) of the call the record was written for: given with `extra=`, else the call
    running where it was logged (formatting happens in that thread: the handler is a plain stream handler)."""
    trace, rid = getattr(record, "trace_id", None), getattr(record, "request_id", None)
    if trace is None and rid is None:
        ids = tracing.CURRENT.get()
        if ids is not None:
            trace, rid = ids.trace_id, ids.request_id
    return trace, rid


class TextFormatter(logging.Formatter):
    """The text line, with the call's ids appended when the line belongs to a call."""

    def __init__(self):
        super().__init__(TEXT)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        trace, rid = _call_ids(record)
        if rid is None and trace is None:
            return line
        ids = (f"trace_id={trace} " if trace else "") + (f"request_id={rid}" if rid else "")
        head, sep, rest = line.partition("\n")  # after the message, before a traceback
        return f"{head} {ids.rstrip()}{sep}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601 with milliseconds), level, logger, message, pid,
    trace_id and request_id when the line belongs to a call, exception (its traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": _iso(record.created), "level": record.levelname, "logger": record.name,
               "message": record.getMessage(), "pid": record.process}
        trace, rid = _call_ids(record)
        if trace:
            out["trace_id"] = trace
        if rid:
            out["request_id"] = rid
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exception"] = record.exc_text
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        # ensure_ascii: a message quoting a client's bytes stays one line of plain ASCII
        return json.dumps(out, ensure_ascii=True, default=str)


def _iso(created: float) -> str:
    seconds = int(created)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int((created - seconds) * 1000):03d}Z"


def setup(level: str = "info", fmt: str = "text") -> None:
    """Configure this process's logging: the root logger at `level` with one stderr handler in `fmt`, in place
    of any configuration made before (a library's `basicConfig` would otherwise win)."""
    if level not in LEVELS or fmt not in FORMATS:
        raise ValueError(f"log level {level!r} / format {fmt!r}: expected one of {LEVELS} / {FORMATS}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.asgi"):
        uv = logging.getLogger(name)
        uv.handlers, uv.propagate = [], True
        uv.setLevel(uvicorn_level(level).upper())
    logging.captureWarnings(True)
    threading.excepthook = _log_thread_exception
    sys.excepthook = _log_exception
    os.environ.setdefault("GRPC_VERBOSITY", grpc_verbosity(fmt))


def uvicorn_level(level: str) -> str:
    """uvicorn's level: ours, but never below WARNING (at INFO it announces each worker's start and stop)."""
    return "error" if level == "error" else "warning"


def grpc_verbosity(fmt: str) -> str:
    """gRPC's C core's GRPC_VERBOSITY for our format (read when grpc starts in the process): its errors in
    text, nothing in JSON. (Its INFO lines, even at our `debug`, come with a line saying INFO is unfit.)"""
    return "NONE" if fmt == "json" else "ERROR"


def _log_exception(exc_type, exc, tb) -> None:
    logging.getLogger("service").critical("uncaught exception", exc_info=(exc_type, exc, tb))


def _log_thread_exception(args) -> None:
    if args.exc_type is SystemExit:
        return
    logging.getLogger("service").error("uncaught exception in thread %s", getattr(args.thread, "name", "?"),
                                       exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
