"""The versioned byte form of a state: a short header, then the game's own state bytes.

Compiled by Cython (as plain Python) with the rules; interpreted without a compiler.

Layout: magic `b"TE"`, codec version (1 byte), length-prefixed game id, length-
prefixed rules version, then the state body. The header lets a decoder say
exactly what is wrong: not a state, another codec version, another game, or
another rules version.

Codec versions: 1 (FULL), the body is the whole state; 2 (COMPACT), the body is
the live cells of the game's layout only (engines/core/compact.py); 3 (PACKED), the
live cells with the cells of fields that declare `bits` in those bits. A game whose
layout declares bits encodes with 3 and still reads 2 and 1 (states sealed before);
one that declares live cells only encodes with 2 and reads 2 and 1; any other game
reads and writes 1 only.
"""
from __future__ import annotations

from .errors import BadState

MAGIC = b"TE"
FULL = 1
COMPACT = 2
PACKED = 3
VERSIONS = (FULL, COMPACT, PACKED)

_headers: dict[tuple[str, str, int], bytes] = {}


def header(game_id: str, version: str, codec_version: int = FULL) -> bytes:
    """The header bytes for a game, rules version and codec version (cached: it is on every encode)."""
    key = (game_id, version, codec_version)
    h = _headers.get(key)
    if h is None:
        gid, ver = game_id.encode("ascii"), version.encode("ascii")
        h = MAGIC + bytes((codec_version, len(gid))) + gid + bytes((len(ver),)) + ver
        _headers[key] = h
    return h


def encode(game_id: str, version: str, state: bytearray) -> bytes:
    """Header + the whole state as its body (codec 1)."""
    return header(game_id, version) + state


def peek(data: bytes) -> tuple[str, str, int]:
    """(game id, rules version, body offset) of encoded state bytes; BadState if unreadable."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise BadState("not_bytes", f"state must be bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < 5 or data[:2] != MAGIC:
        raise BadState("bad_magic", "not an encoded game state (bad magic bytes)")
    if data[2] not in VERSIONS:
        raise BadState("codec_version", f"state codec version {data[2]} is not supported (expected "
                       f"{' or '.join(map(str, VERSIONS))})")
    n = data[3]
    gid_end = 4 + n
    if len(data) < gid_end + 1:
        raise BadState("truncated", "state header is truncated")
    vlen = data[gid_end]
    body = gid_end + 1 + vlen
    if len(data) < body:
        raise BadState("truncated", "state header is truncated")
    try:
        game_id = data[4:gid_end].decode("ascii")
        version = data[gid_end + 1:body].decode("ascii")
    except UnicodeDecodeError:
        raise BadState("bad_header", "state header is not ASCII") from None
    return game_id, version, body


def body(header_bytes: bytes, game_id: str, version: str, data: bytes) -> bytearray:
    """The state body of `data` when it starts with `header_bytes` (the hot path), else via decode_body."""
    if type(data) is bytes and data.startswith(header_bytes):
        return bytearray(memoryview(data)[len(header_bytes):])  # no copy of the whole input first
    return decode_body(game_id, version, data)


def decode_body(game_id: str, version: str, data: bytes) -> bytearray:
    """The codec-1 state body of `data`, checked to belong to `game_id` at rules `version`."""
    h = _headers.get((game_id, version, FULL)) or header(game_id, version)
    if data[:len(h)] == h:  # fast path: the expected header
        return bytearray(data[len(h):])
    _, start = locate(game_id, version, data, (FULL,))
    return bytearray(data[start:])


def locate(game_id: str, version: str, data: bytes, versions: tuple[int, ...]) -> tuple[int, int]:
    """(codec version, body offset) of `data`, checked to belong to `game_id` at rules `version` and to
    use one of the codec `versions` this game reads."""
    got_game, got_version, start = peek(data)
    if got_game != game_id:
        raise BadState("wrong_game", f"state is for game {got_game!r}, not {game_id!r}")
    if got_version != version:
        raise BadState("rules_version", f"state is for {game_id} rules version {got_version}, "
                       f"this engine runs {version}")
    if data[2] not in versions:
        raise BadState("codec_version", f"state codec version {data[2]} is not used by {game_id} (it reads "
                       f"{' or '.join(map(str, versions))})")
    return data[2], start
