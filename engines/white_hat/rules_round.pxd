# C declarations of rules_round.py's steps, and the small state readers and writers every kernel topic inlines
# (rules_round.py holds the same bodies for the interpreted rules): a call into another module is never inlined.
# Those marked noexcept only read or write the state's bytes and cannot fail: callers skip the error test.
from engines.white_hat.offsets cimport *


cdef inline Py_ssize_t hand_at(int seat) noexcept:
    return HANDS + seat * HAND_SIZE


cdef inline Py_ssize_t play_at(int pos) noexcept:
    return PLAYS + pos * PLAY_SIZE


cdef inline int read16(bytearray buf, Py_ssize_t at) noexcept:
    cdef unsigned char* b = buf
    return b[at] | (b[at + 1] << 8)


cdef inline void write16(bytearray buf, Py_ssize_t at, int value) noexcept:
    cdef unsigned char* b = buf
    b[at] = value & 255
    b[at + 1] = (value >> 8) & 255


cpdef int copies(bint reduce, int n, int card)
cpdef void start_round(bytearray buf, bint first, bytes order, list events)
cdef int draw_top(bytearray buf)
cdef void to_pile(bytearray buf, int card, int count) noexcept
cpdef void start_trick(bytearray buf, int leader)
cpdef bint any_pawn_can_move(bytearray buf)
cdef void end_checks(bytearray buf, list events)
cpdef int pawn_points(bytearray buf, int seat)
cdef void score_round(bytearray buf, list events)
