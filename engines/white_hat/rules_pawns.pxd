# C declarations of rules_pawns.py's kernels, so rules.py, rules_flow.py and validate.py call them without Python calls.
# Those marked noexcept only read the state and cannot fail: their callers skip the error test after each call.
cpdef bint is_start(bytearray buf, int space) noexcept
cpdef bint is_blocking(bytearray buf, int space) noexcept
cpdef int value_of(bytearray buf, int space) noexcept
cpdef unsigned long long occupied(bytearray buf) noexcept
cpdef unsigned long long destinations(bytearray buf, int space, unsigned long long occ) noexcept
cpdef unsigned long long back_destinations(bytearray buf, int space, unsigned long long occ, int sibling) noexcept
cpdef bint can_move(bytearray buf, int pawn, unsigned long long occ) noexcept
cpdef unsigned long long tracer_destinations(bytearray buf, int space) noexcept
