"""White Hat: the compiled card kernels (spec §2.1, §4): a hand's legal plays, the trick's winner, collections.

Cython pure-Python mode, compiled by `pip install .`. Hands are 16 counters by
card (1..13 ranks, 14 joker, 15 hat) at an offset of the state. A play code packs
kind 0, the rank (0 = wildcards only), the rank cards, the jokers and the hat:
`rank << 4 | rank_cards << 8 | jokers << 11 | hat << 14`. A `collect hat` code
packs kind 3 and a 3-bit count per rank (rank r at bit 4 + 3 * (r - 1)).

Listing order (§8.2): fewer cards first, then card by card in canonical order
(1 < ... < 13 < J < H). For one length L and rank r that is: more rank cards
first, and for the same count jokers before the hat.
"""
import cython

# The state layout's offsets and the declarations' numbers (cards, move kinds), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

POINTS = (0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 5, 5)  # D1, D2: by card 0..15


@cython.cfunc
@cython.inline
def play_code(rank: cython.int, n: cython.int, j: cython.int, h: cython.int) -> cython.int:
    return K_PLAY | (rank << 4) | (n << 8) | (j << 11) | (h << 14)


@cython.ccall
@cython.exceptval(check=False)
def hand_points(buf: bytearray, hand: cython.Py_ssize_t) -> cython.int:
    """Card points of the hand at offset `hand` (§2.1)."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path (offsets are the layout's)
    total: cython.int = 0
    c: cython.int
    for c in range(1, 16):
        total += b[hand + c] * (0 if c <= 3 else 1 if c <= 6 else 2 if c <= 9 else 3 if c <= 13 else 5)
    return total


@cython.ccall
@cython.exceptval(check=False)
def hand_size(buf: bytearray, hand: cython.Py_ssize_t) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    total: cython.int = 0
    c: cython.int
    for c in range(1, 16):
        total += b[hand + c]
    return total


@cython.cfunc
@cython.exceptval(-1, check=False)
def _present(b: cython.p_uchar, hand: cython.Py_ssize_t, ranks: cython.p_int) -> cython.int:
    """The ranks the hand holds, ascending, into `ranks`; their count."""
    r: cython.int
    count: cython.int = 0
    for r in range(1, 14):
        if b[hand + r]:
            ranks[count] = r
            count += 1
    return count


@cython.cfunc
@cython.exceptval(-1, check=False)
def _combos(b: cython.p_uchar, hand: cython.Py_ssize_t, ranks: cython.p_int, count: cython.int,
            length: cython.int, hat_ok: cython.bint, out: cython.p_longlong, n_out: cython.int) -> cython.int:
    """Every combination of exactly `length` cards of the hand (`b`: the state's raw bytes; `ranks`: the
    `count` ranks it holds, from _present), in listing order, written into `out` from `n_out` on; the new
    count."""
    jokers: cython.int = b[hand + JOKER]
    hats: cython.int = b[hand + HAT] if hat_ok else 0
    i: cython.int
    r: cython.int
    n: cython.int
    h: cython.int
    j: cython.int
    fewest: cython.int = length - jokers - hats  # fewer rank cards leave too many places for the wildcards
    if fewest < 1:
        fewest = 1
    for i in range(count):
        r = ranks[i]
        have: cython.int = b[hand + r]
        n = have if have < length else length
        while n >= fewest:
            for h in range(0, hats + 1):
                j = length - n - h
                if 0 <= j <= jokers:
                    out[n_out] = play_code(r, n, j, h)
                    n_out += 1
            n -= 1
    for h in range(0, hats + 1):
        j = length - h
        if 0 <= j <= jokers and length > 0:
            out[n_out] = play_code(0, 0, j, h)
            n_out += 1
    return n_out


@cython.cfunc
@cython.exceptval(-1, check=False)
def lead_plays(buf: bytearray, hand: cython.Py_ssize_t, out: cython.p_longlong, n: cython.int) -> cython.int:
    """Every lead (§4.2): any combination of one rank plus wildcards, or wildcards only (into `out` from n
    on; the new count). Each (rank, rank cards, jokers, hat) once: at most 79 * 6 * 2 - 1 = 947 codes
    (6 copies of 13 ranks, 5 jokers, 1 hat)."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    ranks = cython.declare(cython.int[13])
    count: cython.int = _present(b, hand, ranks)
    most: cython.int = 0
    i: cython.int
    for i in range(count):
        if b[hand + ranks[i]] > most:
            most = b[hand + ranks[i]]
    top: cython.int = most + b[hand + JOKER] + b[hand + HAT]
    length: cython.int
    for length in range(1, top + 1):
        n = _combos(b, hand, ranks, count, length, True, out, n)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def follow_plays(buf: bytearray, hand: cython.Py_ssize_t, k: cython.int, out: cython.p_longlong,
                 n: cython.int) -> cython.int:
    """Every follow (§4.3, §4.4): one card (the hat only when k = 1), or a k-card combination (into `out`
    from n on; the new count)."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    ranks = cython.declare(cython.int[13])
    count: cython.int = _present(b, hand, ranks)
    c: cython.int
    if k == 1:
        return _combos(b, hand, ranks, count, 1, True, out, n)
    for c in range(1, 15):
        if b[hand + c]:
            out[n] = play_code(0 if c == JOKER else c, 0 if c == JOKER else 1, 1 if c == JOKER else 0, 0)
            n += 1
    return _combos(b, hand, ranks, count, k, True, out, n)


@cython.ccall
@cython.exceptval(check=False)
def play_value(rank: cython.int, n: cython.int) -> cython.int:
    """The value of a combination: its rank, or 14 for wildcards only (§4.1)."""
    return rank if n > 0 else 14


@cython.cfunc
@cython.exceptval(-1, check=False)
def collect_choices(counts: bytearray, j: cython.int, out: cython.p_longlong, n: cython.int) -> cython.int:
    """Every multiset of exactly j rank cards from `counts` (13 counters, rank r at r - 1), ascending, into
    `out` from n on; the new count."""
    left: cython.int = 0
    r: cython.int
    for r in range(13):
        left += counts[r]
    if left >= j:
        n = _choose(counts, 0, j, left, K_COLLECT_HAT, out, n)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _choose(counts: bytearray, r: cython.int, want: cython.int, have: cython.int, code: cython.longlong,
            out: cython.p_longlong, n: cython.int) -> cython.int:
    """Choices of `want` more cards from ranks r.. (`have` cards there), lexicographic: "6 6" < "6 7"."""
    if want == 0:
        out[n] = code
        return n + 1
    while counts[r] == 0:
        r += 1
    rest: cython.int = have - counts[r]
    take: cython.int = counts[r] if counts[r] < want else want
    while take >= 0 and want - take <= rest:
        n = _choose(counts, r + 1, want - take, rest, code | (cython.cast(cython.longlong, take) << (4 + 3 * r)),
                    out, n)
        take -= 1
    return n
