"""The API messages of proto/engine/v1/engine.proto as msgspec Structs.

Both transports speak these: the REST adapter decodes/encodes them as JSON
directly (1-2 us, where `json_format` costs 70-160 us), the gRPC adapter
converts them to and from the generated protobuf classes. Field names are the
proto field names; `rename="camel"` gives proto3 JSON's lowerCamelCase names,
and `omit_defaults` matches proto3 JSON's rule of leaving out default values.
Mirroring rules, checked for every message by tests/service/test_service_proto_sync.py:

- scalar: proto default as the Struct default; `optional` scalar: `None`;
- message: `None` when unset; repeated: list; map: dict;
- oneof member: its own field, `None` when not chosen;
- enum: its value name as a string; `uint64`: a decimal string on output (proto3 JSON),
  int or string accepted on input;
- bytes: base64 (the same in both).

Adding a game: one field per envelope oneof (Move, View, NewGameRequest) named
by the game id, typed by the game's mapping module in service/games/.
"""
from __future__ import annotations

from typing import Any

import msgspec

from .games.cambio import CambioMove, CambioOptions, CambioView
from .games.hats import HatsMove, HatsOptions, HatsView

_CFG = dict(rename="camel", omit_defaults=True, forbid_unknown_fields=True)


class ListGamesRequest(msgspec.Struct, **_CFG):
    """No fields."""


class OptionSpec(msgspec.Struct, **_CFG):
    name: str = ""
    type: str = ""
    default: str = ""
    allowed: list[str] = msgspec.field(default_factory=list)
    description: str = ""


class GameInfo(msgspec.Struct, **_CFG):
    id: str = ""
    title: str = ""
    min_seats: int = 0
    max_seats: int = 0
    version: str = ""
    options: list[OptionSpec] = msgspec.field(default_factory=list)


class ListGamesResponse(msgspec.Struct, **_CFG):
    games: list[GameInfo] = msgspec.field(default_factory=list)


class Seat(msgspec.Struct, **_CFG):
    name: str = ""
    kind: str = ""


class Want(msgspec.Struct, **_CFG):
    view: bool = False
    seat: int | None = None
    legal_moves: bool = False
    score: bool = False


class Move(msgspec.Struct, **_CFG):
    seat: int | None = None
    text: str = ""
    hats: HatsMove | None = None
    cambio: CambioMove | None = None


class Event(msgspec.Struct, **_CFG):
    kind: str = ""
    public: dict[str, Any] | None = None
    private: dict[str, Any] | None = None
    private_to: list[int] = msgspec.field(default_factory=list)


class View(msgspec.Struct, **_CFG):
    seat: int | None = None
    hats: HatsView | None = None
    cambio: CambioView | None = None


class SeatScore(msgspec.Struct, **_CFG):
    seat: int | None = None
    round: int = 0
    total: int = 0
    rank: int = 0
    breakdown: dict[str, int] = msgspec.field(default_factory=dict)


class Team(msgspec.Struct, **_CFG):
    seats: list[int] = msgspec.field(default_factory=list)


class Score(msgspec.Struct, **_CFG):
    game: str = ""
    seats: list[SeatScore] = msgspec.field(default_factory=list)
    finished: bool = False
    winners: list[int] = msgspec.field(default_factory=list)
    tiebreak: str = ""
    teams: list[Team] = msgspec.field(default_factory=list)
    move_count: int = 0


class NewGameRequest(msgspec.Struct, **_CFG):
    game: str = ""
    seats: list[Seat] = msgspec.field(default_factory=list)
    options: dict[str, str] = msgspec.field(default_factory=dict)
    seed: int | str | None = None
    want: Want | None = None
    hats: HatsOptions | None = None
    cambio: CambioOptions | None = None


class NewGameResponse(msgspec.Struct, **_CFG):
    state: bytes = b""
    game: str = ""
    seed: str = "0"
    seats: list[Seat] = msgspec.field(default_factory=list)
    to_act: list[int] = msgspec.field(default_factory=list)
    view: View | None = None
    legal_moves: list[Move] = msgspec.field(default_factory=list)
    score: Score | None = None


class LegalMovesRequest(msgspec.Struct, **_CFG):
    state: bytes = b""
    seat: int | None = None
    game: str = ""


class LegalMovesResponse(msgspec.Struct, **_CFG):
    moves: list[Move] = msgspec.field(default_factory=list)
    to_act: list[int] = msgspec.field(default_factory=list)
    finished: bool = False


class ApplyMoveRequest(msgspec.Struct, **_CFG):
    state: bytes = b""
    move: Move | None = None
    index: int | None = None
    want: Want | None = None
    game: str = ""


class ApplyMoveResponse(msgspec.Struct, **_CFG):
    state: bytes = b""
    move: Move | None = None
    events: list[Event] = msgspec.field(default_factory=list)
    to_act: list[int] = msgspec.field(default_factory=list)
    finished: bool = False
    move_count: int = 0
    view: View | None = None
    legal_moves: list[Move] = msgspec.field(default_factory=list)
    score: Score | None = None


class ScoreRequest(msgspec.Struct, **_CFG):
    state: bytes = b""
    game: str = ""


class ScoreResponse(msgspec.Struct, **_CFG):
    score: Score | None = None


class ViewRequest(msgspec.Struct, **_CFG):
    state: bytes = b""
    seat: int | None = None
    game: str = ""


class ViewResponse(msgspec.Struct, **_CFG):
    view: View | None = None
    to_act: list[int] = msgspec.field(default_factory=list)
    finished: bool = False
    seats: list[Seat] = msgspec.field(default_factory=list)


class Error(msgspec.Struct, **_CFG):
    code: str = ""
    reason: str = ""
    message: str = ""
    details: dict[str, str] = msgspec.field(default_factory=dict)


class ScoreBatchRequest(msgspec.Struct, **_CFG):
    states: list[bytes] = msgspec.field(default_factory=list)


class ScoreResult(msgspec.Struct, **_CFG):
    score: Score | None = None
    error: Error | None = None


class ScoreBatchResponse(msgspec.Struct, **_CFG):
    results: list[ScoreResult] = msgspec.field(default_factory=list)
