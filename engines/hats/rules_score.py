"""Hats' kernel, its scoring topic: the cookie (spec §7.1, D8, D9) and the scoring numbers (§10), compiled.

`rules.py` calls `_cookie_check` after each main action and exports `_outcome` in its kernel
(`rules_score.pxd` declares both for it); `game.py` reads `score_numbers` and `face_up_space_of_type`.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.hats.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


# -- cookie (spec §7.1, D8, D9) -------------------------------------------------

# _COOKIE[card]: what a face-up card adds to its seat's sum in `_cookie_key`: 1 in the nibble of its number
# (number 1 in bits 20-23, the most significant, down to 6 in bits 0-3) and 1 in the nibble of its type (bits
# 24 + 4 * type). A collection holds at most 8 cards, so no nibble carries into the next: one add per card,
# where the key once took a division, a modulo and two shifts.
_COOKIE = cython.declare(cython.ulonglong[42])  # N_CARDS: a C array's length must be a literal


def _fill_cookie() -> None:
    card: cython.int
    one: cython.ulonglong = 1  # the type nibbles pass bit 31
    for card in range(N_CARDS):
        _COOKIE[card] = (one << (4 * (5 - card % 6))) | (one << (24 + 4 * (card // 6)))


_fill_cookie()


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _cookie_key(b: cython.p_uchar, seat: cython.int) -> cython.int:
    """One integer ordering seats for the cookie: higher is better, 0 = empty collection.

    Bits 24+: distinct types (black hats count as one type). Below, one nibble per
    number 1..6 (1 most significant) with how many face-up cards have it: the first
    number where two seats' counts differ is where their ascending value lists first
    differ, and the seat with more of that number has the lower value there (or a
    value where the other has run out), so it is better.
    """
    p: cython.Py_ssize_t = SEATS + seat * SEAT_SIZE
    total: cython.ulonglong = 0
    i: cython.Py_ssize_t
    for i in range(b[p + SEAT_COLLECTION_COUNT]):
        total += _COOKIE[b[p + SEAT_COLLECTION + i]]
    types: cython.ulonglong = total >> 24
    types = (types | types >> 1 | types >> 2 | types >> 3) & 0x1111111  # bit 4t: a card of type t
    n_types: cython.int = (types * 0x1111111 >> 24) & 0xF  # the seven bits summed in one nibble
    if b[p + SEAT_BLACK_HAT_COUNT]:
        n_types += 1
    return (n_types << 24) | cython.cast(cython.int, total & 0xFFFFFF)


@cython.cfunc
@cython.exceptval(check=False)
def _cookie_check(b: cython.p_uchar, events: Optional[list]) -> cython.void:
    best: cython.int = 0
    tied: cython.int = 0
    leader: cython.int = NONE
    holder: cython.int = b[COOKIE_HOLDER]
    holder_key: cython.int = -1
    seat: cython.int
    key: cython.int
    for seat in range(b[PLAYERS]):
        key = _cookie_key(b, seat)
        if seat == holder:
            holder_key = key
        if key > best:
            best, leader, tied = key, seat, 0
        elif key == best and key:
            tied = 1
    if best == 0 or holder_key == best or tied:
        return  # nobody has a collection, or the holder is among the best: it keeps the cookie
    b[COOKIE_HOLDER] = leader
    if events is not None:
        events.append((EV_COOKIE_MOVED, holder, leader))


# -- scoring numbers (spec §10) ---------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def _face_up(b: cython.p_uchar) -> cython.ulonglong:
    """Byte t: the 1-based space of the face-up table card of type t after the flip (D17, the first space of
    its type), or 0."""
    spaces: cython.ulonglong = 0
    s: cython.int
    shift: cython.int
    for s in range(b[SPACES]):
        shift = b[TABLE + s] // 6 * 8
        if not (spaces >> shift) & 0xFF:
            spaces |= cython.cast(cython.ulonglong, s + 1) << shift
    return spaces


@cython.ccall
def face_up_space_of_type(buf: bytearray, type_: cython.int) -> cython.int:
    """The 1-based space of the face-up table card of a type after the flip (D17), or 0."""
    if len(buf) != SIZE:  # _face_up reads raw bytes
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    if type_ < 0 or type_ >= N_TYPES:
        return 0
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    return (_face_up(b) >> (type_ * 8)) & 0xFF


def score_numbers(buf: bytearray) -> list:
    """Per seat: (collection, favourite, cookie, total, black hats)."""
    if len(buf) != SIZE:  # _numbers reads raw bytes
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    out: list = []
    seat: cython.int
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 us to make
        m: list = [0] * 5
        for seat in range(buf[PLAYERS]):
            _numbers(b, seat, m)
            out.append(tuple(m))
        return out
    n = cython.declare(cython.int[5])
    for seat in range(buf[PLAYERS]):
        _numbers(b, seat, n)
        out.append((n[0], n[1], n[2], n[3], n[4]))
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _numbers(b: cython.p_uchar, seat: cython.int, out: cython.p_int) -> cython.void:
    """Seat `seat`'s (collection, favourite, cookie, total, black hats) into `out`."""
    i: cython.int
    card: cython.int
    p: cython.Py_ssize_t = SEATS + seat * SEAT_SIZE
    face_up: cython.ulonglong = _face_up(b)
    collection: cython.int = b[p + SEAT_BLACK_HAT_COUNT]
    for i in range(b[p + SEAT_COLLECTION_COUNT]):
        collection += (face_up >> (b[p + SEAT_COLLECTION + i] // 6 * 8)) & 0xFF
    favourite: cython.int = 0
    fav: cython.int = b[p + SEAT_FAVOURITE]
    if fav != NONE:
        favourite = -(fav % 6 + 1)
        for i in range(b[p + SEAT_COLLECTION_COUNT]):
            card = b[p + SEAT_COLLECTION + i]
            if card // 6 == fav // 6:
                favourite += card % 6 + 1
    cookie: cython.int = 5 if b[COOKIE_HOLDER] == seat else 0
    out[0], out[1], out[2], out[3], out[4] = collection, favourite, cookie, collection + favourite + cookie, \
        b[p + SEAT_BLACK_HAT_COUNT]


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result (engines/core/kernel.pxd): totals, and the winners as game.py's score ranks them
    (§10: total, then black hats unless the tie-break option drops them, then the cookie; teams at 4)."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    players: cython.int = b[PLAYERS]
    teams: cython.int = 2 if players == 4 else players
    total = cython.declare(cython.int[4])
    black = cython.declare(cython.int[4])
    cookie = cython.declare(cython.int[4])
    n = cython.declare(cython.int[5])
    seat: cython.int
    t: cython.int
    for t in range(teams):
        total[t], black[t], cookie[t] = 0, 0, 0
    for seat in range(players):
        _numbers(b, seat, n)
        scores[seat] = n[3]
        t = seat % teams
        total[t] += n[3]
        black[t] += n[4] if b[TIEBREAK] == 0 else 0
        cookie[t] |= b[COOKIE_HOLDER] == seat
    best: cython.int = -1
    tied: cython.int = 0  # bit t: team t is still tied for the win
    for t in range(teams):
        if tied == 0 or total[t] > total[best] or total[t] == total[best] and black[t] > black[best]:
            best, tied = t, 1 << t
        elif total[t] == total[best] and black[t] == black[best]:
            tied |= 1 << t
    holders: cython.int = 0
    for t in range(teams):
        if tied >> t & 1 and cookie[t]:
            holders |= 1 << t
    if holders:
        tied = holders
    for seat in range(players):
        won[seat] = tied >> (seat % teams) & 1
    return players
