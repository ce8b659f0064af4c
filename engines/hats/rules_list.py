"""Hats' kernel, its listing topic: the legal move codes (spec §5, §6) listed, counted, or the i-th worked out.

`rules.py` re-exports `legal_moves` and puts `_legal_into` and `_count` in its kernel, whose step makes the move
`_nth` works out (`rules_list.pxd` declares them): a playout counts the moves and makes the one it picked, and
never writes the listing.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.hats.offsets import *  # noqa: F403
    from cython.cimports.engines.core import kernel
else:
    from .offsets import *  # noqa: F403
    from ..core import kernel


def legal_moves(buf: bytearray):
    """Every legal move code now (spec §5, §6)."""
    if len(buf) != SIZE:
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 us to make
        out: list = [0] * MAX_LISTED
        return kernel.listed(out, _legal_into(buf, out))
    codes = cython.declare(cython.longlong[91])  # MAX_LISTED: a C array's length must be a literal
    return kernel.listed(codes, _legal_into(buf, codes))


# _LOWEST[mask]: the lowest space in a mask of spaces (bit s: space s), so that listing a card's exchanges visits
# only the spaces it may go on; _BITS[mask]: how many spaces, so that counting them visits none.
_LOWEST = cython.declare(cython.uchar[64])
_BITS = cython.declare(cython.uchar[64])
# _LANES[card]: 8 * its type | 8 * its number (0-based) << 8, the shifts to its bytes in _fill_rows' masks.
_LANES = cython.declare(cython.ushort[42])  # N_CARDS
# _ROWS[t], byte k: the spaces that the card of type t and number k (0-based) may go on (may_exchange), for the
# table _rows_of names; worked out again only when the table changes (an exchange, about one move in four), so a
# listing or a count reads one byte a card. _SLOT[card]: that card's byte in _ROWS.
_ROWS = cython.declare(cython.ulonglong[7])  # N_TYPES
_SLOT = cython.declare(cython.uchar[42])  # N_CARDS
cython.declare(_rows_of=cython.ulonglong)
_rows_of = 0  # the table's cards and space count, or 0 (no table has 0 spaces)


def _fill_tables() -> None:
    mask: cython.int
    s: cython.int
    _BITS[0] = 0  # interpreted, the arrays start as None
    for mask in range(1, 64):
        s = 0
        while not (mask >> s) & 1:
            s += 1
        _LOWEST[mask] = s
        _BITS[mask] = _BITS[mask & (mask - 1)] + 1
    for s in range(N_CARDS):
        _LANES[s] = s // 6 * 8 | s % 6 * 8 << 8
        _SLOT[s] = s // 6 * 8 + s % 6


_fill_tables()


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for MAX_LISTED), in hand order; their count."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    phase: cython.int = b[PHASE]
    if phase == FINISHED:
        return 0
    if phase == PARTNER:
        return _hand_into(b, SEATS + ((b[ACTIVE_SEAT] + 2) & 3) * SEAT_SIZE, RETURN_CARD, out, 0)
    p: cython.Py_ssize_t = SEATS + b[ACTIVE_SEAT] * SEAT_SIZE
    optional: cython.int = OFFER_CARD if b[PLAYERS] == 4 else DISCARD
    n: cython.int
    if phase == AFTER:
        n = 0 if b[OPTIONAL_USED] else _hand_into(b, p, optional, out, 0)
        out[n] = END
        return n + 1
    n = _exchanges_into(b, p, out)
    hand_n: cython.int = b[p + SEAT_HAND_COUNT]
    i: cython.int
    if b[OPTIONAL_USED]:
        return _hand_into(b, p, BLACK_HAT, out, n)
    for i in range(hand_n):  # the black hats and the optional moves in one pass
        out[n + i] = BLACK_HAT + b[p + SEAT_HAND + i]
        out[n + hand_n + i] = optional + b[p + SEAT_HAND + i]
    return n + 2 * hand_n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _hand_into(b: cython.p_uchar, p: cython.Py_ssize_t, first: cython.int, out: cython.p_longlong,
               n: cython.int) -> cython.int:
    """The codes `first + card` of the hand at `p`, in hand order, written from out[n]; the new count."""
    i: cython.int
    for i in range(b[p + SEAT_HAND_COUNT]):
        out[n + i] = first + b[p + SEAT_HAND + i]
    return n + b[p + SEAT_HAND_COUNT]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _use_table(b: cython.p_uchar) -> cython.void:
    """Make _ROWS describe the table of `b`."""
    global _rows_of
    key: cython.ulonglong = (b[TABLE] | cython.cast(cython.ulonglong, b[TABLE + 1]) << 8
                             | cython.cast(cython.ulonglong, b[TABLE + 2]) << 16
                             | cython.cast(cython.ulonglong, b[TABLE + 3]) << 24
                             | cython.cast(cython.ulonglong, b[TABLE + 4]) << 32
                             | cython.cast(cython.ulonglong, b[TABLE + 5]) << 40
                             | cython.cast(cython.ulonglong, b[SPACES]) << 48)
    if key != _rows_of:
        _fill_rows(b)
        _rows_of = key


@cython.cfunc
@cython.exceptval(check=False)
def _fill_rows(b: cython.p_uchar) -> cython.void:
    """Work _ROWS out for the table of `b`."""
    # Byte t of of_type: the spaces holding a card of type t; byte k of below: those whose card's number is
    # below k. A card of type t and number k may go on the spaces of both bytes.
    of_type: cython.ulonglong = 0
    below: cython.ulonglong = 0  # first byte k: the spaces of number k
    bit: cython.ulonglong = 1
    s: cython.int
    lanes: cython.uint
    for s in range(b[SPACES]):
        lanes = _LANES[b[TABLE + s]]
        of_type |= bit << (lanes & 0xFF)
        below |= bit << (lanes >> 8)
        bit <<= 1
    below <<= 8  # byte k: number k - 1; then each byte ORs in all those below it (bytes past 5 never read)
    below |= below << 8
    below |= below << 16
    below |= below << 32
    ones: cython.ulonglong = 0x010101010101  # a byte in each of the row's 6 numbers
    for s in range(N_TYPES):
        _ROWS[s] = ((of_type >> (8 * s)) & 0x3F) * ones | below


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _spaces_for(card: cython.uint) -> cython.uint:
    """The spaces `card` may go on (bit s: space s), on the table _use_table last saw."""
    return cython.cast(cython.p_uchar, cython.address(_ROWS[0]))[_SLOT[card]] if cython.compiled \
        else (_ROWS[card // 6] >> (card % 6 * 8)) & 0xFF  # interpreted: no pointers


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _exchanges_into(b: cython.p_uchar, p: cython.Py_ssize_t, out: cython.p_longlong) -> cython.int:
    """The exchanges of the hand at `p` (may_exchange), card by card, space by space, from out[0]; their count."""
    _use_table(b)
    n: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    c: cython.uint
    mask: cython.uint
    base: cython.uint
    for i in range(b[p + SEAT_HAND_COUNT]):
        c = b[p + SEAT_HAND + i]
        mask = _spaces_for(c)
        base = EXCHANGE + c * 6
        while mask:
            out[n] = base + _LOWEST[mask]
            n += 1
            mask &= mask - 1
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _count(buf: bytearray) -> cython.int:
    """How many codes `_legal_into` would list, without listing them."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    phase: cython.int = b[PHASE]
    p: cython.Py_ssize_t = SEATS + b[ACTIVE_SEAT] * SEAT_SIZE
    hand_n: cython.int = b[p + SEAT_HAND_COUNT]
    if phase == MAIN:
        _use_table(b)
        n: cython.int = 0
        i: cython.Py_ssize_t
        for i in range(hand_n):
            n += _BITS[_spaces_for(b[p + SEAT_HAND + i])]
        return n + (hand_n if b[OPTIONAL_USED] else 2 * hand_n)
    if phase == AFTER:
        return 1 if b[OPTIONAL_USED] else hand_n + 1
    if phase == PARTNER:
        return b[SEATS + ((b[ACTIVE_SEAT] + 2) & 3) * SEAT_SIZE + SEAT_HAND_COUNT]
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _nth(b: cython.p_uchar, index: cython.int) -> cython.int:
    """The code `_legal_into` would list at `index` (below `_count`'s count)."""
    phase: cython.int = b[PHASE]
    p: cython.Py_ssize_t = SEATS + b[ACTIVE_SEAT] * SEAT_SIZE
    hand_n: cython.int = b[p + SEAT_HAND_COUNT]
    optional: cython.int = OFFER_CARD if b[PLAYERS] == 4 else DISCARD
    if phase == PARTNER:
        return RETURN_CARD + b[SEATS + ((b[ACTIVE_SEAT] + 2) & 3) * SEAT_SIZE + SEAT_HAND + index]
    if phase == AFTER:
        return END if index == hand_n or b[OPTIONAL_USED] else optional + b[p + SEAT_HAND + index]
    _use_table(b)
    i: cython.Py_ssize_t
    c: cython.uint
    mask: cython.uint
    k: cython.int
    for i in range(hand_n):
        c = b[p + SEAT_HAND + i]
        mask = _spaces_for(c)
        k = _BITS[mask]
        if index < k:
            while index:
                mask &= mask - 1
                index -= 1
            return EXCHANGE + c * 6 + _LOWEST[mask]
        index -= k
    if index < hand_n:
        return BLACK_HAT + b[p + SEAT_HAND + index]
    return optional + b[p + SEAT_HAND + index - hand_n]


