# The C functions of rules_list.py that the other topics call (pure-Python mode: this file declares them).
cdef Py_ssize_t count_raw(unsigned char* st) noexcept
cdef long long nth_raw(unsigned char* st, Py_ssize_t j) noexcept
cdef Py_ssize_t list_into(unsigned char* st, long long* out) noexcept
cdef int action_kinds(unsigned char* st) noexcept
