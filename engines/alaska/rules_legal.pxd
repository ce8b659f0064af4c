# The C functions of rules_legal.py that rules.py calls (pure-Python mode: this file declares them).
cdef int _check(unsigned char* b, int code) noexcept
cdef int _legal_into(bytearray buf, long long* out) except -1
