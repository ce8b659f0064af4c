# Alaska's small helpers that every kernel module inlines (rules_common.py is their interpreted twin): a call
# from another module would not be inlined, and these run in the listing's and the moves' inner loops.
from cpython.bytearray cimport PyByteArray_AS_STRING
from libc.string cimport memcpy

from engines.alaska.offsets cimport *


cdef inline unsigned char* raw(bytearray buf) noexcept:
    """The state's bytes, for the kernel's entry points: a state it plays is never None nor resized, so none of
    the checks of Cython's own conversion."""
    return <unsigned char*>PyByteArray_AS_STRING(buf)


cdef inline Py_ssize_t seat_at(int seat) noexcept:
    return SEATS + seat * SEAT_SIZE


cdef inline int cast_number(int card) noexcept:
    """The number of a cast card, 0 for any other card."""
    if card < FIRST_CAST or card >= N_CARDS:
        return 0
    return (card - FIRST_CAST) // CAST_COPIES + 1


cdef inline int combo_first(int combo) noexcept:
    """The first hand index of a cast combo: 0-3 one card, 4-9 the pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)."""
    if combo < 4:
        return combo
    if combo < 7:
        return 0
    return 1 if combo < 9 else 2


cdef inline int combo_second(int combo) noexcept:
    """The second hand index of a cast combo, or -1 for one card."""
    if combo < 4:
        return -1
    if combo < 7:
        return combo - 3
    return combo - 5 if combo < 9 else 3


cdef inline int combo_pair(int first, int second) noexcept:
    """The combo of hand indexes `first` < `second`: 4 + (0, 3, 5)[first] + second - first - 1."""
    return 3 + ((first * (7 - first)) >> 1) + second - first


cdef inline bint bits(int mask, int seat) noexcept:
    return (mask >> seat) & 1


cdef inline int next_seat(unsigned char* b, int seat, int step) noexcept:
    """The next participant clockwise (step 1) or counter-clockwise (step -1) from `seat`."""
    cdef int n = b[PLAYERS]
    cdef int s = seat
    while True:  # no modulo: a division by the seat count costs more than the move around it
        s += step
        if s >= n:
            s = 0
        elif s < 0:
            s = n - 1
        if bits(b[PARTICIPANTS], s):
            return s


cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil


cdef inline int lowest(unsigned int mask) noexcept:
    """The index of the lowest set bit of a nonzero `mask`: listings walk masks ascending with it."""
    return __builtin_ctz(mask)


cdef inline unsigned long long _zero_flags(unsigned long long w) noexcept:
    # 0x80 in each zero byte of `w`, exactly (the low seven bits are added apart, so no borrow crosses bytes).
    cdef unsigned long long y = (w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL
    return ~(y | w | 0x7F7F7F7F7F7F7F7FULL)


cdef inline unsigned int _packed(unsigned long long flags) noexcept:
    # The eight 0x80 flags gathered into bits 0-7 (byte i's flag to bit i).
    return ((flags >> 7) * 0x0102040810204080ULL) >> 56


cdef inline unsigned int equal_bytes(unsigned char* b, int at, unsigned int keep, unsigned int x,
                                     unsigned int y) noexcept:
    """Bit i set for each of the 16 bytes from b[at] whose bits `keep` equal `x` or `y`: a whole river (16
    salmon heads) or row of anglers in a few word operations instead of a loop (little-endian words)."""
    cdef unsigned long long lo, hi
    memcpy(&lo, b + at, 8)
    memcpy(&hi, b + at + 8, 8)
    cdef unsigned long long k = keep * 0x0101010101010101ULL
    cdef unsigned long long bx = x * 0x0101010101010101ULL
    cdef unsigned long long by = y * 0x0101010101010101ULL
    lo &= k
    hi &= k
    return _packed(_zero_flags(lo ^ bx) | _zero_flags(lo ^ by)) \
        | (_packed(_zero_flags(hi ^ bx) | _zero_flags(hi ^ by)) << 8)


cdef inline unsigned int covering(unsigned char* b, int section) noexcept:
    """The salmon covering `section` (1-10), as bits: a head there or one section downstream (D3)."""
    return equal_bytes(b, SALMON_AT, 0xFF, section, 10 if section == 1 else section - 1)


cdef inline unsigned long long _upstream_word(unsigned long long w) noexcept:
    # Each nonzero byte one less, then each that was 1 (now 0) 10: no byte borrows from the next.
    cdef unsigned long long on = ~_zero_flags(w) & 0x8080808080808080ULL
    w -= on >> 7
    return w + ((_zero_flags(w) & on) >> 7) * 10


cdef inline unsigned int upstream(unsigned char* b) noexcept:
    """Every salmon head in the river one section upstream, 1 to 10 (D5), in two word operations; the salmon in
    the river, as bits."""
    cdef unsigned long long lo, hi
    memcpy(&lo, b + SALMON_AT, 8)
    memcpy(&hi, b + SALMON_AT + 8, 8)
    cdef unsigned int river = _packed(~_zero_flags(lo) & 0x8080808080808080ULL) \
        | (_packed(~_zero_flags(hi) & 0x8080808080808080ULL) << 8)
    lo = _upstream_word(lo)
    hi = _upstream_word(hi)
    memcpy(b + SALMON_AT, &lo, 8)
    memcpy(b + SALMON_AT + 8, &hi, 8)
    return river


cdef inline unsigned int hand_in(unsigned char* b, Py_ssize_t p, unsigned int lo, unsigned int hi) noexcept:
    """Bit i set for each card i of the hand at seat offset `p` in lo..hi-1, in a few word operations (cards and
    bounds below 128: no byte borrows from the next)."""
    cdef unsigned int w
    memcpy(&w, b + p + SEAT_HAND, 4)
    w |= 0x80808080U
    cdef unsigned long long flags = (w - lo * 0x01010101U) & ~(w - hi * 0x01010101U) & 0x80808080U
    return (((flags >> 7) * 0x204081ULL) >> 21) & ((1U << b[p + SEAT_HAND_COUNT]) - 1)
