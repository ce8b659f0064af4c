# The C function of rules_check.py that rules.py calls (pure-Python mode: this file declares it).
cdef int check_code(unsigned char* st, long long move) noexcept
