# Cambio's kernel: the counting and decoding other topics call, and the small readers every topic inlines
# (rules_moves.py holds the same readers for the interpreted rules).
from cpython.bytearray cimport PyByteArray_AS_STRING
from engines.cambio.offsets cimport *

cdef inline unsigned char* raw(bytearray st) noexcept:
    """The state's bytes (a bytearray's buffer: no type test as an implicit conversion makes)."""
    return <unsigned char*>PyByteArray_AS_STRING(st)

cdef inline Py_ssize_t get16(bytearray st, Py_ssize_t off):
    return st[off] | (st[off + 1] << 8)

cdef inline void put16(bytearray st, Py_ssize_t off, Py_ssize_t v):
    st[off] = v & 0xFF
    st[off + 1] = (v >> 8) & 0xFF

cdef inline int everyone(bytearray st):
    return (1 << st[PLAYERS]) - 1

cpdef int turn_mask(bytearray st)
cdef int turn_bits(unsigned char* b) noexcept
cdef Py_ssize_t pick_count(unsigned char* b) noexcept
cpdef Py_ssize_t action_count(bytearray st)
cdef Py_ssize_t open_count(unsigned char* b) noexcept
cdef Py_ssize_t count_moves(unsigned char* b) noexcept
cdef long long decode(unsigned char* b, Py_ssize_t code) noexcept
