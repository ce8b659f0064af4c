"""Every proto3 JSON spelling a conforming parser must accept, read into the derived Structs.

The Structs (service/wire/messages.py) decode the canonical form straight from the
bytes: lowerCamel names, enums as names, 32-bit integers as numbers, standard padded
base64. proto3 JSON also allows the original field names, enums as numbers, integers
as strings (and as numbers with an exponent, 1e2), 64-bit integers as numbers, floats
as "NaN"/"Infinity" strings, bytes as URL-safe base64 with or without padding, and
`null` for a field's default. A body that the canonical decoder refuses is read
again generically, rewritten to the canonical form by the field's descriptor, and
converted: what a Unity or grpcurl client sends costs one more pass, and the common
body nothing (json_format would cost ~160 us on every request).

Unknown fields (names that are neither a field's JSON name nor its proto name, at any
depth) are dropped here, as binary protobuf skips them: a newer client's request plays
on an older replica. The Structs themselves refuse unknown names, so that a body with
one comes here rather than have the canonical decoder drop a field it spells otherwise
(`legal_moves`); a known field's wrong value is still refused naming the field.
"""
from __future__ import annotations

import base64
import binascii
import math

import msgspec
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from .messages import MESSAGES, is_map, is_repeated, struct_for

_INT = {FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_UINT32,
        FieldDescriptor.CPPTYPE_INT64, FieldDescriptor.CPPTYPE_UINT64}
_FLOAT = {FieldDescriptor.CPPTYPE_DOUBLE, FieldDescriptor.CPPTYPE_FLOAT}
_SPECIAL_FLOATS = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
DESCRIPTORS: dict[type, Descriptor] = {struct_for(d): d for d in MESSAGES}


class Unreadable(ValueError):
    """A value proto3 JSON does not allow for its field; `path` names the field (`$.move.index`)."""

    def __init__(self, path: str, why: str):
        super().__init__(f"{why} - at `{path}`")


def canonical(obj, desc: Descriptor, path: str = "$"):
    """`obj` (a generically decoded JSON object) with names, enums, numbers and bytes in canonical form."""
    if not isinstance(obj, dict):
        return obj  # msgspec names the type mismatch
    fields = _plan(desc)
    out = {}
    for key, value in obj.items():
        row = fields.get(key)
        if row is None:
            # Not a field of this message (a newer client's field, during a rolling upgrade): skipped, as
            # binary protobuf skips unknown fields and proto3 JSON parsers do with ignore_unknown_fields.
            continue
        json_name, proto_name, fix = row
        if json_name in out:
            raise Unreadable(f"{path}.{key}", f"field {proto_name} is given twice (as {proto_name} and {json_name})")
        if value is None:
            continue  # null: the field's default
        out[json_name] = value if fix is None else fix(value, f"{path}.{json_name}")
    return out


_plans: dict[str, dict[str, tuple]] = {}


def _plan(desc: Descriptor) -> dict[str, tuple]:
    """Both JSON names of each field -> (lowerCamel name, proto name, the value's fixer or None).

    Made once per message: reading descriptor properties (options, types) costs microseconds each."""
    plan = _plans.get(desc.full_name)
    if plan is None:
        plan = {}
        for f in desc.fields:
            plan[f.name] = plan[f.json_name] = (f.json_name, f.name, _fixer(f))
        _plans[desc.full_name] = plan
    return plan


def _fixer(f: FieldDescriptor):
    """value, path -> the canonical value of field `f` (None: any value is already canonical)."""
    if is_map(f):
        key_f, value_f = f.message_type.fields_by_name["key"], f.message_type.fields_by_name["value"]
        fix_key = _single_fixer(key_f) if key_f.cpp_type in _INT else None
        fix_value = _single_fixer(value_f)

        def fix_map(value, path):
            if not isinstance(value, dict):
                return value
            return {(fix_key(k, f"{path}[{k!r}]") if fix_key else k):
                    (fix_value(v, f"{path}[{k!r}]") if fix_value else v) for k, v in value.items()}
        return fix_map
    one = _single_fixer(f)
    if one is None or not is_repeated(f):
        return one

    def fix_list(value, path):
        if not isinstance(value, list):
            return value
        return [one(v, f"{path}[{i}]") for i, v in enumerate(value)]
    return fix_list


def _single_fixer(f: FieldDescriptor):
    if f.message_type is not None:
        sub = f.message_type
        return lambda value, path: canonical(value, sub, path)
    if f.enum_type is not None:
        names = {v.number: v.name for v in f.enum_type.values}

        def fix_enum(value, path):
            if isinstance(value, int) and not isinstance(value, bool):
                return names.get(value, str(value))
            return value
        return fix_enum
    if f.type == FieldDescriptor.TYPE_BYTES:
        return lambda value, path: _bytes(value, path) if isinstance(value, str) else value
    if f.cpp_type in _INT:
        return _integer
    if f.cpp_type in _FLOAT:
        return _float
    return None


def _float(value, path: str):
    if not isinstance(value, str):
        return value
    if value in _SPECIAL_FLOATS:
        return _SPECIAL_FLOATS[value]
    try:
        return float(value)
    except ValueError:
        raise Unreadable(path, f"{value[:40]!r} is not a number") from None


def _integer(value, path: str):
    """An integer given as a number, a decimal string, or with an exponent (1e2)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return value
    if isinstance(value, int):
        return value
    number = value
    if isinstance(value, str):
        text = value.strip()
        try:
            return int(text, 10)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                raise Unreadable(path, f"{value[:40]!r} is not an integer") from None
    if not math.isfinite(number) or number != int(number):
        raise Unreadable(path, f"{value!r} is not an integer")
    return int(number)


def _bytes(text: str, path: str) -> bytes:
    """Standard or URL-safe base64, with or without padding."""
    try:
        return base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise Unreadable(path, "not base64 (standard or URL-safe)") from None


def read(body: bytes, struct_cls: type):
    """The Struct in a proto3 JSON `body` in any spelling; msgspec's errors (or Unreadable) when it is not one."""
    generic = msgspec.json.decode(body)
    return msgspec.convert(canonical(generic, DESCRIPTORS[struct_cls]), struct_cls)
