"""White Hat: the compiled board kernels (spec §5.5-5.8): occupancy, destinations with jumps, backflips.

Cython pure-Python mode. Sets of spaces are 64-bit masks (space ids 0..63).
D(s) is the set of first empty spaces on every path along arrows from s, jumping
any run of occupied spaces (D14); the Backflip follows the arrows backwards the
same way (D22). Start spaces are never occupied.
"""
import cython

# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403



@cython.ccall
@cython.exceptval(check=False)
def is_start(buf: bytearray, space: cython.int) -> cython.bint:
    b: cython.p_uchar = buf
    t: cython.int = b[SPACE_TYPE + space]
    return t == T_INTERNET_CAFE or t == T_PUBLIC_SERVER


@cython.ccall
@cython.exceptval(check=False)
def is_blocking(buf: bytearray, space: cython.int) -> cython.bint:
    """Honeypot, FBI Server and Denial-of-Service block the pawn on them (D15)."""
    b: cython.p_uchar = buf
    t: cython.int = b[SPACE_TYPE + space]
    return t == T_HONEYPOT or t == T_FBI_SERVER or t == T_DENIAL_OF_SERVICE


@cython.ccall
@cython.exceptval(check=False)
def value_of(buf: bytearray, space: cython.int) -> cython.int:
    """Effective value: base value plus the exploit markers on the space (§5.3)."""
    b: cython.p_uchar = buf
    v: cython.int = b[SPACE_VALUE + space]
    if v > 127:
        v -= 256
    i: cython.int
    for i in range(2):
        if b[MARKER_SPACE + i] == space:
            v += 1 if b[MARKER_SIGN + i] == 1 else -1
    return v


@cython.ccall
@cython.exceptval(check=False)
def occupied(buf: bytearray) -> cython.ulonglong:
    """The mask of occupied spaces: pawns, the tracer and the solo tracer markers off the start spaces (§5.5).

    Solo's `m1` shares the tracer's cell and `m2` has its own (NONE outside solo): both occupy (§7.7.5)."""
    b: cython.p_uchar = buf
    mask: cython.ulonglong = 0
    n: cython.int = b[PAWN_COUNT]
    p: cython.int
    for p in range(n):
        s: cython.int = b[PAWNS + p]
        if s < 64 and not is_start(buf, s):
            mask |= cython.cast(cython.ulonglong, 1) << s
    s = b[TRACER_SPACE]
    if s < 64 and not is_start(buf, s):
        mask |= cython.cast(cython.ulonglong, 1) << s
    s = b[M2_SPACE]
    if s < 64 and not is_start(buf, s):
        mask |= cython.cast(cython.ulonglong, 1) << s
    return mask


@cython.ccall
@cython.exceptval(check=False)
def destinations(buf: bytearray, space: cython.int, occ: cython.ulonglong) -> cython.ulonglong:
    """D(space): the first empty space on every arrow path, jumping occupied ones (§5.5).

    Breadth-first over masks (no allocation: a list-based stack cost ~0.1 us a call)."""
    b: cython.p_uchar = buf
    one: cython.ulonglong = 1
    dest: cython.ulonglong = 0
    seen: cython.ulonglong = 0
    frontier: cython.ulonglong = 0
    i: cython.int
    t: cython.int
    bit: cython.ulonglong
    for i in range(b[OUT_COUNT + space]):  # the first step, on its own: most paths jump nothing
        t = b[OUT + space * MAX_OUT + i]
        bit = one << t
        seen |= bit
        if occ & bit:
            frontier |= bit
        else:
            dest |= bit
    while frontier:
        take: cython.ulonglong = frontier
        frontier = 0
        s: cython.int
        for s in range(64):
            if not (take >> s) & 1:
                continue
            for i in range(b[OUT_COUNT + s]):
                t = b[OUT + s * MAX_OUT + i]
                bit = one << t
                if seen & bit:
                    continue
                seen |= bit
                if occ & bit:
                    frontier |= bit
                else:
                    dest |= bit
            if not (take >> s) >> 1:
                break
    return dest


@cython.ccall
@cython.exceptval(check=False)
def back_destinations(buf: bytearray, space: cython.int, occ: cython.ulonglong,
                      sibling: cython.int) -> cython.ulonglong:
    """The Backflip's destinations: first empty spaces against the arrows; a start unless the sibling is there."""
    b: cython.p_uchar = buf
    one: cython.ulonglong = 1
    dest: cython.ulonglong = 0
    seen: cython.ulonglong = 0
    frontier: cython.ulonglong = one << space
    while frontier:
        take: cython.ulonglong = frontier
        frontier = 0
        src: cython.int
        for src in range(64):
            if b[SPACE_TYPE + src] == NONE:
                continue
            i: cython.int
            hit: cython.bint = False
            for i in range(b[OUT_COUNT + src]):
                if (take >> b[OUT + src * MAX_OUT + i]) & 1:
                    hit = True
            if not hit:
                continue
            bit: cython.ulonglong = one << src
            if seen & bit:
                continue
            seen |= bit
            if occ & bit:
                frontier |= bit
            elif src != sibling:
                dest |= bit
    return dest


@cython.cfunc
@cython.inline
def _has_arrow(b: cython.p_uchar, src: cython.int, dst: cython.int) -> cython.bint:
    i: cython.int
    for i in range(b[OUT_COUNT + src]):
        if b[OUT + src * MAX_OUT + i] == dst:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def can_move(buf: bytearray, pawn: cython.int, occ: cython.ulonglong) -> cython.bint:
    """On the board, not blocked, and D(s) not empty (§5.5)."""
    b: cython.p_uchar = buf
    s: cython.int = b[PAWNS + pawn]
    if s >= 64 or is_blocking(buf, s):
        return False
    return destinations(buf, s, occ) != 0


@cython.ccall
@cython.exceptval(check=False)
def tracer_destinations(buf: bytearray, space: cython.int) -> cython.ulonglong:
    """T(space) (§7.3, D25): spaces adjacent by an arrow (either way) or a grid side, never nearer the
    starts, never a start or a dark grey space."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing (solo markers call this 64 times a step)
    dest: cython.ulonglong = 0
    t: cython.int
    for t in range(64):
        kind: cython.int = b[SPACE_TYPE + t]
        if kind == NONE or t == space or kind == T_INTERNET_CAFE or kind == T_PUBLIC_SERVER or kind == T_DARK_GREY:
            continue
        if b[SPACE_DEPTH + t] < b[SPACE_DEPTH + space]:
            continue
        dx: cython.int = b[SPACE_X + t] - b[SPACE_X + space]
        dy: cython.int = b[SPACE_Y + t] - b[SPACE_Y + space]
        if (dx * dx + dy * dy == 1) or _has_arrow(b, space, t) or _has_arrow(b, t, space):
            dest |= cython.cast(cython.ulonglong, 1) << t
    return dest
