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
    fields = _fields(desc)
    out = {}
    for key, value in obj.items():
        f = fields.get(key)
        if f is None:
            out[key] = value  # unknown: the Struct refuses it by name
            continue
        if f.json_name in out:
            raise Unreadable(f"{path}.{key}", f"field {f.name} is given twice (as {f.name} and {f.json_name})")
        if value is None:
            continue  # null: the field's default
        out[f.json_name] = _value(f, value, f"{path}.{f.json_name}")
    return out


_by_name: dict[str, dict[str, FieldDescriptor]] = {}


def _fields(desc: Descriptor) -> dict[str, FieldDescriptor]:
    """Both JSON names of each field -> the field."""
    fields = _by_name.get(desc.full_name)
    if fields is None:
        fields = {}
        for f in desc.fields:
            fields[f.name] = fields[f.json_name] = f
        _by_name[desc.full_name] = fields
    return fields


def _value(f: FieldDescriptor, value, path: str):
    if is_map(f):
        if not isinstance(value, dict):
            return value
        key_f, value_f = f.message_type.fields_by_name["key"], f.message_type.fields_by_name["value"]
        return {_scalar(key_f, k, f"{path}[{k!r}]") if key_f.cpp_type in _INT else k:
                _single(value_f, v, f"{path}[{k!r}]") for k, v in value.items() if v is not None}
    if is_repeated(f):
        if not isinstance(value, list):
            return value
        return [_single(f, v, f"{path}[{i}]") for i, v in enumerate(value)]
    return _single(f, value, path)


def _single(f: FieldDescriptor, value, path: str):
    if f.message_type is not None:
        return canonical(value, f.message_type, path)
    return _scalar(f, value, path)


def _scalar(f: FieldDescriptor, value, path: str):
    if f.enum_type is not None:
        if isinstance(value, int) and not isinstance(value, bool):
            named = f.enum_type.values_by_number.get(value)
            return named.name if named is not None else str(value)
        return value
    if f.type == FieldDescriptor.TYPE_BYTES:
        return _bytes(value, path) if isinstance(value, str) else value
    if f.cpp_type in _INT:
        return _integer(value, path)
    if f.cpp_type in _FLOAT and isinstance(value, str):
        if value in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[value]
        try:
            return float(value)
        except ValueError:
            raise Unreadable(path, f"{value[:40]!r} is not a number") from None
    return value


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
