"""Token format 4 (service/app/tokens.py): varint head, compact table; formats 3 and 2 still open.

Through the real App and key ring: every game's tokens are well under their unpacked size;
format 3 and format 2 tokens sealed the old way (made here by hand: 4-byte lengths, msgpack
table) open and play on as format 4 tokens of the same seats, game id and access mode (a
rolling deploy has them in flight); the compact table round-trips every seat and mode; a
default Hats token is smaller than its format 3 token by the bytes the layout saves; an
authentic body that does not unpack, or whose head or table does not parse, is refused as
`token_malformed` with a 4xx, never an exception; and every game's largest real state, at
its most seats with the longest names, opens.
"""
from __future__ import annotations

import os
import random
import struct

import msgspec
import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import engines
from engines.core import codec, runpack
from service.app import App
from service.app.access import MODES
from service.app.errors import ApiError
from service.app.limits import MAX_SEAT_NAME, MAX_SEATS
from service.app.limits import MAX_TOKEN
from service.app.tokens import FORMAT, MAX_PLAIN, SEAT_KINDS, Sealer, pack_seats, unpack_table
from service.wire import messages as m

KID, KEY = "k1", bytes(range(32))
GAMES = engines.games()
GAME_ID = bytes(range(16))
NAMES = ["Ann", "\u00e9l\u00e8ve \u2603", "\U0001F3A9" * MAX_SEAT_NAME, "\u00e9" * MAX_SEAT_NAME, "x" * MAX_SEAT_NAME]


@pytest.fixture(scope="module")
def app():
    return App(Sealer([(KID, KEY)]), access="open")


def varint(n: int) -> bytes:
    """`n` as an unsigned LEB128 varint, as format 4's head spells it."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out + bytes((n,)))


def seal_raw(fmt: int, body: bytes, kid: str = KID, key: bytes = KEY) -> bytes:
    """A token of format `fmt` around `body` (the plaintext as that format holds it), made by hand."""
    length = struct.pack(">H" if fmt == 4 else ">I", len(body) + 16)
    aad = bytes((fmt, len(kid))) + kid.encode() + length
    nonce = os.urandom(12)
    return aad + nonce + AESGCM(key).encrypt(nonce, body, aad)


def plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    """Format 4's plaintext before packing."""
    return varint(count) + varint(len(table)) + table + encoded


def old_table(seats, game_id: bytes, access: str) -> bytes:
    """The table formats 2 and 3 sealed: msgpack of (seats as [name, kind], game id, access mode)."""
    return msgspec.msgpack.encode(([list(s) for s in seats], game_id, access))


def old_plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    """Formats 2 and 3's plaintext before packing: 4-byte move count, 2-byte table length."""
    return struct.pack(">IH", count, len(table)) + table + encoded


def old_token(fmt: int, encoded: bytes, count: int, seats, game_id: bytes, access: str, **key) -> bytes:
    """A format 3 (packed) or 2 token of these parts, as the code before format 4 sealed it."""
    plain = old_plaintext(encoded, count, old_table(seats, game_id, access))
    return seal_raw(fmt, runpack.pack(plain) if fmt == 3 else plain, **key)


def refusal(app, token: bytes) -> ApiError:
    with pytest.raises(ApiError) as caught:
        app.call("rest", "Score", m.ScoreRequest(state=token))
    return caught.value


def deal(app, game) -> bytes:
    n = min(max(3, game.info.min_seats), game.info.max_seats)
    return app.call("rest", "NewGame", m.NewGameRequest(game=game.info.id, seats=[m.Seat()] * n, seed="4")).state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_tokens_are_packed_well_under_their_unpacked_size(app, game):
    """Empty slots do not travel: run-length packed, or left out by a layout's live cells (codec 2), a token
    is well under the unpacked token of the whole state (codec 1)."""
    token = deal(app, game)
    for _ in range(3):
        encoded, count, table = app.sealer.open(token)
        _, state = engines.decode(encoded)
        unpacked = len(seal_raw(FORMAT, plaintext(codec.encode(game.info.id, game.info.version, state), count,
                                                  table)))
        assert token[0] == FORMAT
        assert len(token) < 0.75 * unpacked, f"{game.info.id}: {len(token)} bytes sealed, {unpacked} unpacked"
        token = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=token, index=0)).state


@pytest.mark.parametrize("fmt", [3, 2])
@pytest.mark.parametrize("access", MODES)
def test_an_old_format_token_opens_and_plays_on_as_format_4_with_its_seats_id_and_mode(fmt, access):
    app = App(Sealer([(KID, KEY)]), access=access)
    seats = [m.Seat(name="Ann"), m.Seat(name="\U0001F3A9", kind="robot"), m.Seat()]
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=seats, seed="4"))
    encoded, count, table = app.sealer.open(new.state)
    kept = unpack_table(table)
    assert kept[0] == (("Ann", "human"), ("\U0001F3A9", "robot"), ("", "human")) and kept[2] == access
    old = old_token(fmt, encoded, count, *kept)
    assert old[0] == fmt
    assert app.sealer.open(old) == (encoded, count, table)  # the old table comes out in format 4's form

    mover = new.to_act[0]
    key = new.seats[mover].key if access == "seats" else None
    auth = None if key is None else f"Bearer {key}"
    moved = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=old, index=0), authorization=auth).state
    assert moved[0] == FORMAT
    assert app.sealer.open(moved)[2] == table  # the same seats, game id and access mode
    view = app.call("rest", "View", m.ViewRequest(state=moved, seat=mover), authorization=auth)
    assert [(s.name, s.kind) for s in view.seats] == [("Ann", "human"), ("\U0001F3A9", "robot"), ("", "human")]
    if access == "seats":  # the seat keys NewGame gave still open the game: its id came through
        for i, seat in enumerate(new.seats):
            app.call("rest", "View", m.ViewRequest(state=moved, seat=i), authorization=f"Bearer {seat.key}")
        app.call("rest", "View", m.ViewRequest(state=moved, seat=1), authorization=f"Bearer {new.host_key}")
        other = (mover + 1) % len(seats)
        with pytest.raises(ApiError) as caught:
            app.call("rest", "View", m.ViewRequest(state=moved, seat=other), authorization=f"Bearer {key}")
        assert caught.value.reason == "wrong_key"


def test_the_table_of_unnamed_humans_is_a_seat_count():
    """`[game id, access code, seat count]`: 21 bytes for any count a game takes."""
    for n in range(1, MAX_SEATS + 1):
        table = pack_seats([("", "human")] * n, GAME_ID, "open")
        assert table == b"\x93\xc4\x10" + GAME_ID + b"\x01" + bytes((n,)) and len(table) == 21
        assert unpack_table(table) == ((("", "human"),) * n, GAME_ID, "open")


def test_the_table_codes_are_pinned():
    """Kinds and modes are sealed as their index: reordering either would misread every token in flight."""
    assert SEAT_KINDS == ("human", "robot") and MODES == ("seats", "open")
    table = pack_seats([("", "robot"), ("Ann", "human")], GAME_ID, "seats")
    assert table == b"\x93\xc4\x10" + GAME_ID + b"\x00" + b"\x92\x92\xa0\x01\x92\xa3Ann\x00"


@pytest.mark.parametrize("access", MODES)
@pytest.mark.parametrize("kind", SEAT_KINDS)
@pytest.mark.parametrize("name", NAMES + [""], ids=lambda n: f"{len(n)}-{n[:1]!r}")
def test_the_table_round_trips_every_name_kind_and_mode(name, kind, access):
    sealer, rnd = Sealer([(KID, KEY)]), random.Random(f"{name}{kind}{access}")
    seats = [(name, kind)] + [(rnd.choice(NAMES + [""]), rnd.choice(SEAT_KINDS)) for _ in range(rnd.randrange(8))]
    game_id = rnd.randbytes(16)
    table = pack_seats(seats, game_id, access)
    encoded, count = b"state", rnd.randrange(1 << 32)
    assert sealer.open(sealer.seal(encoded, count, table)) == (encoded, count, table)
    assert unpack_table(table) == (tuple(seats), game_id, access)
    for fmt in (3, 2):  # an old token's table converts to the same one
        assert Sealer([(KID, KEY)]).open(old_token(fmt, encoded, count, seats, game_id, access)) == (
            encoded, count, table)


@pytest.mark.parametrize("count", [0, 1, 127, 128, 300, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 32) - 1])
@pytest.mark.parametrize("size", [0, 21, 127, 128, 2000])
def test_the_head_is_two_varints_at_every_width(count, size):
    """The move count and table length as LEB128 varints, one to five bytes, read back by `open`."""
    sealer, table = Sealer([(KID, KEY)]), bytes(range(1, 128)) * 16
    table = table[:size]
    by_hand = seal_raw(FORMAT, runpack.pack(plaintext(b"state", count, table)))
    sealed = sealer.seal(b"state", count, table)
    assert len(sealed) == len(by_hand) and sealed[:6] == by_hand[:6]
    assert sealer.open(sealed) == sealer.open(by_hand) == (b"state", count, table)


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_a_default_hats_token_is_smaller_than_its_format_3_token_by_what_the_layout_saves(app, count):
    token = deal(app, engines.get("hats"))
    for _ in range(count):
        token = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=token, index=0)).state
    encoded, moves, table = app.sealer.open(token)
    seats, game_id, access = unpack_table(table)
    assert moves == count and len(table) == 21 and access == "open"
    # header 6 (format, kid length, "k1", 2-byte body length), nonce 12, tag 16
    assert len(token) == 6 + 12 + len(runpack.pack(plaintext(encoded, moves, table))) + 16
    old = old_token(3, encoded, moves, seats, game_id, access)
    assert len(old_table(seats, game_id, access)) == 49 and app.sealer.open(old) == (encoded, moves, table)
    # The body length loses 2 bytes and the table 28. Head: format 3's 4-byte count packs to 3 bytes
    # (a run of three 0x00, then the count) or with count 0 joins the table length's 0x00 (5 zeros: 2
    # bytes), its table length is 2 more; format 4's count and table length are a byte each. The table
    # ends the same way in both (never in 0x00/0xFF), so the state packs the same.
    head_saved = (2 + 1) - 2 if count == 0 else (3 + 2) - 2
    assert len(old) - len(token) == 2 + 28 + head_saved


@pytest.mark.parametrize("fmt, body", [
    (3, bytes([0xC1])),                     # ends inside an escape
    (3, b"\x00\x00\x00\x05\x00" + bytes([0xC1, 0x80])),  # the reserved code
    (3, bytes([0xC1, 0x7F]) * 100),         # unpacks past MAX_PLAIN: refused before any output
    (3, runpack.pack(b"\x00\x00")),         # shorter than the count and table length
    (3, runpack.pack(struct.pack(">IH", 0, 500) + b"x" * 10)),  # a table longer than the body
    (2, b"\x00\x00\x00"),                   # format 2 has the same checks on its plaintext
    (4, bytes([0xC1])),                     # format 4 unpacks the same way
    (4, bytes([0xC1, 0x7F]) * 100),
    (4, b""),                               # no head at all
    (4, b"\x05"),                           # a count, no table length
    (4, b"\x80"),                           # ends inside the count's varint
    (4, b"\x80\x01"),                       # a 2-byte count, then nothing
    (4, b"\x81\x00\x00"),                   # a count spelled longer than it is
    (4, b"\xff" * 5 + b"\x01\x00"),         # a count varint of 6 bytes
    (4, b"\xff\xff\xff\xff\x1f\x00"),       # a count past what any format held (2^35 - 1)
    (4, b"\x00\x85"),                       # ends inside the table length's varint
    (4, b"\x00\x80\x00"),                   # a table length spelled longer than it is
    (4, b"\x00\x14" + b"x" * 19),           # a table longer than the body
], ids=["escape-at-end", "reserved-code", "bomb", "short-head", "short-table", "format-2-short",
        "4-escape-at-end", "4-bomb", "4-empty", "4-no-table-length", "4-count-cut", "4-count-only",
        "4-count-long", "4-count-6-bytes", "4-count-too-big", "4-length-cut", "4-length-long", "4-short-table"])
def test_an_authentic_body_that_does_not_unpack_is_malformed(app, fmt, body):
    err = refusal(app, seal_raw(fmt, body))
    assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)


TABLE = msgspec.msgpack.encode
BAD_TABLES = [
    (b"", "table"), (b"\xc1", "table"), (TABLE([GAME_ID, 1]), "table"), (TABLE([GAME_ID, 1, 3, 0]), "table"),
    (TABLE([GAME_ID, 1, 3]) + b"\x00", "table"), (TABLE({"game_id": GAME_ID}), "table"),
    (TABLE([GAME_ID[:15], 1, 3]), "game id"), (TABLE([GAME_ID + b"x", 1, 3]), "game id"),
    (TABLE(["x" * 16, 1, 3]), "game id"),
    (TABLE([GAME_ID, 2, 3]), "access code"), (TABLE([GAME_ID, -1, 3]), "access code"),
    (TABLE([GAME_ID, "open", 3]), "access code"),
    (TABLE([GAME_ID, 1, 0]), "seats"), (TABLE([GAME_ID, 1, MAX_SEATS + 1]), "seats"),
    (TABLE([GAME_ID, 1, 1 << 40]), "seats"), (TABLE([GAME_ID, 1, []]), "seats"),
    (TABLE([GAME_ID, 1, [["", 0]] * (MAX_SEATS + 1)]), "seats"), (TABLE([GAME_ID, 1, "3"]), "seats"),
    (TABLE([GAME_ID, 1, [["Ann", 0], ["Bob"]]]), "seat 1"), (TABLE([GAME_ID, 1, [["Ann", 0, 1]]]), "seat 0"),
    (TABLE([GAME_ID, 1, [[b"Ann", 0]]]), "seat 0's name"), (TABLE([GAME_ID, 1, [["Ann", 2]]]), "seat 0's kind"),
    (TABLE([GAME_ID, 1, [["Ann", "robot"]]]), "seat 0's kind"),
    (TABLE([GAME_ID, 1, [["Ann", 0], ["Bob", len(SEAT_KINDS)]]]), "seat 1's kind"),
]


@pytest.mark.parametrize("table, named", BAD_TABLES, ids=[f"{i}-{n}" for i, (_, n) in enumerate(BAD_TABLES)])
def test_an_authentic_token_with_a_malformed_table_is_refused_naming_the_part(app, table, named):
    encoded, count, _ = app.sealer.open(deal(app, engines.get("hats")))
    for method, request in (("Score", m.ScoreRequest), ("View", m.ViewRequest)):
        with pytest.raises(ApiError) as caught:
            app.call("rest", method, request(state=app.sealer.seal(encoded, count, table)))
        err = caught.value
        assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)
        assert f"seat table is malformed: {named}" in err.message, err.message


@pytest.mark.parametrize("fmt", [3, 2])
@pytest.mark.parametrize("table", [
    b"\xc1", TABLE([[["", "human"]], GAME_ID]), TABLE([[["", "wizard"]], GAME_ID, "open"]),
    TABLE([[["", "human"]], GAME_ID, "closed"]), TABLE([[["", "human"]], GAME_ID[:8], "open"]),
    TABLE([[], GAME_ID, "open"]), TABLE([[["Ann", "human"]] * 3, GAME_ID, "open"])[:-3],
], ids=["not-msgpack", "no-mode", "unknown-kind", "unknown-mode", "short-id", "no-seats", "cut"])
def test_an_old_format_token_with_a_malformed_table_is_refused(app, fmt, table):
    encoded, count, _ = app.sealer.open(deal(app, engines.get("hats")))
    plain = old_plaintext(encoded, count, table)
    err = refusal(app, seal_raw(fmt, runpack.pack(plain) if fmt == 3 else plain))
    assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)
    assert "seat table (format 3 or 2) is malformed" in err.message, err.message


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
    # The most that seals: exactly MAX_TOKEN bytes, its 2-byte body length read back whole.
    head = len(sealer.seal(b"", 1, table))
    largest = os.urandom(MAX_TOKEN - head)
    largest = largest.replace(b"\x00", b"\x01").replace(b"\xff", b"\x01").replace(b"\xc1", b"\x01")
    token = sealer.seal(largest, 1, table)
    assert len(token) == MAX_TOKEN and sealer.open(token) == (largest, 1, table)
    with pytest.raises(ApiError):
        sealer.seal(largest + b"\x01", 1, table)
