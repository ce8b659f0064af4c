"""Service conformance for every registered game (engines.games()), over the running service.

Every game gets, for free: a full game over REST and over gRPC to a final Score
with winners, the leaders of the end, and none before (moves given as text, typed
and by index); REST and gRPC answering the same at every state of a game (legal
moves, score, each seat's and the spectator's view, and ApplyMove's events and
move); typed round trips (move, view, events, options) for a game with its own
.proto, and the generic form (text moves, JSON view and events) for a game without one.
"""
from __future__ import annotations

import base64
import json
import random

import msgspec
import pytest
from google.protobuf import json_format

import engines
from service.api import engine_pb2 as pb
from service.wire import convert
from service.wire import messages as m
from service.wire.games import wire

from listed import listed

GAMES = engines.games()
IDS = [g.info.id for g in GAMES]
TYPED = [g for g in GAMES if wire(g.info.id).typed]
UNTYPED = [g for g in GAMES if not wire(g.info.id).typed]
MAX_MOVES = 2500  # random games end well before (hats 32-90 moves, cambio 24-95, rune_market 200-1,100)
ENVELOPE_VIEW_KEYS = {"game", "seat"}  # the View envelope's oneof name and View.seat


def _seats(game) -> int:
    return min(max(3, game.info.min_seats), game.info.max_seats)


def _event_members(event: dict, gid: str) -> set[str]:
    return set(event) & {gid, "generic"}


def _check_event_json(event: dict, gid: str, typed: bool) -> None:
    """One typed member per event: the game's own for a typed game, `generic` otherwise (`gid`: its JSON name)."""
    assert event["kind"]
    assert _event_members(event, gid) == {gid if typed else "generic"}, event
    if typed:
        (kind_key,) = event[gid].keys()  # the member named by the kind (JSON: its lowerCamelCase name)
        assert kind_key == _camel(event["kind"]), event


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.title() for w in rest)


# -- full games -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_full_game_over_rest(http, game):
    gid, typed = game.info.id, wire(game.info.id).typed
    jid = _camel(gid)  # the oneof member's JSON name (rune_market -> runeMarket)
    n = _seats(game)
    r = http.post(f"/v1/games/{gid}:new", json={"seats": [{"name": f"p{i}"} for i in range(n)], "seed": "7",
                                               "want": {"view": True, "seat": 0, "legalMoves": True,
                                                        "typedMoves": True}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["game"] == gid and body["seed"] == "7" and body["legalMoves"]
    assert set(body["view"]) == {"seat", jid if typed else "generic"}
    for event in body["events"]:
        _check_event_json(event, jid, typed)
    rnd = random.Random(gid)
    state, moves, turns = body["state"], body["legalMoves"], 0
    while True:
        move = moves[rnd.randrange(len(moves))]
        way = turns % 3 if typed else (turns % 3) // 2 * 2  # text, typed, index (no typed form: text, index)
        if way == 0:
            req = {"state": state, "move": {"seat": move.get("seat", 0), "text": move["text"]}}
        elif way == 1:
            req = {"state": state, "move": {"seat": move.get("seat", 0), jid: move[jid]}}
        else:
            req = {"state": state, "index": moves.index(move)}
        req["want"] = {"legalMoves": True, "score": True, "typedMoves": True}
        r = http.post("/v1/apply", json=req)
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["move"] == move  # seat, text and typed form, in full
        for event in out.get("events", []):
            _check_event_json(event, jid, typed)
        state, moves, turns = out["state"], out.get("legalMoves", []), turns + 1
        if out.get("finished"):
            break
        # Mid-game (an `open` game: the whole score): no winners yet, the seats ranked first lead.
        mid = out["score"]
        assert "winners" not in mid and mid["leaders"] == [s.get("seat", 0) for s in mid["seats"] if s["rank"] == 1]
        assert turns < MAX_MOVES
    score = http.post("/v1/score", json={"state": state}).json()["score"]
    assert score["game"] == gid and score["finished"] is True and score["winners"] == score["leaders"] != []
    assert len(score["seats"]) == n and score["moveCount"] == turns
    assert out["score"] == score
    view = http.post("/v1/view", json={"state": state}).json()
    assert view["finished"] and [s["name"] for s in view["seats"]] == [f"p{i}" for i in range(n)]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_full_game_over_grpc(stub, game):
    gid, typed = game.info.id, wire(game.info.id).typed
    n = _seats(game)
    resp = stub.NewGame(pb.NewGameRequest(game=gid, seats=[pb.Seat(name=f"p{i}") for i in range(n)], seed=11,
                                          want=pb.Want(view=True, seat=1)), timeout=10)
    assert resp.view.WhichOneof("game") == (gid if typed else "generic") and resp.view.seat == 1
    assert all(e.WhichOneof("game") == (gid if typed else "generic") for e in resp.events)
    rnd = random.Random(gid)
    state, count = resp.state, 0
    while True:
        legal = stub.LegalMoves(pb.LegalMovesRequest(state=state), timeout=10)
        assert legal.to_act and legal.moves
        move = legal.moves[rnd.randrange(len(legal.moves))]
        given = pb.Move(seat=move.seat, **{gid: getattr(move, gid)}) if typed and count % 2 else \
            pb.Move(seat=move.seat, text=move.text)
        # The echo is the move's seat and text; its typed form too when the request asks (`typedMoves`).
        whole = count % 3 == 2
        out = stub.ApplyMove(pb.ApplyMoveRequest(state=state, move=given, game=gid,
                                                 want=pb.Want(typed_moves=True) if whole else None), timeout=10)
        assert out.move == (move if whole else pb.Move(seat=move.seat, text=move.text))
        assert all(e.WhichOneof("game") == (gid if typed else "generic") for e in out.events)
        state, count = out.state, count + 1
        assert out.move_count == count
        if out.finished:
            break
        assert count < MAX_MOVES
    score = stub.Score(pb.ScoreRequest(state=state), timeout=10).score
    assert score.finished and list(score.winners) == list(score.leaders) != [] and score.move_count == count
    assert {s.seat for s in score.seats} == set(range(n))


# -- parity --------------------------------------------------------------------------------------------

def _grpc_json(message) -> dict:
    return json_format.MessageToDict(message)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_rest_and_grpc_agree_along_a_game(http, stub, game):
    """Same token, same request: the same answer (view per seat and spectator, legal moves, score, events).

    Every move is applied through both and compared; the read calls are compared at every third state and
    the last (Rune Market's long games made this one test half a minute)."""
    gid, n = game.info.id, _seats(game)
    new_body = {"seats": [{}] * n, "seed": "5", "want": {"view": True, "seat": 0, "legalMoves": True}}
    rest_new = http.post(f"/v1/games/{gid}:new", json=new_body).json()
    grpc_new = _grpc_json(stub.NewGame(json_format.ParseDict(dict(new_body, game=gid), pb.NewGameRequest()),
                                       timeout=10))
    assert {k: v for k, v in rest_new.items() if k != "state"} == {k: v for k, v in grpc_new.items() if k != "state"}
    state, moves, rnd = rest_new["state"], listed(rest_new), random.Random(3)
    for step in range(MAX_MOVES):
        token = base64.b64decode(state)
        pairs = [({"state": state}, stub.LegalMoves, pb.LegalMovesRequest(state=token), "/v1/legal-moves"),
                 ({"state": state}, stub.Score, pb.ScoreRequest(state=token), "/v1/score"),
                 ({"state": state}, stub.View, pb.ViewRequest(state=token), "/v1/view")]
        pairs += [({"state": state, "seat": s}, stub.View, pb.ViewRequest(state=token, seat=s), "/v1/view")
                  for s in range(n)]
        for body, rpc, request, route in pairs if step % 3 == 0 or not moves else ():
            r = http.post(route, json=body)
            assert r.status_code == 200, r.text
            assert r.json() == _grpc_json(rpc(request, timeout=10)), (route, body.get("seat"), step)
        if not moves:
            break
        index = rnd.randrange(len(moves))
        body = {"state": state, "index": index, "want": {"legalMoves": True, "seat": step % n}}
        rest_out = http.post("/v1/apply", json=body).json()
        grpc_out = stub.ApplyMove(json_format.ParseDict(body, pb.ApplyMoveRequest()), timeout=10)
        # Events through both transports: the gRPC message's JSON is REST's, and REST's JSON parses back to it.
        assert {k: v for k, v in rest_out.items() if k != "state"} == \
            {k: v for k, v in _grpc_json(grpc_out).items() if k != "state"}, step
        for event_json, event in zip(rest_out.get("events", []), grpc_out.events):
            assert json_format.ParseDict(event_json, pb.Event()) == event
        state, moves = rest_out["state"], listed(rest_out)
    assert rest_out["finished"]


# -- typed round trips, in process (every move, view and event of seeded random games) ----------------

SPREAD = 40 if engines.COMPILED else 6  # moves round-tripped per state


def _roundtrip(struct, pb_cls) -> None:
    """JSON and protobuf both give the Struct back."""
    cls = type(struct)
    assert msgspec.json.decode(msgspec.json.encode(struct), type=cls) == struct
    message = convert.to_pb(struct, pb_cls)
    assert convert.from_pb(message, cls) == struct
    assert json_format.MessageToDict(message) == json.loads(msgspec.json.encode(struct))


def _states(game, seeds=range(4)):
    """(state, events that led to it) along seeded random games of several seat counts."""
    for seed in seeds:
        n = [game.info.min_seats, game.info.max_seats, _seats(game), _seats(game)][seed % 4]
        rnd = random.Random(seed)
        state = game.new(n, game.seat_options(n), seed)
        events = game.setup_events(state)
        while True:
            yield state, events
            if game.is_finished(state):
                break
            codes = game.legal_moves(state)
            state, events = game.apply(state, codes[rnd.randrange(len(codes))])


@pytest.mark.parametrize("game", TYPED, ids=[g.info.id for g in TYPED])
def test_typed_moves_round_trip_to_the_same_move(game):
    """MoveInfo -> typed move -> JSON/protobuf -> (kind, args) -> engine text -> the same move code."""
    w = wire(game.info.id)
    kinds = set()
    for state, _ in _states(game):
        codes = game.legal_moves(state)
        # A spread of moves per state, described one by one: Kodiak lists hundreds, and interpreted each
        # parse is a search through them (all of them took minutes: most of the interpreted pass).
        for code in codes[::max(1, len(codes) // SPREAD)]:
            info = game.move_info(state, code)
            typed = w.move_payload(info.kind, info.args)
            _roundtrip(typed, w.move_desc._concrete_class)
            kind, args = w.move_args(msgspec.json.decode(msgspec.json.encode(typed), type=type(typed)))
            assert kind == info.kind
            kinds.add(kind)
            assert game.parse_move(state, info.seat, game.move_text(kind, args)) == code, info
    enum = {v.name.lower() for v in w.move_desc.fields_by_name["kind"].enum_type.values if v.number}
    assert kinds <= enum


def _dropped(data, desc, path: str = "") -> set[str]:
    """The keys of engine data (nested dicts and lists of them too) that the message `desc` has no field for."""
    missing = set()
    if isinstance(data, dict):
        for key, value in data.items():
            f = desc.fields_by_name.get(key)
            if f is None:
                missing.add(path + key)
            elif f.message_type is not None and not m.is_map(f):
                missing |= _dropped(value, f.message_type, f"{path}{key}.")
    elif isinstance(data, (list, tuple)):
        sub = desc.fields[0].message_type if len(desc.fields) == 1 and m.is_repeated(desc.fields[0]) else None
        for item in data:  # a list of sub-messages, or a list of lists for a one-repeated-field message
            missing |= _dropped(item, sub if sub is not None and isinstance(item, (list, tuple)) else desc, path)
    return missing


@pytest.mark.parametrize("game", TYPED, ids=[g.info.id for g in TYPED])
def test_typed_views_and_events_keep_every_engine_key(game):
    """Every view key (but the envelope's) and every event key, nested ones too, is a field of its message;
    views and events round-trip through JSON and protobuf."""
    w = wire(game.info.id)
    event_descs = {f.name: f.message_type for f in w.event_desc.oneofs_by_name["event"].fields}
    kinds = set()
    for i, (state, events) in enumerate(_states(game)):
        n = len(game.score(state).seats)
        for seat in [None, *range(n)] if i % 5 == 0 else [None, 0]:
            data = game.view(state, seat)
            dropped = _dropped({k: v for k, v in data.items() if k not in ENVELOPE_VIEW_KEYS}, w.view_desc)
            assert not dropped, f"view keys without a field in {w.view_desc.name}: {sorted(dropped)}"
            _roundtrip(w.view(data, seat), pb.View)
        for event in events:
            assert event.kind in event_descs, f"event kind {event.kind!r} has no member in the game's Event"
            dropped = _dropped({**event.public, **event.private}, event_descs[event.kind])
            assert not dropped, f"{event.kind} keys without a field: {sorted(dropped)}"
            kinds.add(event.kind)
            for seat in {None, *event.private_to}:
                api = w.event(event, seat)
                assert getattr(api, game.info.id) is not None and api.generic is None
                _roundtrip(api, pb.Event)
    assert len(kinds) >= 3


@pytest.mark.parametrize("game", TYPED, ids=[g.info.id for g in TYPED])
def test_remembered_events_show_each_seat_what_a_fresh_one_does(game):
    """GameWire.events remembers an event's wire form (on the Event, or by its contents): whoever asks
    first, every seat and the spectator get what the unremembered form (GameWire.event) shows them."""
    w = wire(game.info.id)
    checked = 0
    for i, (state, events) in enumerate(_states(game, seeds=range(2))):
        seats = range(len(game.score(state).seats))
        # Alternate who asks first: a memo that forgot the seat's visibility shows the first asker's form.
        order = [*seats, None] if i % 2 else [None, *reversed(seats)]
        for seat in order:
            got = w.events(events, seat)
            assert list(got) == [w.event(e, seat) for e in events], (seat, events)
            checked += sum(bool(e.private) for e in events)
    assert checked, "no event with a private part was checked"


SHARED_FIELDS = {"solo": ("black_hat",)}  # typed option fields a game of a shared message leaves unlisted


@pytest.mark.parametrize("game", TYPED, ids=[g.info.id for g in TYPED])
def test_typed_options_are_the_game_options(game):
    """The typed Options message has one field per option, named alike; each maps to the option's text.
    A message shared by two games may hold more (WhiteHatOptions' `solo`, which Black Hat does not list)."""
    w = wire(game.info.id)
    specs = {o.name: o for o in game.info.options}
    fields = {f.name for f in w.options_desc.fields}
    shared = fields - set(specs)
    assert set(specs) <= fields and all(game.info.id in SHARED_FIELDS.get(name, ()) for name in shared), shared
    cls = m.STRUCTS[w.options_desc.full_name]
    for f in w.options_desc.fields:
        if f.name in shared:
            continue
        spec = specs[f.name]
        value = spec.default or (spec.allowed[0] if spec.allowed else "")
        if not value:
            continue
        if m.is_repeated(f):
            typed_value = value.split(",")
        elif f.cpp_type in (f.CPPTYPE_INT32, f.CPPTYPE_UINT32, f.CPPTYPE_INT64, f.CPPTYPE_UINT64):
            typed_value = int(value)
        else:
            typed_value = value
        assert w.options(cls(**{f.name: typed_value})) == {f.name: value}


@pytest.mark.parametrize("game", UNTYPED or [None], ids=[g.info.id for g in UNTYPED] or ["none"])
def test_a_game_without_a_proto_plays_by_text_with_json_views_and_events(game):
    if game is None:
        pytest.skip("no registered game without a .proto of its own (set TABLETOP_EXTRA_GAMES)")
    w = wire(game.info.id)
    for state, events in _states(game, seeds=range(2)):
        for seat in (None, 0):
            view = w.view(game.view(state, seat), seat)
            assert json.loads(view.generic.json) == json.loads(msgspec.json.encode(game.view(state, seat)))
            _roundtrip(view, pb.View)
        for event in events:
            api = w.event(event, None)
            assert json.loads(api.generic.public) == json.loads(msgspec.json.encode(event.public))
            assert api.generic.private == ""
            _roundtrip(api, pb.Event)
