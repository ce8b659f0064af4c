"""The generated code and the msgspec mirrors stay in step with proto/.

- The committed service/api/*_pb2*.py equal a fresh protoc run.
- Every proto message has a mirror Struct with the same fields, and for a
  sample with every field set (and for the all-defaults message) msgspec's JSON
  equals json_format's proto3 JSON, both ways through service/convert.py.
"""
from __future__ import annotations

import importlib
import json
import pkgutil

import msgspec
import pytest
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor

from service import convert
from service import messages as m
import service.api
from service.api import engine_pb2, generate
from service.games import MAPPINGS

# Every generated module (one per proto file), so a new game's messages are covered without listing them.
PB2_MODULES = [importlib.import_module(f"service.api.{info.name}") for info in
               pkgutil.iter_modules(service.api.__path__) if info.name.endswith("_pb2")]


def test_generated_code_is_up_to_date():
    assert generate.stale() == [], "run: python -m service.api.generate"


def _mirrors():
    out = {}
    for module in (m, *MAPPINGS.values()):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, msgspec.Struct) and obj is not msgspec.Struct:
                out[name] = obj
    return out


MIRRORS = _mirrors()
MESSAGES = [d for f in PB2_MODULES for d in f.DESCRIPTOR.message_types_by_name.values()]


def test_every_proto_file_is_generated_and_covered():
    protos = sorted(p.stem for p in (generate.PROTO_DIR / "engine" / "v1").glob("*.proto"))
    assert sorted(mod.__name__.rsplit(".", 1)[1].removesuffix("_pb2") for mod in PB2_MODULES) == protos
    assert {"engine", *MAPPINGS} <= set(protos)


def test_every_message_has_a_mirror_and_back():
    assert sorted(d.name for d in MESSAGES) == sorted(MIRRORS)


@pytest.mark.parametrize("envelope,oneof", [("Move", "game"), ("View", "game"), ("NewGameRequest", "typed_options")])
def test_every_mapping_has_its_envelope_field(envelope, oneof):
    """One oneof member per mapped game, named by the game id, typed by that game's mapping module."""
    desc = engine_pb2.DESCRIPTOR.message_types_by_name[envelope]
    members = {f.name: f.message_type.name for f in desc.oneofs_by_name[oneof].fields}
    assert set(members) == set(MAPPINGS)
    for gid, type_name in members.items():
        assert getattr(MAPPINGS[gid], type_name) is MIRRORS[type_name]
        field_type = msgspec.structs.fields(getattr(m, envelope))
        assert any(f.name == gid and f.type == (MIRRORS[type_name] | None) for f in field_type)


def _sample(desc, depth=0):
    """A Struct for `desc` with every field set (one member per oneof)."""
    cls = MIRRORS[desc.name]
    kwargs = {}
    chosen_oneofs = set()
    for f in desc.fields:
        oneof = f.containing_oneof
        if oneof is not None and not getattr(oneof, "is_synthetic", False) and not (
                len(oneof.fields) == 1 and oneof.name == "_" + f.name):
            if oneof.name in chosen_oneofs:
                continue
            chosen_oneofs.add(oneof.name)
        kwargs[f.name] = _value(f, depth)
    return cls(**kwargs)


def _value(f, depth):
    repeated = convert._repeated(f)
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        vt = f.message_type.fields_by_name["value"]
        return {"k1": 7 if vt.cpp_type == FieldDescriptor.CPPTYPE_INT32 else "v1"}
    if f.message_type is not None and f.message_type.full_name == "google.protobuf.Struct":
        return {"n": 1.5, "s": "x", "l": [1.5, "y", None], "o": {"b": True}}
    if f.message_type is not None:
        one = _sample(f.message_type, depth + 1)
        return [one, one] if repeated else one
    if f.enum_type is not None:
        return f.enum_type.values[1].name
    if f.type in (FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_INT64):
        return "18446744073709551615" if f.type == FieldDescriptor.TYPE_UINT64 else "-5"
    scalar = {FieldDescriptor.CPPTYPE_STRING: "s", FieldDescriptor.CPPTYPE_BOOL: True,
              FieldDescriptor.CPPTYPE_INT32: -3, FieldDescriptor.CPPTYPE_UINT32: 4}
    if f.type == FieldDescriptor.TYPE_BYTES:
        v = b"\x00\xff\xfe state"
    else:
        v = scalar[f.cpp_type]
    return [v, v] if repeated else v


@pytest.mark.parametrize("desc", MESSAGES, ids=[d.name for d in MESSAGES])
def test_mirror_json_equals_json_format(desc):
    pb_cls = desc._concrete_class
    cls = MIRRORS[desc.name]
    for sample in (_sample(desc), cls()):
        ours = json.loads(msgspec.json.encode(sample))
        message = convert.to_pb(sample, pb_cls)
        theirs = json_format.MessageToDict(message)
        assert ours == theirs
        # And back: proto3 JSON parsed by json_format, converted, equals msgspec's decode.
        parsed = json_format.Parse(msgspec.json.encode(sample), pb_cls())
        assert parsed == message
        back = json.loads(msgspec.json.encode(convert.from_pb(parsed, cls)))
        assert back == json.loads(msgspec.json.encode(msgspec.json.decode(msgspec.json.encode(sample), type=cls)))
