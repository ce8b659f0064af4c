# C declarations of rules_check.py's checks, so rules.py's apply and listing call them without Python calls.
cpdef int phase_reason(bytearray buf, int kind)
cpdef int check(bytearray buf, long long code)
cdef int dos_target(bytearray buf, int p)
cdef int backflip_target(bytearray buf, int p)
cdef unsigned long long back_dests(bytearray buf, int p, unsigned long long occ)
