# C declarations of rules_cards.py's kernels, so rules.py and rules_flow.py call them without Python calls
# Those marked noexcept only read the state and cannot fail: their callers skip the error test after each call.
# (the listings write into a C array: no Python object per code).
cpdef int hand_points(bytearray buf, Py_ssize_t hand) noexcept
cpdef int hand_size(bytearray buf, Py_ssize_t hand) noexcept
cdef int lead_plays(bytearray buf, Py_ssize_t hand, long long* out, int n) except -1
cdef int follow_plays(bytearray buf, Py_ssize_t hand, int k, long long* out, int n) except -1
cpdef int play_value(int rank, int n) noexcept
cdef int collect_choices(bytearray counts, int j, long long* out, int n) except -1
