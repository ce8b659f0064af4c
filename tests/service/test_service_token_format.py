"""Token format 3 (service/app/tokens.py): the plaintext is packed, format 2 still opens.

Through the real App and key ring: every game's tokens are well under their unpacked
(format 2) size; a format 2 token sealed the old way opens and plays on (a rolling
deploy has them in flight); an authentic body that does not unpack, or unpacks short
of its own header, is refused as `token_malformed` with a 4xx, never an exception;
and every game's largest real state, at its most seats with the longest names, opens.
"""
from __future__ import annotations

import os
import random
import struct

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import engines
from engines.core import runpack
from service.app import App
from service.app.errors import ApiError
from service.app.limits import MAX_SEAT_NAME
from service.app.limits import MAX_TOKEN
from service.app.tokens import FORMAT, MAX_PLAIN, Sealer, pack_seats
from service.wire import messages as m

KID, KEY = "k1", bytes(range(32))
GAMES = engines.games()


@pytest.fixture(scope="module")
def app():
    return App(Sealer([(KID, KEY)]), access="open")


def seal_raw(fmt: int, body: bytes) -> bytes:
    """A token of format `fmt` around `body` (the plaintext as that format holds it), made by hand."""
    aad = bytes((fmt, len(KID))) + KID.encode() + struct.pack(">I", len(body) + 16)
    nonce = os.urandom(12)
    return aad + nonce + AESGCM(KEY).encrypt(nonce, body, aad)


def plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    return struct.pack(">IH", count, len(table)) + table + encoded


def refusal(app, token: bytes) -> ApiError:
    with pytest.raises(ApiError) as caught:
        app.call("rest", "Score", m.ScoreRequest(state=token))
    return caught.value


def deal(app, game) -> bytes:
    n = min(max(3, game.info.min_seats), game.info.max_seats)
    return app.call("rest", "NewGame", m.NewGameRequest(game=game.info.id, seats=[m.Seat()] * n, seed="4")).state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_tokens_are_packed_well_under_their_unpacked_size(app, game):
    token = deal(app, game)
    for _ in range(3):
        unpacked = len(seal_raw(2, plaintext(*app.sealer.open(token))))
        assert token[0] == FORMAT
        assert len(token) < 0.75 * unpacked, f"{game.info.id}: {len(token)} bytes sealed, {unpacked} unpacked"
        token = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=token, index=0)).state


def test_a_format_2_token_still_opens_and_plays_on(app):
    token = deal(app, engines.get("hats"))
    old = seal_raw(2, plaintext(*app.sealer.open(token)))
    assert old[0] == 2 and len(old) > len(token)
    assert app.sealer.open(old) == app.sealer.open(token)
    same = app.call("rest", "Score", m.ScoreRequest(state=old)), app.call("rest", "Score", m.ScoreRequest(state=token))
    assert same[0] == same[1]
    moved = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=old, index=0)).state
    assert moved[0] == FORMAT and app.call("rest", "Score", m.ScoreRequest(state=moved)).score.move_count == 1


@pytest.mark.parametrize("fmt, body", [
    (3, bytes([0xC1])),                     # ends inside an escape
    (3, b"\x00\x00\x00\x05\x00" + bytes([0xC1, 0x80])),  # the reserved code
    (3, bytes([0xC1, 0x7F]) * 100),         # unpacks past MAX_PLAIN: refused before any output
    (3, runpack.pack(b"\x00\x00")),         # shorter than the count and table length
    (3, runpack.pack(struct.pack(">IH", 0, 500) + b"x" * 10)),  # a table longer than the body
    (2, b"\x00\x00\x00"),                   # format 2 has the same checks on its plaintext
], ids=["escape-at-end", "reserved-code", "bomb", "short-head", "short-table", "format-2-short"])
def test_an_authentic_body_that_does_not_unpack_is_malformed(app, fmt, body):
    err = refusal(app, seal_raw(fmt, body))
    assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_every_games_largest_states_seal_and_open(game):
    sealer, n = Sealer([(KID, KEY)]), game.info.max_seats
    table = pack_seats([("\u00e9" * MAX_SEAT_NAME, "human")] * n, os.urandom(16), "seats")
    state, rnd = game.new(n, game.seat_options(n), 3), random.Random(3)
    while True:
        encoded = game.encode(state)
        assert sealer.open(sealer.seal(encoded, game.move_count(state), table)) == (
            encoded, game.move_count(state), table)
        listed = game.legal_moves(state)
        if not listed:
            break
        game.apply_in_place(state, listed[rnd.randrange(len(listed))])


def test_a_state_past_the_token_limits_is_refused_when_sealed_not_when_next_opened():
    """seal refuses what open would refuse (a plaintext over MAX_PLAIN, a token over MAX_TOKEN), naming
    the sizes; up to the limits a token seals and opens."""
    sealer, table = Sealer([(KID, KEY)]), b"t" * 40
    fits = os.urandom(MAX_TOKEN - 200)  # random bytes do not pack: the token is about as long
    assert sealer.open(sealer.seal(fits, 1, table)) == (fits, 1, table)
    for encoded in (os.urandom(MAX_TOKEN - 60), bytes(MAX_PLAIN)):  # too long sealed; too long unpacked
        with pytest.raises(ApiError) as caught:
            sealer.seal(encoded, 1, table)
        assert (caught.value.reason, caught.value.status) == ("state_too_large", "INTERNAL"), caught.value
        assert "nothing was changed" in caught.value.message
