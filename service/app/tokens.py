"""Sealed state tokens: AES-GCM over the game state, key id in the clear.

Layout of format 5 (all of it authenticated, the body encrypted):

    b"\x05"                 format version (5; formats 4, 3 and 2 still open, see below)
    kid length (1 byte), kid (ASCII)
    body length (2 bytes, big-endian)   so truncation is told apart from tampering
    nonce (12 bytes)
    body = AES-GCM(key, nonce, packed plaintext, aad = everything before the nonce)

plaintext = move count (unsigned LEB128 varint) | table length (varint) | table |
state. The state is the engines' encoded state (codec header: magic, codec version,
game id, rules version; then the state body) with its header as a 2-byte code: the
first two bytes of BLAKE2b of the header (a zero first byte made 1), for the header
of each codec version each registered game reads; two headers with one code stop
the service at its first token, not at a wrong answer. A state whose header no
registered game writes (none in service) is 0x00 and the encoded state without its
magic. `seal` refuses bytes that do not start with the magic; `open` gives back the
encoded state as it was, or refuses a code this build does not know as
`token_rules_version` (another build sealed it: a game's rules or codec changed).
The table is game id (16 random bytes) | access code (1 byte) | msgpack of the
seats: the seat count when every seat is an unnamed human, else `[[name, kind
code], ...]`; the codes index `access.MODES` and `SEAT_KINDS`, so both are
append-only (a replica that does not know a code refuses the token). Three unnamed
humans take 18 bytes (format 4's msgpack array of the same: 21; format 3's table,
names, kinds and mode spelled out: 49).
So the token binds the game, its rules version, move count, seat keys (derived
from the random id, service/app/access.py) and access mode, and hidden information
(hands, deck order) never leaves the server in the clear. Every byte of the token
is authenticated: the header is the AEAD's associated data, the nonce is GCM's own
input, the rest is ciphertext and tag.

packed plaintext = the plaintext with its runs of 0x00 and 0xFF run-length packed
(engines/core/runpack.py): state bodies are mostly empty slots, so a Hats token is
about half the size. It is unpacked after authentication and never beyond
`MAX_PLAIN` bytes; a body that does not unpack, or whose head or table does not
parse, is refused as `token_malformed` (only a holder of a key could seal one).

Older formats still open, so tokens sealed before an upgrade keep working through
a rolling deploy: format 4 (format 5's layout, but the table is msgpack `[game id
(bin), access code, seats]` and the encoded state keeps its magic), format 3 (a
4-byte body length; plaintext head a 4-byte move count and 2-byte table length;
the table msgpack `[[[name, kind], ...], game id, access mode]`; the state with
its magic) and format 2 (format 3 with the plaintext not packed). `open` converts
their table to the format 5 one, so one table form reaches the app layer and the
next token sealed from it is format 5 with the same seats, id and mode.

Keys: `TABLETOP_TOKEN_KEYS="kid1:<base64 32 bytes>,kid2:<...>"`; every listed
key opens tokens, the first one seals (rotation: add the new key first, drop
the old one once its tokens have expired from use).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import logging
import os
import re
import struct
from typing import Annotated, Union

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engines.core import codec
from engines.core.codec import MAGIC
from engines.core.runpack import pack, unpack

from .access import MODES
from .errors import FAILED_PRECONDITION, INTERNAL, UNAUTHENTICATED, ApiError
from .limits import MAX_SEATS, MAX_TOKEN

FORMAT = 5  # 5: the table's parts raw, the state's header as a code
MSGPACK_FORMAT = 4  # 4: varint head, 2-byte body length, msgpack table
PACKED_FORMAT = 3  # 3: the plaintext is run-length packed
UNPACKED_FORMAT = 2  # 2: the table carries the game id and access mode (format 1 tokens are refused)
MAX_PLAIN = MAX_TOKEN  # the most a plaintext unpacks to (format 2 held the whole token to it)
NONCE = 12
TAG = 16
GAME_ID = 16  # bytes of a game's random id
SEAT_KINDS = ("human", "robot")  # a token holds a kind as its index here: append, never reorder
ENV = "TABLETOP_TOKEN_KEYS"
log = logging.getLogger("service.tokens")
_BODY_LEN = struct.Struct(">H")
_OLD_BODY_LEN = struct.Struct(">I")  # formats 2 and 3
_OLD_HEAD = struct.Struct(">IH")  # formats 2 and 3: move count, table length
_BYTE = [bytes((b,)) for b in range(256)]  # seal's head bytes, looked up: building them cost ~35 ns a token
_MAX_COUNT = 0xFFFF_FFFF  # the most format 3 held; so a varint count takes at most 5 bytes
if MAX_TOKEN >= 1 << (8 * _BODY_LEN.size):
    # seal's size check is what keeps the body length in its field: a larger limit needs a wider field
    raise RuntimeError(f"MAX_TOKEN {MAX_TOKEN} does not fit a format {FORMAT} token's body length")


class TokenRefused(ApiError):
    """A token that is not ours or not intact; `reason` names why (`token_tampered`, ...)."""

    def __init__(self, reason: str, message: str, status: str = UNAUTHENTICATED, **details: object):
        super().__init__(status, reason, message, **details)


def parse_keys(text: str) -> list[tuple[str, bytes]]:
    """`kid:base64key,...` as [(kid, key)]; ValueError names the bad entry."""
    keys = []
    for i, entry in enumerate(e.strip() for e in text.split(",") if e.strip()):
        kid, sep, b64 = entry.partition(":")
        if not sep or not kid or len(kid) > 32 or not kid.isascii():
            raise ValueError(f"{ENV} entry {i}: expected '<key id>:<base64 key>' with a short ASCII key id")
        try:
            key = base64.b64decode(b64, validate=True)
        except binascii.Error:
            raise ValueError(f"{ENV} entry {i} ({kid}): key is not valid base64") from None
        if len(key) not in (16, 24, 32):
            raise ValueError(f"{ENV} entry {i} ({kid}): key must be 16, 24 or 32 bytes, got {len(key)}")
        keys.append((kid, key))
    if not keys:
        raise ValueError(f"{ENV} lists no key")
    return keys


def new_key_spec(kid: str = "dev") -> str:
    """A fresh random key in the `TABLETOP_TOKEN_KEYS` syntax."""
    return f"{kid}:{base64.b64encode(AESGCM.generate_key(bit_length=256)).decode()}"


def keys_from_env(environ=os.environ) -> list[tuple[str, bytes]]:
    """The configured keys; with none set, one random key and a loud warning."""
    text = environ.get(ENV, "").strip()
    if text:
        return parse_keys(text)
    log.warning("!!! %s is not set: sealing tokens with a random key made at start. Tokens will not "
                "survive a restart or work on another replica. Set it in production. !!!", ENV)
    return parse_keys(new_key_spec())


class Sealer:
    """Seals and opens state tokens with a key ring; the first key seals."""

    def __init__(self, keys: list[tuple[str, bytes]]):
        if not keys:
            raise ValueError("at least one key is needed")
        self.keys = list(keys)  # the seat keys are derived from the same ring (service/app/access.py)
        self._ring = {kid.encode("ascii"): AESGCM(key) for kid, key in keys}
        kid = keys[0][0].encode("ascii")
        self._kid = kid
        self._aead = self._ring[kid]
        self._prefix = bytes((FORMAT, len(kid))) + kid
        self._overhead = len(self._prefix) + _BODY_LEN.size + NONCE + TAG
        self._last = (None, b"")  # (codec header, its code) of the last state sealed with one

    def seal(self, encoded_state: bytes, move_count: int, seats: bytes) -> bytes:
        """A token for `encoded_state` (engines codec bytes) with its move count and packed seats; ApiError
        `state_too_large` (INTERNAL) rather than a token that `open` would refuse, `state_not_encoded`
        (INTERNAL) for bytes that are not the codec's (`open` could not give them back as they were)."""
        header, code = self._last  # a worker seals a few games' states: their header is the last one's
        if header is not None and type(encoded_state) is bytes and encoded_state.startswith(header):
            body = encoded_state[len(header):]
        else:
            body = state_part(encoded_state)
            code, body = body[:1], body[1:]
            if code[0]:  # a code, not 0x00: remember its header
                code, body = code + body[:1], body[1:]
                self._last = (encoded_state[:len(encoded_state) - len(body)], code)
        size = len(seats)
        # Inline for what tokens carry: a table under 128 bytes (default seats, short names) and a
        # move count in one or two bytes (under 16384: every game's playouts), its bytes looked up.
        if size < 0x80 and 0 <= move_count < 0x80:
            unpacked = b"".join((_BYTE[move_count], _BYTE[size], seats, code, body))
        elif size < 0x80 and 0x80 <= move_count < 0x4000:
            unpacked = b"".join((_BYTE[move_count & 0x7F | 0x80], _BYTE[move_count >> 7], _BYTE[size], seats,
                                 code, body))
        else:
            unpacked = b"".join((varint(move_count), varint(size), seats, code, body))
        plain = pack(unpacked)
        sealed = self._overhead + len(plain)
        if len(unpacked) > MAX_PLAIN or sealed > MAX_TOKEN:
            # No game's state comes near (the largest is about a third of it): a game or option that
            # grew past the limits must fail here, where the cause is named, not one call later.
            raise ApiError(INTERNAL, "state_too_large", f"the new state does not fit in a state token "
                           f"({len(unpacked)} bytes unpacked, at most {MAX_PLAIN}; {sealed} sealed, at most "
                           f"{MAX_TOKEN}); nothing was changed")
        aad = self._prefix + _BODY_LEN.pack(len(plain) + TAG)
        nonce = os.urandom(NONCE)
        return b"".join((aad, nonce, self._aead.encrypt(nonce, plain, aad)))

    def open(self, token: bytes) -> tuple[bytes, int, bytes]:
        """(encoded state, move count, packed seats) of a token, the seats in format 5's table whatever the
        token's format; TokenRefused says what is wrong."""
        if not token:
            raise TokenRefused("token_missing", "state: no token given (use the `state` of NewGame's or "
                               "ApplyMove's response)", status="INVALID_ARGUMENT")
        n = len(token)
        if n > MAX_TOKEN:
            raise TokenRefused("token_malformed", f"state token is {n} bytes, longer than any token of this "
                               f"service ({MAX_TOKEN} at most)")
        fmt = token[0]
        if fmt == FORMAT or fmt == MSGPACK_FORMAT:
            length = _BODY_LEN
        elif fmt == PACKED_FORMAT or fmt == UNPACKED_FORMAT:
            length = _OLD_BODY_LEN
        else:
            raise TokenRefused("token_malformed", f"state token: unknown format byte {fmt} (expected "
                               f"{FORMAT}, {MSGPACK_FORMAT}, {PACKED_FORMAT} or {UNPACKED_FORMAT}); this is "
                               "not a token of this service, or one made before an upgrade")
        if n < 2 or n < 2 + token[1] + length.size:
            raise TokenRefused("token_truncated", f"state token is truncated ({n} bytes, header incomplete)")
        token = bytes(token)  # a no-op for bytes; slices below are then bytes too
        end = 2 + token[1]
        kid = token[2:end]
        (body,) = length.unpack_from(token, end)
        start = end + length.size
        want = start + NONCE + body
        if n < want:
            raise TokenRefused("token_truncated", f"state token is truncated: {n} bytes, expected {want}")
        if n > want:
            raise TokenRefused("token_malformed", f"state token has {n - want} bytes after its end")
        aead = self._ring.get(kid)
        if aead is None:
            shown = kid.decode("ascii", "replace")
            raise TokenRefused("token_unknown_key", f"state token is sealed with key {shown!r}, which this "
                               f"server does not have (rotated out, or from another deployment)", key_id=shown)
        try:
            plain = aead.decrypt(token[start:start + NONCE], token[start + NONCE:], token[:start])
        except InvalidTag:
            raise TokenRefused("token_tampered", "state token failed authentication: it was changed, "
                               "corrupted or forged") from None
        if fmt == UNPACKED_FORMAT:
            return _old_parts(plain, fmt)
        # Unpacking and the varint head are inline, not calls: open runs on every API call.
        try:
            plain = unpack(plain, MAX_PLAIN)
        except ValueError as exc:  # authentic, so only a broken or hostile key holder sealed it
            raise TokenRefused("token_malformed", f"state token's body does not unpack: {exc}") from None
        if fmt == PACKED_FORMAT:
            return _old_parts(plain, fmt)
        if len(plain) < 2:
            raise TokenRefused("token_malformed", "state token's body ends inside its head (move count, table "
                               "length)")
        count = plain[0]
        i = 1
        if count & 0x80:
            second = plain[1]
            if 0 < second < 0x80:  # a minimal 2-byte count (moves 128..16383), inline as in seal
                count = count & 0x7F | second << 7
                i = 2
            else:
                count, i = _read_varint(plain, 0, "move count")
        size = plain[i] if i < len(plain) else 0x80  # past the end: the slow path names it
        if size & 0x80:
            size, i = _read_varint(plain, i, "table length")
        else:
            i += 1
        end = i + size
        if end > len(plain):
            raise TokenRefused("token_malformed", "state token's body is shorter than its own header says")
        if fmt == FORMAT:
            header = (_CODES or _header_codes())[1].get(plain[end:end + 2])
            if header is not None:
                return header + plain[end + 2:], count, plain[i:end]
            if plain[end:end + 1] == _SPELLED:
                return MAGIC + plain[end + 1:], count, plain[i:end]
            if end == len(plain):
                raise TokenRefused("token_malformed", "state token's body ends before its state")
            raise TokenRefused("token_rules_version", "state token refused: it was sealed by a build of the "
                               "service for a game, rules version or state codec this one does not run (a "
                               "game's rules changed since); start a new game", status=FAILED_PRECONDITION)
        return plain[end:], count, _convert(plain[i:end], fmt)


def state_part(encoded_state: bytes) -> bytes:
    """What a format 5 plaintext holds of an encoded state: its header's code and its body, or 0x00 and all
    but the magic when no registered game has that header; ApiError `state_not_encoded` (INTERNAL) for
    bytes that are not an encoded state (`open` could not give them back as they were)."""
    if type(encoded_state) is not bytes:  # (the codes are looked up by its header's bytes)
        encoded_state = bytes(encoded_state)
    if not encoded_state.startswith(MAGIC):
        raise ApiError(INTERNAL, "state_not_encoded", f"the new state is not an encoded game state (it "
                       f"starts {encoded_state[:2]!r}, not {MAGIC!r}); nothing was changed")
    try:  # the header's length, read from its own length bytes (game id's, rules version's)
        end = 5 + encoded_state[3] + encoded_state[4 + encoded_state[3]]
    except IndexError:
        end = 0
    code = (_CODES or _header_codes())[0].get(encoded_state[:end])
    return _SPELLED + encoded_state[2:] if code is None else code + encoded_state[end:]


_SPELLED = b"\x00"  # a state whose header has no code: spelled out, without the magic
# (header -> code, code -> header) of every registered game's codec headers, built at first use.
_CODES: list[dict[bytes, bytes]] = []


def header_code(header: bytes) -> bytes:
    """The 2-byte code of a codec header in a format 5 token (never starting 0x00, `_SPELLED`)."""
    code = hashlib.blake2b(header, digest_size=2).digest()
    return code if code[0] else b"\x01" + code[1:]


def _header_codes() -> list[dict[bytes, bytes]]:
    """`_CODES`, built from the registry: each game's header for every codec version it reads, so tokens
    sealed before a game's codec changed still open; RuntimeError if two headers share a code."""
    import engines  # the registry: tokens.py is imported by tools that need no game
    of_header: dict[bytes, bytes] = {}
    of_code: dict[bytes, bytes] = {}
    for game in engines.games():
        for version in game.codec_versions:
            header = codec.header(game.info.id, game.info.version, version)
            code = header_code(header)
            if of_code.get(code, header) != header:
                raise RuntimeError(f"state headers {of_code[code]!r} and {header!r} share the token code "
                                   f"{code.hex()}: change how service/app/tokens.py codes headers")
            of_header[header], of_code[code] = code, header
    _CODES[:] = [of_header, of_code]
    return _CODES


def varint(n: int) -> bytes:
    """`n` as an unsigned LEB128 varint (at most 5 bytes: n <= _MAX_COUNT)."""
    if not 0 <= n <= _MAX_COUNT:
        raise ValueError(f"{n} is out of a token's varint range (0..{_MAX_COUNT})")
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _read_varint(data: bytes, i: int, what: str) -> tuple[int, int]:
    """(value, index after it) of the varint at `data[i]`; TokenRefused unless it is one `varint` makes."""
    value = shift = 0
    for k in range(i, min(len(data), i + 5)):
        b = data[k]
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            if (b == 0 and k > i) or value > _MAX_COUNT:
                raise TokenRefused("token_malformed", f"state token's {what} is not a minimal varint of at "
                                   f"most {_MAX_COUNT}")
            return value, k + 1
    if i + 5 <= len(data):
        raise TokenRefused("token_malformed", f"state token's {what} is a varint longer than 5 bytes")
    raise TokenRefused("token_malformed", f"state token's body ends inside its {what}")


def _old_parts(plain: bytes, fmt: int) -> tuple[bytes, int, bytes]:
    """(encoded state, move count, format 5 table) of a format 2 or 3 plaintext."""
    head = _OLD_HEAD.size
    if len(plain) >= head:
        move_count, size = _OLD_HEAD.unpack_from(plain)
        if len(plain) >= head + size:
            return plain[head + size:], move_count, _convert(plain[head:head + size], fmt)
    raise TokenRefused("token_malformed", "state token's body is shorter than its own header says")


_table_enc = msgspec.msgpack.Encoder()
_Kind = Annotated[int, msgspec.Meta(ge=0, lt=len(SEAT_KINDS))]
# Bounded: a count is turned into that many seats, and no game takes more than MAX_SEATS.
_Seats = Union[Annotated[int, msgspec.Meta(ge=1, le=MAX_SEATS)],
               Annotated[list[tuple[str, _Kind]], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]]
_seats_dec = msgspec.msgpack.Decoder(_Seats)
_msgpack_table_dec = msgspec.msgpack.Decoder(tuple[
    Annotated[bytes, msgspec.Meta(min_length=GAME_ID, max_length=GAME_ID)],
    Annotated[int, msgspec.Meta(ge=0, lt=len(MODES))], _Seats])
_old_table_dec = msgspec.msgpack.Decoder(tuple[list[tuple[str, str]], bytes, str])
_KIND_CODES = {kind: i for i, kind in enumerate(SEAT_KINDS)}
_ACCESS_CODES = {mode: i for i, mode in enumerate(MODES)}
_UNNAMED = ("", SEAT_KINDS[0])


def pack_seats(seats: list[tuple[str, str]], game_id: bytes = bytes(GAME_ID), access: str = "open") -> bytes:
    """The table for the token: seat names and kinds (the engine only takes the count), the game's
    random id (its seat keys derive from it) and its access mode (`seats` or `open`); ValueError for
    what `unpack_table` would refuse."""
    if not 1 <= len(seats) <= MAX_SEATS or len(game_id) != GAME_ID or access not in _ACCESS_CODES:
        raise ValueError(f"a token table takes 1-{MAX_SEATS} seats, a {GAME_ID}-byte game id and an access "
                         f"mode of {MODES}: got {len(seats)} seats, {len(game_id)} bytes, {access!r}")
    if all(name == "" and kind == "human" for name, kind in seats):
        listed: int | list = len(seats)
    else:
        unknown = [kind for _, kind in seats if kind not in _KIND_CODES]
        if unknown:
            raise ValueError(f"seat kind {unknown[0]!r} is not one of {SEAT_KINDS}")
        listed = [(name, _KIND_CODES[kind]) for name, kind in seats]
    return _table(game_id, _ACCESS_CODES[access], listed)


def _table(game_id: bytes, access_code: int, seats: int | list) -> bytes:
    """The format 5 table of its parts, `seats` a count or [(name, kind code), ...] (checked by the caller)."""
    return b"".join((game_id, bytes((access_code,)), _table_enc.encode(seats)))


def _malformed_table(where: str, text: str, fmt: int = FORMAT) -> TokenRefused:
    """The refusal of a table, naming the part at fault."""
    sealed = "" if fmt == FORMAT else f" (format {fmt})"
    return TokenRefused("token_malformed", f"state token's seat table{sealed} is malformed: {where}: {text}")


def _undecodable_table(exc: msgspec.DecodeError, fmt: int) -> TokenRefused:
    """The refusal of msgpack that does not decode, naming the part its error's path leads to: the seats
    of a format 5 table, or a whole format 4 table (`[game id, access code, seats]`)."""
    text, _, path = str(exc).partition(" - at `")
    at = [int(i) for i in re.findall(r"\[(\d+)\]", path)]
    if fmt == MSGPACK_FORMAT:
        if not at:
            return _malformed_table("table", text, fmt)
        if at[0] < 2:
            return _malformed_table(("game id", "access code")[at[0]], text, fmt)
        at = at[1:]
    if not at:
        where = "seats"
    elif len(at) == 1:
        where = f"seat {at[0]}"
    else:
        where = f"seat {at[0]}'s {('name', 'kind code')[at[1]]}"
    return _malformed_table(where, text, fmt)


# Tables already unpacked: every move of a game carries the same table, and decoding it again cost ~3.4k
# instructions per call. Bounded: cleared when full.
_tables: dict[bytes, tuple[tuple[tuple[str, str], ...], bytes, str]] = {}
# Older tables -> format 5 tables, the same way. Format 4's apart from formats 3 and 2's (which share a
# form): a table of one form in a token of the other must be refused, not answered from the cache.
_converted: dict[int, dict[bytes, bytes]] = {MSGPACK_FORMAT: {}}
_converted[PACKED_FORMAT] = _converted[UNPACKED_FORMAT] = {}
MAX_TABLES = 1 << 12


def _remember(cache: dict, key: bytes, value):
    """`value`, kept in `cache` under `key`; a full cache is emptied first."""
    if len(cache) >= MAX_TABLES:
        cache.clear()
    cache[key] = value
    return value


def unpack_table(data: bytes) -> tuple[tuple[tuple[str, str], ...], bytes, str]:
    """(seats, game id, access mode) packed by `pack_seats`, the seats as a tuple (results are shared);
    TokenRefused `token_malformed` for anything else."""
    hit = _tables.get(data)
    if hit is None:
        hit = _remember(_tables, data, _read_table(data))
    return hit


def _read_table(data: bytes) -> tuple[tuple[tuple[str, str], ...], bytes, str]:
    """`unpack_table` of a table not seen yet."""
    n = len(data)
    if n < GAME_ID:
        raise _malformed_table("game id", f"the table is {n} bytes, shorter than a {GAME_ID}-byte game id")
    if n == GAME_ID:
        raise _malformed_table("access code", "the table ends after the game id")
    access = data[GAME_ID]
    if access >= len(MODES):
        raise _malformed_table("access code", f"{access} is not the code of one of {MODES}")
    try:
        seats = _seats_dec.decode(data[GAME_ID + 1:])
    except msgspec.DecodeError as exc:
        raise _undecodable_table(exc, FORMAT) from None
    if isinstance(seats, int):
        seats = (_UNNAMED,) * seats
    else:
        seats = tuple((name, SEAT_KINDS[kind]) for name, kind in seats)
    return seats, data[:GAME_ID], MODES[access]


def unpack_seats(data: bytes) -> list[tuple[str, str]]:
    """The seats packed by `pack_seats`."""
    return list(unpack_table(data)[0])


def _convert(old: bytes, fmt: int) -> bytes:
    """The format 5 table of a format 4, 3 or 2 token's table; TokenRefused `token_malformed` if it is none."""
    cache = _converted[fmt]
    hit = cache.get(old)
    if hit is None:
        new = _from_msgpack_table(old) if fmt == MSGPACK_FORMAT else _from_old_table(old)
        hit = _remember(cache, old, new)
    return hit


def _from_msgpack_table(old: bytes) -> bytes:
    """The format 5 table of a format 4 one: the same parts under the same bounds, without msgpack's array
    and bin headers."""
    try:
        game_id, access, seats = _msgpack_table_dec.decode(old)
    except msgspec.DecodeError as exc:
        raise _undecodable_table(exc, MSGPACK_FORMAT) from None
    return _table(game_id, access, seats)


def _from_old_table(old: bytes) -> bytes:
    """The format 5 table of a format 3 or 2 one."""
    try:
        seats, game_id, access = _old_table_dec.decode(old)
        return pack_seats(seats, game_id, access)
    except (msgspec.DecodeError, ValueError) as exc:
        raise TokenRefused("token_malformed", f"state token's seat table (format {PACKED_FORMAT} or "
                           f"{UNPACKED_FORMAT}) is malformed: {exc}") from None
