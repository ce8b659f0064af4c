"""Acceptance 4 of the seat-keys issue: every byte of a token, header included, is authenticated.

A real token (NewGame, then one move, through the real App and key ring; format 5) is changed at
every byte position in turn, three ways (the two lowest bits and the highest); each changed token
must be refused with a token reason, by every operation that reads a token, and nothing else may be
answered. The same holds for format 4, 3 and 2 tokens of that state (made here as the code before
format 5 sealed them), which still open during a rolling deploy. The key ring holds two keys whose
ids differ in one bit, so a changed key id names a real key.
"""
from __future__ import annotations

import os
import struct

import msgspec
import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engines.core import runpack
from engines.core.codec import MAGIC
from service.app import App
from service.app.access import MODES
from service.app.errors import ApiError
from service.app.tokens import FORMAT, SEAT_KINDS, Sealer, unpack_table
from service.wire import messages as m

RING = [("k1", bytes(range(32))), ("k3", bytes(range(1, 33)))]  # "1" ^ "3" = 0x02: one bit apart


def old_format(fmt: int, token: bytes, sealer: Sealer) -> bytes:
    """The same state as a format 4 token (msgpack table `[game id, access code, seats]`, the state with its
    magic) or a format 3 or 2 one (4-byte lengths, msgpack table (seats, game id, access))."""
    encoded, count, table = sealer.open(token)
    assert encoded.startswith(MAGIC)
    seats, game_id, access = unpack_table(table)
    if fmt == 4:  # one-byte count and table length: varints of what this test seals
        listed = [[name, SEAT_KINDS.index(kind)] for name, kind in seats]
        if all(seat == ("", "human") for seat in seats):
            listed = len(seats)
        table = msgspec.msgpack.encode([game_id, MODES.index(access), listed])
        assert count < 0x80 and len(table) < 0x80
        plain = bytes((count, len(table))) + table + encoded
    else:
        table = msgspec.msgpack.encode(([list(s) for s in seats], game_id, access))
        plain = struct.pack(">IH", count, len(table)) + table + encoded
    body = plain if fmt == 2 else runpack.pack(plain)
    kid, key = RING[0]
    aad = bytes((fmt, len(kid))) + kid.encode() + struct.pack(">H" if fmt == 4 else ">I", len(body) + 16)
    nonce = os.urandom(12)
    return aad + nonce + AESGCM(key).encrypt(nonce, body, aad)


@pytest.fixture(scope="module", params=[FORMAT, 4, 3, 2])
def token(request):
    app = App(Sealer(RING), access="open")
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=[m.Seat()] * 3, seed="4"))
    good = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=new.state, index=0)).state
    if request.param != FORMAT:
        good = old_format(request.param, good, app.sealer)
    assert good[0] == request.param
    return app, good


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
