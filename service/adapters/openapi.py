"""The OpenAPI document of the REST routes, derived from the proto descriptors, the method table and the games.

What it states is what the service does (tests/service/test_service_schema.py runs
schemathesis against a real server with every check on):
- bodies in canonical proto3 JSON (lowerCamel names, enums by name, 64-bit integers as
  decimal strings, bytes as base64); the parser also takes the other spellings proto3
  JSON allows, which the document does not repeat;
- the error body `{code, reason, message, details}` for every status a route can answer;
- one NewGame path per registered game, its seats, options and typed options bounded to
  what that game takes: a request the schema allows is never refused as malformed;
- oneof members: at most one of them (`not` two together);
- examples: a playable NewGame per game, and a refusal.
"""
from __future__ import annotations

from dataclasses import replace

from google.protobuf.descriptor import Descriptor, FieldDescriptor

import engines

from ..app import limits
from ..wire.messages import MESSAGES, is_map, is_repeated, struct_name
from ..wire.methods import METHODS

_INT32 = {FieldDescriptor.TYPE_INT32: (-2 ** 31, 2 ** 31 - 1), FieldDescriptor.TYPE_SINT32: (-2 ** 31, 2 ** 31 - 1),
          FieldDescriptor.TYPE_SFIXED32: (-2 ** 31, 2 ** 31 - 1), FieldDescriptor.TYPE_UINT32: (0, 2 ** 32 - 1),
          FieldDescriptor.TYPE_FIXED32: (0, 2 ** 32 - 1)}
_UNSIGNED64 = {FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64}
_SIGNED64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_SFIXED64}
TOKEN_CHARS = -(-limits.MAX_TOKEN // 3) * 4  # base64 of the largest token
# Request fields with a bound the service checks before any work (service/app/limits.py).
BOUNDS = {
    "engine.v1.Seat.name": {"maxLength": limits.MAX_SEAT_NAME},
    "engine.v1.Seat.kind": {"maxLength": limits.MAX_TEXT},
    "engine.v1.Move.text": {"maxLength": limits.MAX_TEXT},
    "engine.v1.ScoreBatchRequest.states": {"maxItems": limits.MAX_BATCH},
}
CODES = ["INVALID_ARGUMENT", "UNAUTHENTICATED", "PERMISSION_DENIED", "NOT_FOUND", "FAILED_PRECONDITION", "ABORTED",
         "RESOURCE_EXHAUSTED", "UNAVAILABLE", "DEADLINE_EXCEEDED", "UNIMPLEMENTED", "INTERNAL"]
STATUS_TEXT = {
    400: "Bad input: unreadable body, a field out of range, a move that cannot be read (reason says which)",
    401: "The state token is refused (changed, foreign key, truncated), or a move without a seat key (no_key)",
    403: "A seat key of another seat or game (wrong_key)",
    404: "No such game, or no such route",
    405: "The route takes another HTTP method (see `allow`)",
    409: "Not possible in this state: a move not legal now, the game is over, or a stale token (token_stale)",
    413: "The body is larger than the route takes",
    429: "Too many long calls (ScoreBatch) running or waiting: retry later (busy)",
    503: "The game store of the fork guard cannot be reached, or the worker is at its connection limit",
    504: "The call's time ran out (--call-timeout)",
}
_TOKEN_STATUSES = (401, 403, 409)
_EVERY_POST = (400, 405, 413, 503, 504)


def document(title: str = "tabletop-engine") -> dict:
    """The OpenAPI 3.0 document of the REST routes."""
    schemas = {struct_name(d): _message(d) for d in MESSAGES}
    schemas["Error"] = _error_schema()
    paths: dict[str, dict] = {}
    for meth in METHODS:
        if not meth.rest_route:
            continue
        if meth.name == "NewGame":
            for game in engines.games():
                game_id = game.info.id
                name = f"NewGameRequest_{game_id}"
                schemas[name] = _new_game_request(schemas, game)
                names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:game.info.min_seats]
                needed = game.seat_options(game.info.min_seats)  # White Hat's 1 seat: solo=true
                example = {"seats": [{"name": n} for n in names], **({"options": needed} if needed else {}),
                           "seed": "7", "want": {"legalMoves": True}}
                paths[meth.rest_route.replace("{game}", game_id)] = {"post": _operation(
                    meth, f"NewGame_{game_id}", name, (404, 401), example,
                    f"Deal a new {game.info.title} game ({game.info.min_seats}-{game.info.max_seats} seats).")}
            continue
        if meth.rest_verb == "GET":
            paths[meth.rest_route] = {"get": _operation(meth, meth.name, None, (), None, meth.summary)}
            continue
        request = struct_name(meth.request_pb.DESCRIPTOR)
        if "state" in meth.request_pb.DESCRIPTOR.fields_by_name:
            props = dict(schemas[request]["properties"], state=dict(schemas[request]["properties"]["state"],
                                                                    minLength=4))  # at least one byte
            schemas[request] = dict(schemas[request], required=["state"], properties=props)
        extra = _TOKEN_STATUSES + ((429,) if meth.name in limits.HEAVY else ())
        paths[meth.rest_route] = {"post": _operation(meth, meth.name, request, extra, None, meth.summary)}
    for schema in schemas.values():
        _nullable(schema)
    return {
        "openapi": "3.0.3",
        "info": {"title": title, "version": "1", "description": (
            "Game rules as a stateless API. Bodies are proto3 JSON of proto/engine/v1 (the canonical spelling "
            "is documented; the other spellings proto3 JSON allows are accepted too). Errors are "
            "`{code, reason, message, details}`. A seat key travels as `authorization: Bearer <key>`.")},
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": {
            "seatKey": {"type": "http", "scheme": "bearer", "description": "A seat key or the host key from NewGame"}}},
    }


def _nullable(schema: dict) -> None:
    """Every optional field may be `null` (proto3 JSON: the field's default), in every message schema
    within (a map's entries may not: `x-proto-map`)."""
    props = schema.get("properties")
    if props and not schema.get("x-proto-map"):
        required = set(schema.get("required", ()))
        for name, prop in props.items():
            _nullable(prop)
            if name in required:
                continue
            if "$ref" in prop:
                props[name] = {"nullable": True, "allOf": [prop]}
            else:
                enum = {"enum": [*prop["enum"], None]} if "enum" in prop and None not in prop["enum"] else {}
                props[name] = dict(prop, nullable=True, **enum)
    if isinstance(schema.get("items"), dict):
        _nullable(schema["items"])


def _operation(meth, operation_id: str, request: str | None, extra: tuple[int, ...], example, summary: str) -> dict:
    op = {"operationId": operation_id, "summary": summary, "responses": {"200": {
        "description": "OK", "content": {"application/json": {"schema": _ref(struct_name(meth.response_pb.DESCRIPTOR))}}}}}
    statuses = sorted(set(extra + (_EVERY_POST if request else (503, 504))))
    for status in statuses:
        op["responses"][str(status)] = {"description": STATUS_TEXT[status],
                                       "content": {"application/json": {"schema": _ref("Error")}}}
    if request:
        media = {"schema": _ref(request)}
        if example is not None:
            media["example"] = example
        op["requestBody"] = {"required": True, "content": {"application/json": media}}
        op["security"] = [{}, {"seatKey": []}]
    return op


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _error_schema() -> dict:
    return {"type": "object", "required": ["code", "reason", "message"], "additionalProperties": False,
            "properties": {
                "code": {"type": "string", "enum": CODES, "description": "The gRPC status name"},
                "reason": {"type": "string", "description": "Stable snake_case reason (engines/core/reasons.py)"},
                "message": {"type": "string", "description": "What is wrong, naming the field, move or token"},
                "details": {"type": "object", "additionalProperties": {"type": "string"}}},
            "example": {"code": "FAILED_PRECONDITION", "reason": "not_your_turn",
                        "message": "illegal move 'black R4' by seat 1: not your turn (seat 0 is to act)"}}


def _message(desc: Descriptor) -> dict:
    props = {f.json_name: _field(f) for f in desc.fields}
    schema = {"type": "object", "additionalProperties": False, "properties": props,
              "description": f"engine.v1 {desc.full_name.removeprefix('engine.v1.')}"}
    pairs = [[a.json_name, b.json_name] for o in desc.oneofs if len(o.fields) > 1 and not o.name.startswith("_")
             for i, a in enumerate(o.fields) for b in o.fields[i + 1:]]
    if pairs:  # a oneof: at most one member
        schema["not"] = {"anyOf": [{"required": p} for p in pairs]}
    return schema


def _field(f: FieldDescriptor) -> dict:
    if is_map(f):
        return {"type": "object", "additionalProperties": _single(f.message_type.fields_by_name["value"])}
    schema = {"type": "array", "items": _single(f)} if is_repeated(f) else _single(f)
    schema.update(BOUNDS.get(f.full_name, {}))
    return schema


def _single(f: FieldDescriptor) -> dict:
    if f.message_type is not None:
        return _ref(struct_name(f.message_type))
    if f.enum_type is not None:
        return {"type": "string", "enum": [v.name for v in f.enum_type.values]}
    if f.type == FieldDescriptor.TYPE_BYTES:
        return {"type": "string", "format": "byte", "maxLength": TOKEN_CHARS}
    if f.type in _INT32:
        low, high = _INT32[f.type]
        return {"type": "integer", "format": "int32" if low else "uint32", "minimum": low, "maximum": high}
    # 64-bit integers: decimal strings (what answers hold), or JSON numbers (proto3 JSON takes both).
    if f.type in _UNSIGNED64:
        return {"anyOf": [{"type": "string", "format": "uint64", "pattern": _U64},
                          {"type": "integer", "minimum": 0, "maximum": 2 ** 64 - 1}]}
    if f.type in _SIGNED64:
        return {"anyOf": [{"type": "string", "format": "int64", "pattern": _I64},
                          {"type": "integer", "minimum": -2 ** 63, "maximum": 2 ** 63 - 1}]}
    if f.cpp_type in (FieldDescriptor.CPPTYPE_DOUBLE, FieldDescriptor.CPPTYPE_FLOAT):
        return {"type": "number"}
    if f.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
        return {"type": "boolean"}
    return {"type": "string"}


def _new_game_request(schemas: dict, game) -> dict:
    """NewGameRequest for one game: its seat range, its options' allowed values, its typed options only.

    Bounds that depend on the seat count (a seat number) are given for the smallest table, so every
    request the schema allows is playable; the descriptions state the full rule.
    """
    info = game.info
    seats = min(info.min_seats, info.max_seats)
    seat_numbers = {"type": "integer", "format": "uint32", "minimum": 0, "maximum": seats - 1,
                    "description": "A seat number: below the number of seats"}
    base = schemas[struct_name(_NEW_GAME)]
    props = {
        "game": {"type": "string", "enum": [info.id], "description": "The path's game (may be left out)"},
        "seats": {"type": "array", "minItems": info.min_seats, "maxItems": info.max_seats,
                  "items": {"type": "object", "additionalProperties": False, "properties": {
                      "name": {"type": "string", "maxLength": limits.MAX_SEAT_NAME},
                      "kind": {"type": "string", "enum": ["human", "robot"]}}}},
        "options": {"type": "object", "additionalProperties": False, "maxProperties": limits.MAX_OPTIONS,
                    "x-proto-map": True,
                    "properties": {o.name: _option(_every_table(game, o), seats) for o in info.options
                                   if _every_table(game, o).allowed or not o.allowed}},
        "seed": base["properties"]["seed"],
        "want": {"type": "object", "additionalProperties": False, "properties": {
            "view": {"type": "boolean"}, "seat": seat_numbers, "legalMoves": {"type": "boolean"},
            "score": {"type": "boolean"}}},
        "access": {"type": "string", "enum": ["seats", "open"],
                   "description": "seats: keys per seat (default with hidden information); open: trusted callers"},
    }
    typed = _NEW_GAME.fields_by_name.get(info.id)
    if typed is not None and typed.containing_oneof is not None:
        specs = {o.name: _every_table(game, o) for o in info.options}
        props[typed.json_name] = {"type": "object", "additionalProperties": False, "properties": {
            f.json_name: _typed_option(f, specs.get(f.name), seats) for f in typed.message_type.fields}}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["seats"], "description": f"NewGameRequest for {info.title}"}


def _every_table(game, spec):
    """`spec` with only the listed values a new game takes at every seat count (the other options at
    their defaults, plus what the seat count needs: `seat_options`): a value valid only at some tables
    (White Hat's `solo` at one seat, `robot` at two) is not promised, so every request the schema allows
    is playable."""
    if not spec.allowed:
        return spec
    info, taken = game.info, []
    for value in spec.allowed:
        try:
            for players in range(info.min_seats, info.max_seats + 1):
                game.new(players, {**game.seat_options(players), spec.name: value}, 0)
        except engines.RuleError:
            continue
        taken.append(value)
    return replace(spec, allowed=tuple(taken))


def _option(spec, seats: int) -> dict:
    """An option's text values the game takes whatever the seat count (the description says the rest)."""
    doc = {"description": f"{spec.description} (default {spec.default!r})"}
    if spec.allowed:
        return {"type": "string", "enum": list(spec.allowed), **doc}
    if spec.type == "seat":
        return {"type": "string", "enum": [str(i) for i in range(seats)], **doc}
    if spec.type == "int" and spec.min is not None and spec.max is not None:
        return {"type": "string", "pattern": int_range_pattern(spec.min, spec.max), **doc}
    # Free text (a rigged deck, cards to remove): valid values depend on the game's cards and the
    # seat count, so the schema promises only the default; the description gives the format.
    return {"type": "string", "enum": [spec.default], **doc}


def _typed_option(f: FieldDescriptor, spec, seats: int) -> dict:
    if spec is None:
        return _field(f)
    if spec.type == "seat":
        return {"type": "integer", "format": "uint32", "minimum": 0, "maximum": seats - 1}
    if spec.type == "int" and spec.min is not None and spec.max is not None and f.type in _INT32:
        return {"type": "integer", "format": "int32", "minimum": spec.min, "maximum": spec.max}
    if f.cpp_type == FieldDescriptor.CPPTYPE_BOOL and set(spec.allowed) <= {"true", "false"} and spec.allowed:
        return {"type": "boolean"} if len(spec.allowed) == 2 else {"type": "boolean",
                                                                   "enum": [spec.allowed[0] == "true"]}
    if spec.allowed == ():  # no value every table takes: only left out (null) is promised
        return {"nullable": True, "enum": [None], "description": spec.description}
    if spec.allowed and not is_repeated(f) and f.cpp_type == FieldDescriptor.CPPTYPE_STRING:
        return {"type": "string", "enum": list(spec.allowed)}
    if is_repeated(f):  # a free list (a rigged deck): promised as its default only, like in `options`
        schema = {"type": "array", "items": {"type": "string", "enum": [spec.default]},
                  "description": f"{spec.description} (the list's values: see the `options` map)"}
        return schema if spec.default == "" else dict(schema, maxItems=1)  # empty entries are skipped
    return {"type": "string", "enum": [spec.default]} if f.cpp_type == FieldDescriptor.CPPTYPE_STRING else _field(f)


def int_range_pattern(low: int, high: int) -> str:
    """A regular expression matching the decimal integers low..high (non-negative), e.g. 20..200."""
    if low < 0:
        raise ValueError("negative ranges are not needed by any option")
    return "^(" + "|".join(_range_alternatives(low, high)) + ")$"


def _range_alternatives(low: int, high: int) -> list[str]:
    if len(str(low)) < len(str(high)):  # split at each new digit count
        cut = 10 ** len(str(low)) - 1
        return _range_alternatives(low, cut) + _range_alternatives(cut + 1, high)
    return _same_width(str(low), str(high))


def _same_width(lo: str, hi: str) -> list[str]:
    """Alternatives matching the digit strings lo..hi of one width (leading zeros kept)."""
    if not lo:
        return [""]
    if lo[0] == hi[0]:
        return [lo[0] + alt for alt in _same_width(lo[1:], hi[1:])]
    rest = len(lo) - 1
    if lo[1:] == "0" * rest and hi[1:] == "9" * rest:
        return [f"[{lo[0]}-{hi[0]}]" + "[0-9]" * rest]
    out = [lo[0] + alt for alt in _same_width(lo[1:], "9" * rest)]
    if int(hi[0]) - int(lo[0]) > 1:
        out.append(f"[{int(lo[0]) + 1}-{int(hi[0]) - 1}]" + "[0-9]" * rest)
    return out + [hi[0] + alt for alt in _same_width("0" * rest, hi[1:])]


_U64 = int_range_pattern(0, 2 ** 64 - 1)
_I64 = "^(-?" + int_range_pattern(0, 2 ** 63 - 1)[1:-1] + "|-9223372036854775808)$"
_NEW_GAME = next(d for d in MESSAGES if d.name == "NewGameRequest")
