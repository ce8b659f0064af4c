# Cambio's kernel: the check of a packed move code (rules_check.py).
cdef int check(unsigned char* b, long long mv) noexcept
