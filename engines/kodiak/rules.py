"""Kodiak: the compiled kernel's entry (setup, the legal list, apply, the outcome, the kernel); its topics are
rules_state.pxd (the small state helpers every topic inlines), rules_list.py (counting and decoding the legal
moves), rules_turn.py (the deal, turns, actions and rounds) and rules_hunt.py (the hunt window).

Spec: shared/rules/kodiak.md. Cython pure-Python mode: compiled by setup.py, interpreted as-is otherwise;
the topics call each other in C through their .pxd files. `game.py` turns the compact results into views, and
into text and events through declarations.py's NOTATION and EVENTS.

A move code is its index in the ordered list of the state's legal moves (rules_list.py gives the order), so
`legal_moves` is always `[0, 1, ..., count - 1]` (a slice of a prebuilt list: no int is made per move) and
`apply` decodes the index by walking the same order into a packed move (rules_state.pxd's `pack`). Raw events
are tuples appended to `log` (when it is not None), kind first (declarations.EVENTS).
"""
import cython

__all__ = ["legal_moves", "new_state", "apply_code", "all_moves", "decode", "index_of", "unpack",
           "move_count", "is_finished", "to_act", "count", "winners", "round_score", "table_points"]

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the topics (see above).
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.core import kernel
    from cython.cimports.engines.kodiak.rules_hunt import close_window, window_move
    from cython.cimports.engines.kodiak.rules_list import action_kinds, count_raw, nth_raw
    from cython.cimports.engines.kodiak.rules_turn import end_round, end_turn, exchange, pick, play_action, start_round
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_hunt import close_window, window_move
    from .rules_list import action_kinds, count_raw, nth_raw
    from .rules_turn import end_round, end_turn, exchange, pick, play_action, start_round
# Python's way to the round points (game.py's score).
from .rules_turn import round_score, table_points  # noqa: E402,F401



# -- the list ------------------------------------------------------------------------

@cython.ccall
def count(st: bytearray) -> cython.Py_ssize_t:
    """The number of legal moves now."""
    check_size(st)
    return count_raw(st)


@cython.ccall
def nth(st: bytearray, j: cython.Py_ssize_t) -> cython.longlong:
    """The packed move of legal move index j (0 <= j < count(st))."""
    check_size(st)
    return nth_raw(st, j)


@cython.cfunc
def check_size(st: bytearray) -> cython.void:
    """The raw readers trust the state's size (validate() vouches for the rest of it)."""
    if len(st) != SIZE:
        raise ValueError(f"not a kodiak state: {len(st)} bytes, expected {SIZE}")


@cython.ccall
def find(st: bytearray, move: cython.longlong) -> cython.Py_ssize_t:
    """The index of a packed move in the list, or -1 when it is not legal now (parse_move's lookup)."""
    n: cython.Py_ssize_t = count(st)
    j: cython.Py_ssize_t
    for j in range(n):
        if nth_raw(st, j) == move:
            return j
    return -1


@cython.ccall
def all_moves(st: bytearray) -> list:
    """Every legal move now as a packed move, in list order (describe_moves in one call)."""
    n: cython.Py_ssize_t = count(st)
    j: cython.Py_ssize_t
    return [nth_raw(st, j) for j in range(n)]


@cython.ccall
def unpack(move: cython.longlong) -> tuple:
    """(kind, seat, a, b, c, d) of a packed move."""
    return (move & 0xF, (move >> 4) & 0xF, (move >> 8) & 0xFF, (move >> 16) & 0xFF, (move >> 24) & 0xFF,
            (move >> 32) & 0xFF)


@cython.ccall
def legal_moves(st: bytearray):
    """Every legal move code now: 0 .. count-1 (see the module docstring for the order)."""
    return kernel.indexes(count(st))


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
    """Apply `code` when it is listed now: 0, else NOT_LISTED with `st` untouched. Raw event tuples are appended
    to `log` when it is a list (the core's apply_in_place, engines/core/kernel.py, names them)."""
    return _apply(st, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(st: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a wrong size."""
    check_size(st)
    if code < 0 or code >= count_raw(st):  # none once the game is over
        return NOT_LISTED
    apply_listed(st, code, log)
    return 0


@cython.cfunc
def apply_listed(st: bytearray, code: cython.Py_ssize_t, log: object) -> cython.void:
    """Apply a code known to be listed now (_apply checked it, or the kernel just counted it)."""
    move: cython.longlong = nth_raw(st, code)
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


def decode(st: bytearray, code: cython.Py_ssize_t) -> cython.longlong:
    """The packed move (pack) of legal move index `code`."""
    return nth(st, code)


def index_of(st: bytearray, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int, c: cython.int,
             d: cython.int) -> cython.Py_ssize_t:
    """The legal move index of a decoded move, or -1 when it is not legal now."""
    if not (0 <= kind < 16 and 0 <= seat < 16 and 0 <= a < 256 and 0 <= b < 256 and 0 <= c < 256 and 0 <= d < 256):
        return -1
    return find(st, pack(kind, seat, a, b, c, d))


def kinds_open(st: bytearray) -> cython.int:
    """The action step kinds still open (action_kinds), for refusal reasons."""
    check_size(st)
    return action_kinds(st)


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

# The codes are 0 .. count-1 (count is the one move generator): the kernel takes the count alone, so
# no listing is written (hundreds of pounces at a big table).


@cython.cfunc
@cython.exceptval(-1, check=False)
def _count(buf: bytearray) -> cython.int:
    """The kernel's count: the legal codes are 0 .. count-1."""
    return count_raw(buf)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code `_legal_into` just listed, with no events."""
    apply_listed(buf, code, None)
    return 0


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
    KERNEL = kernel.export_counted(_count, _step, _outcome, MAX_SEATS, _apply)
else:
    KERNEL = None
