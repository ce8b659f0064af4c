"""Rune Market's kernel, the scoring numbers (§10): rune points, the tie-break keys, the winners."""
import cython

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases PHASE_*, move
# kinds K_*, refusal reasons R_*, event kinds EV_*, card ranges), generated: C constants when compiled; the small
# readers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
    from cython.cimports.engines.rune_market.rules_state import *  # noqa: F403

else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403


# C array types named once: interpreted, cython.declare(cython.int[4]) builds a class per call.
Ints4 = cython.typedef(cython.int[4])


@cython.cfunc
@cython.exceptval(check=False)
def _points(buf: cython.p_uchar, seat: cython.int) -> cython.int:
    """Rune points: every rune 1, each outpost 2, each collector on this seat's stores -1."""
    p: cython.Py_ssize_t = seat_at(seat)
    total: cython.int = 0
    c: cython.int
    for c in range(2):
        total += buf[p + SEAT_LOOSE + c] + buf[p + SEAT_RUNES + c] + 2 * buf[p + SEAT_OUTPOST + c]
        if buf[p + SEAT_COLLECTOR + c] != NONE:
            total -= 1
    return total


@cython.cfunc
@cython.exceptval(check=False)
def _high_card(buf: cython.p_uchar, seat: cython.int) -> cython.int:
    """The highest number card in the seat's hand, 0 without one (step III)."""
    p: cython.Py_ssize_t = seat_at(seat)
    best: cython.int = 0
    i: cython.int
    card: cython.int
    for i in range(buf[p + SEAT_HAND_COUNT]):
        card = buf[p + SEAT_HAND + i]
        if is_number(card) and number_of(card) > best:
            best = number_of(card)
    return best


@cython.ccall
def points(buf: bytearray, seat: cython.int) -> cython.int:
    """Rune points: every rune 1, each outpost 2, each collector on this seat's stores -1."""
    return _points(buf, seat)


@cython.cfunc
@cython.exceptval(check=False)
def _keys(buf: cython.p_uchar, seat: cython.int, out: cython.p_int) -> cython.void:
    """The seat's (points, outposts, -collectors on its stores, high card) into `out`."""
    p: cython.Py_ssize_t = seat_at(seat)
    out[0] = _points(buf, seat)
    out[1] = buf[p + SEAT_OUTPOST] + buf[p + SEAT_OUTPOST + 1]
    out[2] = -((buf[p + SEAT_COLLECTOR] != NONE) + (buf[p + SEAT_COLLECTOR + 1] != NONE))
    out[3] = _high_card(buf, seat)


def rank_keys(buf: bytearray) -> list:
    """Per seat: (points, outposts, -collectors on its stores, high card)."""
    out: list = []
    seat: cython.int
    k = cython.declare(Ints4)
    for seat in range(buf[PLAYERS]):
        _keys(buf, seat, k)
        out.append((k[0], k[1], k[2], k[3]))
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _tied(buf: cython.p_uchar) -> cython.int:
    """Bit s: seat s is still tied for the top after steps I-III (its keys compared in order)."""
    best = cython.declare(Ints4)
    k = cython.declare(Ints4)
    tied: cython.int = 0
    seat: cython.int
    i: cython.int
    cmp: cython.int
    for seat in range(buf[PLAYERS]):
        _keys(buf, seat, k)
        cmp = 1 if tied == 0 else 0
        for i in range(4):
            if cmp != 0:
                break
            cmp = (k[i] > best[i]) - (k[i] < best[i])
        if cmp > 0:
            best[0], best[1], best[2], best[3] = k[0], k[1], k[2], k[3]
            tied = 1 << seat
        elif cmp == 0:
            tied |= 1 << seat
    return tied


def tied_after_high_card(buf: bytearray) -> list:
    """The seats still tied for the top after steps I-III."""
    tied: cython.int = _tied(buf)
    return [s for s in range(buf[PLAYERS]) if (tied >> s) & 1]


@cython.cfunc
@cython.exceptval(check=False)
def _winners(buf: cython.p_uchar) -> cython.int:
    """Bit s: seat s wins the finished game (§10: steps I-III, then the lot when one was drawn)."""
    tied: cython.int = _tied(buf)
    if tied & (tied - 1) and buf[LOT] != NONE:
        return 1 << buf[LOT]
    return tied
