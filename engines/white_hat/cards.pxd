# C declarations of cards.py's kernels, so rules.py and flow.py call them without Python calls.
cpdef int hand_points(bytearray buf, Py_ssize_t hand)
cpdef int hand_size(bytearray buf, Py_ssize_t hand)
cpdef void lead_plays(bytearray buf, Py_ssize_t hand, list out)
cpdef void follow_plays(bytearray buf, Py_ssize_t hand, int k, list out)
cpdef int play_value(int rank, int n)
cpdef void collect_choices(bytearray counts, int j, list out)
