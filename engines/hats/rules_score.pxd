# The C functions of rules_score.py that rules.py calls (pure-Python mode: this file declares them).
cpdef int cookie_key(bytearray buf, int seat)
cdef void _cookie_check(bytearray buf, list events)
cpdef int face_up_space_of_type(bytearray buf, int type_)
cdef void _numbers(bytearray buf, int seat, int* out)
cdef int _outcome(bytearray buf, long long* scores, signed char* won) except -1
