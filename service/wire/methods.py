"""The one method table: every API method with its messages, REST route and properties.

The app layer dispatches by it, the gRPC adapter registers its handlers from it,
the Connect and REST adapters make their routes from it and the OpenAPI document
lists it. Names, message types, streaming and the side-effect-free flag (the rpc's
`idempotency_level = NO_SIDE_EFFECTS`) come from the GameService descriptor; the
REST route and verb and the OpenAPI summary are the only hand-written parts
(proto3 has no place for them without the googleapis annotations).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from google.protobuf import descriptor_pb2

from service.api import engine_pb2 as pb

from .messages import struct_for

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]


@dataclass(frozen=True)
class Method:
    """One API method."""

    name: str              # "ApplyMove": the gRPC and Connect method name, and the metrics label
    handler: str           # "apply_move": the app layer's operation
    request: type          # the request's JSON Struct (service/wire/messages.py)
    response: type         # the response's JSON Struct
    request_pb: type       # the generated protobuf classes
    response_pb: type
    rest_route: str | None  # the REST path; None = not on REST (streams)
    rest_verb: str         # "GET" or "POST"
    safe: bool             # side-effect free (NO_SIDE_EFFECTS): may be repeated, cached, sent as a Connect GET
    streaming: bool        # a bidirectional stream (gRPC only)
    summary: str           # for the OpenAPI document

    @property
    def full_name(self) -> str:
        """`/engine.v1.GameService/ApplyMove`: the gRPC path and Connect route."""
        return f"/{SERVICE.full_name}/{self.name}"


# name -> (REST route, verb). NewGame's route carries the game id: `/v1/games/{game}:new`.
_REST = {
    "ListGames": ("/v1/games", "GET"),
    "NewGame": ("/v1/games/{game}:new", "POST"),
    "LegalMoves": ("/v1/legal-moves", "POST"),
    "ApplyMove": ("/v1/apply", "POST"),
    "Score": ("/v1/score", "POST"),
    "View": ("/v1/view", "POST"),
    "ScoreBatch": ("/v1/score:batch", "POST"),
    "ScoreStream": (None, "POST"),
}
_SUMMARY = {
    "ListGames": "Every game: id, title, seats, options, rules version.",
    "NewGame": "Deal a new game: `POST /v1/games/{game}:new` with a NewGameRequest body.",
    "LegalMoves": "Every legal move now, for every seat that may act (or for `seat`).",
    "ApplyMove": "Apply a move given as text, typed, or `index` into LegalMoves' list.",
    "Score": "The score of any state.",
    "View": "What `seat` (or a spectator) may see.",
    "ScoreBatch": "One score or error per state, in order.",
    "ScoreStream": "A stream of states, one score or error each (gRPC only).",
}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _methods() -> tuple[Method, ...]:
    out = []
    for m in SERVICE.methods:
        route, verb = _REST[m.name]  # a KeyError here: a new rpc needs its row in _REST
        streaming = m.client_streaming or m.server_streaming
        safe = m.GetOptions().idempotency_level == descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS
        out.append(Method(m.name, _snake(m.name), struct_for(m.input_type), struct_for(m.output_type),
                          m.input_type._concrete_class, m.output_type._concrete_class, route, verb, safe,
                          streaming, _SUMMARY[m.name]))
    return tuple(out)


METHODS: tuple[Method, ...] = _methods()
BY_NAME: dict[str, Method] = {m.name: m for m in METHODS}
