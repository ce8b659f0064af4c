"""Kodiak: the compiled kernel's entry (setup, the legal list, apply, the outcome, the kernel); its topics are
rules_state.pxd (the small state helpers every topic inlines), rules_list.py (counting and decoding the legal
moves), rules_check.py (whether a move code is legal now, else why not), rules_turn.py (the deal, turns,
actions and rounds) and rules_hunt.py (the hunt window).

Spec: shared/rules/kodiak.md. Cython pure-Python mode: compiled by setup.py, interpreted as-is otherwise;
the topics call each other in C through their .pxd files. `game.py` turns the compact results into views, and
into text and events through declarations.py's NOTATION and EVENTS.

A move code is the packed move (rules_state.pxd's `pack`: kind, seat and arguments), the same in every state:
`legal_moves` lists them in rules_list.py's order, and `apply_code` applies a code when `check` finds it legal,
else returns the reason (declarations.REASON_CODES). The kernel's playouts need no codes: they pick the index
of a counted move (export_counted) and decode it. Raw events are tuples appended to `log` (when it is not
None), kind first (declarations.EVENTS).
"""
import cython

__all__ = ["legal_moves", "new_state", "apply_code", "check", "code_of", "unpack", "move_count", "is_finished",
           "to_act", "count", "winners", "round_score", "table_points"]

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the topics (see above).
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
    from cython.cimports.engines.core import kernel, rng  # the kernel's and the generator's C functions
    from cython.cimports.engines.kodiak.rules_check import check_code
    from cython.cimports.engines.kodiak.rules_hunt import close_window, window_move
    from cython.cimports.engines.kodiak.rules_list import count_raw, list_into, nth_raw
    from cython.cimports.engines.kodiak.rules_turn import end_round, end_turn, exchange, pick, play_action, start_round
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_hunt import close_window, window_move
    from .rules_check import check_code
    from .rules_list import count_raw, list_into, nth_raw
    from .rules_turn import end_round, end_turn, exchange, pick, play_action, start_round
# Python's way to the round points (game.py's score).
from .rules_turn import round_score, table_points  # noqa: E402,F401


# -- the list ------------------------------------------------------------------------

@cython.ccall
def count(st: bytearray) -> cython.Py_ssize_t:
    """The number of legal moves now."""
    check_size(st)
    return count_raw(st)


@cython.cfunc
def check_size(st: bytearray) -> cython.void:
    """The raw readers trust the state's size (validate() vouches for the rest of it)."""
    if len(st) != SIZE:
        raise ValueError(f"not a kodiak state: {len(st)} bytes, expected {SIZE}")


@cython.ccall
def legal_moves(st: bytearray):
    """Every legal move code now (a packed move), in rules_list.py's order."""
    n: cython.Py_ssize_t = count(st)
    if n > 64 or not cython.compiled:
        # Decoded when read: a copy of the state, where a big table lists hundreds of pounces and a caller
        # mostly reads one.
        return kernel.decoded(st, n, nth_raw)
    codes = cython.declare(cython.longlong[64])  # a short listing costs less to write than the state's copy
    list_into(st, codes)
    return kernel.listed(codes, n)


@cython.ccall
def check(st: bytearray, code: cython.longlong) -> cython.int:
    """R_OK when `code` is legal now, else the number of the first rule it breaks (declarations.REASON_CODES)."""
    check_size(st)
    return check_code(st, code)


def code_of(kind: int, seat: int, a: int, b: int, c: int, d: int) -> int:
    """The code of a decoded move; an argument past its field reads as 255, a slot or seat that never is."""
    return pack(kind, seat, min(a, 255), min(b, 255), min(c, 255), min(d, 255))


@cython.ccall
def unpack(move: cython.longlong) -> tuple:
    """(kind, seat, a, b, c, d) of a packed move."""
    return (move & 0xF, (move >> 4) & 0xF, (move >> 8) & 0xFF, (move >> 16) & 0xFF, (move >> 24) & 0xFF,
            (move >> 32) & 0xFF)


# -- progress and outcome ---------------------------------------------------------------

@cython.ccall
def move_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves applied since setup (the state's version counter)."""
    check_size(st)
    return moves_of(st)


@cython.ccall
def is_finished(st: bytearray) -> cython.bint:
    """Whether the game is over."""
    check_size(st)
    return st[PHASE] == P_GAME_OVER


def to_act(st: bytearray) -> list:
    """Seats that may move now."""
    check_size(st)
    phase: cython.int = st[PHASE]
    if phase == P_GAME_OVER:
        return []
    if phase == P_KODIAK_PICK:
        return [st[KODIAK]]
    if phase != P_HUNT:
        return [st[ACTIVE]]
    if st[HUNT] == H_ESCAPING:
        return [st[ESCAPEE]]
    if st[HUNT] == H_COUNTER:
        return [st[KODIAK]]
    return [s for s in range(st[PLAYERS]) if not (st[PASSED] >> s) & 1]


@cython.ccall
def winners(st: bytearray) -> cython.int:
    """The seats with the lowest total, as a bitmask (§10: ties share the win); view.score reads it too."""
    n: cython.int = st[PLAYERS]
    s: cython.int
    low: cython.int = get_total(st, 0)
    mask: cython.int = 1
    for s in range(1, n):
        t: cython.int = get_total(st, s)
        if t < low:
            low, mask = t, 1 << s
        elif t == low:
            mask |= 1 << s
    return mask


# -- setup (§2) --------------------------------------------------------------------

def new_state(players: cython.int, first: cython.int, cycles: cython.int, memory: cython.int,
              blue_king_kodiak: cython.int, seed: cython.ulonglong, order: bytes) -> bytearray:
    """A new game; `order` (72 cards, top first) rigs round 1, else it is shuffled."""
    st = bytearray(SIZE)
    rng.seed_into(st, RNG, seed)
    st[PLAYERS] = players
    st[FIRST_KODIAK] = first
    st[CYCLES] = cycles
    st[MEMORY_AID] = memory
    st[BLUE_KING_KODIAK] = blue_king_kodiak
    start_round(st, order, None)
    return st


# -- applying a listed move -------------------------------------------------------------

def apply_code(st: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply `code` when it is legal now: R_OK, else the reason it is not (REASON_CODES) with `st` untouched. Raw
    event tuples are appended to `log` when it is a list (the core's apply_in_place, engines/core/kernel.py, names
    them)."""
    return _apply(st, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(st: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a wrong size."""
    check_size(st)
    reason: cython.int = check_code(st, code)
    if reason != R_OK:
        return reason
    apply_move(st, code, log)
    return R_OK


@cython.cfunc
def apply_move(st: bytearray, move: cython.longlong, log: object) -> cython.void:
    """Apply a packed move known to be legal now (_apply checked it, or the kernel just listed it)."""
    outcome: cython.int
    kind: cython.int = field(move, 0)
    seat: cython.int = field(move, 1)
    a: cython.int = field(move, 2)
    if kind == K_EXCHANGE:
        exchange(st, a, log)
    elif kind == K_PICK:
        pick(st, a, log)
    elif kind <= K_REVEAL:
        play_action(st, kind, a, field(move, 3), field(move, 4), field(move, 5), log)
    else:
        outcome = window_move(st, kind, seat, a, field(move, 3), field(move, 4), log)
        if outcome == WINDOW_CLOSED:
            close_window(st, log)
            end_turn(st, log)
        elif outcome == WINDOW_ROUND_OVER:
            end_round(st, END_OUT_OF_CARDS, log)
    put_int(st, MOVES, moves_of(st) + 1, 4)


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

# The kernel picks the index of a counted move and decodes only that one: no listing is written (hundreds of
# pounces at a big table). Its listing (_legal) is for kernel.legal_codes only.


@cython.cfunc
@cython.exceptval(-1, check=False)
def _count(buf: bytearray) -> cython.int:
    """The kernel's count of the legal moves (it picks one by index)."""
    return count_raw(buf)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, index: cython.longlong) -> cython.int:
    """Apply the legal move of index `index` (below _count), with no events."""
    apply_move(buf, nth_raw(buf, index), None)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """The kernel's listing: every legal code into `out` (DECK_SIZE * DECK_SIZE bounds the pairs of cards)."""
    return list_into(buf, out)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result, as view.score gives it: each seat's total, the lowest total wins (ties share)."""
    n: cython.int = buf[PLAYERS]
    mask: cython.int = winners(buf)
    s: cython.int
    for s in range(n):
        scores[s] = get_total(buf, s)
        won[s] = (mask >> s) & 1
    return n


if cython.compiled:
    KERNEL = kernel.export_counted(_count, _step, _outcome, MAX_SEATS, _apply, _legal, DECK_SIZE * DECK_SIZE)
else:
    KERNEL = None
