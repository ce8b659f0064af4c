# The high 64 bits of a 64x64-bit product, for the playout's division-free modulo (kernel.py `_mod`). Its
# own file, not kernel.pxd: every game's rules cimport that, and this changes none of them.
cdef extern from *:
    """
    static inline unsigned long long tabletop_mulhi(unsigned long long a, unsigned long long b) {
        return (unsigned long long)(((unsigned __int128)a * b) >> 64);
    }
    """
    unsigned long long tabletop_mulhi(unsigned long long a, unsigned long long b) nogil
