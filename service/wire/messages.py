"""The API's JSON types: one msgspec Struct per proto message, derived from the descriptors at import.

Both transports speak these: the REST adapter decodes/encodes them as JSON
directly (1-2 us, where `json_format` costs 70-160 us), the gRPC adapter
converts them to and from the generated protobuf classes (service/wire/convert.py).
Nothing here is written by hand, so nothing can drift from proto/. Rules:

- field names are the proto field names; JSON names are the descriptors'
  `json_name` (proto3 JSON's lowerCamelCase) and defaults are left out of the
  JSON (`omit_defaults`), as proto3 JSON does; unknown JSON fields are refused by the
  Struct, so that such a body is read by service/wire/protojson.py, which reads the other
  spellings of known fields and skips unknown ones (a bare `forbid_unknown_fields=False`
  would skip `legal_moves` too, a known field in its proto name);
- scalar: the proto default; `optional` scalar: `None` when unset;
- message: `None` when unset; repeated: list; map: dict;
- oneof member: its own field, `None` when not chosen;
- enum: its value name as a string (the zero value's name by default);
- 64-bit integers: a decimal string on output (proto3 JSON), int or string accepted on input;
- bytes: base64.

A nested message's Struct is named by its path without dots (`HatsEvent.Exchanged`
-> `HatsEventExchanged`); every Struct is an attribute of this module under that name,
and `STRUCTS` maps full proto names (`engine.v1.HatsEvent.Exchanged`) to them.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import msgspec
from google.protobuf.descriptor import Descriptor, FieldDescriptor

import service.api

PACKAGE = "engine.v1"
_64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT64,
       FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED64}
_SCALARS = {
    FieldDescriptor.CPPTYPE_INT32: (int, 0), FieldDescriptor.CPPTYPE_UINT32: (int, 0),
    FieldDescriptor.CPPTYPE_INT64: (int, 0), FieldDescriptor.CPPTYPE_UINT64: (int, 0),
    FieldDescriptor.CPPTYPE_DOUBLE: (float, 0.0), FieldDescriptor.CPPTYPE_FLOAT: (float, 0.0),
    FieldDescriptor.CPPTYPE_BOOL: (bool, False), FieldDescriptor.CPPTYPE_STRING: (str, ""),
}

# Every generated module (one per proto file), so a new game's messages are covered without listing them.
PB2_MODULES = tuple(importlib.import_module(f"service.api.{info.name}") for info in
                    pkgutil.iter_modules(service.api.__path__) if info.name.endswith("_pb2"))
STRUCTS: dict[str, type] = {}


class Shared(list):
    """A repeated field's elements that the app layer shares between responses: each is built once and
    never changed after, so the gRPC converter serializes each of them once (service/wire/convert.py)."""

    __slots__ = ()


class Kept(Shared):
    """A Shared list that is itself kept and given again (an event's wire form on the Event): the gRPC
    converter keeps its bytes by the list's identity, so a response that reuses it joins nothing."""

    __slots__ = ()


# Single Structs the app layer shares between responses (an echoed move): id -> the Struct, held here so
# the id names it while it is registered. Cleared when full: a Struct no longer registered is then simply
# converted again (service/wire/convert.py).
SHARED_ONES: dict[int, object] = {}
MAX_SHARED_ONES = 1 << 15


def shared(obj):
    """Register `obj` (a Struct built once and never changed after) as shared between responses; returns it."""
    if len(SHARED_ONES) >= MAX_SHARED_ONES:
        SHARED_ONES.clear()
    SHARED_ONES[id(obj)] = obj
    return obj


def is_repeated(f: FieldDescriptor) -> bool:
    """True for repeated fields (and maps). `label` is deprecated in newer protobuf releases."""
    rep = getattr(f, "is_repeated", None)
    return rep if rep is not None else f.label == FieldDescriptor.LABEL_REPEATED


def is_map(f: FieldDescriptor) -> bool:
    """True for map fields."""
    return f.message_type is not None and f.message_type.GetOptions().map_entry


def struct_name(desc: Descriptor) -> str:
    """`HatsEventExchanged` for `engine.v1.HatsEvent.Exchanged`."""
    return desc.full_name.removeprefix(PACKAGE + ".").replace(".", "")


def struct_for(desc: Descriptor) -> type:
    """The Struct of a message descriptor (made on first use, then shared)."""
    cls = STRUCTS.get(desc.full_name)
    if cls is None:
        cls = STRUCTS[desc.full_name] = _define(desc)
    return cls


def _define(desc: Descriptor) -> type:
    fields = []
    for f in desc.fields:
        tp, default = _field_type(f)
        fields.append((f.name, tp, default))
    rename = {f.name: f.json_name for f in desc.fields}
    doc = f"The JSON form of {desc.full_name} (derived from the descriptor)."
    return msgspec.defstruct(struct_name(desc), fields, rename=rename, omit_defaults=True,
                             forbid_unknown_fields=True, module=__name__, namespace={"__doc__": doc})


def _field_type(f: FieldDescriptor) -> tuple[Any, Any]:
    if is_map(f):
        key, value = (_field_type(f.message_type.fields_by_name[n])[0] for n in ("key", "value"))
        return dict[key, value], msgspec.field(default_factory=dict)
    if f.message_type is not None:
        sub = struct_for(f.message_type)
        return (list[sub], msgspec.field(default_factory=list)) if is_repeated(f) else (sub | None, None)
    if f.enum_type is not None:
        tp, default = str, f.enum_type.values_by_number[0].name if 0 in f.enum_type.values_by_number else ""
    elif f.type in _64:
        tp, default = int | str, "0"
    elif f.type == FieldDescriptor.TYPE_BYTES:
        tp, default = bytes, b""
    else:
        tp, default = _SCALARS[f.cpp_type]
    if is_repeated(f):
        return list[tp], msgspec.field(default_factory=list)
    if f.has_presence:
        return tp | None, None
    return tp, default


def _all_messages(desc) -> list[Descriptor]:
    out = []
    for m in desc.message_types_by_name.values() if hasattr(desc, "message_types_by_name") else desc.nested_types:
        if m.GetOptions().map_entry:
            continue
        out.append(m)
        out.extend(_all_messages(m))
    return out


MESSAGES: tuple[Descriptor, ...] = tuple(m for mod in PB2_MODULES for m in _all_messages(mod.DESCRIPTOR))
for _desc in MESSAGES:
    globals()[struct_name(_desc)] = struct_for(_desc)
del _desc
