"""Sealed state tokens: AES-GCM over the game state, key id in the clear.

Layout (all of it authenticated, the body encrypted):

    b"\x03"                 format version (3; format 2 tokens still open, see below)
    kid length (1 byte), kid (ASCII)
    body length (4 bytes, big-endian)   so truncation is told apart from tampering
    nonce (12 bytes)
    body = AES-GCM(key, nonce, packed plaintext, aad = everything before the nonce)

plaintext = move count (4 bytes) | table length (2 bytes) | table (msgpack:
seats, the game's random id, its access mode) | encoded state (engines' codec:
game kind, rules version, state body). So the token binds the game, its rules
version, move count, seat keys (derived from the random id, service/app/access.py)
and access mode, and hidden information (hands, deck order) never leaves the
server in the clear. Every byte of the token is authenticated: the header is the
AEAD's associated data, the nonce is GCM's own input, the rest is ciphertext and tag.

packed plaintext = the plaintext with its runs of 0x00 and 0xFF run-length packed
(engines/core/runpack.py): state bodies are mostly empty slots, so a Hats token is
about half the size. It is unpacked after authentication and never beyond
`MAX_PLAIN` bytes; a body that does not unpack is refused as `token_malformed`.
Format 2 (the same, the plaintext not packed) still opens, so tokens sealed before
an upgrade keep working through a rolling deploy.

Keys: `TABLETOP_TOKEN_KEYS="kid1:<base64 32 bytes>,kid2:<...>"`; every listed
key opens tokens, the first one seals (rotation: add the new key first, drop
the old one once its tokens have expired from use).
"""
from __future__ import annotations

import base64
import binascii
import logging
import os
import struct

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engines.core.runpack import pack, unpack

from .errors import INTERNAL, UNAUTHENTICATED, ApiError
from .limits import MAX_TOKEN

FORMAT = 3  # 3: the plaintext is run-length packed
UNPACKED_FORMAT = 2  # 2: the table carries the game id and access mode (format 1 tokens are refused)
MAX_PLAIN = MAX_TOKEN  # the most a plaintext unpacks to (format 2 held the whole token to it)
NONCE = 12
TAG = 16
ENV = "TABLETOP_TOKEN_KEYS"
log = logging.getLogger("service.tokens")
_COUNT_SEATS = struct.Struct(">IH")  # plaintext head: move count, seats length
_BODY_LEN = struct.Struct(">I")


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

    def seal(self, encoded_state: bytes, move_count: int, seats: bytes) -> bytes:
        """A token for `encoded_state` (engines codec bytes) with its move count and packed seats; ApiError
        `state_too_large` (INTERNAL) rather than a token that `open` would refuse."""
        unpacked = b"".join((_COUNT_SEATS.pack(move_count, len(seats)), seats, encoded_state))
        plain = pack(unpacked)
        aad = self._prefix + _BODY_LEN.pack(len(plain) + TAG)
        sealed = len(aad) + NONCE + len(plain) + TAG
        if len(unpacked) > MAX_PLAIN or sealed > MAX_TOKEN:
            # No game's state comes near (the largest is about a third of it): a game or option that
            # grew past the limits must fail here, where the cause is named, not one call later.
            raise ApiError(INTERNAL, "state_too_large", f"the new state does not fit in a state token "
                           f"({len(unpacked)} bytes unpacked, at most {MAX_PLAIN}; {sealed} sealed, at most "
                           f"{MAX_TOKEN}); nothing was changed")
        nonce = os.urandom(NONCE)
        return b"".join((aad, nonce, self._aead.encrypt(nonce, plain, aad)))

    def open(self, token: bytes) -> tuple[bytes, int, bytes]:
        """(encoded state, move count, packed seats) of a token; TokenRefused says what is wrong."""
        if not token:
            raise TokenRefused("token_missing", "state: no token given (use the `state` of NewGame's or "
                               "ApplyMove's response)", status="INVALID_ARGUMENT")
        n = len(token)
        if n > MAX_TOKEN:
            raise TokenRefused("token_malformed", f"state token is {n} bytes, longer than any token of this "
                               f"service ({MAX_TOKEN} at most)")
        if token[0] != FORMAT and token[0] != UNPACKED_FORMAT:
            raise TokenRefused("token_malformed", f"state token: unknown format byte {token[0]} "
                               f"(expected {FORMAT} or {UNPACKED_FORMAT}); this is not a token of this "
                               "service, or one made before an upgrade")
        if n < 2 or n < 2 + token[1] + 4:
            raise TokenRefused("token_truncated", f"state token is truncated ({n} bytes, header incomplete)")
        token = bytes(token)  # a no-op for bytes; slices below are then bytes too
        end = 2 + token[1]
        kid = token[2:end]
        (body,) = _BODY_LEN.unpack_from(token, end)
        want = end + 4 + NONCE + body
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
            plain = aead.decrypt(token[end + 4:end + 4 + NONCE], token[end + 4 + NONCE:], token[:end + 4])
        except InvalidTag:
            raise TokenRefused("token_tampered", "state token failed authentication: it was changed, "
                               "corrupted or forged") from None
        return _parts(_unpack_plain(plain) if token[0] == FORMAT else plain)


def _unpack_plain(packed: bytes) -> bytes:
    """A format 3 token's plaintext from its packed form; TokenRefused if it does not unpack."""
    try:
        return unpack(packed, MAX_PLAIN)
    except ValueError as exc:  # authentic, so only a broken or hostile key holder sealed it
        raise TokenRefused("token_malformed", f"state token's body does not unpack: {exc}") from None


def _parts(plain: bytes) -> tuple[bytes, int, bytes]:
    """(encoded state, move count, packed seats) of a plaintext."""
    head = _COUNT_SEATS.size
    if len(plain) >= head:
        move_count, seats_len = _COUNT_SEATS.unpack_from(plain)
        if len(plain) >= head + seats_len:
            return plain[head + seats_len:], move_count, plain[head:head + seats_len]
    raise TokenRefused("token_malformed", "state token's body is shorter than its own header says")


_table_enc = msgspec.msgpack.Encoder()
_table_dec = msgspec.msgpack.Decoder(tuple[list[tuple[str, str]], bytes, str])


def pack_seats(seats: list[tuple[str, str]], game_id: bytes = bytes(16), access: str = "open") -> bytes:
    """The table for the token: seat names and kinds (the engine only takes the count), the game's
    random id (its seat keys derive from it) and its access mode (`seats` or `open`)."""
    return _table_enc.encode((seats, game_id, access))


# Tables already unpacked: every move of a game carries the same table, and decoding it again cost ~3.4k
# instructions per call. Bounded: cleared when full.
_tables: dict[bytes, tuple[tuple[tuple[str, str], ...], bytes, str]] = {}
MAX_TABLES = 1 << 12


def unpack_table(data: bytes) -> tuple[tuple[tuple[str, str], ...], bytes, str]:
    """(seats, game id, access mode) packed by `pack_seats`; the seats as a tuple (results are shared)."""
    hit = _tables.get(data)
    if hit is None:
        seats, game_id, access = _table_dec.decode(data)
        hit = (tuple(seats), game_id, access)
        if len(_tables) >= MAX_TABLES:
            _tables.clear()
        _tables[data] = hit
    return hit


def unpack_seats(data: bytes) -> list[tuple[str, str]]:
    """The seats packed by `pack_seats`."""
    return _table_dec.decode(data)[0]
