# Cambio's kernel, scoring: what the moves' effects and the kernel's outcome call.
cdef Py_ssize_t get_total(bytearray st, Py_ssize_t s)
cdef void put_total(bytearray st, Py_ssize_t s, Py_ssize_t v)
cdef int round_into(bytearray st, long long* pts, long long* scores)
cdef int standings(bytearray st, long long* out)
