# The C functions of rules_hunt.py that the other topics call (pure-Python mode: this file declares them).
cdef void open_window(unsigned char* st, int rune, object log)
cdef void close_window(unsigned char* st, object log)
cdef int window_move(unsigned char* st, int kind, int seat, int a, int b, int c, object log) except? -1
