"""Acceptance 4 of the seat-keys issue: every byte of a token, header included, is authenticated.

A real token (NewGame, then one move, through the real App and key ring) is changed at every
byte position in turn, two ways (lowest and highest bit); each changed token must be refused
with a token reason, by every operation that reads a token, and nothing else may be answered.
The key ring holds two keys whose ids differ in one bit, so a changed key id names a real key.
"""
from __future__ import annotations

import pytest

from service.app import App
from service.app.errors import ApiError
from service.app.tokens import Sealer
from service.wire import messages as m

RING = [("k1", bytes(range(32))), ("k3", bytes(range(1, 33)))]  # "1" ^ "3" = 0x02: one bit apart


@pytest.fixture(scope="module")
def token():
    app = App(Sealer(RING), access="open")
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=[m.Seat()] * 3, seed="4"))
    return app, app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=new.state, index=0)).state


def refusal(app, method, request):
    try:
        app.call("rest", method, request)
    except ApiError as err:
        return err
    return None


def test_every_byte_of_a_token_is_authenticated(token):
    app, good = token
    assert app.call("rest", "Score", m.ScoreRequest(state=good)).score.move_count == 1
    for position in range(len(good)):
        for bit in (0x01, 0x02, 0x80):
            bad = bytearray(good)
            bad[position] ^= bit
            for method, request in (("Score", m.ScoreRequest(state=bytes(bad))),
                                    ("ApplyMove", m.ApplyMoveRequest(state=bytes(bad), index=0))):
                err = refusal(app, method, request)
                assert err is not None, f"{method}: byte {position} ^ {bit:#x} of a {len(good)}-byte token passed"
                assert err.reason.startswith("token_") and err.http_status < 500, (position, err)


def test_a_token_cut_or_lengthened_is_refused(token):
    app, good = token
    for bad in (good[:-1], good + b"\0", good[:10], good[:1]):
        err = refusal(app, "Score", m.ScoreRequest(state=bad))
        assert err is not None and err.reason in ("token_truncated", "token_malformed"), err
