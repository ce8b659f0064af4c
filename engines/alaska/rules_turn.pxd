# The C functions of rules_turn.py that rules.py calls (pure-Python mode: this file declares them).
cdef void _deal(unsigned char* b, int first) noexcept
cdef int _begin_turn(bytearray buf, unsigned char* b, int seat, list events) except -1
cdef int _apply(bytearray buf, unsigned char* b, int code, list events) except -1
cdef int _step(bytearray buf, long long code) except -1
