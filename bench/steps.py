"""Python steps (bytecodes executed) per gRPC ApplyMove, in process: a count that does not move between runs.

    python -m bench.steps [--top 15]

bench.instructions counts a server's machine instructions, its own threads included, so a row moves by
1-2% with what else the machine runs, as large as many single changes. This counts the bytecodes the
interpreter executes for one call of the gRPC handler (the request's reader, the app layer, the response's
bytes; grpcio's own work is left out) with sys.settrace, per function, and gives the same numbers every
run: what to check a change of the call path with before bench.instructions says what it is worth. A step
is not a unit of time (a protobuf attribute read or a msgspec Struct made is one step and 0.1-0.3 us), so
quote both. Rows as in bench.instructions: `apply`, `floor`, `playing`.
"""
from __future__ import annotations

import argparse
import collections
import sys

from .instructions import _ours_requests
from .service import KEYS, _floor_apply

WARM = 2  # passes over the requests before counting: converters made, memos filled


class _Context:
    """What the handler reads of grpcio's context: no metadata (the bench's games are `open`)."""

    def invocation_metadata(self):
        return ()


def rows() -> dict[str, tuple]:
    """Per row: (call(request bytes), its requests)."""
    from service.adapters import rpc
    from service.api import engine_pb2 as pb
    from service.app import App
    from service.app.tokens import Sealer, parse_keys
    from service.wire.methods import METHODS
    app = App(Sealer(parse_keys(KEYS)), access="open")
    handler = rpc._unary(app, next(m for m in METHODS if m.name == "ApplyMove"), rpc.Limits())
    read, answer, context = handler.request_deserializer, handler.unary_unary, _Context()

    def ours(data: bytes):
        return answer(read(data), context)

    def floor(data: bytes):
        q = pb.ApplyMoveRequest.FromString(data)
        return pb.ApplyMoveResponse(state=_floor_apply(app.sealer, q.state, q.move.seat, q.move.text)
                                    ).SerializeToString()
    one = _ours_requests(False)
    return {"apply": (ours, one), "floor": (floor, one), "playing": (ours, _ours_requests(True))}


def steps(call, requests: list[bytes]) -> tuple[float, collections.Counter]:
    """(bytecodes per call, bytecodes by (file, function) over all calls) of `call` over `requests`."""
    for _ in range(WARM):
        for data in requests:
            call(data)
    counts: collections.Counter = collections.Counter()

    def trace(frame, event, _arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename.rsplit("/", 1)[-1], code.co_name)] += 1
        return trace
    sys.settrace(trace)
    try:
        for data in requests:
            call(data)
    finally:
        sys.settrace(None)
    return sum(counts.values()) / len(requests), counts


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.steps", description=__doc__.split("\n\n")[0])
    p.add_argument("--top", type=int, default=15, help="functions listed per row, most steps first")
    a = p.parse_args(argv)
    got = {}
    for name, (call, requests) in rows().items():
        per_call, counts = steps(call, requests)
        got[name] = per_call
        print(f"# {name}: {len(requests)} requests")
        for (file, function), n in counts.most_common(a.top):
            print(f"  {n / len(requests):8.1f}  {file}:{function}")
    for name, per_call in got.items():
        print(f"{name:8} steps_per_call={per_call:.1f}")


if __name__ == "__main__":
    main()
