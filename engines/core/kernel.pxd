# The C interface every game's compiled kernel exports (engines/core/kernel.py): what a playout needs and
# nothing else, so a whole game runs without a Python object per move.

# Write every legal move code of `buf` into `out` (room for the kernel's max_moves), in legal_moves' order;
# the count (0 once the game is over), or -1 with a Python exception set.
ctypedef int (*legal_fn)(bytearray buf, long long* out) except -1
# For a game whose legal codes are always 0 .. count-1 (Cambio, Kodiak): the count alone, so the loop
# picks a code without writing a list (hundreds long at a big table); -1 with a Python exception set.
ctypedef int (*count_fn)(bytearray buf) except -1
# Apply a code legal_fn just listed, in place, with no events: 0, or -1 with a Python exception set.
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
    legal_fn legal   # NULL when count is given
    count_fn count   # NULL when legal is given
    step_fn step
    outcome_fn outcome
    apply_fn apply   # NULL for a game whose game.py applies its moves itself
    int max_moves  # the most codes legal_fn ever writes
    int max_seats

cdef object export(legal_fn legal, step_fn step, outcome_fn outcome, int max_moves, int max_seats,
                   apply_fn apply=*)
cdef object export_counted(count_fn count, step_fn step, outcome_fn outcome, int max_seats, apply_fn apply=*)
# The Kernel of the capsule apply_in_place met last (kernel.py `_applying`).
cdef Kernel* _last_kernel

# A Python list of the first n codes, made at its size: a listing's entry points return it.
cdef list listed(long long* codes, int n)
