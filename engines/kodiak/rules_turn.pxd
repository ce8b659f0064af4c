# The C functions of rules_turn.py that rules.py calls (pure-Python mode: this file declares them).
cpdef int table_points(unsigned char* st, int seat) noexcept
cpdef int round_score(unsigned char* st, int seat) noexcept
cdef void start_round(bytearray st, bytes order, object log)
cdef void end_round(bytearray st, int reason, object log)
cdef void end_turn(bytearray st, object log)
cdef void exchange(bytearray st, int slot, object log)
cdef void play_action(bytearray st, int kind, int a, int b, int c, int d, object log)
cdef void pick(bytearray st, int slot, object log)
