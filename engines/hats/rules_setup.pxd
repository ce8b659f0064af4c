# The C function of rules_setup.py that rules.py calls (pure-Python mode: this file declares it).
cdef int _draw(unsigned char* b) noexcept
