"""Token format 5 (service/app/tokens.py): varint head, raw table, the state without its magic;
formats 4, 3 and 2 still open.

Through the real App and key ring: every game's tokens are well under their unpacked size;
format 4, 3 and 2 tokens sealed the old way (made here by hand: format 4's msgpack table and
whole state, formats 3 and 2's 4-byte lengths and spelled-out table) open and play on as
format 5 tokens of the same seats, game id and access mode (a rolling deploy has them in
flight); the raw table round-trips every seat and mode; a default Hats token is smaller than
its format 4 and format 3 tokens by the bytes the layout saves; seal refuses bytes that are
not an encoded state, and open gives back the encoded state whole; an authentic body that
does not unpack, or whose head or table does not parse, is refused as `token_malformed` with
a 4xx, never an exception; and every game's largest real state, at its most seats with the
longest names, opens.
"""
from __future__ import annotations

import hashlib
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
GAME_ID_BYTES = len(GAME_ID)
STATE = codec.MAGIC + b"state"  # what seal takes: bytes that start as the codec's do
NAMES = ["Ann", "\u00e9l\u00e8ve \u2603", "\U0001F3A9" * MAX_SEAT_NAME, "\u00e9" * MAX_SEAT_NAME, "x" * MAX_SEAT_NAME]


@pytest.fixture(scope="module")
def app():
    return App(Sealer([(KID, KEY)]), access="open")


def varint(n: int) -> bytes:
    """`n` as an unsigned LEB128 varint, as the head of formats 5 and 4 spells it."""
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes(out + bytes((n,)))


def seal_raw(fmt: int, body: bytes, kid: str = KID, key: bytes = KEY) -> bytes:
    """A token of format `fmt` around `body` (the plaintext as that format holds it), made by hand."""
    length = struct.pack(">H" if fmt >= 4 else ">I", len(body) + 16)
    aad = bytes((fmt, len(kid))) + kid.encode() + length
    nonce = os.urandom(12)
    return aad + nonce + AESGCM(key).encrypt(nonce, body, aad)


# Every codec header a registered game writes or reads: format 5 seals these as a 2-byte code.
HEADERS = {codec.header(g.info.id, g.info.version, v) for g in GAMES for v in g.codec_versions}


def state_part(encoded: bytes) -> bytes:
    """Format 5's state: a known header as its code (BLAKE2b's first two bytes, a zero first byte made 1)
    and the body, else 0x00 and the encoded state without its magic."""
    assert encoded.startswith(codec.MAGIC), encoded[:10]
    end = 5 + encoded[3] + encoded[4 + encoded[3]] if len(encoded) > 4 and len(encoded) > 4 + encoded[3] else 0
    if encoded[:end] not in HEADERS:
        return b"\x00" + encoded[len(codec.MAGIC):]
    code = hashlib.blake2b(encoded[:end], digest_size=2).digest()
    return (code if code[0] else b"\x01" + code[1:]) + encoded[end:]


def plaintext(encoded: bytes, count: int, table: bytes, fmt: int = FORMAT) -> bytes:
    """Format 5's plaintext before packing (the state's header as its code), or format 4's (whole)."""
    state = state_part(encoded) if fmt == FORMAT else encoded
    return varint(count) + varint(len(table)) + table + state


def v4_table(seats, game_id: bytes, access: str) -> bytes:
    """The table format 4 sealed: msgpack `[game id, access code, seat count or [[name, kind code], ...]]`."""
    listed = [[name, SEAT_KINDS.index(kind)] for name, kind in seats]
    if all(seat == ("", "human") for seat in seats):
        listed = len(seats)
    return msgspec.msgpack.encode([game_id, MODES.index(access), listed])


def old_table(seats, game_id: bytes, access: str) -> bytes:
    """The table formats 2 and 3 sealed: msgpack of (seats as [name, kind], game id, access mode)."""
    return msgspec.msgpack.encode(([list(s) for s in seats], game_id, access))


def old_plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    """Formats 2 and 3's plaintext before packing: 4-byte move count, 2-byte table length."""
    return struct.pack(">IH", count, len(table)) + table + encoded


def old_token(fmt: int, encoded: bytes, count: int, seats, game_id: bytes, access: str, **key) -> bytes:
    """A format 4 or 3 (packed) or 2 token of these parts, as the code before format 5 sealed it."""
    if fmt == 4:
        plain = plaintext(encoded, count, v4_table(seats, game_id, access), fmt=4)
    else:
        plain = old_plaintext(encoded, count, old_table(seats, game_id, access))
    return seal_raw(fmt, plain if fmt == 2 else runpack.pack(plain), **key)


def refusal(app, token: bytes) -> ApiError:
    with pytest.raises(ApiError) as caught:
        app.call("rest", "Score", m.ScoreRequest(state=token))
    return caught.value


def deal(app, game) -> bytes:
    n = min(max(3, game.info.min_seats), game.info.max_seats)
    return app.call("rest", "NewGame", m.NewGameRequest(game=game.info.id, seats=[m.Seat()] * n, seed="4")).state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_tokens_are_packed_well_under_their_unpacked_size(app, game):
    """Empty slots do not travel: run-length packed, or left out by a layout's live cells (codec 2), a token's
    state part is well under the whole state's (codec 1). The parts every token carries (nonce, tag, header,
    seat table) are left out of both sides: a small state (the test-only toy's 77 bytes) is no bigger."""
    token = deal(app, game)
    for _ in range(3):
        encoded, count, table = app.sealer.open(token)
        _, state = engines.decode(encoded)
        unpacked = len(seal_raw(FORMAT, plaintext(codec.encode(game.info.id, game.info.version, state), count,
                                                  table)))
        fixed = len(seal_raw(FORMAT, runpack.pack(plaintext(codec.encode(game.info.id, game.info.version, b""),
                                                            count, table))))
        assert token[0] == FORMAT
        assert len(token) - fixed < 0.75 * (unpacked - fixed), \
            f"{game.info.id}: {len(token)} bytes sealed, {unpacked} unpacked, {fixed} in every token"
        token = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=token, index=0)).state


@pytest.mark.parametrize("fmt", [4, 3, 2])
@pytest.mark.parametrize("access", MODES)
def test_an_old_format_token_opens_and_plays_on_as_format_5_with_its_seats_id_and_mode(fmt, access):
    app = App(Sealer([(KID, KEY)]), access=access)
    seats = [m.Seat(name="Ann"), m.Seat(name="\U0001F3A9", kind="robot"), m.Seat()]
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=seats, seed="4"))
    encoded, count, table = app.sealer.open(new.state)
    kept = unpack_table(table)
    assert kept[0] == (("Ann", "human"), ("\U0001F3A9", "robot"), ("", "human")) and kept[2] == access
    old = old_token(fmt, encoded, count, *kept)
    assert old[0] == fmt
    assert app.sealer.open(old) == (encoded, count, table)  # the old table comes out in format 5's form

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
    """game id | access code | seat count: 18 bytes for any count a game takes (format 4's msgpack array of
    the same: 21), and a format 4 token's table of unnamed humans converts to it."""
    sealer = Sealer([(KID, KEY)])
    for n in range(1, MAX_SEATS + 1):
        seats = [("", "human")] * n
        table = pack_seats(seats, GAME_ID, "open")
        assert table == GAME_ID + b"\x01" + bytes((n,)) and len(table) == 18
        assert unpack_table(table) == ((("", "human"),) * n, GAME_ID, "open")
        assert v4_table(seats, GAME_ID, "open") == b"\x93\xc4\x10" + table
        assert sealer.open(old_token(4, STATE, n, seats, GAME_ID, "open")) == (STATE, n, table)


def test_the_table_codes_are_pinned():
    """Kinds and modes are sealed as their index: reordering either would misread every token in flight."""
    assert SEAT_KINDS == ("human", "robot") and MODES == ("seats", "open")
    seats = [("", "robot"), ("Ann", "human")]
    table = pack_seats(seats, GAME_ID, "seats")
    assert table == GAME_ID + b"\x00" + b"\x92\x92\xa0\x01\x92\xa3Ann\x00"
    # format 4 sealed the same codes in a msgpack array (so the tokens made here by hand are its tokens)
    assert v4_table(seats, GAME_ID, "seats") == b"\x93\xc4\x10" + table


@pytest.mark.parametrize("access", MODES)
@pytest.mark.parametrize("kind", SEAT_KINDS)
@pytest.mark.parametrize("name", NAMES + [""], ids=lambda n: f"{len(n)}-{n[:1]!r}")
def test_the_table_round_trips_every_name_kind_and_mode(name, kind, access):
    sealer, rnd = Sealer([(KID, KEY)]), random.Random(f"{name}{kind}{access}")
    seats = [(name, kind)] + [(rnd.choice(NAMES + [""]), rnd.choice(SEAT_KINDS)) for _ in range(rnd.randrange(8))]
    game_id = rnd.randbytes(16)
    table = pack_seats(seats, game_id, access)
    encoded, count = STATE, rnd.randrange(1 << 32)
    assert sealer.open(sealer.seal(encoded, count, table)) == (encoded, count, table)
    assert unpack_table(table) == (tuple(seats), game_id, access)
    for fmt in (4, 3, 2):  # an old token's table converts to the same one
        assert Sealer([(KID, KEY)]).open(old_token(fmt, encoded, count, seats, game_id, access)) == (
            encoded, count, table)


@pytest.mark.parametrize("count", [0, 1, 127, 128, 300, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 32) - 1])
@pytest.mark.parametrize("size", [0, 21, 127, 128, 2000])
def test_the_head_is_two_varints_at_every_width(count, size):
    """The move count and table length as LEB128 varints, one to five bytes, read back by `open`."""
    sealer, table = Sealer([(KID, KEY)]), bytes(range(1, 128)) * 16
    table = table[:size]
    by_hand = seal_raw(FORMAT, runpack.pack(plaintext(STATE, count, table)))
    sealed = sealer.seal(STATE, count, table)
    assert len(sealed) == len(by_hand) and sealed[:6] == by_hand[:6]
    assert sealer.open(sealed) == sealer.open(by_hand) == (STATE, count, table)


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_a_default_hats_token_is_smaller_than_its_older_tokens_by_what_the_layout_saves(app, count):
    token = deal(app, engines.get("hats"))
    for _ in range(count):
        token = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=token, index=0)).state
    encoded, moves, table = app.sealer.open(token)
    seats, game_id, access = unpack_table(table)
    assert moves == count and len(table) == 18 and access == "open" and encoded.startswith(codec.MAGIC)
    header = engines.get("hats").codec_header
    assert encoded.startswith(header) and len(header) == 12
    # header 6 (format, kid length, "k1", 2-byte body length), nonce 12, tag 16; the plaintext holds the
    # state's 12-byte codec header as a 2-byte code
    assert len(token) == 6 + 12 + len(runpack.pack(plaintext(encoded, moves, table))) + 16
    assert len(plaintext(encoded, moves, table)) == 2 + 18 + 2 + len(encoded) - len(header)
    # Format 4: the same head; its table's msgpack array and bin headers (3 bytes) and the header less its
    # code (10) are gone. None of them is 0x00 or 0xFF, nor is what now comes before the id (the table
    # length), the code or what follows the code, so no run joins another and every run packs as it did.
    v4 = old_token(4, encoded, moves, seats, game_id, access)
    assert len(v4_table(seats, game_id, access)) == 21 and app.sealer.open(v4) == (encoded, moves, table)
    assert len(v4) - len(token) == 3 + 10
    # Format 3: the body length loses 2 bytes, the table 31 and the header 10. Head: format 3's 4-byte count
    # packs to 3 bytes (a run of three 0x00, then the count) or with count 0 joins the table length's 0x00
    # (5 zeros: 2 bytes), its table length is 2 more; format 5's count and table length are a byte each.
    # Neither table ends in 0x00/0xFF, so the rest of the state packs the same.
    old = old_token(3, encoded, moves, seats, game_id, access)
    assert len(old_table(seats, game_id, access)) == 49 and app.sealer.open(old) == (encoded, moves, table)
    head_saved = (2 + 1) - 2 if count == 0 else (3 + 2) - 2
    assert len(old) - len(token) == 2 + 31 + 10 + head_saved


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_a_state_header_is_sealed_as_its_code_and_an_unknown_code_is_refused(app, game):
    """Each game's header goes as 2 bytes; a code this build does not know (another build's game or rules
    version) is `token_rules_version`, a state whose header no game writes is spelled out and then
    refused by the codec as it always was."""
    token = deal(app, game)
    encoded, moves, table = app.sealer.open(token)
    header = game.codec_header
    plain = runpack.unpack(AESGCM(KEY).decrypt(token[6:18], token[18:], token[:6]), MAX_PLAIN)
    assert plain.endswith(encoded[len(header):]) and header not in plain
    assert len(plain) == 2 + len(table) + 2 + len(encoded) - len(header)
    codes = {state_part(h + b"x")[:2] for h in HEADERS}
    assert len(codes) == len(HEADERS) and all(c[0] for c in codes)  # one code each, never 0x00 first
    unknown = next(bytes((1, i)) for i in range(256) if bytes((1, i)) not in codes)
    forged = seal_raw(FORMAT, runpack.pack(plain[:2 + len(table)] + unknown + encoded[len(header):]))
    err = refusal(app, forged)
    assert (err.reason, err.status) == ("token_rules_version", "FAILED_PRECONDITION"), err.message
    assert "start a new game" in err.message
    other = codec.header(game.info.id, game.info.version + ".9", header[2]) + encoded[len(header):]
    err = refusal(app, seal_raw(FORMAT, runpack.pack(plaintext(other, moves, table))))
    assert (err.reason, err.status) == ("token_rules_version", "FAILED_PRECONDITION"), err.message
    assert f"this engine runs {game.info.version}" in err.message
    err = refusal(app, seal_raw(FORMAT, runpack.pack(plain[:2 + len(table)])))
    assert (err.reason, err.message) == ("token_malformed", "state token's body ends before its state")


def test_seal_takes_encoded_states_only_and_open_gives_them_back_whole():
    """Every encoded state starts with the magic: seal refuses bytes without it (open could not give them
    back as they were); a state whose header no game writes is sealed spelled out, and open gives it back."""
    sealer, table = Sealer([(KID, KEY)]), pack_seats([("", "human")] * 3, GAME_ID, "open")
    for encoded in (b"", b"T", b"state", b"ET" + STATE, bytearray(b"state"), b"\x00" + STATE):
        with pytest.raises(ApiError) as caught:
            sealer.seal(encoded, 1, table)
        assert (caught.value.reason, caught.value.status) == ("state_not_encoded", "INTERNAL"), caught.value
        assert "nothing was changed" in caught.value.message
    for encoded in (codec.MAGIC, STATE, bytearray(STATE), codec.MAGIC * 40):
        token = sealer.seal(encoded, 1, table)
        assert sealer.open(token) == (encoded, 1, table)
        assert sealer.open(token)[0][:4] == encoded[:4] and type(sealer.open(token)[0]) is bytes
        # no game's header: the plaintext holds 0x00 and what follows the magic, as a hand-made token does
        assert len(token) == len(seal_raw(FORMAT, runpack.pack(plaintext(bytes(encoded), 1, table))))
        assert sealer.open(seal_raw(FORMAT, runpack.pack(plaintext(bytes(encoded), 1, table)))) == (
            encoded, 1, table)


@pytest.mark.parametrize("fmt", [0, 1, 6, 0x54, 255])
def test_an_unknown_format_byte_is_refused_naming_the_formats_that_open(app, fmt):
    err = refusal(app, seal_raw(fmt, runpack.pack(plaintext(STATE, 0, pack_seats([("", "human")] * 3)))))
    assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)
    assert f"unknown format byte {fmt} (expected 5, 4, 3 or 2)" in err.message, err.message


VARINT_HEAD_BODIES = [  # formats 5 and 4 unpack and read their head the same way
    ("escape-at-end", bytes([0xC1])),
    ("bomb", bytes([0xC1, 0x7F]) * 100),
    ("empty", b""),                           # no head at all
    ("no-table-length", b"\x05"),             # a count, no table length
    ("count-cut", b"\x80"),                   # ends inside the count's varint
    ("count-only", b"\x80\x01"),               # a 2-byte count, then nothing
    ("count-long", b"\x81\x00\x00"),           # a count spelled longer than it is
    ("count-6-bytes", b"\xff" * 5 + b"\x01\x00"),  # a count varint of 6 bytes
    ("count-too-big", b"\xff\xff\xff\xff\x1f\x00"),  # a count past what any format held (2^35 - 1)
    ("length-cut", b"\x00\x85"),               # ends inside the table length's varint
    ("length-long", b"\x00\x80\x00"),           # a table length spelled longer than it is
    ("short-table", b"\x00\x14" + b"x" * 19),   # a table longer than the body
]
BAD_BODIES = [
    ("escape-at-end", 3, bytes([0xC1])),       # ends inside an escape
    ("reserved-code", 3, b"\x00\x00\x00\x05\x00" + bytes([0xC1, 0x80])),  # the reserved code
    ("bomb", 3, bytes([0xC1, 0x7F]) * 100),    # unpacks past MAX_PLAIN: refused before any output
    ("short-head", 3, runpack.pack(b"\x00\x00")),  # shorter than the count and table length
    ("short-table", 3, runpack.pack(struct.pack(">IH", 0, 500) + b"x" * 10)),  # a table longer than the body
    ("format-2-short", 2, b"\x00\x00\x00"),    # format 2 has the same checks on its plaintext
] + [(f"{fmt}-{name}", fmt, body) for fmt in (5, 4) for name, body in VARINT_HEAD_BODIES]


@pytest.mark.parametrize("fmt, body", [b[1:] for b in BAD_BODIES], ids=[b[0] for b in BAD_BODIES])
def test_an_authentic_body_that_does_not_unpack_is_malformed(app, fmt, body):
    err = refusal(app, seal_raw(fmt, body))
    assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)


TABLE = msgspec.msgpack.encode


def raw(seats, game_id: bytes = GAME_ID, access: bytes = b"\x01") -> bytes:
    """A format 5 table of these parts: game id | access code | msgpack of `seats`."""
    return game_id + access + TABLE(seats)


BAD_TABLES = [
    (b"", "game id"), (GAME_ID[:15], "game id"), (GAME_ID[:1], "game id"),
    (GAME_ID, "access code"), (raw(3, access=b"\x02"), "access code"), (raw(3, access=b"\xff"), "access code"),
    (GAME_ID + b"\x01", "seats"), (raw(0), "seats"), (raw(MAX_SEATS + 1), "seats"), (raw(-1), "seats"),
    (raw(1 << 40), "seats"), (raw([]), "seats"), (raw([["", 0]] * (MAX_SEATS + 1)), "seats"),
    (raw("3"), "seats"), (raw(True), "seats"), (raw({"seats": 3}), "seats"), (GAME_ID + b"\x01\xc1", "seats"),
    (raw(3) + b"\x00", "seats"), (raw([["Ann", 0]])[:-1], "seats"),
    (TABLE([GAME_ID, 1, 3]), "access code"),  # format 4's table as format 5's: byte 16 is the id's 14th
    (raw([["Ann", 0], ["Bob"]]), "seat 1"), (raw([["Ann", 0, 1]]), "seat 0"), (raw([3]), "seat 0"),
    (raw([[b"Ann", 0]]), "seat 0's name"), (raw([["Ann", 2]]), "seat 0's kind code"),
    (raw([["Ann", "robot"]]), "seat 0's kind code"), (raw([["Ann", -1]]), "seat 0's kind code"),
    (raw([["Ann", 0], ["Bob", len(SEAT_KINDS)]]), "seat 1's kind code"),
]


@pytest.mark.parametrize("table, named", BAD_TABLES, ids=[f"{i}-{n}" for i, (_, n) in enumerate(BAD_TABLES)])
def test_an_authentic_token_with_a_malformed_table_is_refused_naming_the_part(app, table, named):
    encoded, count, _ = app.sealer.open(deal(app, engines.get("hats")))
    for method, request in (("Score", m.ScoreRequest), ("View", m.ViewRequest)):
        with pytest.raises(ApiError) as caught:
            app.call("rest", method, request(state=app.sealer.seal(encoded, count, table)))
        err = caught.value
        assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)
        assert f"seat table is malformed: {named}: " in err.message, err.message


BAD_V4_TABLES = [
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


@pytest.mark.parametrize("table, named", BAD_V4_TABLES,
                         ids=[f"{i}-{n}" for i, (_, n) in enumerate(BAD_V4_TABLES)])
def test_a_format_4_token_with_a_malformed_table_is_refused_naming_the_part(app, table, named):
    encoded, count, _ = app.sealer.open(deal(app, engines.get("hats")))
    token = seal_raw(4, runpack.pack(plaintext(encoded, count, table, fmt=4)))
    for method, request in (("Score", m.ScoreRequest), ("View", m.ViewRequest)):
        with pytest.raises(ApiError) as caught:
            app.call("rest", method, request(state=token))
        err = caught.value
        assert err.reason == "token_malformed" and err.http_status < 500, (err.reason, err.message)
        assert f"seat table (format 4) is malformed: {named}" in err.message, err.message


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


def test_a_table_is_read_in_its_tokens_format_even_once_converted(app):
    """Converted tables are cached per form: a format 4 table that opened in a format 4 token is refused in
    a format 3 one, and a format 3 table that opened in a format 3 token is refused in a format 4 one."""
    encoded, count, table = app.sealer.open(deal(app, engines.get("hats")))
    seats, game_id, access = unpack_table(table)
    v4, v3 = v4_table(seats, game_id, access), old_table(seats, game_id, access)
    for fmt, own, other in ((4, v4, v3), (3, v3, v4)):
        assert app.sealer.open(old_token(fmt, encoded, count, seats, game_id, access))[2] == table
        wrong = plaintext(encoded, count, other, fmt=4) if fmt == 4 else old_plaintext(encoded, count, other)
        err = refusal(app, seal_raw(fmt, runpack.pack(wrong)))
        assert err.reason == "token_malformed" and "is malformed" in err.message, (err.reason, err.message)


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
    sealer, table, magic = Sealer([(KID, KEY)]), b"t" * 40, codec.MAGIC
    fits = magic + os.urandom(MAX_TOKEN - 200)  # random bytes do not pack: the token is about as long
    assert sealer.open(sealer.seal(fits, 1, table)) == (fits, 1, table)
    for encoded in (magic + os.urandom(MAX_TOKEN - 60), magic + bytes(MAX_PLAIN)):  # too long sealed; unpacked
        with pytest.raises(ApiError) as caught:
            sealer.seal(encoded, 1, table)
        assert (caught.value.reason, caught.value.status) == ("state_too_large", "INTERNAL"), caught.value
        assert "nothing was changed" in caught.value.message
    # The most that seals: exactly MAX_TOKEN bytes, its 2-byte body length read back whole.
    head = len(sealer.seal(magic, 1, table))  # the magic is not sealed: the token of an empty state
    largest = os.urandom(MAX_TOKEN - head)
    largest = magic + largest.replace(b"\x00", b"\x01").replace(b"\xff", b"\x01").replace(b"\xc1", b"\x01")
    token = sealer.seal(largest, 1, table)
    assert len(token) == MAX_TOKEN and sealer.open(token) == (largest, 1, table)
    with pytest.raises(ApiError) as caught:
        sealer.seal(largest + b"\x01", 1, table)
    assert caught.value.reason == "state_too_large", caught.value


def test_two_state_headers_with_one_code_stop_the_service_at_its_first_token(monkeypatch):
    """A code names one header: a clash (a new game or codec version whose header hashes alike) fails
    where the codes are built, before any token could be opened as another game's."""
    from service.app import tokens
    monkeypatch.setattr(tokens, "header_code", lambda header: b"\x01\x02")
    with pytest.raises(RuntimeError, match="share the token code 0102"):
        tokens._header_codes()


def test_the_table_memos_stay_bounded():
    """Every token carries a table, and a client can make new ones (a game each): the memos of unpacked
    and converted tables are emptied when full, never grown past MAX_TABLES."""
    from service.app import tokens
    for i in range(tokens.MAX_TABLES + 50):
        game_id = i.to_bytes(GAME_ID_BYTES, "big")
        assert unpack_table(pack_seats([("", "human")] * 2, game_id, "open"))[1] == game_id
        assert tokens._convert(v4_table([("", "human")] * 2, game_id, "open"), 4) == \
            pack_seats([("", "human")] * 2, game_id, "open")
        assert len(tokens._tables) <= tokens.MAX_TABLES and len(tokens._converted[4]) <= tokens.MAX_TABLES
