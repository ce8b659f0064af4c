# C declarations of rules_flow.py's steps, so rules.py and validate.py call them without Python calls.
# Those marked noexcept only read the state and cannot fail: their callers skip the error test after each call.
cpdef bint must_pass(bytearray buf)
cpdef void play(bytearray buf, int seat, int rank, int n, int j, int h, list events)
cpdef bytearray trick_ranks(bytearray buf)
cpdef int collect_size(bytearray buf)
cpdef void collect(bytearray buf, int seat, long long code, list events)
cpdef bint has_pawn_move(bytearray buf, int seat)
cpdef void draw(bytearray buf, int seat, list events)
cpdef void move_pawn(bytearray buf, int seat, int pawn, int to, list events)
cpdef void advance(bytearray buf, list events)
cpdef void special(bytearray buf, int seat, int kind, long long code, list events)
cpdef void move_tracer(bytearray buf, int to, list events)
