"""Random playouts to the end of the game, in compiled code when the game exports a kernel.

A game's compiled rules export their kernel (kernel.pxd: list the legal codes into a C array, apply a
code without events, read a finished game's result) as a capsule, `KERNEL`, through `export`. `playout`
then plays whole games in one C loop: no Python object per move, the state copied once per game. A game
without a kernel (the interpreted twin, `engines.core.purepython`) is played by the same loop in Python
through its public methods, so the two paths must agree move for move (tests/test_kernel.py).

The move pick: one SplitMix64 stream (engines/core/rng.py) seeded with `seed` for all `n` games; each
move is `legal[below(count)]`.
"""
from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass

import cython

from .rng import Rng

if cython.compiled:
    from cython.cimports.cpython.mem import PyMem_Free, PyMem_Malloc
    from cython.cimports.cpython.pycapsule import PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
    from cython.cimports.libc.string import memcpy
    from cython.cimports.engines.core.mulhi import tabletop_mulhi

CAPSULE = "engines.core.kernel.Kernel"  # the capsules' name (spelled out where C reads it)
# A game longer than this is a bug in its kernel (every game here ends in a few hundred moves).
MAX_STEPS = 100_000
cython.declare(STEP_LIMIT=cython.Py_ssize_t)
STEP_LIMIT = MAX_STEPS  # the C loop's copy: comparing with a Python int made a Python object per move

LONGEST = (-2 ** 63, 2 ** 63 - 1)  # the move codes a C long long holds: no game lists another

cython.declare(MASK64=cython.ulonglong, GOLDEN=cython.ulonglong, MIX1=cython.ulonglong,
               MIX2=cython.ulonglong)
MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


@dataclass(frozen=True)
class Playouts:
    """What `n` random playouts from one state came to: per seat, the games won (a shared win counts for
    every winner) and the sum of final scores."""

    games: int
    moves: int
    wins: tuple[int, ...]
    score_sums: tuple[int, ...]

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each seat's share of the games it won (or shared)."""
        return tuple(w / self.games for w in self.wins) if self.games else ()

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(s / self.games for s in self.score_sums) if self.games else ()


def export(legal, step, outcome, max_moves, max_seats, apply=cython.NULL):
    """A capsule of a compiled game's kernel functions (called from compiled rules modules only); with
    `apply`, Game.apply_in_place is one C call (`apply_in_place` below)."""
    k: cython.pointer(Kernel) = cython.cast(cython.pointer(Kernel), PyMem_Malloc(cython.sizeof(Kernel)))
    if k == cython.NULL:
        raise MemoryError()
    k.legal = legal
    k.count = cython.NULL
    k.step = step
    k.outcome = outcome
    k.apply = apply
    k.max_moves = max_moves
    k.max_seats = max_seats
    # The struct lives as long as the module that exported it: never freed.
    return PyCapsule_New(k, b"engines.core.kernel.Kernel", cython.NULL)


def export_counted(count, step, outcome, max_seats, apply=cython.NULL, legal=cython.NULL, max_moves=1):
    """A capsule of a kernel that steps by index: a playout counts the legal moves and steps the one at the
    index it picked (legal_moves' order), writing no list. Without `legal` the codes are 0 .. count-1 (Cambio,
    Kodiak); with it, `legal` lists the codes (max_moves of them at most) for `legal_codes`."""
    k: cython.pointer(Kernel) = cython.cast(cython.pointer(Kernel), PyMem_Malloc(cython.sizeof(Kernel)))
    if k == cython.NULL:
        raise MemoryError()
    k.legal = legal
    k.count = count
    k.step = step
    k.outcome = outcome
    k.apply = apply
    k.max_moves = max_moves if legal != cython.NULL else 1  # a playout lists nothing
    k.max_seats = max_seats
    return PyCapsule_New(k, b"engines.core.kernel.Kernel", cython.NULL)


# Where a listing keeps its codes: a C array, never an int object per code (a list of a big Cambio or Kodiak
# table's hundreds of codes cost more to make and drop than the rest of a move). The arrays of dropped listings
# are kept for the next ones (POOL of them), so a listing costs no malloc either.
cython.declare(POOL=cython.int, _pooled=cython.int)
POOL = 16
_pooled = 0
_pool = cython.declare(cython.p_void[16])  # POOL
_pool_room = cython.declare(cython.Py_ssize_t[16])


@cython.final
@cython.freelist(16)
@cython.cclass
class Codes:
    """Legal move codes in order (legal_moves' result in every game): an immutable sequence of ints that equals
    a list or tuple of the same codes; `tolist()` for a list."""

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.tolist()[index]
        if not cython.compiled:
            index = operator.index(index)
        i: cython.Py_ssize_t = index
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(f"legal move index {index} out of range: {self.n} codes")
        if self.codes != cython.NULL:
            return self.codes[i]
        if self.nth != cython.NULL:  # worked out now, from the state listed
            return self.nth(self.raw, i)
        return i  # the codes are the indexes

    def tolist(self) -> list:
        """The codes as a list."""
        i: cython.Py_ssize_t
        if self.codes != cython.NULL:
            return [self.codes[i] for i in range(self.n)]
        if self.nth != cython.NULL:
            return [self.nth(self.raw, i) for i in range(self.n)]
        return list(range(self.n))

    def __iter__(self):
        return iter(self.tolist())

    def __contains__(self, code) -> bool:
        return code in self.tolist()

    def index(self, code) -> int:
        """The position of `code` (ValueError when it is not listed)."""
        return self.tolist().index(code)

    def count(self, code) -> int:
        """How many times `code` is listed (0 or 1)."""
        return self.tolist().count(code)

    def __eq__(self, other):
        if isinstance(other, (list, tuple)):
            return self.tolist() == list(other)
        if type(other).__name__ == "Codes":  # also the interpreted twin's (engines.core.purepython), a class of its own
            return self.tolist() == other.tolist()
        return NotImplemented

    def __add__(self, other):
        """A list: the codes, then `other`'s items (as a list's + gives)."""
        return self.tolist() + (other.tolist() if type(other).__name__ == "Codes" else list(other))

    def __radd__(self, other):
        return list(other) + self.tolist()

    def __ne__(self, other):
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = None  # equal to lists, so unhashable as they are

    def __repr__(self) -> str:
        return f"Codes({self.tolist()!r})"

    def __reduce__(self):
        return (as_codes, (self.tolist(),))

    def __dealloc__(self):
        global _pooled
        if self.buf != cython.NULL:
            if _pooled < POOL:
                _pool[_pooled] = self.buf
                _pool_room[_pooled] = self.room
                _pooled += 1
            else:
                PyMem_Free(self.buf)


Sequence.register(Codes)


def as_codes(codes) -> Codes:
    """Codes of a sequence of codes: the listing of interpreted rules (the C entry points `listed`, `indexes` and
    `decoded` are not visible from Python when this module is compiled, as a game added outside engines/ meets it)."""
    return _codes_of(list(codes))


def _codes_of(codes: list) -> Codes:
    """A Codes of a list of codes (unpickling)."""
    out: Codes = Codes.__new__(Codes)
    out.n = len(codes)
    out.nth = cython.NULL
    if not cython.compiled:
        out.codes = list(codes)
        return out
    out.codes = cython.cast(cython.p_longlong, _room(out.n * cython.sizeof(cython.longlong), out))
    i: cython.Py_ssize_t
    for i in range(out.n):
        out.codes[i] = codes[i]
    return out


@cython.cfunc
def _room(size: cython.Py_ssize_t, out: Codes) -> cython.p_void:
    """`size` bytes for `out` (its buf and room), from the pool when one there is big enough."""
    global _pooled
    if _pooled > 0:
        _pooled -= 1
        if _pool_room[_pooled] >= size:
            out.room = _pool_room[_pooled]
            out.buf = _pool[_pooled]
            return out.buf
        PyMem_Free(_pool[_pooled])
    out.room = max(size, 512)
    out.buf = PyMem_Malloc(out.room)
    if out.buf == cython.NULL:
        raise MemoryError()
    return out.buf


def listed(codes, n):
    """The first n codes as Codes; for rules modules (interpreted: `codes` is any sequence)."""
    out: Codes = Codes.__new__(Codes)
    out.n = n
    out.nth = cython.NULL
    if not cython.compiled:
        out.codes = [codes[i] for i in range(n)]
        return out
    out.codes = cython.cast(cython.p_longlong, _room(n * cython.sizeof(cython.longlong), out))
    memcpy(out.codes, codes, n * cython.sizeof(cython.longlong))
    return out


def indexes(n):
    """Codes 0 .. n-1: legal_moves of a game whose codes are indexes into its ordered moves (no array at all)."""
    out: Codes = Codes.__new__(Codes)
    out.n = n
    out.codes = cython.NULL
    out.nth = cython.NULL
    return out


def decoded(state, n, nth):
    """Codes of n moves whose i-th code is nth(state's bytes, i), worked out when read: a listing costs a copy of
    the state into a pooled buffer, not n codes (a big Cambio or Kodiak table lists hundreds and a playout reads
    one). For rules modules; `nth` must be a pure function of the bytes and the index (interpreted: a Python
    function of a bytearray)."""
    out: Codes = Codes.__new__(Codes)
    out.n = n
    out.codes = cython.NULL
    out.nth = nth
    if not cython.compiled:
        out.raw = bytearray(state)
        return out
    size: cython.Py_ssize_t = len(state)
    out.raw = cython.cast(cython.p_uchar, _room(size, out))
    memcpy(out.raw, cython.cast(cython.p_uchar, state), size)
    return out


def applies(capsule) -> bool:
    """Does this kernel capsule apply moves (`export`'s `apply`)? False for None (the interpreted twin)."""
    if not cython.compiled or capsule is None:
        return False
    return _kernel_of(capsule).apply != cython.NULL


def apply_in_place(game, capsule, state: bytearray, move, events: list | None = None) -> None:
    """Game.apply_in_place, the one way every game applies a move: the game's apply (its kernel's `apply` in C,
    else its rules' `apply_code`) applies a legal code; anything else goes to the game's one refusal,
    `unlisted`, with the state untouched. Raw events come back named by the game's `name_events`.
    Bound on a compiled game with its capsule (engines/core/game.py), so a move costs no Python frame."""
    if type(move) is not int:  # bool too: True is no move code
        game.unlisted(state, move, 0)
    code: cython.longlong = 0
    if not cython.compiled and not LONGEST[0] <= move <= LONGEST[1]:  # what the C conversion refuses
        game.unlisted(state, move, 0)
    try:
        code = move
    except OverflowError:
        game.unlisted(state, move, 0)
    log = None if events is None else []
    reason: cython.int
    if cython.compiled and capsule is not None:
        reason = _applying(capsule).apply(state, code, log)
    else:
        reason = game.hot_rules.apply_code(state, code, log)
    if reason:
        game.unlisted(state, move, reason)
    if log:
        events.extend(game.name_events(log, state))


def playout(game, state: bytearray, seed, n) -> Playouts:
    """Play `n` random games from `state` (left unchanged) to the end; their results per seat."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n: must be a non-negative integer, got {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
        raise ValueError(f"seed: must be an integer in 0..2**64-1, got {seed!r}")
    game.validate(state)  # BadState: the kernels read the state's bytes without checks
    capsule = getattr(game, "kernel", None)
    if cython.compiled and capsule is not None:
        return _compiled(capsule, bytearray(state), seed, n, game.seat_count(state))
    return _interpreted(game, state, seed, n)


def _interpreted(game, state: bytearray, seed: int, n: int) -> Playouts:
    """The playout loop through the game's public methods: the reference the kernels must match."""
    rng = Rng(seed)
    players = game.seat_count(state)
    wins, sums, moves = [0] * players, [0] * players, 0
    for _ in range(n):
        buf = bytearray(state)
        steps = 0
        while True:
            listed = game.legal_moves(buf)
            if not listed:
                break
            game.apply_in_place(buf, listed[rng.below(len(listed))])
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"{game.info.id}: a playout passed {MAX_STEPS} moves")
        moves += steps
        scores = game.score(buf)
        for seat in scores.seats:
            sums[seat.seat] += seat.total
        for seat in scores.winners:
            wins[seat] += 1
    return Playouts(n, moves, tuple(wins), tuple(sums))


@cython.cfunc
@cython.inline
def _below(rng: cython.pointer(cython.ulonglong), n: cython.ulonglong) -> cython.ulonglong:
    """rng.below(n) on a C copy of the stream state (engines/core/rng.py: the same outputs), without a division:
    a 64-bit division costs more than the rest of the pick, and a playout picks once a move."""
    z: cython.ulonglong
    while True:
        rng[0] = rng[0] + GOLDEN
        z = rng[0]
        z = (z ^ (z >> 30)) * MIX1
        z = (z ^ (z >> 27)) * MIX2
        z = z ^ (z >> 31)
        # rng.below rejects z under 2**64 % n, which is under n: a z of n or more (all but ~n in 2**64 of
        # them) is kept without working that bound out.
        if z >= n or z >= ((MASK64 - n) + 1) % n:
            return _mod(z, n)


# floor((2**64 - 1) / n) for each n below MAGIC_N that a playout met (0: not yet): z % n is then two
# multiplications, the quotient they give being at most 1 short.
cython.declare(MAGIC_N=cython.ulonglong)
MAGIC_N = 4096
_magic = cython.declare(cython.ulonglong[4096])  # MAGIC_N


@cython.cfunc
@cython.inline
def _mod(z: cython.ulonglong, n: cython.ulonglong) -> cython.ulonglong:
    """z % n for n >= 1."""
    if n >= MAGIC_N:
        return z % n
    m: cython.ulonglong = _magic[n]
    if m == 0:
        m = MASK64 // n
        _magic[n] = m
    r: cython.ulonglong = z - tabletop_mulhi(z, m) * n
    while r >= n:
        r -= n
    return r


if not cython.compiled:
    def tabletop_mulhi(a: int, b: int) -> int:
        """The high 64 bits of a 64x64-bit product (C in kernel.pxd)."""
        return (a * b) >> 64


@cython.cfunc
@cython.inline
def _longs(n: cython.Py_ssize_t) -> cython.p_longlong:
    """Room for n long longs (NULL when out of memory)."""
    return cython.cast(cython.p_longlong, PyMem_Malloc(n * cython.sizeof(cython.longlong)))


# The capsule apply_in_place met last and its Kernel: a move of the same game skips the capsule's name check
# (a strcmp per move). The capsule is kept alive here, so its address cannot be another's.
_last_capsule = None  # _last_kernel: declared in kernel.pxd (C only)


@cython.cfunc
def _applying(capsule) -> cython.pointer(Kernel):
    """The Kernel of `capsule`, with an apply (TypeError for a capsule without one)."""
    global _last_capsule, _last_kernel
    if capsule is not _last_capsule:
        k: cython.pointer(Kernel) = _kernel_of(capsule)
        if k.apply == cython.NULL:
            raise TypeError("game.kernel: this kernel applies no moves (kernel.export without apply)")
        _last_kernel = k
        _last_capsule = capsule
    return _last_kernel


@cython.cfunc
def _kernel_of(capsule) -> cython.pointer(Kernel):
    """The Kernel in a game's capsule; TypeError for anything else."""
    if not PyCapsule_IsValid(capsule, b"engines.core.kernel.Kernel"):
        raise TypeError("game.kernel: not a kernel capsule (engines.core.kernel.export makes one)")
    return cython.cast(cython.pointer(Kernel), PyCapsule_GetPointer(capsule, b"engines.core.kernel.Kernel"))


def _compiled(capsule, state: bytearray, seed: cython.ulonglong, n: cython.Py_ssize_t,
              players: cython.int) -> Playouts:
    k: cython.pointer(Kernel) = _kernel_of(capsule)
    seats: cython.int = k.max_seats
    if not 0 < players <= seats:
        raise ValueError(f"a state of {players} seats: the kernel plays 1..{seats}")
    codes: cython.p_longlong = _longs(k.max_moves)
    scores: cython.p_longlong = _longs(seats)
    won: cython.p_schar = cython.cast(cython.p_schar, PyMem_Malloc(seats))
    sums: cython.p_longlong = _longs(seats)
    wins: cython.p_longlong = _longs(seats)
    rng: cython.ulonglong = seed
    moves: cython.longlong = 0
    count: cython.int
    pick: cython.longlong
    steps: cython.Py_ssize_t
    i: cython.Py_ssize_t
    s: cython.int
    buf: bytearray = bytearray(state)
    try:
        if codes == cython.NULL or scores == cython.NULL or won == cython.NULL or sums == cython.NULL \
                or wins == cython.NULL:
            raise MemoryError()
        for s in range(seats):
            sums[s] = 0
            wins[s] = 0
        for i in range(n):
            buf[:] = state
            steps = 0
            while True:
                count = k.legal(buf, codes) if k.count == cython.NULL else k.count(buf)
                if count == 0:
                    break
                pick = _below(cython.address(rng), count)
                k.step(buf, codes[pick] if k.count == cython.NULL else pick)
                steps += 1
                if steps > STEP_LIMIT:
                    raise RuntimeError(f"a playout passed {MAX_STEPS} moves")
            moves += steps
            for s in range(seats):
                scores[s] = 0
                won[s] = 0
            if k.outcome(buf, scores, won) != players:
                raise RuntimeError("the kernel's outcome counts another number of seats than the state")
            for s in range(players):
                sums[s] += scores[s]
                wins[s] += won[s]
        return Playouts(n, moves, tuple([wins[s] for s in range(players)]),
                        tuple([sums[s] for s in range(players)]))
    finally:
        PyMem_Free(codes)
        PyMem_Free(scores)
        PyMem_Free(won)
        PyMem_Free(sums)
        PyMem_Free(wins)


def legal_codes(game, state: bytearray) -> list:
    """The codes the game's compiled kernel lists for `state` (tests compare them with legal_moves)."""
    game.validate(state)
    capsule = getattr(game, "kernel", None)
    if not cython.compiled or capsule is None:
        return list(game.legal_moves(state))
    k: cython.pointer(Kernel) = _kernel_of(capsule)
    codes: cython.p_longlong = _longs(k.max_moves)
    if codes == cython.NULL:
        raise MemoryError()
    try:
        if k.legal == cython.NULL:
            return list(range(k.count(state)))
        count: cython.int = k.legal(state, codes)
        return [codes[i] for i in range(count)]
    finally:
        PyMem_Free(codes)


def outcome(game, state: bytearray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(final scores, won flags) per seat of a finished state as the compiled kernel reads them, else as
    `score` gives them (tests compare the two)."""
    game.validate(state)
    players = game.seat_count(state)
    capsule = getattr(game, "kernel", None)
    if not cython.compiled or capsule is None:
        scores = game.score(state)
        return (tuple(s.total for s in scores.seats), tuple(int(s in scores.winners) for s in range(players)))
    k: cython.pointer(Kernel) = _kernel_of(capsule)
    totals: cython.p_longlong = _longs(k.max_seats)
    won: cython.p_schar = cython.cast(cython.p_schar, PyMem_Malloc(k.max_seats))
    i: cython.int
    try:
        if totals == cython.NULL or won == cython.NULL:
            raise MemoryError()
        for i in range(k.max_seats):
            totals[i], won[i] = 0, 0
        if k.outcome(state, totals, won) != players:
            raise RuntimeError("the kernel's outcome counts another number of seats than the state")
        return tuple([totals[i] for i in range(players)]), tuple([won[i] for i in range(players)])
    finally:
        PyMem_Free(totals)
        PyMem_Free(won)
