"""Fuzzing the app layer (transport-free, in process): bad input is refused with a reason, never INTERNAL.

Move texts, typed moves, indexes, seats and options are mutated from valid ones;
every answer must be a result or a refusal naming the problem (not an internal error).
"""
import base64
import random

import pytest

from service.wire import messages as m
from service.app import App
from service.app.errors import INTERNAL, ApiError
from service.app.tokens import Sealer

WORDS = ["exchange", "black", "discard", "offer", "return", "end", "draw", "deck", "discard", "replace", "look",
         "swap", "show", "snap", "pass", "give", "nogive", "cambio", "R1", "W6", "Q9", "0.0", "1.3", "9.9", "-1",
         "7", "", " ", "é", "0x1", "1e9", "99999999999999999999"]


@pytest.fixture(scope="module")
def app():
    return App(Sealer([("k1", base64.b64decode(base64.b64encode(bytes(32))))]))


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


@pytest.mark.parametrize("game,seats", [("hats", 3), ("hats", 4), ("cambio", 2), ("cambio", 5)])
def test_mutated_moves_are_answered_or_refused_with_a_reason(app, game, seats):
    rnd = random.Random(f"{game}{seats}")
    new = app.call("rest", "NewGame", m.NewGameRequest(game=game, seats=[m.Seat()] * seats, seed="3"))
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


@pytest.mark.parametrize("game", ["hats", "cambio"])
def test_mutated_options_and_seats_are_refused_with_a_reason(app, game):
    rnd = random.Random(game)
    names = ["start_seat", "removed_types", "tiebreak", "deck", "first_dealer", "target_score", "cambio_max",
             "caller_tie", "memory_aid", "max_turns", "nonsense"]
    values = ["0", "1", "7", "-1", "x", "", "O,W", "R", "R1,R1", "random", "off", "wins", "999999999999", "1.5"]
    for _ in range(400):
        options = {rnd.choice(names): rnd.choice(values) for _ in range(rnd.randint(0, 3))}
        seats = [m.Seat(kind=rnd.choice(["", "human", "robot", "alien"])) for _ in range(rnd.randint(0, 9))]
        answer(app, "NewGame", m.NewGameRequest(game=game, seats=seats, options=options,
                                                seed=rnd.choice(["1", "-5", "abc", None, str(2 ** 64)])))
