# The C functions of rules_legal.py that rules.py calls (pure-Python mode: this file declares them).
cdef long long _list(unsigned char* buf, int only, long long* out, long long room) noexcept
cpdef bint kind_allowed(bytearray buf, int kind) except? -1
cdef int _kinds(int phase) noexcept
cdef int _overflow(long long n) except -1
