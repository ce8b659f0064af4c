"""Convert between the msgspec mirror Structs and the generated protobuf classes.

The gRPC adapter uses this on every call; the conversion is planned once per
(Struct, message) pair from the proto descriptor, so a call only walks a short
list of fields. Rules (the same as service/messages.py states): optional scalars
and message fields are None when unset, enums travel as their value names and
64-bit integers as decimal strings in the Structs.
"""
from __future__ import annotations

from typing import Any

import msgspec
from google.protobuf import struct_pb2
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.json_format import MessageToDict

_64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT64,
       FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED64}
SCALAR, OPTIONAL, U64, ENUM, MSG, REP_MSG, REP, MAP, STRUCT = range(9)

_plans: dict[type, tuple] = {}


def _plan(struct_cls: type, desc) -> tuple:
    """[(name, kind, Struct class of a sub-message, pb class, enum descriptor)] for a message pair."""
    plan = _plans.get(struct_cls)  # each Struct mirrors exactly one message
    if plan is not None:
        return plan
    hints = msgspec.structs.fields(struct_cls)
    by_name = {f.name: f for f in hints}
    missing = set(by_name) ^ {f.name for f in desc.fields}
    if missing:
        raise TypeError(f"{struct_cls.__name__} and {desc.full_name} differ in fields {sorted(missing)}")
    rows = []
    for f in desc.fields:
        sub_struct = _element_type(by_name[f.name].type)
        sub_cls = f.message_type._concrete_class if f.message_type is not None else None
        if f.message_type is not None and f.message_type.GetOptions().map_entry:
            kind = MAP
        elif f.message_type is not None and f.message_type.full_name == "google.protobuf.Struct":
            kind = STRUCT
        elif f.message_type is not None:
            kind = REP_MSG if _repeated(f) else MSG
        elif _repeated(f):
            kind = REP
        elif f.enum_type is not None:
            kind = ENUM
        elif f.type in _64:
            kind = U64
        elif f.has_presence:
            kind = OPTIONAL
        else:
            kind = SCALAR
        rows.append((f.name, kind, sub_struct, sub_cls, f.enum_type))
    plan = tuple(rows)
    _plans[struct_cls] = plan
    return plan


def _repeated(f) -> bool:
    # `label` is deprecated in newer protobuf releases; `is_repeated` replaces it.
    rep = getattr(f, "is_repeated", None)
    return rep if rep is not None else f.label == FieldDescriptor.LABEL_REPEATED


def _element_type(tp):
    """The Struct class inside `X | None` or `list[X]`, if any."""
    for cand in (getattr(tp, "__args__", None) or (tp,)):
        if isinstance(cand, type) and issubclass(cand, msgspec.Struct):
            return cand
        inner = _element_type(cand) if getattr(cand, "__args__", None) else None
        if inner is not None:
            return inner
    return None


def to_pb(obj: msgspec.Struct, pb_cls):
    """The protobuf message of class `pb_cls` equal to the Struct `obj`."""
    msg = pb_cls()
    _fill(msg, obj)
    return msg


def _fill(msg, obj: msgspec.Struct) -> None:
    # Sub-messages are filled in place: passing built messages to a constructor would copy them.
    for name, kind, _sub_struct, _sub_cls, _enum in _plan(type(obj), msg.DESCRIPTOR):
        v = getattr(obj, name)
        if v is None:
            continue
        if kind == SCALAR or kind == ENUM:
            if v:  # proto3 scalars without presence: the default is "not set"
                setattr(msg, name, v)
        elif kind == OPTIONAL:
            setattr(msg, name, v)
        elif kind == U64:
            setattr(msg, name, int(v))
        elif kind == MSG:
            _fill(getattr(msg, name), v)
            if not msg.HasField(name):  # an empty sub-message that was given is still "set"
                getattr(msg, name).SetInParent()
        elif kind == REP_MSG:
            field = getattr(msg, name)
            for x in v:
                _fill(field.add(), x)
        elif kind == STRUCT:
            _fill_struct(getattr(msg, name), v)
        elif kind == REP:
            if v:
                getattr(msg, name).extend(v)
        elif v:  # MAP
            getattr(msg, name).update(v)


def from_pb(msg, struct_cls: type):
    """The Struct of class `struct_cls` equal to the protobuf message `msg`."""
    kwargs = {}
    for name, kind, sub_struct, _sub_cls, enum in _plan(struct_cls, msg.DESCRIPTOR):
        if kind == SCALAR:
            kwargs[name] = getattr(msg, name)
        elif kind == OPTIONAL:
            kwargs[name] = getattr(msg, name) if msg.HasField(name) else None
        elif kind == U64:
            # Unset (or 0 without presence): leave the Struct's default, which msgspec omits by identity.
            value = getattr(msg, name)
            if value or (msg.DESCRIPTOR.fields_by_name[name].has_presence and msg.HasField(name)):
                kwargs[name] = str(value)
        elif kind == ENUM:
            number = getattr(msg, name)
            if number:  # 0 stays the Struct's default (see U64)
                value = enum.values_by_number.get(number)
                kwargs[name] = value.name if value is not None else str(number)
        elif kind == MSG:
            kwargs[name] = from_pb(getattr(msg, name), sub_struct) if msg.HasField(name) else None
        elif kind == REP_MSG:
            kwargs[name] = [from_pb(x, sub_struct) for x in getattr(msg, name)]
        elif kind == REP:
            kwargs[name] = list(getattr(msg, name))
        elif kind == MAP:
            kwargs[name] = dict(getattr(msg, name))
        elif kind == STRUCT:
            kwargs[name] = MessageToDict(getattr(msg, name)) if msg.HasField(name) else None
    return struct_cls(**kwargs)


def _fill_struct(target, values: dict) -> None:
    """Fill a google.protobuf.Struct: flat values directly (Struct.update is pure Python and slow)."""
    fields = target.fields
    for key, v in values.items():
        t = type(v)
        if t is str:
            fields[key].string_value = v
        elif t is int or t is float:
            fields[key].number_value = v
        elif v is None:
            fields[key].null_value = 0
        elif t is bool:
            fields[key].bool_value = v
        else:
            target.update({key: _plain(v)})
    if not values:
        target.SetInParent()


def _plain(value):
    """Tuples and other sequences as lists, mappings as dicts: what Struct.update takes."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
