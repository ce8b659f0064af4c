"""The versioned byte form of a state: a short header, then the game's own state bytes.

Compiled by Cython (as plain Python) with the rules; interpreted without a compiler.

Layout: magic `b"TE"`, codec version (1 byte), length-prefixed game id, length-
prefixed rules version, then the state body. The header lets a decoder say
exactly what is wrong: not a state, another codec version, another game, or
another rules version.
"""
from __future__ import annotations

from .errors import BadState

MAGIC = b"TE"
CODEC_VERSION = 1

_headers: dict[tuple[str, str], bytes] = {}


def header(game_id: str, version: str) -> bytes:
    """The header bytes for a game and rules version (cached: it is on every encode)."""
    key = (game_id, version)
    h = _headers.get(key)
    if h is None:
        gid, ver = game_id.encode("ascii"), version.encode("ascii")
        h = MAGIC + bytes((CODEC_VERSION, len(gid))) + gid + bytes((len(ver),)) + ver
        _headers[key] = h
    return h


def encode(game_id: str, version: str, state: bytearray) -> bytes:
    """Header + state body."""
    return header(game_id, version) + state


def peek(data: bytes) -> tuple[str, str, int]:
    """(game id, rules version, body offset) of encoded state bytes; BadState if unreadable."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise BadState("not_bytes", f"state must be bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < 5 or data[:2] != MAGIC:
        raise BadState("bad_magic", "not an encoded game state (bad magic bytes)")
    if data[2] != CODEC_VERSION:
        raise BadState("codec_version", f"state codec version {data[2]} is not supported (expected {CODEC_VERSION})")
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
    """The state body of `data`, checked to belong to `game_id` at rules `version`."""
    h = _headers.get((game_id, version)) or header(game_id, version)
    if data[:len(h)] == h:  # fast path: the expected header
        return bytearray(data[len(h):])
    got_game, got_version, body = peek(data)
    if got_game != game_id:
        raise BadState("wrong_game", f"state is for game {got_game!r}, not {game_id!r}")
    raise BadState("rules_version", f"state is for {game_id} rules version {got_version}, this engine runs {version}")
