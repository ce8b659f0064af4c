"""The generated code and the derived JSON Structs stay in step with proto/.

- The committed service/api/*_pb2*.py equal a fresh protoc run.
- Every proto message (nested ones too) has its derived Struct, and for a sample
  with every field set (and for the all-defaults message) msgspec's JSON equals
  json_format's proto3 JSON, both ways through service/wire/convert.py.
- No google.protobuf.Struct (or any other well-known dynamic type) in the API.
- A game's typed surface is complete: a member named by its id in each envelope oneof.
"""
from __future__ import annotations

import json
import random
import sys

import msgspec
import pytest
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor

import engines
from service.api import engine_pb2, generate
from service.wire import convert
from service.wire import messages as m

MESSAGES = list(m.MESSAGES)
ENVELOPES = [("Move", "game"), ("View", "game"), ("Event", "game"), ("NewGameRequest", "typed_options")]


def test_generated_code_is_up_to_date():
    assert generate.stale() == [], "run: python -m service.api.generate"


def test_every_proto_file_is_generated_and_covered():
    protos = sorted(p.stem for p in (generate.PROTO_DIR / "engine" / "v1").glob("*.proto"))
    assert sorted(mod.__name__.rsplit(".", 1)[1].removesuffix("_pb2") for mod in m.PB2_MODULES) == protos


def test_every_message_has_its_struct():
    for desc in MESSAGES:
        cls = m.STRUCTS[desc.full_name]
        assert getattr(m, m.struct_name(desc)) is cls
        assert cls.__struct_fields__ == tuple(f.name for f in desc.fields)


def test_no_dynamic_struct_anywhere_in_the_api():
    for desc in MESSAGES:
        for f in desc.fields:
            assert f.message_type is None or f.message_type.full_name.startswith("engine.v1."), (
                f"{desc.full_name}.{f.name} is a {f.message_type.full_name}")
    for path in (generate.PROTO_DIR / "engine" / "v1").glob("*.proto"):
        assert "google/protobuf/struct.proto" not in path.read_text(), path


def test_every_typed_game_has_all_its_envelope_members():
    """A game with a .proto has a move, a view, options and events, each a member named by its id.

    The messages are named after the game's engine package, so ids served by one engine share them
    (`white_hat` and `black_hat` both use WhiteHatMove, ...).
    """
    members = [{f.name: f.message_type.name for f in engine_pb2.DESCRIPTOR.message_types_by_name[env]
                .oneofs_by_name[oneof].fields if f.name != "generic"} for env, oneof in ENVELOPES]
    assert all(set(x) == set(members[0]) for x in members), members
    for gid, type_name in members[0].items():
        package = type(engines.get(gid)).__module__.split(".")[1]
        title = "".join(w.title() for w in package.split("_"))
        assert [x[gid] for x in members] == [f"{title}{k}" for k in ("Move", "View", "Event", "Options")]


def _sample(desc, depth=0):
    """A Struct for `desc` with every field set (one member per oneof)."""
    cls = m.STRUCTS[desc.full_name]
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
    repeated = m.is_repeated(f)
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        vt = f.message_type.fields_by_name["value"]
        return {"k1": 7 if vt.cpp_type == FieldDescriptor.CPPTYPE_INT32 else "v1"}
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


@pytest.mark.parametrize("desc", MESSAGES, ids=[m.struct_name(d) for d in MESSAGES])
def test_struct_json_equals_json_format(desc):
    pb_cls = desc._concrete_class
    cls = m.STRUCTS[desc.full_name]
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


def test_shared_parts_serialize_as_they_would_built(monkeypatch):
    """Shared and Kept lists (listed moves, events) and shared moves (m.shared, an echoed move) are served from cached
    bytes, and so are the counters and flags beside them (to_bytes' combinations): the message must equal the one
    built part by part, across threads, while the caches turn over."""
    from concurrent.futures import ThreadPoolExecutor

    from service.api import engine_pb2 as pb

    monkeypatch.setattr(convert, "SHARED_CACHE", 7)  # a tiny bound: entries are cleared all the time
    monkeypatch.setattr(m, "MAX_SHARED_ONES", 5)
    monkeypatch.setattr(convert, "_writers", {})
    hats_move, hats_event = m.STRUCTS["engine.v1.HatsMove"], m.STRUCTS["engine.v1.HatsEvent"]
    set_apart = m.STRUCTS["engine.v1.HatsEvent.SetApart"]
    pool = [m.Move(seat=i % 4, text=f"move {i}", hats=hats_move(kind="EXCHANGE", card=f"R{i}", space=i % 7))
            for i in range(50)]
    events = [m.Event(kind="black_hat", private_to=[i % 3], hats=hats_event(black_hat=set_apart(
        seat=i % 3, card=f"P{i}"))) for i in range(20)]
    kept = [m.Kept(events[i:i + 1 + i % 2]) for i in range(15)]  # lists given again (an Event's wire form)

    def check(seed: int) -> int:
        rnd = random.Random(seed)
        for _ in range(300):
            picked = [rnd.choice(pool) for _ in range(rnd.randrange(1, 12))]
            echoed, caused = rnd.choice(pool), [rnd.choice(events) for _ in range(rnd.randrange(0, 3))]
            if rnd.random() < 0.5:
                m.shared(echoed)
            given = rnd.choice(kept) if rnd.random() < 0.4 else m.Shared(caused) if rnd.random() < 0.8 else caused
            caused = list(given)
            to_act, count, over = rnd.sample(range(4), rnd.randrange(0, 3)), rnd.randrange(3), rnd.random() < 0.3
            # A compact listing's groups are built for each call: a plain list, serialized apart.
            groups = [m.SeatMoves(rnd.randrange(4), [f"move {rnd.randrange(50)}" for _ in range(rnd.randrange(4))])
                      for _ in range(rnd.randrange(3))]
            shared = m.ApplyMoveResponse(state=b"s", legal_moves=m.Shared(picked), move=echoed,
                                         events=given, to_act=to_act, move_count=count, finished=over,
                                         legal_by_seat=groups)
            plain = convert.to_pb(m.ApplyMoveResponse(state=b"s", legal_moves=list(picked), move=echoed,
                                                      events=list(caused), to_act=to_act, move_count=count,
                                                      finished=over, legal_by_seat=list(groups)),
                                  pb.ApplyMoveResponse)
            built = convert.to_pb(shared, pb.ApplyMoveResponse)
            assert built == plain and [(x.seat, x.text) for x in built.legal_moves] == \
                [(x.seat, x.text) for x in picked]
            # The gRPC adapter's form: the shared parts' bytes after the rest, read back the same.
            assert pb.ApplyMoveResponse.FromString(convert.to_bytes(shared, pb.ApplyMoveResponse)) == plain
        return seed
    with ThreadPoolExecutor(8) as ex:
        assert sorted(ex.map(check, range(8))) == list(range(8))


def test_counters_and_flags_serialize_as_built(monkeypatch):
    """to_bytes makes a response's parts other than bytes and strings once per combination (its counters and flags,
    the identities of its shared parts): few combinations, so most calls hit, while the bound turns them over;
    each must equal the message built part by part, across threads."""
    from concurrent.futures import ThreadPoolExecutor

    from service.api import engine_pb2 as pb

    monkeypatch.setattr(convert, "CHUNKS", 7)
    monkeypatch.setattr(convert, "SHARED_CACHE", 3)  # the elements' own cache lets go of them soon
    monkeypatch.setattr(convert, "_writers", {})  # made again, with the tiny bounds
    monkeypatch.setattr(convert, "_fillers", {})
    hats_move = m.STRUCTS["engine.v1.HatsMove"]
    moves = [m.shared(m.Move(seat=i, text=f"move {i}", hats=hats_move(kind="EXCHANGE", card=f"R{i}", space=i)))
             for i in range(3)]
    events = [m.Event(kind=f"e{i}", private_to=[i]) for i in range(4)]
    kept = [m.Kept(events[i:i + 1]) for i in range(4)]

    def check(seed: int) -> int:
        rnd = random.Random(seed)
        hits = 0
        for _ in range(500):
            # One in ten echoes a move built for this call (not shared): that response is built whole.
            move = rnd.choice(moves) if rnd.random() < 0.9 else m.Move(seat=1, text="fresh")
            given = rnd.choice([*kept, m.Shared(rnd.sample(events, rnd.randrange(0, 3)))])
            to_act, count, over = rnd.choice([[], [0], [1], [0, 2]]), rnd.randrange(3), rnd.random() < 0.5
            if rnd.random() < 0.3:  # an event made for this call and gone after it: its id comes back on another
                given, move, to_act, count, over = m.Shared([m.Event(kind=f"new{rnd.randrange(999)}")]), moves[0], [0], 1, False
            state = bytes([rnd.randrange(256)]) * rnd.randrange(3)
            shared = m.ApplyMoveResponse(state=state, move=move, events=given, to_act=to_act, move_count=count,
                                         finished=over)
            plain = convert.to_pb(m.ApplyMoveResponse(state=state, move=move, events=list(given), to_act=to_act,
                                                      move_count=count, finished=over), pb.ApplyMoveResponse)
            assert pb.ApplyMoveResponse.FromString(convert.to_bytes(shared, pb.ApplyMoveResponse)) == plain
        return seed
    with ThreadPoolExecutor(8) as ex:
        assert sorted(ex.map(check, range(8))) == list(range(8))


def test_the_identity_memo_never_answers_for_an_object_whose_id_was_reused(monkeypatch):
    """convert's memo by identity (a listing's moves, events) holds each object while its entry is there, and
    its writers take turns, so a hit is never another object that got a freed one's id. Fresh objects, dropped
    at once (their ids come straight back), a bound of 2 (cleared all the time), 8 threads switching every
    microsecond: every answer is the object's own. Without the writers' lock a clear between another writer's
    two steps left entries whose objects were not held, and their ids answered for new objects."""
    from concurrent.futures import ThreadPoolExecutor

    class Box:
        __slots__ = ("tag",)

    monkeypatch.setattr(convert, "SHARED_CACHE", 2)
    get, _made = convert._by_identity(lambda box: box.tag)

    def run(seed: int) -> int:
        wrong = 0
        for i in range(20_000):
            box = Box()
            box.tag = b"%d-%d" % (seed, i)
            wrong += get(box) != box.tag
        return wrong
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as ex:
            assert sum(ex.map(run, range(8))) == 0
    finally:
        sys.setswitchinterval(before)
