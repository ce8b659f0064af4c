# The C functions of rules_apply.py that rules.py calls (pure-Python mode: this file declares them).
cdef void _hand_add(unsigned char* buf, int seat, int card) noexcept
cdef int _draw(unsigned char* buf) noexcept
cdef int _start_turn(unsigned char* buf, list events) except -1
cdef int _apply(bytearray buf, long long code, list events) except -1
