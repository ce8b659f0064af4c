"""A game's typed API surface, found by name in the descriptors, and the generic mapping onto it.

A game with its own .proto has a member named by its id in the oneofs of
`Move`, `View`, `Event` and `NewGameRequest` (typed options). Nothing per game
is written here: the engine's plain data maps onto those messages by field name.

- Move payload (engine MoveInfo -> typed move): `kind` -> the Move's `kind` enum
  (upper case); each arg -> the field of its name; a tuple or list of scalars
  given for a sub-message fills its fields in declaration order (a Cambio
  position (seat, slot) -> CambioPosition).
- Typed move -> (kind, args) for the engine's `move_text`: the kind's name in
  lower case, every field that is set by name, a sub-message as the tuple of its
  field values (a repeated one as a list of tuples).
- Typed options -> text options: field name = option name, value -> str,
  repeated -> comma-joined; only the fields that are set.
- View and events (engine dict -> message): by field name, recursively. Keys
  the message does not have are ignored: for views these are the envelope's
  `game` (the oneof member) and `seat` (View.seat); a test checks that no other
  key is dropped. None = unset; a dict fills a sub-message; a list of lists for
  a repeated sub-message with one repeated field fills that field (Hats' teams,
  Cambio's round-end table); a tuple or list fills a sub-message positionally.
  An event's message is the member of the game's `<Game>Event` named by its kind;
  its fields are the union of the event's public and private keys, the private
  ones filled only for a perspective seat in `private_to`.

A game without a .proto of its own (e.g. a test-only game) plays by text moves
and text options; its views and events travel as JSON text (GenericView,
GenericEvent).
"""
from __future__ import annotations

import operator
import threading
from keyword import iskeyword
from typing import Any, Callable, Mapping

import msgspec
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from service.api import engine_pb2 as pb

from . import messages as m
from .messages import is_map, is_repeated, struct_for

_json = msgspec.json.Encoder(order="deterministic")
# An engine Event's private part; a memo entry's wire form (entries are (the engine Event, its wire form));
# a Kept list's one wire Event: read in C.
_PRIVATE, _MEMO, _FIRST = operator.attrgetter("private"), operator.itemgetter(1), operator.itemgetter(0)


class BadTyped(ValueError):
    """A typed message that cannot be read: `field` names where (e.g. `move.cambio.target.seat`)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


def _member(envelope: str, oneof: str, game_id: str) -> Descriptor | None:
    desc = pb.DESCRIPTOR.message_types_by_name[envelope]
    f = desc.oneofs_by_name[oneof].fields
    found = [x for x in f if x.name == game_id]
    return found[0].message_type if found else None


def _members(envelope: str, oneof: str) -> tuple[str, ...]:
    return tuple(f.name for f in pb.DESCRIPTOR.message_types_by_name[envelope].oneofs_by_name[oneof].fields)


# The game ids with typed moves and typed options: the members of the envelopes' oneofs.
TYPED_MOVES = _members("Move", "game")
TYPED_OPTIONS = _members("NewGameRequest", "typed_options")


# -- building Structs from plain data (views, events) -----------------------------------------------
_builders: dict[str, Callable[[Any], Any]] = {}
_pending: dict[str, Callable[[Any], Any]] = {}
_lock = threading.RLock()


def builder(desc: Descriptor) -> Callable[[Any], Any]:
    """A function from plain data (a dict; or a tuple/list, positionally) to the Struct of `desc`.

    Generated once per message as straight-line code: events are built on every ApplyMove.
    """
    fn = _builders.get(desc.full_name)
    if fn is None:
        # Generated under a lock: a thread that found the recursion guard below in `_builders` (as
        # it was before) could call it before `fn` was set (TypeError, seen by tests/test_threads.py).
        # The guard lives in `_pending`, seen only by the generating thread (the lock is re-entrant).
        with _lock:
            fn = _builders.get(desc.full_name) or _pending.get(desc.full_name)
            if fn is None:
                _pending[desc.full_name] = lambda data: fn(data)  # recursion guard while generating
                try:
                    fn = _make_builder(desc)
                finally:
                    del _pending[desc.full_name]
                _builders[desc.full_name] = fn
    return fn


def _make_builder(desc: Descriptor):
    cls = struct_for(desc)
    env: dict[str, Any] = {"_cls": cls, "_pos": lambda v: cls(*v), "_list": list, "_bool": bool, "_dict": dict,
                           "_Mapping": Mapping}
    args = []
    for i, f in enumerate(desc.fields):
        get = f"g({f.name!r})"
        if is_map(f):
            expr = f"_dict(v) if (v := {get}) else {{}}"
        elif f.message_type is not None:
            env[f"_e{i}"] = _element(f.message_type)
            expr = (f"[_e{i}(x) for x in v] if (v := {get}) else []" if is_repeated(f)
                    else f"_e{i}(v) if (v := {get}) is not None else None")
        elif is_repeated(f):
            expr = f"_list(v) if (v := {get}) else []"
        elif f.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
            expr = f"_bool({get})"
        elif f.has_presence:
            expr = get
        else:
            default = struct_for(desc).__struct_defaults__[i]
            env[f"_d{i}"] = default
            expr = f"v if (v := {get}) is not None else _d{i}"
        args.append(f"({expr})")
    names = [f.name for f in desc.fields]
    if any(iskeyword(n) for n in names):  # a keyword field (`from`) goes in by position
        call = f"_cls({', '.join(args)})"
    else:
        call = f"_cls({', '.join(f'{n}={a}' for n, a in zip(names, args))})"
    # Plain dicts take the fast path; other mappings are copied, anything else fills positionally.
    src = "\n".join(["def build(d):", "    if type(d) is not dict:", "        if not isinstance(d, _Mapping):",
                     "            return _pos(d)", "        d = dict(d)", "    g = d.get", f"    return {call}"])
    namespace = dict(env)
    exec(compile(src, f"<builder {desc.full_name}>", "exec"), namespace)  # noqa: S102 - our own plan
    return namespace["build"]


def _element(desc: Descriptor) -> Callable[[Any], Any]:
    """A sub-message from a dict, or a list for a message with one repeated field, or positionally."""
    build = builder(desc)
    if len(desc.fields) == 1 and is_repeated(desc.fields[0]):
        name = desc.fields[0].name
        return lambda v: build(v if type(v) is dict else {name: v})
    return build


# -- one game ------------------------------------------------------------------------------------------
class GameWire:
    """How one game's engine data maps onto the API messages (typed, or generic without a .proto)."""

    def __init__(self, game_id: str):
        self.id = game_id
        self.move_desc = _member("Move", "game", game_id)
        self.view_desc = _member("View", "game", game_id)
        self.options_desc = _member("NewGameRequest", "typed_options", game_id)
        self.event_desc = _member("Event", "game", game_id)
        self.typed = self.move_desc is not None
        if self.move_desc is not None:
            self._move_cls = struct_for(self.move_desc)
            self._kind = self.move_desc.fields_by_name["kind"].enum_type
            self._move_fields = {f.name: f for f in self.move_desc.fields if f.name != "kind"}
        if self.view_desc is not None:
            self._view = builder(self.view_desc)
        self._payloads: dict[tuple, Callable] = {}
        self._events: dict[str, Callable] = {}
        self._seen: dict[tuple, Any] = {}  # events(): API Events made so far, by what they show
        # events(): the wire forms of the engine Events met so far, by the Event's identity (an engine that keeps
        # its Events, as Hats does, gets them back without keying `_seen`): id -> (the Event, held so its id
        # stays its own while the entry lives; a Kept list of its one wire Event), as seen by everyone but its
        # private seats (`_shown`) and by those (`_shown_private`); `_plain`: id -> (the Event, its wire Event)
        # for an Event without a private part.
        self._shown: dict[int, tuple] = {}
        self._shown_private: dict[int, tuple] = {}
        self._plain: dict[int, tuple] = {}
        if self.event_desc is not None:
            event_cls = struct_for(self.event_desc)
            for f in self.event_desc.oneofs_by_name["event"].fields:
                self._events[f.name] = _event_maker(game_id, event_cls, f.name, builder(f.message_type))

    # -- moves ---------------------------------------------------------------------------------------
    def move_payload(self, kind: str, args: Mapping[str, object]):
        """The typed move (the game's Move Struct) of an engine MoveInfo's kind and args; None without a proto."""
        if self.move_desc is None:
            return None
        key = (kind, *args)
        make = self._payloads.get(key)
        if make is None:
            make = self._payloads[key] = self._payload_maker(kind, tuple(args))
        return make(args)

    def _payload_maker(self, kind: str, names: tuple[str, ...]):
        """Straight-line code for one (kind, arg names) shape: a generic walk cost ~0.6 us a move."""
        env: dict[str, Any] = {"_cls": self._move_cls}
        parts = [f"kind={kind.upper()!r}"]
        for i, name in enumerate(names):
            f = self._move_fields[name]  # KeyError: the engine has an arg the proto lacks (conformance test)
            value = f"a[{name!r}]"
            if f.message_type is not None:  # a tuple (or list) of scalars fills the fields in order
                env[f"_s{i}"] = struct_for(f.message_type)
                value = f"[_s{i}(*x) for x in {value}]" if is_repeated(f) else f"_s{i}(*{value})"
            parts.append(f"{name}={value}")
        src = f"def make(a):\n    return _cls({', '.join(parts)})"
        exec(compile(src, f"<payload {self.id}.{kind}>", "exec"), env)  # noqa: S102 - names from our descriptors
        return env["make"]

    def move_args(self, typed) -> tuple[str, dict[str, object]]:
        """(kind, args) of a typed move, for the engine's `move_text`; BadTyped names the field."""
        where = f"move.{self.id}"
        value = self._kind.values_by_name.get(typed.kind)
        if value is None or value.number == 0:
            allowed = ", ".join(v.name for v in self._kind.values if v.number)
            raise BadTyped(f"{where}.kind", f"{typed.kind!r} is not a move kind (one of {allowed})")
        args: dict[str, object] = {}
        for name, f in self._move_fields.items():
            v = getattr(typed, name)
            if v is None or v == [] or (not f.has_presence and not is_repeated(f) and v == f.default_value):
                continue
            if f.message_type is not None:
                v = ([_values(x, f"{where}.{name}[{i}]") for i, x in enumerate(v)] if is_repeated(f)
                     else _values(v, f"{where}.{name}"))
            args[name] = v
        return typed.kind.lower(), args

    # -- options ---------------------------------------------------------------------------------------
    def options(self, typed) -> dict[str, str]:
        """The typed options as the engine's text options (only those set)."""
        out = {}
        for f in self.options_desc.fields:
            v = getattr(typed, f.name)
            if v is None or v == [] or (not f.has_presence and not is_repeated(f) and v == f.default_value):
                continue
            out[f.name] = ",".join(map(_text, v)) if is_repeated(f) else _text(v)
        return out

    # -- views and events -------------------------------------------------------------------------------
    def view(self, data: Mapping[str, Any], seat: int | None):
        """The API View of an engine view dict."""
        if self.view_desc is None:
            return m.View(seat=seat, generic=m.GenericView(json=_json.encode(data).decode()))
        return m.View(seat=seat, **{self.id: self._view(data)})

    def events(self, events, seat: int | None) -> list:
        """The API Events of engine Events for `seat` (event()). When every one is a typed event whose data
        is hashable, each is made once and shared (an m.Shared list: the gRPC converter then serializes
        each once); otherwise (a game without a .proto: JSON text, whose values' types show; a list or dict
        among the values) they are made anew."""
        if len(events) > 1:
            try:  # each without a private part, so the same for everyone, and memoised: one pass in C
                return m.Shared(map(_MEMO, map(self._plain.__getitem__, map(id, events))))
            except KeyError:
                pass
        shown_memo = self._shown
        if seat is None or not any(map(_PRIVATE, events)):  # every Event shows its public form: try the memos in C
            try:
                shown = list(map(_MEMO, map(shown_memo.__getitem__, map(id, events))))
            except KeyError:  # one not memoised yet: the loop below makes it
                pass
            else:
                if len(shown) == 1:
                    return shown[0]
                return m.Shared(map(_FIRST, shown)) if shown else []
        made, kinds, seen = [], self._events, self._seen
        for e in events:  # one loop, no helper call per event: ~1k instructions less per event
            private = e.private
            visible = bool(private) and seat is not None and seat in e.private_to
            # An engine that keeps its Events (Hats) finds its wire form by the Event's identity (~4k instructions
            # less per event than keying `seen` below): a Kept list of the one wire Event, which a move with one
            # event (most) answers as it is (the gRPC converter then has its bytes).
            memo = self._shown_private if visible else shown_memo
            entry = memo.get(id(e))
            if entry is not None:
                if len(events) == 1:
                    return entry[1]
                made.append(entry[1][0])
                continue
            if e.kind not in kinds:
                return [self.event(e, seat) for e in events]
            public = e.public
            # What the Event shows: the same key means the same output (keys and values in order).
            key = (e.kind, visible, tuple(public), tuple(public.values()), e.private_to,
                   tuple(private.items()) if visible else ())
            try:
                out = seen.get(key)
            except TypeError:  # unhashable values
                return [self.event(e, seat) for e in events]
            if out is None:
                if len(seen) >= MAX_SEEN_EVENTS:
                    seen.clear()
                out = seen[key] = self.event(e, seat)
            if len(memo) >= MAX_SEEN_EVENTS:
                memo.clear()
                self._plain.clear()
            memo[id(e)] = (e, m.Kept((out,)))
            if not private:
                self._plain[id(e)] = (e, out)
            made.append(out)
        return m.Shared(made) if made else []  # JSON leaves out an empty plain list only (the default)

    def event(self, event, seat: int | None):
        """The API Event of an engine Event, its private part only for a seat in `private_to`."""
        visible = seat is not None and seat in event.private_to
        make = self._events.get(event.kind)
        if make is None:  # a game without a proto (or a kind its proto lacks): JSON text
            return m.Event(event.kind, list(event.private_to), m.GenericEvent(
                _json.encode(event.public).decode(),
                _json.encode(event.private).decode() if visible and event.private else ""))
        if visible and event.private:
            return make({**event.public, **event.private}, event.private_to)
        return make(event.public, event.private_to)


def _event_maker(game_id: str, event_cls: type, kind: str, build: Callable):
    """kind's Event builder: Event(kind, private_to, <game>=<Game>Event(<kind>=...)).

    Generated with literal keywords: unpacking `**{game_id: ...}` per call cost ~0.6 us an event.
    """
    src = (f"def make(data, private_to):\n"
           f"    return _E(kind={kind!r}, private_to=[*private_to] if private_to else [], "
           f"{game_id}=_G({kind}=_b(data)))")
    namespace = {"_E": m.Event, "_G": event_cls, "_b": build}
    exec(compile(src, f"<event {game_id}.{kind}>", "exec"), namespace)  # noqa: S102 - names from our descriptors
    return namespace["make"]


def _values(sub, where: str) -> tuple:
    """A sub-message as the tuple of its field values; a field with presence must be set."""
    out = []
    for f in sub.__struct_fields__:
        v = getattr(sub, f)
        if v is None:
            raise BadTyped(f"{where}.{f}", "missing")
        out.append(v)
    return tuple(out)


def _text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


MAX_SEEN_EVENTS = 1 << 14  # per game: then the memo starts over


class _Wires(dict):
    """GameWires by game id, each made on first use."""

    def __missing__(self, game_id: str) -> GameWire:
        w = self[game_id] = GameWire(game_id)
        return w


# The GameWire of a game id (made once): a lookup in C, called on every response.
wire = _Wires().__getitem__
