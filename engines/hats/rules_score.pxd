# The C functions of rules_score.py that rules.py calls (pure-Python mode: this file declares them).
cdef void _cookie_check(unsigned char* b, list events) noexcept
cdef unsigned long long _face_up(unsigned char* b) noexcept
cpdef int face_up_space_of_type(bytearray buf, int type_)
cdef void _numbers(unsigned char* b, int seat, int* out) noexcept
cdef int _outcome(bytearray buf, long long* scores, signed char* won) except -1
