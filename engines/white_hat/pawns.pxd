# C declarations of pawns.py's kernels, so rules.py, flow.py and checks.py call them without Python calls.
cpdef bint is_start(bytearray buf, int space)
cpdef bint is_blocking(bytearray buf, int space)
cpdef int value_of(bytearray buf, int space)
cpdef unsigned long long occupied(bytearray buf)
cpdef unsigned long long destinations(bytearray buf, int space, unsigned long long occ)
cpdef unsigned long long back_destinations(bytearray buf, int space, unsigned long long occ, int sibling)
cpdef bint can_move(bytearray buf, int pawn, unsigned long long occ)
cpdef unsigned long long tracer_destinations(bytearray buf, int space)
