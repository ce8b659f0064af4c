# Alaska's small helpers that every kernel module inlines (rules_common.py is their interpreted twin): a call
# from another module would not be inlined, and these run in the listing's and the moves' inner loops.
from engines.alaska.offsets cimport *


cdef inline Py_ssize_t seat_at(int seat) noexcept:
    return SEATS + seat * SEAT_SIZE


cdef inline int cast_number(int card) noexcept:
    """The number of a cast card, 0 for any other card."""
    if card < FIRST_CAST or card >= N_CARDS:
        return 0
    return (card - FIRST_CAST) // CAST_COPIES + 1


cdef inline bint covers(int head, int section) noexcept:
    """A salmon with its head at `head` (0: not in the river) covers `head` and the next section (D3)."""
    return head != 0 and (head == section or head % 10 + 1 == section)


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


cdef inline bint bits(int mask, int seat) noexcept:
    return (mask >> seat) & 1


cdef inline int next_seat(unsigned char* b, int seat, int step) noexcept:
    """The next participant clockwise (step 1) or counter-clockwise (step -1) from `seat`."""
    cdef int n = b[PLAYERS]
    cdef int s = (seat + step + n) % n
    while not bits(b[PARTICIPANTS], s):
        s = (s + step + n) % n
    return s
