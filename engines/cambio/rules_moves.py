"""Cambio's kernel, counting and decoding: how many moves are legal now, and which move is the i-th listed.

The listing is ordered (rules.py says the order), so counting is the one move generator and decoding walks the
same order: the i-th move is the packed move kind | seat << 8 | position p << 16 | position q << 32 (a position
is seat * 256 + slot), which is its code. An index past the count finds no move and decodes to -1.

The counting and decoding read the state through a raw pointer `b` taken once per entry point (no Python-level
indexing); they never grow the state, so the pointer stays valid. Interpreted, `b` is the bytearray itself.
None of them can fail: no exception check after their calls. The small readers every topic inlines (raw, get16,
put16, everyone) are rules_moves.pxd's `cdef inline` functions compiled, the definitions below interpreted.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

    def raw(st):
        return st

    def get16(st, off):
        return st[off] | (st[off + 1] << 8)

    def put16(st, off, v):
        st[off] = v & 0xFF
        st[off + 1] = (v >> 8) & 0xFF

    def everyone(st):
        return (1 << st[PLAYERS]) - 1


@cython.cfunc
@cython.exceptval(check=False)
def nth_slot(b: cython.p_uchar, s: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Slot number of seat s's j-th card (0-based, slot order); -1 when it has no such card."""
    base: cython.Py_ssize_t = SLOTS + s * SLOT_CAP
    k: cython.Py_ssize_t
    for k in range(b[SLOTS_USED + s]):
        if b[base + k] != NONE:
            if j == 0:
                return k
            j -= 1
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def seats_cards(b: cython.p_uchar, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Cards of seats lo.. except seat ex and the caller."""
    caller: cython.int = b[CALLER]
    total: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(lo, b[PLAYERS]):
        if s != ex and s != caller:
            total += b[CARD_COUNT + s]
    return total


@cython.cfunc
@cython.exceptval(check=False)
def nth_position(b: cython.p_uchar, j: cython.Py_ssize_t, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Position of the j-th card of seats lo.. except ex and the caller; -1 when there is no such card."""
    caller: cython.int = b[CALLER]
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    if j < 0:
        return -1
    for s in range(lo, b[PLAYERS]):
        if s != ex and s != caller:
            c = b[CARD_COUNT + s]
            if j < c:
                return s * 256 + nth_slot(b, s, j)
            j -= c
    return -1


@cython.ccall
def turn_mask(st: bytearray) -> cython.int:
    """Bits of the legal turn-start moves, in listing order: 1 cambio, 2 draw deck, 4 draw discard."""
    return turn_bits(st)


@cython.cfunc
@cython.exceptval(check=False)
def turn_bits(b: cython.p_uchar) -> cython.int:
    """turn_mask on the raw state."""
    m: cython.int = 0
    if b[CALLER] == NONE:
        m |= 1
    if b[DECK_COUNT] > 0 or b[PILE_COUNT] >= 2:
        m |= 2
    if b[PILE_COUNT] > 0 and b[FROZEN] == 0:
        m |= 4
    return m


@cython.cfunc
@cython.exceptval(check=False)
def swap_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    caller: cython.int = b[CALLER]
    total: cython.Py_ssize_t = 0
    squares: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if s != caller:
            c = b[CARD_COUNT + s]
            total += c
            squares += c * c
    return (total * total - squares) // 2


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def may_be_picked(b: cython.p_uchar, s: cython.Py_ssize_t) -> cython.bint:
    """Blue king: seat s still needs a pick (another non-caller seat, not picked yet)."""
    return s != b[ACTIVE] and s != b[CALLER] and b[PICKED + s] == NONE


@cython.cfunc
@cython.exceptval(check=False)
def pick_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    """Blue king: the cards of the seats that still need a pick (one `show` move each)."""
    total: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if may_be_picked(b, s):
            total += b[CARD_COUNT + s]
    return total


@cython.cfunc
@cython.exceptval(check=False)
def nth_pick(b: cython.p_uchar, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Position of the j-th `show` move; -1 when there is none."""
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if may_be_picked(b, s):
            c = b[CARD_COUNT + s]
            if j < c:
                return s * 256 + nth_slot(b, s, j)
            j -= c
    return -1


@cython.ccall
def action_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves of the pending action step (0: it has no legal target)."""
    return action_moves(st)


@cython.cfunc
@cython.exceptval(check=False)
def action_moves(b: cython.p_uchar) -> cython.Py_ssize_t:
    """action_count on the raw state."""
    act: cython.int = b[ACTION]
    a: cython.int = b[ACTIVE]
    if act == A_LOOK_OWN:
        return b[CARD_COUNT + a]
    if act == A_LOOK_OTHER:
        return seats_cards(b, 0, a)
    if act == A_SWAP:
        return swap_count(b)
    if act == A_TWO_ACTIONS:
        return b[CARD_COUNT + a] + seats_cards(b, 0, a) + swap_count(b)
    if act == A_SHOW:
        return pick_count(b)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def open_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    """Eligible seats that have not passed in an unclaimed window."""
    caller: cython.int = b[CALLER]
    passed: cython.int = b[PASSED]
    e: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if s != caller and not (passed >> s) & 1:
            e += 1
    return e


@cython.cfunc
@cython.exceptval(check=False)
def count_moves(b: cython.p_uchar) -> cython.Py_ssize_t:
    """How many moves are legal now."""
    phase: cython.int = b[PHASE]
    m: cython.int
    if phase == P_SNAP:
        if b[CLAIMANT] == NONE:
            return open_count(b) * (1 + seats_cards(b, 0, NONE))
        if b[GIVE_SEAT] != NONE:
            return 1 + b[CARD_COUNT + b[CLAIMANT]]
        return 1 + seats_cards(b, 0, NONE)
    if phase == P_TURN_START:
        m = turn_bits(b)
        return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
    if phase == P_HOLDING:
        return b[CARD_COUNT + b[ACTIVE]] + (1 if b[HELD_SOURCE] == 0 else 0)
    if phase == P_ACTION:
        return action_moves(b)
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def packed(seat: cython.longlong, kind: cython.longlong, p: cython.longlong, q: cython.longlong) -> cython.longlong:
    return kind | (seat << 8) | (p << 16) | (q << 32)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def packed_at(seat: cython.longlong, kind: cython.longlong, p: cython.longlong) -> cython.longlong:
    """A move with one position p, or -1 when p is -1 (no such card: the index was past the count)."""
    return -1 if p < 0 else kind | (seat << 8) | (p << 16)


@cython.cfunc
@cython.exceptval(check=False)
def seat_position(b: cython.p_uchar, s: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Position of seat s's j-th card, or -1 when it has no such card."""
    k: cython.Py_ssize_t = nth_slot(b, s, j)
    return -1 if k < 0 else s * 256 + k


@cython.cfunc
@cython.exceptval(check=False)
def decode_action(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    act: cython.int = b[ACTION]
    a: cython.int = b[ACTIVE]
    caller: cython.int = b[CALLER]
    c: cython.Py_ssize_t
    rest: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if act == A_SHOW:
        return packed_at(a, K_SHOW, nth_pick(b, code))
    if act == A_LOOK_OWN or act == A_TWO_ACTIONS:
        c = b[CARD_COUNT + a]
        if code < c:
            return packed(a, K_LOOK_OWN, a * 256 + nth_slot(b, a, code), 0)
        code -= c
    if act == A_LOOK_OTHER or act == A_TWO_ACTIONS:
        c = seats_cards(b, 0, a)
        if code < c:
            return packed_at(a, K_LOOK_OTHER, nth_position(b, code, 0, a))
        code -= c
    if act != A_SWAP and act != A_TWO_ACTIONS:
        return -1
    for s in range(b[PLAYERS]):  # swap
        if s == caller:
            continue
        rest = seats_cards(b, s + 1, NONE)
        c = b[CARD_COUNT + s] * rest
        if code < c:
            return packed(a, K_SWAP, s * 256 + nth_slot(b, s, code // rest), nth_position(b, code % rest, s + 1, NONE))
        code -= c
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def decode_window(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    claim: cython.int = b[CLAIMANT]
    caller: cython.int = b[CALLER]
    passed: cython.int = b[PASSED]
    per_seat: cython.Py_ssize_t
    n: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if claim == NONE:
        per_seat = 1 + seats_cards(b, 0, NONE)
        n = code // per_seat  # the n-th seat still in the window
        code = code % per_seat
        for s in range(b[PLAYERS]):
            if s != caller and not (passed >> s) & 1:
                if n == 0:
                    claim = s
                    break
                n -= 1
        if claim == NONE:
            return -1
    elif b[GIVE_SEAT] != NONE:
        if code == 0:
            return packed(claim, K_NOGIVE, 0, 0)
        return packed_at(claim, K_GIVE, seat_position(b, claim, code - 1))
    if code == 0:
        return packed(claim, K_PASS, 0, 0)
    return packed_at(claim, K_SNAP, nth_position(b, code - 1, 0, NONE))


@cython.cfunc
@cython.exceptval(check=False)
def decode(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    """The packed move listed at index `code` (>= 0), or -1 past the count."""
    phase: cython.int = b[PHASE]
    a: cython.int = b[ACTIVE]
    m: cython.int
    i: cython.int
    if phase == P_SNAP:
        return decode_window(b, code)
    if phase == P_TURN_START:
        m = turn_bits(b)
        for i in range(3):
            if (m >> i) & 1:
                if code == 0:  # bit 0 cambio, bit 1 draw deck, bit 2 draw discard
                    return packed(a, K_CALL_CAMBIO if i == 0 else (K_DRAW_DECK if i == 1 else K_DRAW_DISCARD), 0, 0)
                code -= 1
        return -1
    if phase == P_HOLDING:
        if b[HELD_SOURCE] == 0:
            if code == 0:
                return packed(a, K_DISCARD, 0, 0)
            code -= 1
        return packed_at(a, K_REPLACE, seat_position(b, a, code))
    if phase == P_ACTION:
        return decode_action(b, code)
    return -1
