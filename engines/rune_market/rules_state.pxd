# The small readers of a state and a move code that every topic of the kernel inlines (rules_state.py holds the
# same for the interpreted rules).
from engines.rune_market.offsets cimport *

cdef inline Py_ssize_t seat_at(int seat) noexcept:
    return SEATS + seat * SEAT_SIZE

cdef inline bint is_real(unsigned char* buf, Py_ssize_t p, int c) noexcept:
    """The store has a main storage or an outpost."""
    return buf[p + SEAT_MAIN + c] != NONE or buf[p + SEAT_OUTPOST + c] != 0

cdef inline bint is_occupied(unsigned char* buf, Py_ssize_t p, int c) noexcept:
    return buf[p + SEAT_COLLECTOR + c] != NONE

cdef inline bint is_number(int card) noexcept:
    return card < N_NUMBERS

cdef inline int number_of(int card) noexcept:
    return card // 3 + 1

cdef inline int hall_colour(int card) noexcept:
    """0 red, 1 blue for a main-storage card, else -1."""
    if HALL_RED0 <= card < HALL_BLUE0:
        return 0
    if HALL_BLUE0 <= card < N_CARDS:
        return 1
    return -1

cdef inline int field(long long code, int k) noexcept:
    """Field a (k=0), b, c or d of a move code."""
    return (code >> (5 + 4 * k)) & 15

cdef inline long long make(int kind, int a, int b, int c, int d, long long rest) noexcept:
    return kind | (a << 5) | (b << 9) | (c << 13) | (d << 17) | (rest << 21)

cdef inline long long moves_of(unsigned char* buf) noexcept:
    return (buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8) | (buf[MOVE_COUNT + 2] << 16)
            | (<long long>buf[MOVE_COUNT + 3] << 24))

cdef inline int turns_of(unsigned char* buf) noexcept:
    return buf[TURNS] | (buf[TURNS + 1] << 8)
