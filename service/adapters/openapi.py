"""The OpenAPI document of the REST routes, derived from the proto descriptors, the method table and the games.

What it states is what the service does (tests/service/test_service_schema.py runs
schemathesis against a real server with every check on):
- bodies in canonical proto3 JSON (lowerCamel names, enums by name, 64-bit integers as
  decimal strings, bytes as base64); the parser also takes the other spellings proto3
  JSON allows, which the document does not repeat;
- the error body `{code, reason, message, details}` for every status a route can answer;
- one NewGame path per registered game, its seats, options and typed options bounded to
  what that game takes, per seat count where that differs (found by asking the engine,
  tables.py): a request the schema allows is never refused as malformed, and the reverse;
- oneof members: at most one of them (`not` two together);
- request messages take unknown fields (no `additionalProperties: false`): the service skips them,
  as binary protobuf does (a newer client's request plays on an older replica); a message only
  ever answered, never sent, is closed; a map of game options stays closed (the game refuses a
  name it does not know);
- examples: a playable NewGame per game, and a refusal;
- descriptions: each message's and field's comment in the protos (service/api/comments.py).
"""
from __future__ import annotations

from google.protobuf.descriptor import Descriptor, FieldDescriptor

import engines

from ..api.comments import COMMENTS
from ..app import limits
from ..wire.messages import MESSAGES, is_map, is_repeated, struct_name
from ..wire.methods import METHODS
from .tables import Table, Taken, tables

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
    409: "Not possible in this state: a move not legal now, the game is over, a stale token (token_stale), or a "
         "token of a game the fork guard no longer holds (game_expired)",
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
                game_id, found = game.info.id, tables(game)
                name = f"NewGameRequest_{game_id}"
                schemas[name] = _new_game_schema(schemas, game, found)
                paths[meth.rest_route.replace("{game}", game_id)] = {"post": _operation(
                    meth, f"NewGame_{game_id}", name, (404, 401), _example(found),
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
    for branch in schema.get("oneOf", ()):
        _nullable(branch)


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


def _sent(descs) -> set[str]:
    """The full names of the messages in requests: `descs` and every message their fields hold, at any depth."""
    seen: set[str] = set()
    todo = list(descs)
    while todo:
        desc = todo.pop()
        if desc.full_name not in seen:
            seen.add(desc.full_name)
            todo += [f.message_type for f in desc.fields if f.message_type is not None]
    return seen


_SENT = _sent(meth.request_pb.DESCRIPTOR for meth in METHODS)


def _message(desc: Descriptor) -> dict:
    props = {f.json_name: _described(_field(f), f.full_name) for f in desc.fields}
    said = COMMENTS.get(desc.full_name)
    schema = {"type": "object", "properties": props,
              "description": f"engine.v1 {desc.full_name.removeprefix('engine.v1.')}" + (f": {said}" if said else "")}
    if desc.full_name not in _SENT:  # unknown fields are skipped in requests only: an answer has none
        schema["additionalProperties"] = False
    pairs = [[a.json_name, b.json_name] for o in desc.oneofs if len(o.fields) > 1 and not o.name.startswith("_")
             for i, a in enumerate(o.fields) for b in o.fields[i + 1:]]
    if pairs:  # a oneof: at most one member
        schema["not"] = {"anyOf": [{"required": p} for p in pairs]}
    return schema


def _described(schema: dict, full_name: str) -> dict:
    """`schema` with the field's proto comment as its description (a `$ref` alone: OpenAPI 3.0 ignores its siblings,
    and the message it names has its own)."""
    said = COMMENTS.get(full_name)
    return schema if not said or "$ref" in schema else dict(schema, description=said)


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


def _example(found: list[Table]) -> dict:
    """A playable NewGame at the smallest table, with the options it needs (White Hat's 1 seat: solo=true)."""
    table = found[0]
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:table.low]
    return {"seats": [{"name": n} for n in names], **({"options": dict(table.required)} if table.required else {}),
            "seed": "7", "want": {"legalMoves": True}}


def _new_game_schema(schemas: dict, game, tables: list[Table]) -> dict:
    """NewGameRequest for one game: one branch per table (seat counts taking the same options), or
    the one branch alone when the game's options do not depend on the seat count."""
    branches = [_new_game_request(schemas, game, t) for t in tables]
    if len(branches) == 1:
        return branches[0]
    return {"oneOf": branches, "description": f"NewGameRequest for {game.info.title}: one branch per run of seat "
            "counts taking the same options (the `seats` array's length picks it)"}


def _new_game_request(schemas: dict, game, table: Table) -> dict:
    """NewGameRequest for one table of a game: its seats, its options' values, its typed options only.

    Seat numbers are bounded for the table's smallest seat count, so every request allowed is playable.
    """
    info, seats = game.info, table.low
    seat_numbers = {"type": "integer", "format": "uint32", "minimum": 0, "maximum": seats - 1,
                    "description": "A seat number: below the number of seats"}
    props = {
        "game": {"type": "string", "enum": [info.id], "description": "The path's game (may be left out)"},
        "seats": {"type": "array", "minItems": table.low, "maxItems": table.high,
                  "items": {"type": "object", "properties": {
                      "name": {"type": "string", "maxLength": limits.MAX_SEAT_NAME},
                      "kind": {"type": "string", "enum": ["human", "robot"]}}}},
        "options": {"type": "object", "additionalProperties": False, "maxProperties": limits.MAX_OPTIONS,
                    "x-proto-map": True,
                    "properties": {t.spec.name: _option(t, seats) for t in table.options if t.values != ()}},
        "seed": schemas[struct_name(_NEW_GAME)]["properties"]["seed"],
        "want": {"type": "object", "properties": {
            "view": {"type": "boolean"}, "seat": seat_numbers, "legalMoves": {"type": "boolean"},
            "score": {"type": "boolean"}}},
        "access": {"type": "string", "enum": ["seats", "open"],
                   "description": "seats: keys per seat (default with hidden information); open: trusted callers"},
    }
    typed = _NEW_GAME.fields_by_name.get(info.id)
    if typed is not None and typed.containing_oneof is not None:
        taken = {t.spec.name: t for t in table.options}
        props[typed.json_name] = {"type": "object", "properties": {
            f.json_name: _typed_option(f, taken.get(f.name), seats) for f in typed.message_type.fields}}
    count = f"{table.low} seat" if table.high == 1 else f"{table.low}-{table.high} seats" if table.low < table.high \
        else f"{table.low} seats"
    schema = {"type": "object", "properties": props, "required": ["seats"],
              "description": f"NewGameRequest for {info.title} at {count}"}
    if table.required:
        schema["allOf"] = [_given(name, typed) for name, _ in table.required]
        schema["description"] += " (must be given: " + ", ".join(n for n, _ in table.required) + ")"
    return schema


def _given(name: str, typed: FieldDescriptor | None) -> dict:
    """An option the game will not default at this table: in `options`, or in the typed options."""
    ways = [{"required": ["options"], "properties": {"options": {"type": "object", "required": [name]}}}]
    field = typed.message_type.fields_by_name.get(name) if typed is not None else None
    if field is not None:  # typed fields are merged over `options`; null there means left out
        ways.append({"required": [typed.json_name], "properties": {typed.json_name: {
            "type": "object", "required": [field.json_name], "properties": {field.json_name: _single(field)}}}})
    return {"anyOf": ways} if len(ways) > 1 else ways[0]


def _option(taken: Taken, seats: int) -> dict:
    """An option's text values at a table (the description says the rest)."""
    spec, values = taken.spec, taken.values
    doc = {"description": f"{spec.description} (default {spec.default!r})"}
    if spec.type == "seat":
        return {"type": "string", "enum": [str(i) for i in range(seats)], **doc}
    span = _span(values) if spec.type == "int" else None
    if span:
        return {"type": "string", "pattern": int_range_pattern(*span), **doc}
    if values is not None:  # the values taken (free text and lists, e.g. a rigged deck: tried at the default)
        return {"type": "string", "enum": list(values), **doc}
    return {"type": "string", "pattern": int_range_pattern(spec.min, spec.max), **doc}


def _typed_option(f: FieldDescriptor, taken: Taken | None, seats: int) -> dict:
    if taken is None:  # a field of a shared message that this game does not list (Black Hat's solo)
        return {"nullable": True, "enum": [None], "description": "not an option of this game: leave it out"}
    spec, values = taken.spec, taken.values
    if spec.type == "seat":
        return {"type": "integer", "format": "uint32", "minimum": 0, "maximum": seats - 1}
    if values == ():  # no value taken at this table: only left out (null) is promised
        return {"nullable": True, "enum": [None], "description": spec.description}
    if is_repeated(f):  # a free list (a rigged deck): promised as its default only, like in `options`
        schema = {"type": "array", "items": {"type": "string", "enum": [spec.default]},
                  "description": f"{spec.description} (the list's values: see the `options` map)"}
        return schema if spec.default == "" else dict(schema, maxItems=1)  # empty entries are skipped
    if f.type in _INT32 and spec.type == "int":
        span = (spec.min, spec.max) if values is None else _span(values)
        if span is None:
            return {"type": "integer", "enum": sorted(int(v) for v in values)}
        return dict(_single(f), minimum=span[0], maximum=span[1])
    if f.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
        return {"type": "boolean"} if len(values) == 2 else {"type": "boolean", "enum": [values[0] == "true"]}
    if f.cpp_type == FieldDescriptor.CPPTYPE_STRING:
        return {"type": "string", "enum": list(values)}
    return _field(f)


def _span(values: tuple[str, ...] | None) -> tuple[int, int] | None:
    """(low, high) when `values` are the consecutive integers low..high."""
    if not values or not all(v.isdigit() for v in values):
        return None
    ints = sorted(int(v) for v in values)
    return (ints[0], ints[-1]) if ints == list(range(ints[0], ints[-1] + 1)) else None


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
