# C declarations of rules_solo.py's steps, so rules_flow.py, rules.py and validate.py call them without Python calls.
# Those marked noexcept only read the state and cannot fail: their callers skip the error test after each call.
cpdef void setup(bytearray buf, list events)
cpdef int lead_value(long long code)
cpdef void lead(bytearray buf, long long code, list events)
cpdef bint may_move(bytearray buf, int hat) noexcept
cpdef bint has_hat_move(bytearray buf)
cpdef void after(bytearray buf, list events)
cpdef int colour_score(bytearray buf, int colour)
cpdef void score_round(bytearray buf, list events)
cpdef void marker_step(bytearray buf, list events)
cpdef void remove_hit(bytearray buf, int hat, list events)
cdef int lead_moves(bytearray buf, long long* out, int n) except -1
