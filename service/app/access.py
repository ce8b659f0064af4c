"""Who may see and do what (shared/design/SECURITY.md): seat keys, the host key, access modes.

Keys are derived, never stored: key = HMAC-SHA256(mac key, "seat" | game id | seat), cut to
16 bytes, where the mac key is itself derived from a token key of the ring (so the AES key
is never used for anything but sealing) and the game id is 16 random bytes sealed in the
token at NewGame. A key is spelled `<who>.<key id>.<mac>`: `who` is `h` (host) or `s<seat>`,
the key id names the ring key it was made with, so keys stay valid across a rotation for as
long as that key stays in the ring, like the tokens it made.

A caller's credential is whatever followed `Bearer ` in its `authorization` header or gRPC
metadata; the adapters pass it to `App.call` untouched and it is read only here.
"""
from __future__ import annotations

import base64
import hmac as std_hmac

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.hmac import HMAC

from .errors import ApiError, UNAUTHENTICATED

SEATS, OPEN = "seats", "open"
MODES = (SEATS, OPEN)  # a token holds a mode as its index here (tokens.py): append, never reorder
HOST = -1  # the holder of the host key (or anyone in an `open` game): acts and sees for every seat
PERMISSION_DENIED = "PERMISSION_DENIED"
_LABEL = b"tabletop-engine seat keys v1"
_MAC_BYTES = 16  # 128 bits: a guess is hopeless, and the key stays short in a header
VERIFIED_CACHE = 16384


def _mac(key: bytes, message: bytes) -> bytes:
    h = HMAC(key, hashes.SHA256())
    h.update(message)
    return h.finalize()


class KeyRefused(ApiError):
    """A call whose credential does not allow it; reason `no_key` or `wrong_key`."""


def no_key(what: str) -> KeyRefused:
    """The refusal of a call that needs a key and carried none."""
    return KeyRefused(UNAUTHENTICATED, "no_key", f"{what} needs this seat's key or the host key: send it as "
                      "`authorization: Bearer <key>` (NewGame returned the keys)")


def wrong_key(what: str) -> KeyRefused:
    """The refusal of a call whose key does not open what it asks for (another seat's, another game's)."""
    return KeyRefused(PERMISSION_DENIED, "wrong_key", f"{what}: the key sent is not this seat's key nor the "
                      "host key of this game")


class SeatKeys:
    """Derives and checks the seat and host keys of games from the token key ring."""

    def __init__(self, keys: list[tuple[str, bytes]]):
        self._macs = {kid: _mac(key, _LABEL) for kid, key in keys}
        self._kid = keys[0][0]
        # Keys already checked, (game id, key) -> seat or HOST: a player sends the same key on every
        # move, and the HMAC is most of a key check's ~10 us. Only keys that verified get in; the cache
        # is emptied when full (a bound on memory, not an LRU: a miss only costs one HMAC).
        self._verified: dict[tuple[bytes, str], int] = {}

    def key(self, game_id: bytes, seat: int | None) -> str:
        """The key of `seat` in the game `game_id` (None: the host key), made with the sealing key."""
        who = "h" if seat is None else f"s{seat}"
        return f"{who}.{self._kid}.{self._sign(self._kid, game_id, who)}"

    def _sign(self, kid: str, game_id: bytes, who: str) -> str:
        mac = _mac(self._macs[kid], b"%s|%s|" % (who.encode(), game_id))[:_MAC_BYTES]
        return base64.urlsafe_b64encode(mac).decode().rstrip("=")

    def holder(self, game_id: bytes, credential: str, seats: int, what: str) -> int:
        """Whom `credential` speaks for in this game: a seat, or HOST; KeyRefused when it is no key of it."""
        found = self._verified.get((game_id, credential))
        if found is None:
            found = self._check(game_id, credential, what)
            if len(self._verified) >= VERIFIED_CACHE:
                self._verified.clear()
            self._verified[(game_id, credential)] = found
        if found >= seats:
            raise wrong_key(what)
        return found

    def _check(self, game_id: bytes, credential: str, what: str) -> int:
        who, _, rest = credential.partition(".")
        kid, _, mac = rest.partition(".")
        if kid not in self._macs or not (who == "h" or (who[:1] == "s" and who[1:].isdigit())):
            raise wrong_key(what)
        if not std_hmac.compare_digest(mac.encode(), self._sign(kid, game_id, who).encode()):
            raise wrong_key(what)
        return HOST if who == "h" else int(who[1:])


def bearer(header: str | None) -> str | None:
    """The credential of an `authorization` header value: `Bearer <key>` -> key; None when absent.

    Anything else in the header is refused by name rather than ignored, so a client that
    spells it wrong learns why it is treated as nobody.
    """
    if header is None or header == "":
        return None
    scheme, _, value = header.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or " " in value:
        raise KeyRefused(UNAUTHENTICATED, "bad_authorization", "authorization: expected `Bearer <key>` "
                         "(the key NewGame returned for a seat, or the host key)")
    return value
