"""Cambio's kernel, scoring (§10): the round's points and scores, the game totals, the winners, the history."""
import cython

if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.cambio.rules_moves import get16
else:
    from .offsets import *  # noqa: F403
    from .rules_moves import get16
from . import declarations as D

cython.declare(POINTS_OF=bytes)
POINTS_OF = D.POINTS_OF  # points & 0xFF per card (signed)


@cython.cfunc
def get_total(st: bytearray, s: cython.Py_ssize_t) -> cython.Py_ssize_t:
    off: cython.Py_ssize_t = TOTALS + 4 * s
    v: cython.Py_ssize_t = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (st[off + 3] << 24)
    if v >= 0x80000000:
        v -= 0x100000000
    return v


@cython.cfunc
def put_total(st: bytearray, s: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.void:
    off: cython.Py_ssize_t = TOTALS + 4 * s
    u: cython.Py_ssize_t = v + 0x100000000 if v < 0 else v
    i: cython.Py_ssize_t
    for i in range(4):
        st[off + i] = (u >> (8 * i)) & 0xFF


@cython.cfunc
@cython.inline
def points_of(card: cython.int) -> cython.Py_ssize_t:
    p: cython.Py_ssize_t = POINTS_OF[card]
    return p - 256 if p >= 128 else p


@cython.cfunc
def round_into(st: bytearray, pts: cython.p_longlong, scores: cython.p_longlong) -> cython.int:
    """Each seat's table points and round score now into `pts` and `scores` (§10); the caller's success:
    1, 0, or -1 when nobody called."""
    n: cython.Py_ssize_t = st[PLAYERS]
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    p: cython.Py_ssize_t
    card: cython.int
    for s in range(n):
        p = 0
        for k in range(st[SLOTS_USED + s]):
            card = st[SLOTS + s * SLOT_CAP + k]
            if card != NONE:
                p += points_of(card)
        pts[s] = p
        scores[s] = p
    caller: cython.int = st[CALLER]
    if caller == NONE:
        return -1
    mine: cython.longlong = pts[caller]
    ok: cython.int = 1
    for s in range(n):
        if s != caller and (mine > pts[s] or mine == pts[s] and st[CALLER_TIE] != 1):
            ok = 0
    if st[CAMBIO_MAX] != NONE and mine > st[CAMBIO_MAX]:
        ok = 0
    scores[caller] = mine - 5 if ok else mine + 5
    return ok


def round_scores(st: bytearray) -> tuple:
    """(points, scores, caller success or None): the round as it would be scored now (§10)."""
    pts = cython.declare(cython.longlong[8])  # MAX_SEATS
    scores = cython.declare(cython.longlong[8])
    ok: cython.int = round_into(st, pts, scores)
    n: cython.Py_ssize_t = st[PLAYERS]
    return ([pts[s] for s in range(n)], [scores[s] for s in range(n)], None if ok < 0 else bool(ok))


def totals(st: bytearray) -> list:
    return [get_total(st, s) for s in range(st[PLAYERS])]


@cython.cfunc
def standings(st: bytearray, out: cython.p_longlong) -> cython.int:
    """Each seat's total into `out`; the winners as a seat bitmask: the lowest total, ties shared (§10)."""
    n: cython.Py_ssize_t = st[PLAYERS]
    s: cython.Py_ssize_t
    low: cython.longlong = 0
    mask: cython.int = 0
    for s in range(n):
        out[s] = get_total(st, s)
        if s == 0 or out[s] < low:
            low = out[s]
    for s in range(n):
        if out[s] == low:
            mask |= 1 << s
    return mask


def winners(st: bytearray) -> tuple:
    """The seats with the lowest total (all of them on a tie), as score() and the kernel's outcome rank them."""
    out = cython.declare(cython.longlong[8])  # MAX_SEATS: a C array's length must be a literal
    mask: cython.int = standings(st, out)
    return tuple([s for s in range(st[PLAYERS]) if (mask >> s) & 1])


def history(st: bytearray) -> list:
    """Round scores of the finished rounds, one list per round."""
    n: cython.Py_ssize_t = st[PLAYERS]
    out: list = []
    off: cython.Py_ssize_t = HISTORY
    while off + 2 * n <= len(st):
        row = []
        for s in range(n):
            v = get16(st, off + 2 * s)
            row.append(v - 65536 if v >= 32768 else v)
        out.append(row)
        off += 2 * n
    return out
