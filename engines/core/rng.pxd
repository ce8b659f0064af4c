# C declarations of engines/core/rng.py: the compiled rules cimport it and call the generator in C, not
# through Python (a 40-card reshuffle cost ~1.4 us that way, one `below` ~0.15 us).
cpdef void seed_into(bytearray buf, Py_ssize_t off, unsigned long long seed)
cpdef unsigned long long next_u64(bytearray buf, Py_ssize_t off)
cpdef unsigned long long below(bytearray buf, Py_ssize_t off, unsigned long long n)
cpdef void shuffle(bytearray buf, Py_ssize_t off, Py_ssize_t start, Py_ssize_t n)
