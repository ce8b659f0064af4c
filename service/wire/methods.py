"""The one method table: every API method with its messages, REST route and properties.

The app layer dispatches by it, the gRPC adapter registers its handlers from it,
the Connect and REST adapters make their routes from it and the OpenAPI document
lists it. Names and message types come from the GameService descriptor; the REST
route, verb and the side-effect-free flag are the only hand-written parts (proto3
has no place for them without the googleapis annotations).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

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
    safe: bool             # side-effect free: the same request may be repeated or cached
    streaming: bool        # a bidirectional stream (gRPC only)
    summary: str           # the proto comment's first line, for the OpenAPI document

    @property
    def full_name(self) -> str:
        """`/engine.v1.GameService/ApplyMove`: the gRPC path and Connect route."""
        return f"/{SERVICE.full_name}/{self.name}"


# name -> (REST route, verb, side-effect free). NewGame's route carries the game id: `/v1/games/{game}:new`.
_REST = {
    "ListGames": ("/v1/games", "GET", True),
    "NewGame": ("/v1/games/{game}:new", "POST", False),
    "LegalMoves": ("/v1/legal-moves", "POST", True),
    "ApplyMove": ("/v1/apply", "POST", True),  # stateless: the same token and move give the same answer
    "Score": ("/v1/score", "POST", True),
    "View": ("/v1/view", "POST", True),
    "ScoreBatch": ("/v1/score:batch", "POST", True),
    "ScoreStream": (None, "POST", True),
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
        route, verb, safe = _REST[m.name]  # a KeyError here: a new rpc needs its row in _REST
        streaming = m.client_streaming or m.server_streaming
        out.append(Method(m.name, _snake(m.name), struct_for(m.input_type), struct_for(m.output_type),
                          m.input_type._concrete_class, m.output_type._concrete_class, route, verb, safe,
                          streaming, _SUMMARY[m.name]))
    return tuple(out)


METHODS: tuple[Method, ...] = _methods()
BY_NAME: dict[str, Method] = {m.name: m for m in METHODS}
