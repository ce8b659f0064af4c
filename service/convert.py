"""Convert between the msgspec mirror Structs and the generated protobuf classes.

The gRPC adapter uses this on every call; each (Struct, message) pair is planned
once from the proto descriptor and gets a generated straight-line converter. Rules (the same as service/messages.py states): optional scalars
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


def from_pb(msg, struct_cls: type):
    """The Struct of class `struct_cls` equal to the protobuf message `msg`."""
    conv = _readers.get(struct_cls)
    if conv is None:
        conv = _readers[struct_cls] = _make_reader(struct_cls, msg.DESCRIPTOR)
    return conv(msg)


def _fill(msg, obj: msgspec.Struct) -> None:
    fill = _fillers.get(type(obj))
    if fill is None:
        fill = _fillers[type(obj)] = _make_filler(type(obj), msg.DESCRIPTOR)
    fill(msg, obj)


# Each (Struct, message) pair gets a converter generated from its plan: straight-line code,
# one statement per field, instead of a loop that dispatches on the field kind per field
# (on an ApplyMove response the generic walk cost ~9 us). The semantics are the plan's.
_fillers: dict[type, object] = {}
_readers: dict[type, object] = {}


def _make_filler(struct_cls: type, desc):
    lines = ["def fill(msg, obj):"]
    for name, kind, _sub_struct, _sub_cls, _enum in _plan(struct_cls, desc):
        lines.append(f"    v = obj.{name}")
        if kind == SCALAR or kind == ENUM:  # proto3 scalars without presence: the default is "not set"
            lines.append(f"    if v: msg.{name} = v")
        elif kind == OPTIONAL:
            lines.append(f"    if v is not None: msg.{name} = v")
        elif kind == U64:
            lines.append(f"    if v is not None: msg.{name} = int(v)")
        elif kind == MSG:
            # Filled in place (passing built messages to a constructor would copy them); an
            # empty sub-message that was given is still "set".
            lines += ["    if v is not None:", f"        _fill(msg.{name}, v)",
                      f"        if not msg.HasField({name!r}): msg.{name}.SetInParent()"]
        elif kind == REP_MSG:
            lines += ["    if v:", f"        add = msg.{name}.add", "        for x in v: _fill(add(), x)"]
        elif kind == STRUCT:
            lines.append(f"    if v is not None: _fill_struct(msg.{name}, v)")
        elif kind == REP:
            lines.append(f"    if v: msg.{name}.extend(v)")
        else:  # MAP
            lines.append(f"    if v: msg.{name}.update(v)")
    return _compile(lines + ["    return None"], "fill", {"_fill": _fill, "_fill_struct": _fill_struct})


def _make_reader(struct_cls: type, desc):
    # Unset 64-bit and enum fields are left out of the call, so the Struct keeps its default
    # (which msgspec omits from JSON by identity).
    pre, args = [], []
    env: dict = {"_cls": struct_cls, "_from_pb": from_pb, "_to_dict": MessageToDict}
    for i, (name, kind, sub_struct, _sub_cls, enum) in enumerate(_plan(struct_cls, desc)):
        has = f"msg.HasField({name!r})"
        if kind == SCALAR:
            args.append(f"{name}=msg.{name}")
        elif kind == OPTIONAL:
            args.append(f"{name}=msg.{name} if {has} else None")
        elif kind == U64:
            presence = f" or {has}" if desc.fields_by_name[name].has_presence else ""
            pre += [f"    v = msg.{name}", f"    if v{presence}: kw[{name!r}] = str(v)"]
        elif kind == ENUM:
            env[f"_enum{i}"] = enum.values_by_number
            pre += [f"    v = msg.{name}", "    if v:", f"        e = _enum{i}.get(v)",
                    f"        kw[{name!r}] = e.name if e is not None else str(v)"]
        elif kind == MSG:
            env[f"_sub{i}"] = sub_struct
            args.append(f"{name}=_from_pb(msg.{name}, _sub{i}) if {has} else None")
        elif kind == REP_MSG:
            env[f"_sub{i}"] = sub_struct
            args.append(f"{name}=[_from_pb(x, _sub{i}) for x in msg.{name}]")
        elif kind == REP:
            args.append(f"{name}=list(msg.{name})")
        elif kind == MAP:
            args.append(f"{name}=dict(msg.{name})")
        else:  # STRUCT
            args.append(f"{name}=_to_dict(msg.{name}) if {has} else None")
    lines = ["def read(msg):", "    kw = {}", *pre, f"    return _cls({', '.join(args + ['**kw'])})"]
    return _compile(lines, "read", env)


def _compile(lines: list[str], name: str, env: dict):
    namespace = dict(env)
    exec(compile("\n".join(lines), f"<convert {name}>", "exec"), namespace)  # noqa: S102 - our own plan
    return namespace[name]


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
