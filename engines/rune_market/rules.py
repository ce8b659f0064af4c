"""Rune Market: the compiled rules (setup, the turn's phases, legal moves, apply, the end).

Spec: shared/rules/rune_market.md. Cython pure-Python mode: compiled by
`pip install .`, interpreted as-is otherwise. It works on the state `bytearray`
(layout in state.py) directly; game.py turns its compact results into names.

Move codes do not depend on hand positions, so a code reads the same in every
state: bits 0-4 the kind (KINDS), then four 4-bit fields a, b, c, d (bits 5-20),
then from bit 21 either a set of number cards (bit k = card k, 0..29) or one card
number or a count. Per kind (colours 0 red, 1 blue; P a placement, see `placement`):
  abandon a=C | buy a=item b=paid colour c=loose runes paid d=P | free3 a=C b=Lr c=Lb
  d=runes from the other store | neutralize a=C | store a=C, count | rune a=C, cards |
  buycards a=item d=P, cards | ransom a=C, cards | duel a=defender, card | defend card |
  thief a=victim b=what (0 red rune, 1 blue rune, 2 hand card, 3 none), card |
  storage card | double card | steal a=seat b=what.
Legality has one source: a move is legal when the generator of its kind lists it.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.cpython.mem import PyMem_Free, PyMem_Malloc
    from cython.cimports.engines.core import kernel
    from cython.cimports.libc.string import memcmp, memcpy

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases PHASE_*, move
# kinds K_*, refusal reasons R_*, event kinds EV_*, card ranges), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from .offsets import *  # noqa: F403
    from ..core import rng

# -- small helpers ------------------------------------------------------------------

@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def seat_at(seat: cython.int) -> cython.Py_ssize_t:
    return SEATS + seat * SEAT_SIZE


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def is_real(buf: cython.p_uchar, p: cython.Py_ssize_t, c: cython.int) -> cython.bint:
    """The store has a main storage or an outpost."""
    return buf[p + SEAT_MAIN + c] != NONE or buf[p + SEAT_OUTPOST + c] != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def is_occupied(buf: cython.p_uchar, p: cython.Py_ssize_t, c: cython.int) -> cython.bint:
    return buf[p + SEAT_COLLECTOR + c] != NONE


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def is_number(card: cython.int) -> cython.bint:
    return card < N_NUMBERS


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def number_of(card: cython.int) -> cython.int:
    return card // 3 + 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def hall_colour(card: cython.int) -> cython.int:
    """0 red, 1 blue for a main-storage card, else -1."""
    if HALL_RED0 <= card < HALL_BLUE0:
        return 0
    if HALL_BLUE0 <= card < N_CARDS:
        return 1
    return -1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def field(code: cython.longlong, k: cython.int) -> cython.int:
    """Field a (k=0), b, c or d of a move code."""
    return (code >> (5 + 4 * k)) & 15


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def make(kind: cython.int, a: cython.int, b: cython.int, c: cython.int, d: cython.int,
         rest: cython.longlong) -> cython.longlong:
    return kind | (a << 5) | (b << 9) | (c << 13) | (d << 17) | (rest << 21)


@cython.cfunc
@cython.exceptval(-1)
def _sized(buf: bytearray) -> cython.int:
    """0, or ValueError when `buf` is not a state's size: the entry points' raw reads trust it."""
    if len(buf) != SIZE:
        raise ValueError(f"not a rune_market state: {len(buf)} bytes, expected {SIZE}")
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _moves(buf: cython.p_uchar) -> cython.longlong:
    return (buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8) | (buf[MOVE_COUNT + 2] << 16)
            | (cython.cast(cython.longlong, buf[MOVE_COUNT + 3]) << 24))


@cython.ccall
def move_count(buf: bytearray) -> cython.longlong:
    """Moves applied since setup."""
    _sized(buf)
    return _moves(buf)


@cython.ccall
def turns(buf: bytearray) -> cython.int:
    return buf[TURNS] | (buf[TURNS + 1] << 8)


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


# -- cards in hands, the pile and the deck --------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def _hand_remove(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    p: cython.Py_ssize_t = seat_at(seat)
    n: cython.int = buf[p + SEAT_HAND_COUNT]
    i: cython.int
    j: cython.int = 0
    for i in range(n):
        if buf[p + SEAT_HAND + i] != card:
            buf[p + SEAT_HAND + j] = buf[p + SEAT_HAND + i]
            j += 1
    buf[p + SEAT_HAND + j] = 0
    buf[p + SEAT_HAND_COUNT] = j
    buf[KNOWN + card] = 0


@cython.cfunc
@cython.exceptval(check=False)
def _hand_add(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    """Insert `card` keeping the hand in standard order."""
    p: cython.Py_ssize_t = seat_at(seat)
    i: cython.int = buf[p + SEAT_HAND_COUNT]
    while i > 0 and buf[p + SEAT_HAND + i - 1] > card:
        buf[p + SEAT_HAND + i] = buf[p + SEAT_HAND + i - 1]
        i -= 1
    buf[p + SEAT_HAND + i] = card
    buf[p + SEAT_HAND_COUNT] += 1


@cython.cfunc
@cython.exceptval(check=False)
def _discard(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    _hand_remove(buf, seat, card)
    buf[PILE + buf[PILE_COUNT]] = card
    buf[PILE_COUNT] += 1


@cython.cfunc
@cython.exceptval(check=False)
def _discard_set(buf: cython.p_uchar, seat: cython.int, cards: cython.longlong) -> cython.void:
    """Discard a set of number cards; they lie on the pile in standard order (§2.1)."""
    k: cython.int
    for k in range(N_NUMBERS):
        if (cards >> k) & 1:
            _discard(buf, seat, k)


@cython.cfunc
@cython.exceptval(check=False)
def _to_pile(buf: cython.p_uchar, card: cython.int) -> cython.void:
    buf[PILE + buf[PILE_COUNT]] = card
    buf[PILE_COUNT] += 1


# -- runes -----------------------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def _gain(buf: cython.p_uchar, seat: cython.int, c: cython.int, n: cython.int) -> cython.void:
    """Placement of gained runes (§3, D8): into the real, unoccupied store of colour c, else loose."""
    p: cython.Py_ssize_t = seat_at(seat)
    if is_real(buf, p, c) and not is_occupied(buf, p, c):
        buf[p + SEAT_RUNES + c] += n
    else:
        buf[p + SEAT_LOOSE + c] += n


@cython.cfunc
@cython.exceptval(check=False)
def _clear_store(buf: cython.p_uchar, p: cython.Py_ssize_t, c: cython.int) -> cython.void:
    """The store loses its last card: its runes become loose, nothing is left."""
    buf[p + SEAT_LOOSE + c] += buf[p + SEAT_RUNES + c]
    buf[p + SEAT_RUNES + c] = 0
    buf[p + SEAT_MAIN + c] = NONE
    buf[p + SEAT_OUTPOST + c] = 0
    buf[p + SEAT_COLLECTOR + c] = NONE


@cython.cfunc
@cython.exceptval(-1, check=False)
def _free_collector(buf: cython.p_uchar, seat: cython.int, c: cython.int, how: cython.int,
                    events: Optional[list]) -> cython.int:
    """The collector on store c returns to the market; a ruin's runes become loose."""
    p: cython.Py_ssize_t = seat_at(seat)
    owner: cython.int = buf[p + SEAT_COLLECTOR + c]
    buf[p + SEAT_COLLECTOR + c] = NONE
    buf[MARKET + 3] += 1
    if not is_real(buf, p, c):
        _clear_store(buf, p, c)
    if events is not None:
        events.append((EV_COLLECTOR_REMOVED, seat, c, owner, how))


@cython.cfunc
@cython.exceptval(check=False)
def stealable_rune(buf: cython.p_uchar, seat: cython.int, c: cython.int) -> cython.bint:
    p: cython.Py_ssize_t = seat_at(seat)
    if buf[p + SEAT_LOOSE + c]:
        return True
    return buf[PROTECTS] == 0 and buf[p + SEAT_RUNES + c] > 0


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


@cython.cfunc
@cython.exceptval(check=False)
def _draw(buf: cython.p_uchar) -> cython.int:
    top: cython.int = buf[DECK_TOP]
    card: cython.int = buf[DECK + top]
    buf[DECK + top] = 0
    buf[DECK_TOP] = top + 1
    return card


# -- the turn --------------------------------------------------------------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_turn(buf: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Phase 1a (collectors, D10), then 1b: interest is offered when due, else the market phase."""
    seat: cython.int = buf[ACTIVE_SEAT]
    buf[HAND_PLAYED] = 0
    buf[BOUGHT] = 0
    buf[DUELED] = 0
    buf[STEALS] = 0
    buf[STEAL_FROM] = NONE
    buf[DEFENDER] = NONE
    buf[ATTACK] = NONE
    if events is not None:
        events.append((EV_TURN, seat))
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    owner: cython.int
    main: cython.int
    for c in range(2):
        owner = buf[p + SEAT_COLLECTOR + c]
        if owner == NONE:
            continue
        if buf[p + SEAT_RUNES + c] == 0:
            main = buf[p + SEAT_MAIN + c]
            if main != NONE:
                _to_pile(buf, main)
            _clear_store(buf, p, c)
            buf[MARKET + 3] += 1
            if events is not None:
                events.append((EV_STORE_ABANDONED, seat, c, main, 0, owner))
        else:
            buf[p + SEAT_RUNES + c] -= 1
            _gain(buf, owner, c, 1)
            if events is not None:
                events.append((EV_PLUNDERED, seat, c, owner))
    buf[PHASE] = PHASE_INTEREST if _interest_due(buf, seat, 0) + _interest_due(buf, seat, 1) > 0 else PHASE_MARKET


@cython.cfunc
@cython.exceptval(check=False)
def _interest_due(buf: cython.p_uchar, seat: cython.int, c: cython.int) -> cython.int:
    p: cython.Py_ssize_t = seat_at(seat)
    if not is_real(buf, p, c) or is_occupied(buf, p, c) or buf[p + SEAT_RUNES + c] == 0:
        return 0
    if buf[p + SEAT_MAIN + c] != NONE and buf[p + SEAT_OUTPOST + c]:
        return 2
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def _market_empty(buf: cython.p_uchar) -> cython.bint:
    return buf[MARKET] == 0 and buf[MARKET + 1] == 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_turn(buf: bytearray, events: Optional[list]) -> cython.int:
    """Phase 4: refill to three (reshuffling the pile when the deck is empty, D24), the cap, next seat."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    seat: cython.int = b[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    drawn: list = [] if events is not None else None  # no list per turn in a playout
    card: cython.int
    while b[p + SEAT_HAND_COUNT] < HAND_SIZE:
        if b[DECK_TOP] == b[DECK_END]:
            if b[PILE_COUNT] == 0:
                break
            _reshuffle(buf, events)
        card = _draw(buf)
        _hand_add(buf, seat, card)
        if drawn is not None:
            drawn.append(card)
    if events is not None:
        events.append((EV_REFILLED, seat, len(drawn), tuple(drawn)))
    t: cython.int = turns(buf) + 1
    b[TURNS] = t & 0xFF
    b[TURNS + 1] = t >> 8
    if t >= b[MAX_ROUNDS] * b[PLAYERS]:
        _finish(buf, 1, events)
        return 0
    b[ACTIVE_SEAT] = (seat + 1) % b[PLAYERS]
    _start_turn(buf, events)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _reshuffle(buf: bytearray, events: Optional[list]) -> cython.int:
    """The discard pile, bottom first, becomes the deck and is shuffled."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    n: cython.int = b[PILE_COUNT]
    i: cython.int
    for i in range(N_CARDS):
        b[DECK + i] = b[PILE + i] if i < n else 0
        b[PILE + i] = 0
    b[PILE_COUNT] = 0
    b[DECK_TOP] = 0
    b[DECK_END] = n
    rng.shuffle(buf, RNG, DECK, n)
    if events is not None:
        events.append((EV_RESHUFFLED, n))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _finish(buf: bytearray, reason: cython.int, events: Optional[list]) -> cython.int:
    """The game ends (§10): with tiebreak_iv=lot and a tie after step III, the lot is drawn once."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    b[PHASE] = PHASE_FINISHED
    b[END_REASON] = reason
    b[STEALS] = 0
    b[STEAL_FROM] = NONE
    b[DEFENDER] = NONE
    if b[ATTACK] != NONE:  # cannot happen (no rune moves in a duel window); kept consistent anyway
        _to_pile(buf, b[ATTACK])
        b[ATTACK] = NONE
    tied: cython.int = _tied(buf)
    count: cython.int = 0
    seat: cython.int
    pick: cython.int
    for seat in range(MAX_SEATS):
        count += (tied >> seat) & 1
    if b[LOT_OPTION] and count > 1:
        pick = rng.below(buf, RNG, count)  # the pick-th of the tied seats, lowest first
        for seat in range(MAX_SEATS):
            if (tied >> seat) & 1:
                if pick == 0:
                    b[LOT] = seat
                    break
                pick -= 1
        if events is not None:
            events.append((EV_LOT_DRAWN, b[LOT], tuple(tied_after_high_card(buf))))
    if events is not None:
        events.append((EV_GAME_END, reason))


# -- scoring numbers (§10) --------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def _points(buf: cython.p_uchar, seat: cython.int) -> cython.int:
    """Rune points: every rune 1, each outpost 2, each collector on this seat's stores -1."""
    p: cython.Py_ssize_t = seat_at(seat)
    total: cython.int = 0
    c: cython.int
    for c in range(2):
        total += buf[p + SEAT_LOOSE + c] + buf[p + SEAT_RUNES + c] + 2 * buf[p + SEAT_OUTPOST + c]
        if buf[p + SEAT_COLLECTOR + c] != NONE:
            total -= 1
    return total


@cython.cfunc
@cython.exceptval(check=False)
def _high_card(buf: cython.p_uchar, seat: cython.int) -> cython.int:
    """The highest number card in the seat's hand, 0 without one (step III)."""
    p: cython.Py_ssize_t = seat_at(seat)
    best: cython.int = 0
    i: cython.int
    card: cython.int
    for i in range(buf[p + SEAT_HAND_COUNT]):
        card = buf[p + SEAT_HAND + i]
        if is_number(card) and number_of(card) > best:
            best = number_of(card)
    return best


@cython.ccall
def points(buf: bytearray, seat: cython.int) -> cython.int:
    """Rune points: every rune 1, each outpost 2, each collector on this seat's stores -1."""
    return _points(buf, seat)


@cython.ccall
def high_card(buf: bytearray, seat: cython.int) -> cython.int:
    """The highest number card in the seat's hand, 0 without one (step III)."""
    return _high_card(buf, seat)


@cython.cfunc
@cython.exceptval(check=False)
def _keys(buf: cython.p_uchar, seat: cython.int, out: cython.p_int) -> cython.void:
    """The seat's (points, outposts, -collectors on its stores, high card) into `out`."""
    p: cython.Py_ssize_t = seat_at(seat)
    out[0] = _points(buf, seat)
    out[1] = buf[p + SEAT_OUTPOST] + buf[p + SEAT_OUTPOST + 1]
    out[2] = -((buf[p + SEAT_COLLECTOR] != NONE) + (buf[p + SEAT_COLLECTOR + 1] != NONE))
    out[3] = _high_card(buf, seat)


def rank_keys(buf: bytearray) -> list:
    """Per seat: (points, outposts, -collectors on its stores, high card)."""
    out: list = []
    seat: cython.int
    k = cython.declare(Ints4)
    for seat in range(buf[PLAYERS]):
        _keys(buf, seat, k)
        out.append((k[0], k[1], k[2], k[3]))
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _tied(buf: cython.p_uchar) -> cython.int:
    """Bit s: seat s is still tied for the top after steps I-III (its keys compared in order)."""
    best = cython.declare(Ints4)
    k = cython.declare(Ints4)
    tied: cython.int = 0
    seat: cython.int
    i: cython.int
    cmp: cython.int
    for seat in range(buf[PLAYERS]):
        _keys(buf, seat, k)
        cmp = 1 if tied == 0 else 0
        for i in range(4):
            if cmp != 0:
                break
            cmp = (k[i] > best[i]) - (k[i] < best[i])
        if cmp > 0:
            best[0], best[1], best[2], best[3] = k[0], k[1], k[2], k[3]
            tied = 1 << seat
        elif cmp == 0:
            tied |= 1 << seat
    return tied


def tied_after_high_card(buf: bytearray) -> list:
    """The seats still tied for the top after steps I-III."""
    tied: cython.int = _tied(buf)
    return [s for s in range(buf[PLAYERS]) if (tied >> s) & 1]


@cython.cfunc
@cython.exceptval(check=False)
def _winners(buf: cython.p_uchar) -> cython.int:
    """Bit s: seat s wins the finished game (§10: steps I-III, then the lot when one was drawn)."""
    tied: cython.int = _tied(buf)
    if tied & (tied - 1) and buf[LOT] != NONE:
        return 1 << buf[LOT]
    return tied


# -- legal moves ---------------------------------------------------------------------
#
# One generator, `_list`, for legal_moves, legal_of_kind, apply_code's check and the kernel: it writes the
# first `room` codes into a C array and counts on past it, so a caller with too little room learns how much
# it needs (a hand of many number cards lists every qualifying subset: 2**h of them).

# C array types named once: interpreted, cython.declare(cython.longlong[256]) builds a class per call.
Room = cython.typedef(cython.longlong[256])
Ints4 = cython.typedef(cython.int[4])
Ints44 = cython.typedef(cython.int[44])  # N_CARDS: a hand's cards of one use (an unchecked state repeats cards)
Longs44 = cython.typedef(cython.longlong[44])
Longs16 = cython.typedef(cython.longlong[16])


def legal_moves(buf: bytearray) -> list:
    """Every legal move code now (§4, §5, §6)."""
    _sized(buf)
    return _codes(buf, -1)


@cython.cfunc
def _codes(buf: bytearray, only: cython.int) -> list:
    """`_list`'s codes as a list: from a stack array, or from the heap when a big hand needs more room."""
    codes = cython.declare(Room)
    n: cython.longlong = _list(buf, only, codes, ROOM)
    global _last_n
    if n <= ROOM:
        if cython.compiled and only < 0:
            memcpy(_last_state, cython.cast(cython.p_uchar, buf), SIZE)
            memcpy(_last_codes, codes, n * cython.sizeof(cython.longlong))
            _last_n = n
        return _as_list(codes, n)
    if cython.compiled:
        big: cython.p_longlong = cython.cast(cython.p_longlong, PyMem_Malloc(n * cython.sizeof(cython.longlong)))
        if big == cython.NULL:
            raise MemoryError()
        try:
            _list(buf, only, big, n)
            return _as_list(big, n)
        finally:
            PyMem_Free(big)
    else:
        spare = [0] * n
        _list(buf, only, spare, n)
        return spare


@cython.cfunc
def _as_list(codes: cython.p_longlong, n: cython.longlong) -> list:
    """The first `n` codes as a list of ints (compiled: the core's, of shared int objects: most codes are past
    the small ints Python shares, bits 21 on hold cards)."""
    i: cython.longlong
    if not cython.compiled:
        return [codes[i] for i in range(n)]
    return kernel.listed(codes, n)


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


@cython.cfunc
@cython.exceptval(check=False)
def _list(buf: cython.p_uchar, only: cython.int, out: cython.p_longlong, room: cython.longlong) -> cython.longlong:
    """The legal codes of kind `only` (-1: of every kind the phase allows), in legal_moves' order: the first
    `room` written into `out`; how many there are."""
    # One branch per phase and its kinds in kind order (the order _kinds allows them): a loop over all
    # kinds with a dispatch per kind cost more than the generators themselves.
    phase: cython.int = buf[PHASE]
    seat: cython.int = buf[ACTIVE_SEAT]
    n: cython.longlong = 0
    if phase == PHASE_INTEREST:
        if only < 0 or only == K_INTEREST:
            n = _put(out, n, room, K_INTEREST)
        if only < 0 or only == K_NOINTEREST:
            n = _put(out, n, room, K_NOINTEREST)
        return n
    if phase == PHASE_DEFEND:
        if only < 0 or only == K_DEFEND:
            n = _gen_defend(buf, out, n, room)
        if (only < 0 or only == K_CONCEDE) and not _can_defend(buf):
            n = _put(out, n, room, K_CONCEDE)
        return n
    if phase == PHASE_STEAL:
        if only < 0 or only == K_STEAL:
            n = _gen_steals(buf, seat, K_STEAL, 0, out, n, room)
        if only < 0 or only == K_NOSTEAL:
            n = _put(out, n, room, K_NOSTEAL)
        return n
    if phase == PHASE_MARKET:
        if only < 0 or only == K_ABANDON:
            n = _gen_abandon(buf, seat, out, n, room)
        if (only < 0 or only == K_BUY) and not buf[BOUGHT]:
            n = _gen_buy(buf, seat, out, n, room)
        if only < 0 or only == K_FREE3:
            n = _gen_free3(buf, seat, out, n, room)
    elif phase != PHASE_HAND:
        return 0  # finished
    if only < 0 or only == K_NEUTRALIZE:
        n = _gen_neutralize(buf, seat, out, n, room)
    if only < 0 or only == K_STORE:
        n = _gen_store(buf, seat, out, n, room)
    # The hand read once, by use: number cards, thieves, main storages (each in hand order).
    p: cython.Py_ssize_t = seat_at(seat)
    numbers = cython.declare(Ints44)
    thieves = cython.declare(Ints44)
    halls = cython.declare(Ints44)
    h: cython.int = 0
    t: cython.int = 0
    k: cython.int = 0
    i: cython.int
    card: cython.int
    for i in range(min(buf[p + SEAT_HAND_COUNT], SEAT_HAND_LEN)):
        card = buf[p + SEAT_HAND + i]
        if is_number(card):
            numbers[h] = card
            h += 1
        elif card < HALL_RED0:
            thieves[t] = card
            t += 1
        else:
            halls[k] = card
            k += 1
    if (only < 0 or K_RUNE <= only <= K_RANSOM) and h:
        n = _gen_card_sets(buf, seat, only, numbers, h, out, n, room)
    if (only < 0 or only == K_DUEL) and h:
        n = _gen_duels(buf, seat, numbers, h, out, n, room)
    before: cython.longlong
    if only < 0 or only == K_THIEF:
        for i in range(t):
            before = n
            n = _gen_steals(buf, seat, K_THIEF, thieves[i], out, n, room)
            if n == before:
                n = _put(out, n, room, make(K_THIEF, 0, W_NONE, 0, 0, thieves[i]))
    if only < 0 or only == K_STORAGE:
        for i in range(k):
            card = halls[i]
            if buf[p + SEAT_MAIN + hall_colour(card)] == NONE and not is_occupied(buf, p, hall_colour(card)):
                n = _put(out, n, room, make(K_STORAGE, 0, 0, 0, 0, card))
    if only < 0 or only == K_DOUBLE:
        for i in range(k):
            n = _put(out, n, room, make(K_DOUBLE, 0, 0, 0, 0, halls[i]))
    if (only < 0 or only == K_END) and (buf[HAND_PLAYED] or buf[p + SEAT_HAND_COUNT] == 0):
        n = _put(out, n, room, K_END)
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _put(out: cython.p_longlong, n: cython.longlong, room: cython.longlong,
         code: cython.longlong) -> cython.longlong:
    """List `code` as the n-th (written while there is room); the new count."""
    if n < room:
        out[n] = code
    return n + 1


@cython.ccall
def kind_allowed(buf: bytearray, kind: cython.int) -> cython.bint:
    """May a move of this kind be made in this phase at all?"""
    return 0 <= kind < N_KINDS and (_kinds(buf[PHASE]) >> kind) & 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _kinds(phase: cython.int) -> cython.int:
    """The kinds a phase allows: bit k for kind k."""
    duel: cython.int = (1 << K_DEFEND) | (1 << K_CONCEDE)
    if phase == PHASE_INTEREST:
        return (1 << K_INTEREST) | (1 << K_NOINTEREST)
    if phase == PHASE_DEFEND:
        return duel
    if phase == PHASE_STEAL:
        return (1 << K_STEAL) | (1 << K_NOSTEAL)
    if phase == PHASE_MARKET:  # abandon .. double but the duel answers, and end
        return ((1 << (K_DOUBLE + 1)) - (1 << K_ABANDON)) & ~duel | (1 << K_END)
    if phase == PHASE_HAND:  # the market phase's kinds from neutralize on
        return ((1 << (K_DOUBLE + 1)) - (1 << K_NEUTRALIZE)) & ~duel | (1 << K_END)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _can_defend(buf: cython.p_uchar) -> cython.bint:
    p: cython.Py_ssize_t = seat_at(buf[DEFENDER])
    need: cython.int = number_of(buf[ATTACK])
    i: cython.int
    card: cython.int
    for i in range(buf[p + SEAT_HAND_COUNT]):
        card = buf[p + SEAT_HAND + i]
        if is_number(card) and number_of(card) >= need:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _gen_defend(buf: cython.p_uchar, out: cython.p_longlong, n: cython.longlong,
                room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(buf[DEFENDER])
    need: cython.int = number_of(buf[ATTACK])
    i: cython.int
    card: cython.int
    for i in range(buf[p + SEAT_HAND_COUNT]):
        card = buf[p + SEAT_HAND + i]
        if is_number(card) and number_of(card) >= need:
            n = _put(out, n, room, make(K_DEFEND, 0, 0, 0, 0, card))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_abandon(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
                 room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    for c in range(2):
        if buf[p + SEAT_MAIN + c] != NONE and not is_occupied(buf, p, c):
            n = _put(out, n, room, make(K_ABANDON, c, 0, 0, 0, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _placements(buf: cython.p_uchar, seat: cython.int, item: cython.int) -> cython.int:
    """The placements of `item` open to `seat` (§5), bit P for placement P: outpost `to C` = C (no outpost
    there, not occupied), outpost `neutralize C` = 2 + C (occupied), collector `on S C` = 4 + 2S + C (another
    seat's real, unoccupied store)."""
    out: cython.int = 0
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    target: cython.int
    if item == OUTPOST:
        for c in range(2):
            if is_occupied(buf, p, c):
                out |= 4 << c
            elif not buf[p + SEAT_OUTPOST + c]:
                out |= 1 << c
        return out
    for target in range(buf[PLAYERS]):
        if target != seat:
            p = seat_at(target)
            for c in range(2):
                if is_real(buf, p, c) and not is_occupied(buf, p, c):
                    out |= 1 << (4 + 2 * target + c)
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _gen_buy(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
             room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    price: cython.int = buf[PRICE]
    item: cython.int
    pay: cython.int
    loose: cython.int
    stored: cython.int
    place: cython.int
    places: cython.int
    for item in range(2):
        if buf[MARKET + 2 + item] == 0:
            continue
        places = _placements(buf, seat, item)
        for pay in range(2):
            stored = 0 if is_occupied(buf, p, pay) else buf[p + SEAT_RUNES + pay]
            for loose in range(price + 1):
                if loose > buf[p + SEAT_LOOSE + pay] or price - loose > stored:
                    continue
                for place in range(14):
                    if (places >> place) & 1:
                        n = _put(out, n, room, make(K_BUY, item, pay, loose, place, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_free3(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
               room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    red: cython.int
    blue: cython.int
    other: cython.int
    for c in range(2):
        if not is_occupied(buf, p, c):
            continue
        other = 0 if is_occupied(buf, p, 1 - c) else buf[p + SEAT_RUNES + 1 - c]
        for red in range(min(3, buf[p + SEAT_LOOSE]) + 1):
            for blue in range(min(3 - red, buf[p + SEAT_LOOSE + 1]) + 1):
                if 3 - red - blue <= other:
                    n = _put(out, n, room, make(K_FREE3, c, red, blue, 3 - red - blue, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_neutralize(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
                    room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    for c in range(2):
        if is_occupied(buf, p, c) and buf[p + SEAT_OUTPOST + 1 - c]:
            n = _put(out, n, room, make(K_NEUTRALIZE, c, 0, 0, 0, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_store(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
               room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    k: cython.int
    for c in range(2):
        if is_real(buf, p, c):
            for k in range(1, buf[p + SEAT_LOOSE + c] + 1):
                n = _put(out, n, room, make(K_STORE, c, 0, 0, 0, k))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_card_sets(buf: cython.p_uchar, seat: cython.int, only: cython.int, cards: cython.p_int, h: cython.int,
                   out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """rune (sum 5, 10 or 15), then buycards and ransom (sum >= 21), or only the kind `only` (-1: all three):
    every set of the h number cards in hand (`cards`)."""
    p: cython.Py_ssize_t = seat_at(seat)
    numbers = cython.declare(Ints44)  # their numbers and card bits
    bits = cython.declare(Longs44)
    i: cython.int
    most: cython.int = 0
    for i in range(h):
        numbers[i] = number_of(cards[i])
        bits[i] = cython.cast(cython.longlong, 1) << cards[i]
        most += numbers[i]
    options = cython.declare(Longs16)  # at most 2 + 2 * 4 placements
    count: cython.int
    c: cython.int
    item: cython.int
    places: cython.int
    kind: cython.int
    subset: cython.longlong
    total: cython.int
    cardset: cython.longlong
    o: cython.int
    for kind in range(K_RUNE, K_RANSOM + 1):
        if only >= 0 and kind != only or kind != K_RUNE and most < CARDS_MIN:
            continue
        count = 0
        if kind == K_RUNE:
            for c in range(2):
                if buf[MARKET + c]:
                    options[count] = make(K_RUNE, c, 0, 0, 0, 0)
                    count += 1
        elif kind == K_RANSOM:
            for c in range(2):
                if is_occupied(buf, p, c):
                    options[count] = make(K_RANSOM, c, 0, 0, 0, 0)
                    count += 1
        else:
            for item in range(2):
                if buf[MARKET + 2 + item]:
                    places = _placements(buf, seat, item)
                    for c in range(14):
                        if (places >> c) & 1:
                            options[count] = make(K_BUYCARDS, item, 0, 0, c, 0)
                            count += 1
        if count == 0:
            continue
        total = 0
        cardset = 0
        for subset in range(1, cython.cast(cython.longlong, 1) << h):
            # Counting up from subset - 1 clears its trailing ones and sets the bit above them.
            i = 0
            while not (subset >> i) & 1:
                total -= numbers[i]
                cardset ^= bits[i]
                i += 1
            total += numbers[i]
            cardset |= bits[i]
            if kind == K_RUNE:
                if total != 5 and total != 10 and total != 15:
                    continue
            elif total < CARDS_MIN:
                continue
            for o in range(count):
                n = _put(out, n, room, options[o] | (cardset << 21))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_duels(buf: cython.p_uchar, seat: cython.int, cards: cython.p_int, h: cython.int, out: cython.p_longlong,
               n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """A duel with each of the h number cards in hand (`cards`) against each seat not dueled this turn."""
    i: cython.int
    other: cython.int
    for i in range(h):
        for other in range(buf[PLAYERS]):
            if other != seat and not (buf[DUELED] >> other) & 1:
                n = _put(out, n, room, make(K_DUEL, other, 0, 0, 0, cards[i]))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_steals(buf: cython.p_uchar, seat: cython.int, kind: cython.int, card: cython.int,
                out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """Steal targets (thief or steal): a rune of a colour or a hand card from another seat."""
    victim: cython.int
    c: cython.int
    only: cython.int = buf[STEAL_FROM] if kind == K_STEAL else NONE
    for victim in range(buf[PLAYERS]):
        if victim == seat or (only != NONE and victim != only):
            continue
        for c in range(2):
            if stealable_rune(buf, victim, c):
                n = _put(out, n, room, make(kind, victim, c, 0, 0, card))
        if buf[seat_at(victim) + SEAT_HAND_COUNT]:
            n = _put(out, n, room, make(kind, victim, W_HAND, 0, 0, card))
    return n


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


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(buf: bytearray, code: cython.longlong, events: Optional[list]) -> cython.int:
    """Apply a listed code, the move counter included."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    kind: cython.int = code & 31
    if kind <= K_STORE:
        _apply_market(buf, kind, code, events)
    else:
        _apply_hand(buf, kind, code, events)
    if b[PHASE] != PHASE_FINISHED and _market_empty(buf):
        _finish(buf, 0, events)  # D17: the move that takes the last rune ends the game at once
    n: cython.longlong = _moves(b) + 1
    b[MOVE_COUNT] = n & 0xFF
    b[MOVE_COUNT + 1] = (n >> 8) & 0xFF
    b[MOVE_COUNT + 2] = (n >> 16) & 0xFF
    b[MOVE_COUNT + 3] = (n >> 24) & 0xFF


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_market(buf: cython.p_uchar, kind: cython.int, code: cython.longlong, events: Optional[list]) -> cython.int:
    seat: cython.int = buf[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int = field(code, 0)
    if kind == K_INTEREST:
        _take_interest(buf, seat, events)
    elif kind == K_NOINTEREST:
        buf[PHASE] = PHASE_MARKET
        if events is not None:
            events.append((EV_NO_INTEREST, seat))
    elif kind == K_ABANDON:
        main: cython.int = buf[p + SEAT_MAIN + c]
        _to_pile(buf, main)
        buf[p + SEAT_MAIN + c] = NONE
        loosed: cython.int = 0
        if not buf[p + SEAT_OUTPOST + c]:
            loosed = buf[p + SEAT_RUNES + c]
            _clear_store(buf, p, c)
        if events is not None:
            events.append((EV_STORE_ABANDONED, seat, c, main, loosed, NONE))
    elif kind == K_BUY:
        _buy(buf, seat, code, events)
    elif kind == K_FREE3:
        buf[p + SEAT_LOOSE] -= field(code, 1)
        buf[p + SEAT_LOOSE + 1] -= field(code, 2)
        buf[p + SEAT_RUNES + 1 - c] -= field(code, 3)
        buf[MARKET] += field(code, 1) + (field(code, 3) if c == 1 else 0)
        buf[MARKET + 1] += field(code, 2) + (field(code, 3) if c == 0 else 0)
        _free_collector(buf, seat, c, 1, events)
    elif kind == K_NEUTRALIZE:
        buf[p + SEAT_OUTPOST + 1 - c] = 0
        buf[MARKET + 2] += 1
        if not is_real(buf, p, 1 - c):
            _clear_store(buf, p, 1 - c)
        _free_collector(buf, seat, c, 2, events)
    else:  # store
        k: cython.int = code >> 21
        buf[p + SEAT_LOOSE + c] -= k
        buf[p + SEAT_RUNES + c] += k
        if events is not None:
            events.append((EV_STORED, seat, c, k))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _take_interest(buf: cython.p_uchar, seat: cython.int, events: Optional[list]) -> cython.int:
    """For red, then blue: the due amount, or what the market still has, into that store."""
    p: cython.Py_ssize_t = seat_at(seat)
    got: cython.int = 0  # red in bits 0-7, blue in bits 8-15
    c: cython.int
    due: cython.int
    for c in range(2):
        due = min(_interest_due(buf, seat, c), buf[MARKET + c])
        buf[MARKET + c] -= due
        buf[p + SEAT_RUNES + c] += due
        got |= due << (8 * c)
    buf[PHASE] = PHASE_MARKET
    if events is not None:
        events.append((EV_INTEREST, seat, got & 0xFF, got >> 8))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _buy(buf: cython.p_uchar, seat: cython.int, code: cython.longlong, events: Optional[list]) -> cython.int:
    """A rune-priced purchase (D5): the paid runes return to the market, then the placement."""
    p: cython.Py_ssize_t = seat_at(seat)
    pay: cython.int = field(code, 1)
    loose: cython.int = field(code, 2)
    stored: cython.int = buf[PRICE] - loose
    buf[p + SEAT_LOOSE + pay] -= loose
    buf[p + SEAT_RUNES + pay] -= stored
    buf[MARKET + pay] += buf[PRICE]
    buf[BOUGHT] = 1
    if events is not None:
        events.append((EV_BOUGHT, seat, field(code, 0), field(code, 3), pay, loose, stored, 0))
    _place(buf, seat, field(code, 0), field(code, 3), events)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _place(buf: cython.p_uchar, seat: cython.int, item: cython.int, place: cython.int,
           events: Optional[list]) -> cython.int:
    """Apply a placement (§5 Placements)."""
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int = place & 1
    if item == OUTPOST and place < 2:
        buf[MARKET + 2] -= 1
        buf[p + SEAT_OUTPOST + c] = 1
    elif item == OUTPOST:
        _free_collector(buf, seat, c, 3, events)  # the outpost never leaves the market
    else:
        target: cython.int = (place - 4) >> 1
        q: cython.Py_ssize_t = seat_at(target)
        buf[MARKET + 3] -= 1
        buf[q + SEAT_COLLECTOR + c] = seat
        destroyed: cython.int = buf[q + SEAT_OUTPOST + c]
        if destroyed:
            buf[q + SEAT_OUTPOST + c] = 0
            buf[MARKET + 2] += 1
        if events is not None:
            events.append((EV_COLLECTOR_PLACED, seat, target, c, destroyed))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_hand(buf: bytearray, kind: cython.int, code: cython.longlong, events: Optional[list]) -> cython.int:
    """Hand-card moves (phase 3), the duel window and the steals."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    seat: cython.int = b[ACTIVE_SEAT]
    a: cython.int = field(code, 0)
    rest: cython.longlong = code >> 21
    if kind == K_DEFEND or kind == K_CONCEDE:
        _answer_duel(buf, kind, rest, events)
        return 0
    if kind == K_STEAL:
        _steal(buf, seat, a, field(code, 1), events)
        b[STEALS] -= 1
        if b[STEALS] == 0:
            b[STEAL_FROM] = NONE
            b[PHASE] = PHASE_HAND
        return 0
    if kind == K_NOSTEAL:
        b[STEALS] = 0
        b[STEAL_FROM] = NONE
        b[PHASE] = PHASE_HAND
        if events is not None:
            events.append((EV_NO_STEAL, seat))
        return 0
    if kind == K_END:
        _end_turn(buf, events)
        return 0
    b[HAND_PLAYED] = 1
    b[PHASE] = PHASE_HAND
    if kind == K_RUNE or kind == K_BUYCARDS or kind == K_RANSOM:
        _discard_set(buf, seat, rest)
        if kind == K_RUNE:
            b[MARKET + a] -= 1
            _gain(buf, seat, a, 1)
            if events is not None:
                events.append((EV_RUNE_BOUGHT, seat, rest, a))
        elif kind == K_BUYCARDS:
            if events is not None:
                events.append((EV_BOUGHT, seat, a, field(code, 3), 0, 0, 0, rest))
            _place(buf, seat, a, field(code, 3), events)
        else:
            _free_collector(buf, seat, a, 0, events)
    elif kind == K_DUEL:
        _hand_remove(buf, seat, cython.cast(cython.int, rest))
        b[ATTACK] = rest
        b[DEFENDER] = a
        b[DUELED] |= 1 << a
        b[PHASE] = PHASE_DEFEND
        if events is not None:
            events.append((EV_DUEL, seat, rest, a))
    elif kind == K_THIEF:
        _discard(buf, seat, cython.cast(cython.int, rest))
        if events is not None:
            events.append((EV_THIEF, seat, rest, NONE if field(code, 1) == W_NONE else a))
        if field(code, 1) != W_NONE:
            _steal(buf, seat, a, field(code, 1), events)
    elif kind == K_STORAGE:
        _hand_remove(buf, seat, cython.cast(cython.int, rest))
        b[seat_at(seat) + SEAT_MAIN + hall_colour(cython.cast(cython.int, rest))] = rest
        if events is not None:
            events.append((EV_STORAGE_PLAYED, seat, rest, hall_colour(cython.cast(cython.int, rest))))
    else:  # double
        _discard(buf, seat, cython.cast(cython.int, rest))
        b[STEALS] = 2
        b[STEAL_FROM] = NONE
        b[PHASE] = PHASE_STEAL
        if events is not None:
            events.append((EV_DOUBLE, seat, rest))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _answer_duel(buf: cython.p_uchar, kind: cython.int, card: cython.longlong, events: Optional[list]) -> cython.int:
    """defend: the card is shown and stays; concede: one steal from the defender (§6, D14)."""
    defender: cython.int = buf[DEFENDER]
    _to_pile(buf, buf[ATTACK])
    buf[ATTACK] = NONE
    buf[DEFENDER] = NONE
    if kind == K_DEFEND:
        buf[KNOWN + card] |= PUBLIC
        buf[PHASE] = PHASE_HAND
        if events is not None:
            events.append((EV_DEFENDED, defender, card))
    else:
        buf[STEALS] = 1
        buf[STEAL_FROM] = defender
        buf[PHASE] = PHASE_STEAL
        if events is not None:
            events.append((EV_CONCEDED, defender))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _steal(buf: bytearray, seat: cython.int, victim: cython.int, what: cython.int,
           events: Optional[list]) -> cython.int:
    """A loose rune (or, unprotected, a stored one) or a random hand card moves to `seat` (D12)."""
    b: cython.p_uchar = buf  # raw bytes: writes without the bytearray checks
    q: cython.Py_ssize_t = seat_at(victim)
    card: cython.int = NONE
    if what == W_HAND:
        card = b[q + SEAT_HAND + rng.below(buf, RNG, b[q + SEAT_HAND_COUNT])]
        _hand_remove(buf, victim, card)
        _hand_add(buf, seat, card)
        b[KNOWN + card] = (1 << seat) | (1 << victim)
    else:
        if b[q + SEAT_LOOSE + what]:
            b[q + SEAT_LOOSE + what] -= 1
        else:
            b[q + SEAT_RUNES + what] -= 1
        _gain(buf, seat, what, 1)
    if events is not None:
        if what == W_HAND:
            events.append((EV_STOLEN, seat, victim, card))
        else:
            events.append((EV_RUNE_STOLEN, seat, victim, what))


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


def legal_of_kind(buf: bytearray, kind: int) -> list:
    """The legal moves of one kind now (empty when the phase does not allow the kind)."""
    if buf[PHASE] != PHASE_FINISHED and 0 <= kind < N_KINDS and kind_allowed(buf, kind):
        return _codes(buf, kind)
    return []


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
        raise OverflowError(f"rune_market: {n} legal moves, the kernel lists at most {MAX_MOVES}")
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
