# The C functions of rules_list.py that rules.py calls (pure-Python mode: this file declares them).
cdef int _legal_into(bytearray buf, long long* out) except -1
cdef int _count(bytearray buf) except -1
cdef int _nth(unsigned char* b, int index) noexcept
