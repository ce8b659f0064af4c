# The C interface every game's compiled kernel exports (engines/core/kernel.py): what a playout needs and
# nothing else, so a whole game runs without a Python object per move.

# Write every legal move code of `buf` into `out` (room for the kernel's max_moves), in legal_moves' order;
# the count (0 once the game is over), or -1 with a Python exception set.
ctypedef int (*legal_fn)(bytearray buf, long long* out) except -1
# The number of legal moves, for a kernel that steps by index (export_counted): the loop picks an index
# without writing a list (hundreds long at a big Cambio table); -1 with a Python exception set.
ctypedef int (*count_fn)(bytearray buf) except -1
# Apply, in place and with no events, a code legal_fn just listed (export), or the move at an index below
# count_fn's count, in legal_moves' order (export_counted): 0, or -1 with a Python exception set.
ctypedef int (*step_fn)(bytearray buf, long long code) except -1
# A finished game's result: each seat's final score into `scores` and 1 into `won` for each winner;
# the number of seats, or -1 with a Python exception set.
ctypedef int (*outcome_fn)(bytearray buf, long long* scores, signed char* won) except -1
# Apply `code` when it is legal now: 0, with raw event tuples appended to `log` when it is a list; else the
# game's reason number (> 0, an index into its `reason_codes`) and the state untouched; -1 with a Python
# exception set (a state of the wrong size). The one apply of the game's moves (engines/core/kernel.py
# `apply_in_place` calls it for Game.apply_in_place).
ctypedef int (*apply_fn)(bytearray buf, long long code, object log) except -1

ctypedef struct Kernel:
    legal_fn legal   # NULL for a counted kernel whose codes are its indexes (0 .. count-1)
    count_fn count   # NULL for a kernel that lists: then step takes a code, else an index
    step_fn step
    outcome_fn outcome
    apply_fn apply   # NULL for a game whose game.py applies its moves itself
    int max_moves  # the most codes legal_fn ever writes
    int max_seats

cdef object export(legal_fn legal, step_fn step, outcome_fn outcome, int max_moves, int max_seats,
                   apply_fn apply=*)
cdef object export_counted(count_fn count, step_fn step, outcome_fn outcome, int max_seats, apply_fn apply=*,
                           legal_fn legal=*, int max_moves=*)
# The Kernel of the capsule apply_in_place met last (kernel.py `_applying`).
cdef Kernel* _last_kernel

# The code of the move at `index` in the listing of the state `raw` (Codes made by `decoded`).
ctypedef long long (*nth_fn)(unsigned char* raw, Py_ssize_t index) noexcept

# Legal move codes (kernel.py): what every game's legal_moves returns. The codes are in `codes`, else worked
# out by `nth` from `state` when read, else they are the indexes 0 .. n-1.
cdef class Codes:
    cdef Py_ssize_t n
    cdef long long* codes
    cdef nth_fn nth
    cdef unsigned char* raw  # the state nth reads
    cdef void* buf           # the pooled memory codes or raw is in (NULL: none)
    cdef Py_ssize_t room     # its size in bytes

# The first n codes as Codes: a listing's entry points return it.
cdef Codes listed(long long* codes, Py_ssize_t n)
# Codes 0 .. n-1: the listing of a game whose codes are its indexes.
cdef Codes indexes(Py_ssize_t n)
# Codes of n moves, the i-th worked out by nth(state, i) when read.
cdef Codes decoded(bytearray state, Py_ssize_t n, nth_fn nth)
