"""Rune Market: the compiled kernel's entry (setup, the legal listing, check and apply, the kernel); its topics
are rules_legal.py (the listing), rules_apply.py (the moves and the turn) and rules_score.py (§10).

Spec: shared/rules/rune_market.md. Cython pure-Python mode: compiled by
`pip install .`, interpreted as-is otherwise. It works on the state `bytearray`
(layout in state.py) directly; game.py turns its compact results into names.

Move codes do not depend on hand positions, so a code reads the same in every
state: bits 0-4 the kind (KINDS), then four 4-bit fields a, b, c, d (bits 5-20),
then from bit 21 either a set of number cards (bit k = card k, 0..29) or one card
number or a count. Per kind (colours 0 red, 1 blue; P a placement: C `to C`, 2 + C `neutralize C`,
4 + 2 * S + C `on S C`):
  abandon a=C | buy a=item b=paid colour c=loose runes paid d=P | free3 a=C b=Lr c=Lb
  d=runes from the other store | neutralize a=C | store a=C, count | rune a=C, cards |
  buycards a=item d=P, cards | ransom a=C, cards | duel a=defender, card | defend card |
  thief a=victim b=what (0 red rune, 1 blue rune, 2 hand card, 3 none), card |
  storage card | double card | steal a=seat b=what.
Legality has one source: a move is legal when the generator of its kind lists it.
"""
import cython

if cython.compiled:
    from cython.cimports.cpython.mem import PyMem_Free, PyMem_Malloc
    from cython.cimports.engines.core import kernel
    from cython.cimports.libc.string import memcmp, memcpy

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases PHASE_*, move
# kinds K_*, refusal reasons R_*, event kinds EV_*, card ranges), generated: C constants when compiled; the
# topics: the small readers (rules_state.pxd), the listing (rules_legal), the moves applied (rules_apply), the
# scoring (rules_score).
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
    from cython.cimports.engines.rune_market.rules_state import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.rune_market.rules_apply import _apply, _draw, _hand_add, _start_turn
    from cython.cimports.engines.rune_market.rules_legal import _kinds, _list, _overflow, kind_allowed
    from cython.cimports.engines.rune_market.rules_score import _points, _winners
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_apply import _apply, _draw, _hand_add, _start_turn
    from .rules_legal import _kinds, _list, _overflow, kind_allowed
    from .rules_score import _points, _winners
# Python's way to the scoring numbers (game.py's score and view).
from .rules_score import points, rank_keys  # noqa: E402,F401


@cython.cfunc
@cython.exceptval(-1)
def _sized(buf: bytearray) -> cython.int:
    """0, or ValueError when `buf` is not a state's size: the entry points' raw reads trust it."""
    if len(buf) != SIZE:
        raise ValueError(f"not a rune_market state: {len(buf)} bytes, expected {SIZE}")
    return 0


@cython.ccall
def move_count(buf: bytearray) -> cython.longlong:
    """Moves applied since setup."""
    _sized(buf)
    return moves_of(buf)


@cython.ccall
def turns(buf: bytearray) -> cython.int:
    return turns_of(buf)


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    _sized(buf)
    return buf[PHASE] == PHASE_FINISHED


@cython.ccall
def mover(buf: bytearray) -> cython.int:
    """The seat that may act now, or NONE once finished."""
    _sized(buf)
    phase: cython.int = buf[PHASE]
    if phase == PHASE_FINISHED:
        return NONE
    if phase == PHASE_DEFEND:
        return buf[DEFENDER]
    return buf[ACTIVE_SEAT]


# -- setup -----------------------------------------------------------------------------


def new_state(players: cython.int, start: cython.int, protects: cython.int, lot: cython.int,
              max_rounds: cython.int, price: cython.int, market: tuple, seed: cython.ulonglong,
              order: bytes) -> bytearray:
    """Set up a game (§2.1); `order` is the whole deck top first for a rigged deal, or empty."""
    buf = bytearray(SIZE)
    buf[PLAYERS] = players
    buf[START_SEAT] = start
    buf[PROTECTS] = protects
    buf[LOT_OPTION] = lot
    buf[MAX_ROUNDS] = max_rounds
    buf[PRICE] = price
    buf[LOT] = NONE
    buf[STEAL_FROM] = NONE
    buf[DEFENDER] = NONE
    buf[ATTACK] = NONE
    i: cython.int
    for i in range(4):
        buf[MARKET + i] = market[i]
    rng.seed_into(buf, RNG, seed)
    if order:
        for i in range(N_CARDS):
            buf[DECK + i] = order[i]
    else:
        for i in range(N_CARDS):
            buf[DECK + i] = i
        rng.shuffle(buf, RNG, DECK, N_CARDS)
    buf[DECK_END] = N_CARDS
    seat: cython.int
    p: cython.Py_ssize_t
    for seat in range(MAX_SEATS):
        p = seat_at(seat)
        for i in range(2):
            buf[p + SEAT_MAIN + i] = NONE
            buf[p + SEAT_COLLECTOR + i] = NONE
    for i in range(3 * players):
        _hand_add(buf, (start + i) % players, _draw(buf))
    buf[ACTIVE_SEAT] = start
    _start_turn(buf, None)
    return buf


# -- legal moves ---------------------------------------------------------------------

# C array types named once: interpreted, cython.declare(cython.longlong[256]) builds a class per call.
Room = cython.typedef(cython.longlong[256])


def legal_moves(buf: bytearray):
    """Every legal move code now (§4, §5, §6)."""
    _sized(buf)
    return _codes(buf, -1)


@cython.cfunc
def _codes(buf: bytearray, only: cython.int):
    """`_list`'s codes (kernel.listed): from a stack array, or from the heap when a big hand needs more room."""
    codes = cython.declare(Room)
    n: cython.longlong = _list(buf, only, codes, ROOM)
    global _last_n
    if n <= ROOM:
        if cython.compiled and only < 0:
            memcpy(_last_state, cython.cast(cython.p_uchar, buf), SIZE)
            memcpy(_last_codes, codes, n * cython.sizeof(cython.longlong))
            _last_n = n
        return kernel.listed(codes, n)
    if cython.compiled:
        big: cython.p_longlong = cython.cast(cython.p_longlong, PyMem_Malloc(n * cython.sizeof(cython.longlong)))
        if big == cython.NULL:
            raise MemoryError()
        try:
            _list(buf, only, big, n)
            return kernel.listed(big, n)
        finally:
            PyMem_Free(big)
    else:
        spare = [0] * n
        _list(buf, only, spare, n)
        return kernel.as_codes(spare)


# legal_moves' last listing and the state it listed: a playout applies one of its codes to that very state
# next, and finds it here instead of listing its kind again. The listing is a function of the state's
# bytes alone, so the same bytes list the same codes.
cython.declare(_last_n=cython.longlong)
_last_n = -1  # none yet
_last_state = cython.declare(cython.uchar[445])  # SIZE
_last_codes = cython.declare(cython.longlong[256])  # ROOM


@cython.cfunc
def _is_listed(buf: bytearray, kind: cython.int, code: cython.longlong) -> cython.bint:
    """Does the generator of `kind` list `code`?"""
    i: cython.longlong
    if cython.compiled and _last_n >= 0 and memcmp(_last_state, cython.cast(cython.p_uchar, buf), SIZE) == 0:
        for i in range(_last_n):
            if _last_codes[i] == code:
                return True
        return False
    codes = cython.declare(Room)
    n: cython.longlong = _list(buf, kind, codes, ROOM)
    if n > ROOM:
        return code in _codes(buf, kind)
    for i in range(n):
        if codes[i] == code:
            return True
    return False


# -- apply -------------------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply a move code in place: R_OK, or the refusal reason (declarations.REASON_CODES) with `buf` untouched; raw
    event tuples (EV_* first) are appended to `log` when it is a list (the core's apply_in_place names them)."""
    return _apply_code(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_code(buf: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd)."""
    _sized(buf)
    b: cython.p_uchar = buf
    if b[PHASE] == PHASE_FINISHED:
        return R_GAME_OVER
    kind: cython.int = code & 31
    if code < 0 or kind >= N_KINDS or not (_kinds(b[PHASE]) >> kind) & 1 or not _is_listed(buf, kind, code):
        return R_NOT_LEGAL
    _apply(buf, code, log)
    return R_OK


# -- accessors for game.py (the layout constants are C-level) ----------------------

def hand(buf: bytearray, seat: cython.int) -> list:
    """A seat's hand, in standard order."""
    p = seat_at(seat)
    return list(buf[p + SEAT_HAND:p + SEAT_HAND + buf[p + SEAT_HAND_COUNT]])


def split_code(code) -> tuple:
    """(kind, a, b, c, d, rest) of a move code, or kind -1 when it names no move."""
    if not isinstance(code, int) or isinstance(code, bool) or code < 0 or code >= 1 << 62 or code & 31 >= N_KINDS:
        return (-1, 0, 0, 0, 0, 0)
    return (code & 31, (code >> 5) & 15, (code >> 9) & 15, (code >> 13) & 15, (code >> 17) & 15, code >> 21)


def join_code(kind: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0, rest: int = 0) -> int:
    """The code of a move from its fields; the inverse of split_code."""
    return kind | (a << 5) | (b << 9) | (c << 13) | (d << 17) | (rest << 21)


def legal_of_kind(buf: bytearray, kind: int):
    """The legal moves of one kind now, as Codes (none when the phase does not allow the kind)."""
    if buf[PHASE] != PHASE_FINISHED and 0 <= kind < N_KINDS and kind_allowed(buf, kind):
        return _codes(buf, kind)
    return kernel.indexes(0)


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ------------------------------
#
# MAX_MOVES is the kernel's room, not a bound of every legal state: with h number cards in hand the card
# sets alone list up to 12 * (2**h - 1) codes (a subset summing 5, 10 or 15 buys a rune of either colour;
# one summing 21 or more buys an outpost (2 placements) or a collector (2 * 4 other seats) or pays 2
# ransoms), and a hand may hold all 30 number cards. Everything else lists at most 357: buy 2 pay colours
# * 5 loose counts * 10 placements, store 24 runes, duel 30 cards * 4 seats, thief 6 * 12 targets, free3
# 2 * 10, storage 8, double 8, abandon 2, neutralize 2, end 1 (the other phases list fewer). So 2**17 holds
# every state with up to 13 number cards in the mover's hand (12 * 8191 + 357 = 98649); random games stay
# far below (at most 5 cards, 62 codes seen); past the room `_legal_into` raises instead of overrunning.


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for MAX_MOVES); their count."""
    n: cython.longlong = _list(buf, -1, out, MAX_MOVES)
    if n > MAX_MOVES:
        return _overflow(n)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code `_legal_into` just listed, with no events."""
    _apply(buf, code, None)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result: each seat's rune points (view.score's totals) and the winners `_winners` names."""
    players: cython.int = buf[PLAYERS]
    winners: cython.int = _winners(buf)
    seat: cython.int
    for seat in range(players):
        scores[seat] = _points(buf, seat)
        won[seat] = (winners >> seat) & 1
    return players


if cython.compiled:
    KERNEL = kernel.export(_legal_into, _step, _outcome, MAX_MOVES, MAX_SEATS, _apply_code)
else:
    KERNEL = None
