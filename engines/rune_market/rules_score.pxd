# The C functions of rules_score.py that rules.py and rules_apply.py call (pure-Python mode: this file declares
# them).
cdef int _points(unsigned char* buf, int seat) noexcept
cpdef int points(bytearray buf, int seat) except? -1
cdef int _tied(unsigned char* buf) noexcept
cdef int _winners(unsigned char* buf) noexcept
