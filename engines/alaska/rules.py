"""Alaska: the compiled kernel's entry (setup, check, legal moves, apply, outcome); the legality is in
rules_legal.py, the turn and what each move does in rules_turn.py. Spec: shared/rules/alaska.md.

Cython pure-Python mode: compiled by `pip install .`, interpreted as-is otherwise.
It works on the state `bytearray` directly (layout: state.py); game.py turns its
compact results (codes, reason numbers, event tuples) into names, texts and views.

Move codes are relative to the state (hand indexes, not card ids): declarations.py lists them.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import kernel


# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases, move
# codes, refusal reasons R_*, event kinds EV_*), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.alaska.rules_common import bits, combo_first, combo_pair, combo_second, covering, \
        next_seat, seat_at
    from cython.cimports.engines.alaska.rules_legal import _check, _legal_into
    from cython.cimports.engines.alaska.rules_turn import _apply, _begin_turn, _deal, _step
else:
    from .offsets import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_common import bits, combo_first, combo_pair, combo_second, covering, next_seat, seat_at
    from .rules_legal import _check, _legal_into
    from .rules_turn import _apply, _begin_turn, _deal


# -- the move count ----------------------------------------------------------------

@cython.ccall
def move_count(buf: bytearray) -> cython.int:
    """Moves applied since setup."""
    _sized(buf)
    return buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8)


@cython.cfunc
@cython.exceptval(-1, check=True)
def _sized(buf: bytearray) -> cython.int:
    """Refuse a state of another size: the reads after it have no bounds check."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    return 0


# -- setup (§2.1) and playoffs (§10) ----------------------------------------------

def new_state(players: cython.int, start: cython.int, dice: cython.int, tie: cython.int, window: cython.int,
              seed: cython.ulonglong, order: bytes, events: Optional[list] = None) -> bytearray:
    """Set up a game: `order` is the rigged deck (top first, all 66 cards) or empty to shuffle."""
    buf = bytearray(SIZE)
    buf[PLAYERS] = players
    buf[START_SEAT] = start
    buf[LUCKY_DICE] = dice
    buf[TIE_RULE] = tie
    buf[BEAR_WINDOW] = window
    buf[LAST_SEAT] = NONE
    buf[PARTICIPANTS] = (1 << players) - 1
    rng.seed_into(buf, RNG, seed)
    c: cython.int
    for c in range(10):
        buf[ANGLERS + c] = NONE
    if order:
        for c in range(N_CARDS):
            buf[DECK + c] = order[c]
    else:
        for c in range(N_CARDS):
            buf[DECK + c] = c
        rng.shuffle(buf, RNG, DECK, N_CARDS)
    buf[DECK_END] = N_CARDS
    b: cython.p_uchar = buf
    _deal(b, start)
    _begin_turn(buf, b, start, events)
    return buf


# -- legality ----------------------------------------------------------------------

@cython.ccall
def check(buf: bytearray, code: cython.int) -> cython.int:
    """R_OK if move `code` is legal now, else why not (a reason number, declarations.REASON_CODES)."""
    b: cython.p_uchar = buf
    return _check(b, code)


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    """True once the game (and any playoff) has ended."""
    _sized(buf)
    return buf[PHASE] == FINISHED


# -- legal moves -------------------------------------------------------------------

def legal_moves(buf: bytearray):
    """Every legal move code now, ascending (§5, §6)."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 µs to make
        out: list = [0] * N_CODES
        return kernel.as_codes(out[:_legal_into(buf, out)])
    codes = cython.declare(cython.longlong[353])  # N_CODES: a C array's length must be a literal
    return kernel.listed(codes, _legal_into(buf, codes))


def mover_of(buf: bytearray, code: cython.int) -> cython.int:
    """The seat that makes move `code` now (NONE once finished)."""
    b: cython.p_uchar = buf
    if buf[PHASE] == FINISHED:
        return NONE
    if code >= PASS:
        return code - PASS
    if code >= STEAL:
        return (code - STEAL) // 4
    if code < END:
        return next_seat(b, buf[ACTIVE_SEAT], -1)
    return buf[ACTIVE_SEAT]


def to_act(buf: bytearray) -> list:
    """Seats that may act now, ascending."""
    _sized(buf)
    b: cython.p_uchar = buf
    phase: cython.int = buf[PHASE]
    if phase == FINISHED:
        return []
    if phase == PLACE:
        return [next_seat(b, buf[ACTIVE_SEAT], -1)]
    if phase == PLAY:
        return [buf[ACTIVE_SEAT]]
    waiting: cython.int = buf[WINDOW_SEATS] & ~buf[WINDOW_PASSED]
    return [s for s in range(buf[PLAYERS]) if bits(waiting, s)]


# -- apply ---------------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply a move code in place: R_OK, or the refusal reason (R_*) with `buf` untouched; raw event tuples
    (EV_* first) are appended to `log` when it is a list (the core's apply_in_place names them)."""
    return _apply_code(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_code(buf: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C, the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a state of
    the wrong size."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    events: Optional[list] = log
    b: cython.p_uchar = buf
    if code < 0 or code >= N_CODES:
        return R_GAME_OVER if b[PHASE] == FINISHED else R_NOT_LEGAL
    reason: cython.int = _check(b, code)
    if reason != R_OK:
        return reason
    return _apply(buf, b, code, events)


# -- score (§10): game.score and the kernel read the same numbers --------------------

@cython.cfunc
@cython.exceptval(check=False)
def _seat_score(b: cython.p_uchar, seat: cython.int, out: cython.p_int) -> cython.void:
    """Seat `seat`'s (rank key, round, total) into `out`: the key is (last playoff played, salmon in it),
    a seat out of the playoff keeping the count it had when it dropped out; during or after playoffs the
    total is the main game's salmon and the round the playoff's."""
    p: cython.Py_ssize_t = seat_at(seat)
    caught_n: cython.int = b[p + SEAT_CAUGHT_COUNT]
    playing: cython.bint = bits(b[PARTICIPANTS], seat)
    out[0] = b[p + SEAT_STAGE] * 32 + (caught_n if playing else b[p + SEAT_KEY_COUNT])
    out[1] = caught_n if playing else 0
    out[2] = b[p + SEAT_MAIN_SALMON] if b[PLAYOFF] else caught_n


def score_numbers(buf: bytearray) -> list:
    """Per seat: (rank key, round, total); the winners hold the highest key."""
    out: list = []
    seat: cython.int
    b: cython.p_uchar = buf
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 µs to make
        m: list = [0, 0, 0]
        for seat in range(buf[PLAYERS]):
            _seat_score(b, seat, m)
            out.append(tuple(m))
        return out
    n = cython.declare(cython.int[3])
    for seat in range(buf[PLAYERS]):
        _seat_score(b, seat, n)
        out.append((n[0], n[1], n[2]))
    return out


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result (engines/core/kernel.pxd): totals, and every seat holding the best key wins; as in
    score(), nobody wins an unfinished game (only a listing bug could stall one: 8 anglers, 10 sections)."""
    b: cython.p_uchar = buf
    players: cython.int = b[PLAYERS]
    key = cython.declare(cython.int[4])
    n = cython.declare(cython.int[3])
    best: cython.int = -1
    seat: cython.int
    for seat in range(players):
        _seat_score(b, seat, n)
        key[seat] = n[0]
        scores[seat] = n[2]
        if n[0] > best:
            best = n[0]
    finished: cython.bint = b[PHASE] == FINISHED
    for seat in range(players):
        won[seat] = finished and key[seat] == best
    return players


# -- accessors for game.py (the layout constants are C-level) ------------------------

def hand(buf: bytearray, seat: cython.int) -> list:
    p = seat_at(seat)
    return list(buf[p + SEAT_HAND:p + SEAT_HAND + buf[p + SEAT_HAND_COUNT]])


def salmon_covering(buf: bytearray, section: cython.int) -> cython.uint:
    """The salmon covering `section` as bits, by the rule the listing uses (D3); 0 for a section off the river."""
    if section < 1 or section > SECTIONS:
        return 0
    b: cython.p_uchar = buf
    return covering(b, section)


def caught(buf: bytearray, seat: cython.int) -> list:
    p = seat_at(seat)
    return list(buf[p + SEAT_CAUGHT:p + SEAT_CAUGHT + buf[p + SEAT_CAUGHT_COUNT]])


def split_code(code: cython.int) -> tuple:
    """(kind number K_*, a, b): place (section), end, cast (combo, choice), angler (index, section 0-9),
    eagle (index, target), bear (index), bearsteal (seat, index), pass (seat); kind -1 for no move."""
    if code < 0 or code >= N_CODES:
        return (-1, 0, 0)
    if code < END:
        return (K_PLACE, code + 1, 0)
    if code == END:
        return (K_END, 0, 0)
    if code < ANGLER:
        return (K_CAST, (code - CAST) // CHOICES, (code - CAST) % CHOICES)
    if code < EAGLE:
        return (K_ANGLER, (code - ANGLER) // 10, (code - ANGLER) % 10)
    if code < ROAR:
        return (K_EAGLE, (code - EAGLE) // TARGETS, (code - EAGLE) % TARGETS)
    if code < STEAL:
        return (K_BEAR, code - ROAR, 0)
    if code < PASS:
        return (K_BEARSTEAL, (code - STEAL) // 4, (code - STEAL) % 4)
    return (K_PASS, code - PASS, 0)


def combo_of(first: cython.int, second: cython.int) -> cython.int:
    """The cast combo of hand indexes `first` < `second` (-1: one card)."""
    return first if second < 0 else combo_pair(first, second)


def combo_indexes(combo: cython.int) -> tuple:
    return (combo_first(combo), combo_second(combo))


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

if cython.compiled:
    # max_moves: a listing holds distinct codes, all below N_CODES; at most 4 seats.
    KERNEL = kernel.export(_legal_into, _step, _outcome, N_CODES, 4, _apply_code)
else:
    KERNEL = None
