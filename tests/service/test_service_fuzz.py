"""Fuzzing the app layer (transport-free, in process): bad input is refused with a reason, never INTERNAL.

Move texts, typed moves, indexes, seats and options are mutated from valid ones;
every answer must be a result or a refusal naming the problem (not an internal error).
"""
import base64
import random

import msgspec
import pytest

import engines
from service.api import engine_pb2 as pb
from service.wire import messages as m
from service.wire.games import wire
from service.app import App
from service.app.errors import INTERNAL, ApiError
from service.app.tokens import Sealer

WORDS = ["exchange", "black", "discard", "offer", "return", "end", "draw", "deck", "discard", "replace", "look",
         "swap", "show", "snap", "pass", "give", "nogive", "cambio", "R1", "W6", "Q9", "0.0", "1.3", "9.9", "-1",
         "7", "", " ", "é", "0x1", "1e9", "99999999999999999999"]


@pytest.fixture(scope="module")
def app():
    return App(Sealer([("k1", base64.b64decode(base64.b64encode(bytes(32))))]), access="open")  # the trusted path


def mutate(text: str, rnd: random.Random) -> str:
    words = text.split()
    for _ in range(rnd.randint(1, 3)):
        op = rnd.randrange(4)
        if op == 0 and words:
            words[rnd.randrange(len(words))] = rnd.choice(WORDS)
        elif op == 1:
            words.insert(rnd.randrange(len(words) + 1), rnd.choice(WORDS))
        elif op == 2 and words:
            del words[rnd.randrange(len(words))]
        else:
            words = [w[::-1] for w in words]
    return " ".join(words)


def answer(app, method, request):
    try:
        return app.call("rest", method, request)
    except ApiError as err:
        assert err.status != INTERNAL, (method, request, err)
        assert err.reason and err.message
        return None


GAMES = engines.games()
# Every registered game at its smallest and largest table (capped: a listing grows with the seats).
TABLES = [(g.info.id, n) for g in GAMES for n in sorted({g.info.min_seats, min(g.info.max_seats, 5)})]


@pytest.mark.parametrize("game,seats", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_mutated_moves_are_answered_or_refused_with_a_reason(app, game, seats):
    rnd = random.Random(f"{game}{seats}")
    new = app.call("rest", "NewGame", m.NewGameRequest(game=game, seats=[m.Seat()] * seats, seed="3",
                                                       options=engines.get(game).seat_options(seats)))
    state, tried = new.state, 0
    for _ in range(60):
        listed = app.call("rest", "LegalMoves", m.LegalMovesRequest(state=state))
        if listed.finished:
            break
        for _ in range(15):
            base = rnd.choice(listed.moves)
            seat = rnd.choice([base.seat, base.seat, rnd.randrange(-1, seats + 2)])
            text = mutate(base.text, rnd)
            answer(app, "ApplyMove", m.ApplyMoveRequest(state=state, move=m.Move(seat=seat if seat >= 0 else None,
                                                                                   text=text)))
            answer(app, "ApplyMove", m.ApplyMoveRequest(state=state, index=rnd.randrange(-3, len(listed.moves) + 3)))
            answer(app, "View", m.ViewRequest(state=state, seat=rnd.randrange(-1, seats + 2)))
            tried += 3
        move = rnd.choice(listed.moves)
        state = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=state, move=move)).state
    assert tried > 500


@pytest.mark.parametrize("game", [g.info.id for g in GAMES])
def test_mutated_options_and_seats_are_refused_with_a_reason(app, game):
    rnd = random.Random(game)
    names = sorted({o.name for g in GAMES for o in g.info.options}) + ["nonsense"]
    values = ["0", "1", "7", "-1", "x", "", "O,W", "R", "R1,R1", "random", "off", "wins", "999999999999", "1.5"]
    for _ in range(400):
        options = {rnd.choice(names): rnd.choice(values) for _ in range(rnd.randint(0, 3))}
        seats = [m.Seat(kind=rnd.choice(["", "human", "robot", "alien"])) for _ in range(rnd.randint(0, 9))]
        answer(app, "NewGame", m.NewGameRequest(game=game, seats=seats, options=options,
                                                seed=rnd.choice(["1", "-5", "abc", None, str(2 ** 64)])))


INTS = [0, 1, 2, 3, 7, -1, 255, 256, 2 ** 31, 2 ** 40]


def mutate_typed(payload: dict, kinds: list[str], keys: list[str], rnd: random.Random) -> dict:
    """A typed move (proto3 JSON) with its kind or arguments changed: what a client could send over REST."""
    out = dict(payload)
    for _ in range(rnd.randint(1, 3)):
        op = rnd.randrange(4)
        if op == 0:
            out["kind"] = rnd.choice(kinds + ["KIND_UNSPECIFIED", "FLY"])
        elif op == 1 and len(out) > 1:
            del out[rnd.choice([k for k in out if k != "kind"])]
        else:
            key = rnd.choice(keys)
            out[key] = rnd.choice([rnd.choice(INTS), rnd.choice(WORDS), {"seat": rnd.choice(INTS)},
                                   {"seat": rnd.choice(INTS), "slot": rnd.choice(INTS)},
                                   [{"seat": rnd.choice(INTS), "slot": rnd.choice(INTS)}] * rnd.randint(0, 3)])
    return out


TYPED = [g.info.id for g in GAMES if wire(g.info.id).typed]


@pytest.mark.parametrize("game", TYPED)
def test_mutated_typed_moves_are_answered_or_refused_with_a_reason(app, game):
    """Typed moves read generically from the descriptor: any mutation is a result or a named refusal."""
    rnd = random.Random(f"typed-{game}")
    w = wire(game)
    kinds = [v.name for v in w.move_desc.fields_by_name["kind"].enum_type.values]
    keys = [f.json_name for f in w.move_desc.fields]  # the game's typed move fields, as JSON names
    member = pb.Move.DESCRIPTOR.fields_by_name[game].json_name
    n = engines.get(game).info.min_seats
    new = app.call("rest", "NewGame", m.NewGameRequest(game=game, seats=[m.Seat()] * n, seed="5",
                                                       options=engines.get(game).seat_options(n)))
    state, tried = new.state, 0
    for _ in range(25):
        listed = app.call("rest", "LegalMoves", m.LegalMovesRequest(state=state))
        if listed.finished:
            break
        for _ in range(20):
            base = rnd.choice(listed.moves)
            payload = mutate_typed(msgspec.to_builtins(getattr(base, game)), kinds, keys, rnd)
            body = msgspec.json.encode({"state": state, "move": {"seat": base.seat, member: payload}})
            try:
                request = msgspec.json.decode(body, type=m.ApplyMoveRequest)
            except msgspec.ValidationError:
                continue  # the REST adapter refuses it as bad_request_body before the app layer
            answer(app, "ApplyMove", request)
            tried += 1
        state = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=state, move=rnd.choice(listed.moves))).state
    assert tried > 100
