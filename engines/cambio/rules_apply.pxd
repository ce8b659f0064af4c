# Cambio's kernel, the moves' effects: what the entry (rules.py) calls.
cdef void start_round(bytearray st, bytes order, object log)
cdef void apply_packed(bytearray st, long long mv, object log)
