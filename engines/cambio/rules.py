"""Cambio: the compiled kernel's entry (new state, legal listing, apply, the kernel's outcome). Spec:
shared/rules/cambio.md (rules 1.1).

Cython pure-Python mode: compiled by setup.py, interpreted as-is otherwise. The modules keep
no state: the layout's offsets and declarations.py's numbers are generated C constants (offsets.pxd);
a decoded move is a packed integer; events are returned as raw tuples (`log`) that game.py names.
The topics: rules_moves.py counts and decodes the codes, rules_apply.py applies a move, rules_score.py
scores, rules_check.py says whether a code is legal now and which rule it breaks when not, rules_find.py
reads a move's text into its code; validate.py checks a state.

A move code is the packed move: kind | seat << 8 | position p << 16 | position q << 32 (a position is
seat * 256 + slot; a swap's p is the lower seat's), the same in every state. `apply_code` checks it with
rules_check.check, which reads only what the code names. `legal_moves` lists the codes in this order
(the i-th worked out when read, rules_moves.decode: a window lists hundreds and a caller reads one):
- turn_start: cambio, draw deck, draw discard (those that are legal; the call comes first as
  it is made instead of drawing);
- holding: discard (card from the deck only), then replace of each own card in slot order;
- action: look own (own cards), look other (other non-caller seats' cards, seat then slot order),
  swap (pairs, lower seat first, ordered by first then second card), or show (blue king, rules
  1.1: one pick of a card of each other non-caller seat not picked yet, seat then slot order);
- snap, unclaimed: for each eligible seat that has not passed, `pass` then a snap of each
  non-caller card; claimed: `pass`, then the snaps; give pending: `nogive`, then each give.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.core import kernel
    from cython.cimports.engines.cambio.rules_moves import count_moves, decode, put16, raw
    from cython.cimports.engines.cambio.rules_apply import apply_packed, start_round
    from cython.cimports.engines.cambio.rules_check import check
    from cython.cimports.engines.cambio.rules_score import standings
else:
    from .offsets import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_moves import count_moves, decode, put16, raw
    from .rules_apply import apply_packed, start_round
    from .rules_check import check
    from .rules_score import standings


@cython.ccall
def legal_moves(st: bytearray):
    """Every legal move code now, in the module docstring's order."""
    _sized(st)
    return kernel.decoded(st, count_moves(raw(st)), decode)


@cython.ccall
def is_finished(st: bytearray) -> cython.bint:
    """Whether the game is over."""
    _sized(st)
    return st[PHASE] == P_GAME_OVER


@cython.cfunc
@cython.exceptval(-1, check=True)
def _sized(st: bytearray) -> cython.int:
    """Refuse a state shorter than the fixed part (the rounds' history follows it): the reads after it
    have no bounds check."""
    if len(st) < HISTORY:
        raise ValueError(f"not a cambio state: {len(st)} bytes, expected at least {HISTORY}")
    return 0


@cython.ccall
def move_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves applied since setup (the state's version counter)."""
    _sized(st)
    return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (st[MOVES + 3] << 24)


def to_act(st: bytearray) -> list:
    """Seats that may move now."""
    _sized(st)
    phase: cython.int = st[PHASE]
    if phase == P_GAME_OVER:
        return []
    if phase != P_SNAP:
        return [st[ACTIVE]]
    if st[CLAIMANT] != NONE:
        return [st[CLAIMANT]]
    return [s for s in range(st[PLAYERS]) if s != st[CALLER] and not (st[PASSED] >> s) & 1]


def check_code(st: bytearray, code: cython.longlong) -> cython.int:
    """0 when `code` is legal now, else the number (declarations.REASON_CODES) of the first rule it breaks."""
    _sized(st)
    return check(raw(st), code)


def unpacked(mv: cython.longlong) -> tuple:
    """(seat, kind, positions) of a packed move, positions as (seat, slot) pairs."""
    kind: cython.int = mv & 0xFF
    p: cython.Py_ssize_t = (mv >> 16) & 0xFFFF
    q: cython.Py_ssize_t = (mv >> 32) & 0xFFFF
    if kind == K_SWAP:
        return (mv >> 8) & 0xFF, kind, ((p >> 8, p & 0xFF), (q >> 8, q & 0xFF))
    if kind in (K_REPLACE, K_LOOK_OWN, K_LOOK_OTHER, K_SHOW, K_SNAP, K_GIVE):
        return (mv >> 8) & 0xFF, kind, ((p >> 8, p & 0xFF),)
    return (mv >> 8) & 0xFF, kind, ()


def new_state(players: cython.int, dealer: cython.int, target: cython.int, cambio_max: cython.int,
              caller_tie: cython.int, memory: cython.int, max_turns: cython.int, seed: cython.ulonglong,
              order: bytes) -> bytearray:
    """A new game (spec §2). `order`: the whole deck top first for a rigged round 1, or empty to shuffle."""
    st = bytearray(HISTORY)
    rng.seed_into(st, RNG, seed)
    st[PLAYERS] = players
    st[TARGET_SCORE] = target
    st[CAMBIO_MAX] = cambio_max
    st[CALLER_TIE] = caller_tie
    st[MEMORY_AID] = memory
    put16(st, MAX_TURNS, max_turns)
    put16(st, ROUND, 1)
    st[DEALER] = dealer
    start_round(st, order, None)
    return st


def apply_code(st: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply `code` when it is legal now: 0, else the REASON_CODES number of the rule it breaks, `st` untouched.
    Raw event tuples are appended to `log` when it is a list (the core's apply_in_place names them)."""
    return _apply(st, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(st: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a short state."""
    _sized(st)
    reason: cython.int = check(raw(st), code)
    if reason:
        return reason
    apply_packed(st, code, log)
    return 0


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------
# A playout counts the moves and decodes only the one it picks (no listing is written); `_legal` writes the
# whole listing for kernel.legal_codes (tests).


@cython.cfunc
@cython.exceptval(-1, check=False)
def _count(buf: bytearray) -> cython.int:
    """The kernel's count of the legal moves."""
    return count_moves(raw(buf))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, index: cython.longlong) -> cython.int:
    """Apply the move at an index below the count `_count` just gave, with no events (no second legality check)."""
    apply_packed(buf, decode(raw(buf), index), None)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """Every legal code, in legal_moves' order (MAX_MOVES at most)."""
    b: cython.p_uchar = raw(buf)
    n: cython.Py_ssize_t = count_moves(b)
    i: cython.Py_ssize_t
    for i in range(n):
        out[i] = decode(b, i)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result: each seat's game total, and the winners score() names (standings)."""
    mask: cython.int = standings(buf, scores)
    s: cython.int
    for s in range(buf[PLAYERS]):
        won[s] = (mask >> s) & 1
    return buf[PLAYERS]


if cython.compiled:
    KERNEL = kernel.export_counted(_count, _step, _outcome, MAX_SEATS, _apply, _legal, MAX_MOVES)
else:
    KERNEL = None
