"""Cambio: the compiled rules (move numbering, apply, scoring). Spec: shared/rules/cambio.md (rules 1.1).

Cython pure-Python mode: compiled by setup.py, interpreted as-is otherwise. The module keeps
no state: the layout's offsets are generated C constants (offsets.pxd), the deck's tables
(engines/cambio/state.py) are copied into constants at import and never change; a decoded
move is a packed integer; events are returned as raw tuples (`log`) that game.py names.
`legality.py` finds the code of a text move with the spec's reasons, `validate.py` checks a state.

Move codes are indexes into the ordered list of the legal moves of the state they were listed
for: `legal_moves(state)` is always `[0, 1, ..., count - 1]` and `apply_code` decodes the index
by walking the same order. Cambio's windows let every seat snap every card, so a fixed code per
move would not fit a small range; an index does. The order, per phase:
- turn_start: cambio, draw deck, draw discard (those that are legal; the call comes first as
  it is made instead of drawing);
- holding: discard (card from the deck only), then replace of each own card in slot order;
- action: look own (own cards), look other (other non-caller seats' cards, seat then slot order),
  swap (pairs, lower seat first, ordered by first then second card), or show (blue king, rules
  1.1: one pick of a card of each other non-caller seat not picked yet, seat then slot order);
- snap, unclaimed: for each eligible seat that has not passed, `pass` then a snap of each
  non-caller card; claimed: `pass`, then the snaps; give pending: `nogive`, then each give.

A decoded move packs kind | seat << 8 | position p << 16 | position q << 32 (a position is
seat * 256 + slot).
"""
import cython

# The state layout's offsets and the numbered names of declarations.py (phases, actions, move kinds, events),
# generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.cpython.list import PyList_GetSlice
    from cython.cimports.cpython.bytearray import PyByteArray_AS_STRING
else:
    from .offsets import *  # noqa: F403
    from ..core import rng
from . import declarations as D

# The deck's per-card tables (immutable bytes) and the prebuilt move codes (a list nothing changes: a slice of
# it is the one new list a listing makes).
cython.declare(RUNE_OF=bytes, POINTS_OF=bytes, ACTION_OF=bytes, CODES=list)
RUNE_OF, POINTS_OF, ACTION_OF = D.RUNE_OF, D.POINTS_OF, D.ACTION_OF
CODES = list(range(PREBUILT))


# -- small helpers ----------------------------------------------------------------

@cython.cfunc
@cython.inline
def get16(st: bytearray, off: cython.Py_ssize_t) -> cython.Py_ssize_t:
    return st[off] | (st[off + 1] << 8)


@cython.cfunc
@cython.inline
def put16(st: bytearray, off: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.void:
    st[off] = v & 0xFF
    st[off + 1] = (v >> 8) & 0xFF


@cython.cfunc
def get_total(st: bytearray, s: cython.Py_ssize_t) -> cython.Py_ssize_t:
    off: cython.Py_ssize_t = TOTALS + 4 * s
    v: cython.Py_ssize_t = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (st[off + 3] << 24)
    if v >= 0x80000000:
        v -= 0x100000000
    return v


@cython.cfunc
def put_total(st: bytearray, s: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.void:
    off: cython.Py_ssize_t = TOTALS + 4 * s
    u: cython.Py_ssize_t = v + 0x100000000 if v < 0 else v
    i: cython.Py_ssize_t
    for i in range(4):
        st[off + i] = (u >> (8 * i)) & 0xFF


@cython.cfunc
@cython.inline
def points_of(card: cython.int) -> cython.Py_ssize_t:
    p: cython.Py_ssize_t = POINTS_OF[card]
    return p - 256 if p >= 128 else p


@cython.cfunc
@cython.inline
def everyone(st: bytearray) -> cython.int:
    return (1 << st[PLAYERS]) - 1


# The counting and decoding below read the state through a raw pointer `b` taken once per entry point (no
# Python-level indexing); they never grow the state, so the pointer stays valid. Interpreted, `b` is the
# bytearray itself. None of them can fail: no exception check after their calls.

@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def raw(st: bytearray) -> cython.p_uchar:
    """The state's bytes (a bytearray's buffer: no type test as an implicit conversion makes)."""
    if not cython.compiled:
        return st
    return cython.cast(cython.p_uchar, PyByteArray_AS_STRING(st))


@cython.cfunc
@cython.exceptval(check=False)
def nth_slot(b: cython.p_uchar, s: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Slot number of seat s's j-th card (0-based, slot order); -1 when it has no such card."""
    base: cython.Py_ssize_t = SLOTS + s * SLOT_CAP
    k: cython.Py_ssize_t
    for k in range(b[SLOTS_USED + s]):
        if b[base + k] != NONE:
            if j == 0:
                return k
            j -= 1
    return -1


@cython.ccall
def slot_rank(st: bytearray, s: cython.Py_ssize_t, k: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """How many of seat s's cards lie in slots below k."""
    base: cython.Py_ssize_t = SLOTS + s * SLOT_CAP
    r: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    for i in range(k):
        if st[base + i] != NONE:
            r += 1
    return r


@cython.ccall
def cards_of_seats(st: bytearray, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Cards of seats lo.. except seat ex and the caller."""
    return seats_cards(st, lo, ex)


@cython.cfunc
@cython.exceptval(check=False)
def seats_cards(b: cython.p_uchar, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """cards_of_seats on the raw state."""
    caller: cython.int = b[CALLER]
    total: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(lo, b[PLAYERS]):
        if s != ex and s != caller:
            total += b[CARD_COUNT + s]
    return total


@cython.cfunc
@cython.exceptval(check=False)
def nth_position(b: cython.p_uchar, j: cython.Py_ssize_t, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Position of the j-th card of seats lo.. except ex and the caller; -1 when there is no such card."""
    caller: cython.int = b[CALLER]
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    if j < 0:
        return -1
    for s in range(lo, b[PLAYERS]):
        if s != ex and s != caller:
            c = b[CARD_COUNT + s]
            if j < c:
                return s * 256 + nth_slot(b, s, j)
            j -= c
    return -1


@cython.ccall
def position_rank(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t, lo: cython.Py_ssize_t,
                  ex: cython.int) -> cython.Py_ssize_t:
    """Index of card t.k among the cards of seats lo.. except ex and the caller (inverse of nth_position)."""
    caller: cython.int = st[CALLER]
    r: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(lo, t):
        if s != ex and s != caller:
            r += st[CARD_COUNT + s]
    return r + slot_rank(st, t, k)


@cython.ccall
def turn_mask(st: bytearray) -> cython.int:
    """Bits of the legal turn-start moves, in listing order: 1 cambio, 2 draw deck, 4 draw discard."""
    return turn_bits(st)


@cython.cfunc
@cython.exceptval(check=False)
def turn_bits(b: cython.p_uchar) -> cython.int:
    """turn_mask on the raw state."""
    m: cython.int = 0
    if b[CALLER] == NONE:
        m |= 1
    if b[DECK_COUNT] > 0 or b[PILE_COUNT] >= 2:
        m |= 2
    if b[PILE_COUNT] > 0 and b[FROZEN] == 0:
        m |= 4
    return m


@cython.cfunc
@cython.exceptval(check=False)
def swap_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    caller: cython.int = b[CALLER]
    total: cython.Py_ssize_t = 0
    squares: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if s != caller:
            c = b[CARD_COUNT + s]
            total += c
            squares += c * c
    return (total * total - squares) // 2


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def may_be_picked(b: cython.p_uchar, s: cython.Py_ssize_t) -> cython.bint:
    """Blue king: seat s still needs a pick (another non-caller seat, not picked yet)."""
    return s != b[ACTIVE] and s != b[CALLER] and b[PICKED + s] == NONE


@cython.cfunc
@cython.exceptval(check=False)
def pick_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    """Blue king: the cards of the seats that still need a pick (one `show` move each)."""
    total: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if may_be_picked(b, s):
            total += b[CARD_COUNT + s]
    return total


@cython.ccall
def pick_rank(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Index of the pick t.k among the `show` moves (t must still need a pick)."""
    r: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(t):
        if may_be_picked(st, s):
            r += st[CARD_COUNT + s]
    return r + slot_rank(st, t, k)


@cython.cfunc
@cython.exceptval(check=False)
def nth_pick(b: cython.p_uchar, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Position of the j-th `show` move; -1 when there is none."""
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if may_be_picked(b, s):
            c = b[CARD_COUNT + s]
            if j < c:
                return s * 256 + nth_slot(b, s, j)
            j -= c
    return -1


@cython.ccall
def action_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves of the pending action step (0: it has no legal target)."""
    return action_moves(st)


@cython.cfunc
@cython.exceptval(check=False)
def action_moves(b: cython.p_uchar) -> cython.Py_ssize_t:
    """action_count on the raw state."""
    act: cython.int = b[ACTION]
    a: cython.int = b[ACTIVE]
    if act == A_LOOK_OWN:
        return b[CARD_COUNT + a]
    if act == A_LOOK_OTHER:
        return seats_cards(b, 0, a)
    if act == A_SWAP:
        return swap_count(b)
    if act == A_TWO_ACTIONS:
        return b[CARD_COUNT + a] + seats_cards(b, 0, a) + swap_count(b)
    if act == A_SHOW:
        return pick_count(b)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def open_count(b: cython.p_uchar) -> cython.Py_ssize_t:
    """Eligible seats that have not passed in an unclaimed window."""
    caller: cython.int = b[CALLER]
    passed: cython.int = b[PASSED]
    e: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(b[PLAYERS]):
        if s != caller and not (passed >> s) & 1:
            e += 1
    return e


@cython.cfunc
@cython.exceptval(check=False)
def count_moves(b: cython.p_uchar) -> cython.Py_ssize_t:
    """How many moves are legal now (the codes are 0 .. count-1)."""
    phase: cython.int = b[PHASE]
    m: cython.int
    if phase == P_SNAP:
        if b[CLAIMANT] == NONE:
            return open_count(b) * (1 + seats_cards(b, 0, NONE))
        if b[GIVE_SEAT] != NONE:
            return 1 + b[CARD_COUNT + b[CLAIMANT]]
        return 1 + seats_cards(b, 0, NONE)
    if phase == P_TURN_START:
        m = turn_bits(b)
        return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
    if phase == P_HOLDING:
        return b[CARD_COUNT + b[ACTIVE]] + (1 if b[HELD_SOURCE] == 0 else 0)
    if phase == P_ACTION:
        return action_moves(b)
    return 0


@cython.ccall
def legal_moves(st: bytearray) -> list:
    """Every legal move code now: 0 .. count-1 (see the module docstring for the order)."""
    _sized(st)
    n: cython.Py_ssize_t = count_moves(raw(st))
    if n <= PREBUILT:  # ints from the prebuilt list: none is allocated (a comprehension cost ~0.5 us more)
        if not cython.compiled:
            return CODES[:n]
        return PyList_GetSlice(CODES, 0, n)  # CPython's slice: Cython's own zero-fills the new list first
    return list(range(n))


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


# -- decoding a code: kind | seat << 8 | p << 16 | q << 32 ----------------------------
# Decoding checks the code too: a code past the count finds no move and decodes to -1, so applying a move
# counts nothing first.

@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def packed(seat: cython.longlong, kind: cython.longlong, p: cython.longlong, q: cython.longlong) -> cython.longlong:
    return kind | (seat << 8) | (p << 16) | (q << 32)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def packed_at(seat: cython.longlong, kind: cython.longlong, p: cython.longlong) -> cython.longlong:
    """A move with one position p, or -1 when p is -1 (no such card: the code was past the count)."""
    return -1 if p < 0 else kind | (seat << 8) | (p << 16)


@cython.cfunc
@cython.exceptval(check=False)
def seat_position(b: cython.p_uchar, s: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Position of seat s's j-th card, or -1 when it has no such card."""
    k: cython.Py_ssize_t = nth_slot(b, s, j)
    return -1 if k < 0 else s * 256 + k


@cython.cfunc
@cython.exceptval(check=False)
def decode_action(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    act: cython.int = b[ACTION]
    a: cython.int = b[ACTIVE]
    caller: cython.int = b[CALLER]
    c: cython.Py_ssize_t
    rest: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if act == A_SHOW:
        return packed_at(a, K_SHOW, nth_pick(b, code))
    if act == A_LOOK_OWN or act == A_TWO_ACTIONS:
        c = b[CARD_COUNT + a]
        if code < c:
            return packed(a, K_LOOK_OWN, a * 256 + nth_slot(b, a, code), 0)
        code -= c
    if act == A_LOOK_OTHER or act == A_TWO_ACTIONS:
        c = seats_cards(b, 0, a)
        if code < c:
            return packed_at(a, K_LOOK_OTHER, nth_position(b, code, 0, a))
        code -= c
    if act != A_SWAP and act != A_TWO_ACTIONS:
        return -1
    for s in range(b[PLAYERS]):  # swap
        if s == caller:
            continue
        rest = seats_cards(b, s + 1, NONE)
        c = b[CARD_COUNT + s] * rest
        if code < c:
            return packed(a, K_SWAP, s * 256 + nth_slot(b, s, code // rest), nth_position(b, code % rest, s + 1, NONE))
        code -= c
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def decode_window(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    claim: cython.int = b[CLAIMANT]
    caller: cython.int = b[CALLER]
    passed: cython.int = b[PASSED]
    per_seat: cython.Py_ssize_t
    n: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if claim == NONE:
        per_seat = 1 + seats_cards(b, 0, NONE)
        n = code // per_seat  # the n-th seat still in the window
        code = code % per_seat
        for s in range(b[PLAYERS]):
            if s != caller and not (passed >> s) & 1:
                if n == 0:
                    claim = s
                    break
                n -= 1
        if claim == NONE:
            return -1
    elif b[GIVE_SEAT] != NONE:
        if code == 0:
            return packed(claim, K_NOGIVE, 0, 0)
        return packed_at(claim, K_GIVE, seat_position(b, claim, code - 1))
    if code == 0:
        return packed(claim, K_PASS, 0, 0)
    return packed_at(claim, K_SNAP, nth_position(b, code - 1, 0, NONE))


@cython.cfunc
@cython.exceptval(check=False)
def decode(b: cython.p_uchar, code: cython.Py_ssize_t) -> cython.longlong:
    """The packed move of code `code` (>= 0), or -1 when it is not listed (past the count)."""
    phase: cython.int = b[PHASE]
    a: cython.int = b[ACTIVE]
    m: cython.int
    i: cython.int
    if phase == P_SNAP:
        return decode_window(b, code)
    if phase == P_TURN_START:
        m = turn_bits(b)
        for i in range(3):
            if (m >> i) & 1:
                if code == 0:  # bit 0 cambio, bit 1 draw deck, bit 2 draw discard
                    return packed(a, K_CALL_CAMBIO if i == 0 else (K_DRAW_DECK if i == 1 else K_DRAW_DISCARD), 0, 0)
                code -= 1
        return -1
    if phase == P_HOLDING:
        if b[HELD_SOURCE] == 0:
            if code == 0:
                return packed(a, K_DISCARD, 0, 0)
            code -= 1
        return packed_at(a, K_REPLACE, seat_position(b, a, code))
    if phase == P_ACTION:
        return decode_action(b, code)
    return -1


@cython.cfunc
def legal_code(st: bytearray, move: object) -> cython.Py_ssize_t:
    """`move` as a code of this state's list, or -1 when it is not one (or the game is over)."""
    code: cython.Py_ssize_t
    if type(move) is not int or st[PHASE] == P_GAME_OVER:
        return -1
    try:
        code = move
    except OverflowError:
        return -1
    if code < 0 or code >= count_moves(st):
        return -1
    return code


def describe(st: bytearray, move: object) -> tuple:
    """(seat, kind, positions) of a listed code, positions as (seat, slot) pairs; None if it is not listed."""
    code: cython.Py_ssize_t = legal_code(st, move)
    if code < 0:
        return None
    return unpacked(decode(st, code))


def packed_moves(st: bytearray) -> list:
    """The packed move (decode) of every legal code, in list order: a whole listing in one pass."""
    n: cython.Py_ssize_t = count_moves(st)
    code: cython.Py_ssize_t
    return [decode(st, code) for code in range(n)]


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


# -- setup ------------------------------------------------------------------------

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


@cython.cfunc
def start_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Shuffle (or rig) the deck, deal four cards each from the left of the dealer, the dealer to move."""
    n: cython.Py_ssize_t = st[PLAYERS]
    i: cython.Py_ssize_t
    s: cython.Py_ssize_t
    card: cython.int
    for i in range(SLOTS, HISTORY):
        st[i] = NONE
    for i in range(DECK_SIZE):
        st[KNOWS + i] = 0
        st[PILE + i] = 0
        st[DECK + i] = order[DECK_SIZE - 1 - i] if len(order) == DECK_SIZE else i
    if len(order) != DECK_SIZE:
        rng.shuffle(st, RNG, DECK, DECK_SIZE)
    for s in range(MAX_SEATS):
        st[CARD_COUNT + s] = 4 if s < n else 0
        st[SLOTS_USED + s] = 4 if s < n else 0
        st[PICKED + s] = NONE
    st[DECK_COUNT] = DECK_SIZE
    for i in range(4 * n):
        s = (st[DEALER] + 1 + i) % n
        card = st[DECK + DECK_SIZE - 1 - i]
        st[SLOTS + s * SLOT_CAP + i // n] = card
        if i // n >= 2:
            st[KNOWS + card] = 1 << s
    st[DECK_COUNT] = DECK_SIZE - 4 * n
    for i in range(DECK_SIZE - 4 * n, DECK_SIZE):
        st[DECK + i] = 0
    st[PILE_COUNT] = 0
    st[FROZEN] = 0
    st[CALLER] = NONE
    st[HELD] = NONE
    st[HELD_SOURCE] = 0
    st[ACTION] = A_NONE
    st[STEPS_LEFT] = 0
    clear_window(st)
    st[ACTIVE] = st[DEALER]
    st[PHASE] = P_TURN_START
    if log is not None:
        log.append(deal_event(st))


def deal_event(st: bytearray) -> tuple:
    """The raw `deal` event of the current round: (EV_DEAL, round, dealer, each seat's slots 0-3)."""
    return (EV_DEAL, get16(st, ROUND), st[DEALER],
            tuple(tuple(st[SLOTS + s * SLOT_CAP + k] for k in range(4)) for s in range(st[PLAYERS])))


@cython.cfunc
def clear_window(st: bytearray) -> cython.void:
    st[WINDOW_RUNE] = 0
    st[CLAIMANT] = NONE
    st[PASSED] = 0
    st[GIVE_SEAT] = NONE
    st[GIVE_SLOT] = 0
    st[SUCCESSES] = 0


# -- deck and table -----------------------------------------------------------------

@cython.cfunc
def draw_top(st: bytearray, log: object) -> cython.int:
    """The top card of the main deck, rebuilding it from the pile below its top card first; NONE if impossible."""
    m: cython.Py_ssize_t
    i: cython.Py_ssize_t
    if st[DECK_COUNT] == 0:
        m = st[PILE_COUNT] - 1
        if m <= 0:
            return NONE
        for i in range(m):
            st[DECK + i] = st[PILE + i]
        st[PILE] = st[PILE + m]
        for i in range(1, m + 1):
            st[PILE + i] = 0
        st[PILE_COUNT] = 1
        rng.shuffle(st, RNG, DECK, m)
        st[DECK_COUNT] = m
        if log is not None:
            log.append((EV_RESHUFFLED, m))
    m = st[DECK_COUNT] - 1
    st[DECK_COUNT] = m
    card: cython.int = st[DECK + m]
    st[DECK + m] = 0
    return card


@cython.cfunc
def push_pile(st: bytearray, card: cython.int) -> cython.void:
    st[PILE + st[PILE_COUNT]] = card
    st[PILE_COUNT] = st[PILE_COUNT] + 1
    st[KNOWS + card] = 0


@cython.cfunc
def new_slot(st: bytearray, s: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The seat's next new slot (4, 5, ...); past SLOT_CAP, its lowest empty slot from 4 (never happens in play)."""
    used: cython.Py_ssize_t = st[SLOTS_USED + s]
    k: cython.Py_ssize_t
    if used < SLOT_CAP:
        st[SLOTS_USED + s] = used + 1
        return used
    for k in range(4, SLOT_CAP):
        if st[SLOTS + s * SLOT_CAP + k] == NONE:
            return k
    return -1


# -- apply --------------------------------------------------------------------------

def apply_code(st: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply `code` when it is listed now: 0, else NOT_LISTED with `st` untouched. Raw event tuples are appended
    to `log` when it is a list (the core's apply_in_place, engines/core/kernel.py, names them)."""
    return _apply(st, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(st: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a short state."""
    _sized(st)
    mv: cython.longlong = decode(raw(st), code) if code >= 0 else -1  # -1 past the count (none once over)
    if mv < 0:
        return NOT_LISTED
    apply_packed(st, mv, log)
    return 0


@cython.cfunc
def apply_packed(st: bytearray, mv: cython.longlong, log: object) -> cython.void:
    """Apply a decoded legal move."""
    b: cython.p_uchar = raw(st)  # for the move counter only: a round's end grows the state (its history)
    v: cython.Py_ssize_t = (b[MOVES] | (b[MOVES + 1] << 8) | (b[MOVES + 2] << 16) | (b[MOVES + 3] << 24)) + 1
    b[MOVES] = v & 0xFF
    b[MOVES + 1] = (v >> 8) & 0xFF
    b[MOVES + 2] = (v >> 16) & 0xFF
    b[MOVES + 3] = (v >> 24) & 0xFF
    kind: cython.int = mv & 0xFF
    seat: cython.int = (mv >> 8) & 0xFF
    p: cython.Py_ssize_t = (mv >> 16) & 0xFFFF
    if kind == K_PASS:
        do_pass(st, seat, log)
    elif kind == K_SNAP:
        do_snap(st, seat, p >> 8, p & 0xFF, log)
    elif kind == K_DRAW_DECK or kind == K_DRAW_DISCARD:
        do_draw(st, seat, kind, log)
    elif kind == K_CALL_CAMBIO:
        st[FROZEN] = 0
        st[CALLER] = seat
        if log is not None:
            log.append((EV_CAMBIO_CALLED, seat))
        end_turn(st, log)
    elif kind == K_DISCARD:
        do_discard(st, seat, log)
    elif kind == K_REPLACE:
        do_replace(st, seat, p & 0xFF, log)
    elif kind == K_GIVE:
        do_give(st, seat, p & 0xFF, log)
    elif kind == K_NOGIVE:
        st[GIVE_SEAT] = NONE
        st[GIVE_SLOT] = 0
        if log is not None:
            log.append((EV_NOGIVE, seat))
    elif kind == K_SHOW:
        do_pick(st, seat, p >> 8, p & 0xFF, log)
    elif kind == K_SWAP:
        do_swap(st, seat, p, (mv >> 32) & 0xFFFF, log)
    else:
        do_look(st, seat, p, log)


@cython.cfunc
def do_draw(st: bytearray, seat: cython.int, kind: cython.int, log: object) -> cython.void:
    card: cython.int
    st[FROZEN] = 0
    if kind == K_DRAW_DECK:
        card = draw_top(st, log)
        st[HELD_SOURCE] = 0
    else:
        st[PILE_COUNT] = st[PILE_COUNT] - 1
        card = st[PILE + st[PILE_COUNT]]
        st[PILE + st[PILE_COUNT]] = 0
        st[HELD_SOURCE] = 1
    st[HELD] = card
    st[PHASE] = P_HOLDING
    if log is not None:
        log.append((EV_DREW, seat, st[HELD_SOURCE], card))


@cython.cfunc
def do_discard(st: bytearray, seat: cython.int, log: object) -> cython.void:
    card: cython.int = st[HELD]
    st[HELD] = NONE
    push_pile(st, card)
    if log is not None:
        log.append((EV_DISCARDED, seat, card))
    act: cython.int = ACTION_OF[card]
    if act == A_NONE:
        open_window(st, log)
        return
    st[PHASE] = P_ACTION
    st[ACTION] = act
    st[STEPS_LEFT] = 2 if act == A_TWO_ACTIONS else 1
    settle_action(st, log)


@cython.cfunc
def do_replace(st: bytearray, seat: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    off: cython.Py_ssize_t = SLOTS + seat * SLOT_CAP + k
    old: cython.int = st[off]
    card: cython.int = st[HELD]
    st[off] = card
    st[HELD] = NONE
    push_pile(st, old)
    st[KNOWS + card] = (1 << seat) if st[HELD_SOURCE] == 0 else everyone(st)
    if log is not None:
        log.append((EV_REPLACED, seat, k, old, card, st[HELD_SOURCE]))
    open_window(st, log)


@cython.cfunc
def do_look(st: bytearray, seat: cython.int, p: cython.Py_ssize_t, log: object) -> cython.void:
    card: cython.int = st[SLOTS + (p >> 8) * SLOT_CAP + (p & 0xFF)]
    st[KNOWS + card] = st[KNOWS + card] | (1 << seat)
    if log is not None:
        log.append((EV_LOOKED, seat, p >> 8, p & 0xFF, card))
    step_done(st, log)


@cython.cfunc
def do_swap(st: bytearray, seat: cython.int, p: cython.Py_ssize_t, q: cython.Py_ssize_t,
            log: object) -> cython.void:
    a: cython.Py_ssize_t = SLOTS + (p >> 8) * SLOT_CAP + (p & 0xFF)
    b: cython.Py_ssize_t = SLOTS + (q >> 8) * SLOT_CAP + (q & 0xFF)
    card: cython.int = st[a]
    other: cython.int = st[b]
    st[a] = other
    st[b] = card
    if st[MEMORY_AID] == M_SLOT:
        st[KNOWS + card] = 0
        st[KNOWS + other] = 0
    if log is not None:
        log.append((EV_SWAPPED, seat, p >> 8, p & 0xFF, q >> 8, q & 0xFF))
    step_done(st, log)


@cython.cfunc
def do_pick(st: bytearray, seat: cython.int, t: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    """Blue king (D9a): record seat t's pick; after the last one reveal every picked card at once."""
    st[PICKED + t] = k
    if log is not None:
        log.append((EV_PICKED, seat, t, k))
    if pick_count(st) > 0:
        return
    shown: list = []
    all_seats: cython.int = everyone(st)
    s: cython.Py_ssize_t
    card: cython.int
    for s in range(st[PLAYERS]):
        if st[PICKED + s] != NONE:
            card = st[SLOTS + s * SLOT_CAP + st[PICKED + s]]
            st[KNOWS + card] = all_seats
            shown.append((s, st[PICKED + s], card))
            st[PICKED + s] = NONE
    if log is not None:
        log.append((EV_SHOWN, seat, tuple(shown)))
    step_done(st, log)


@cython.cfunc
def step_done(st: bytearray, log: object) -> cython.void:
    st[STEPS_LEFT] = st[STEPS_LEFT] - 1
    settle_action(st, log)


@cython.cfunc
def settle_action(st: bytearray, log: object) -> cython.void:
    """Lapse the steps that have no legal target; open the window once no step is left (D10)."""
    while st[STEPS_LEFT] > 0 and action_count(st) == 0:
        st[STEPS_LEFT] = st[STEPS_LEFT] - 1
        if log is not None:
            log.append((EV_ACTION_LAPSED, st[ACTIVE], st[ACTION]))
    if st[STEPS_LEFT] == 0:
        st[ACTION] = A_NONE
        open_window(st, log)


@cython.cfunc
def open_window(st: bytearray, log: object) -> cython.void:
    clear_window(st)
    st[WINDOW_RUNE] = RUNE_OF[st[PILE + st[PILE_COUNT] - 1]]
    st[PHASE] = P_SNAP
    if log is not None:
        log.append((EV_WINDOW_OPENED, st[WINDOW_RUNE]))


@cython.cfunc
def close_window(st: bytearray, log: object) -> cython.void:
    successes: cython.int = st[SUCCESSES]
    if log is not None:
        log.append((EV_WINDOW_CLOSED, successes))
    clear_window(st)
    st[FROZEN] = 1 if successes > 0 else 0
    end_turn(st, log)


@cython.cfunc
def end_turn(st: bytearray, log: object) -> cython.void:
    """§4 turn end (FROZEN is already set): count the turn, stop at the cap or the caller, else next seat."""
    turns: cython.Py_ssize_t = get16(st, TURNS) + 1
    put16(st, TURNS, turns)
    if turns >= get16(st, MAX_TURNS):
        end_round(st, log, True, "turn_cap")
        return
    nxt: cython.int = (st[ACTIVE] + 1) % st[PLAYERS]
    if nxt == st[CALLER]:
        end_round(st, log, False, "cambio")
        return
    st[ACTIVE] = nxt
    st[PHASE] = P_TURN_START
    if turn_mask(st) == 0:
        end_round(st, log, False, "no_moves")


@cython.cfunc
def do_pass(st: bytearray, seat: cython.int, log: object) -> cython.void:
    if log is not None:
        log.append((EV_PASSED, seat, False))
    if st[CLAIMANT] != NONE:
        close_window(st, log)
        return
    st[PASSED] = st[PASSED] | (1 << seat)
    if open_count(st) == 0:
        close_window(st, log)


@cython.cfunc
def do_snap(st: bytearray, s: cython.int, t: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    off: cython.Py_ssize_t = SLOTS + t * SLOT_CAP + k
    card: cython.int = st[off]
    claimed: cython.bint = st[CLAIMANT] != NONE
    if RUNE_OF[card] == st[WINDOW_RUNE]:
        st[off] = NONE
        st[CARD_COUNT + t] = st[CARD_COUNT + t] - 1
        push_pile(st, card)
        if st[SUCCESSES] < 255:
            st[SUCCESSES] = st[SUCCESSES] + 1
        st[CLAIMANT] = s
        if log is not None:
            log.append((EV_SNAP_OK, s, t, k, card))
        if st[CARD_COUNT + t] == 0:
            zero_cards(st, log)
            return
        if t != s:
            st[GIVE_SEAT] = t
            st[GIVE_SLOT] = k
        return
    st[KNOWS + card] = everyone(st)
    if log is not None:
        log.append((EV_SNAP_WRONG, s, t, k, card))
    penalty_card(st, s, claimed, log)


@cython.cfunc
def penalty_card(st: bytearray, s: cython.int, claimed: cython.bint, log: object) -> cython.void:
    """D12: the wrong snapper takes an unseen card into a new slot, or is passed when none can be drawn."""
    penalty: cython.int = draw_top(st, log)
    slot: cython.Py_ssize_t
    if penalty != NONE:
        slot = new_slot(st, s)
        st[SLOTS + s * SLOT_CAP + slot] = penalty
        st[KNOWS + penalty] = 0
        st[CARD_COUNT + s] = st[CARD_COUNT + s] + 1
        if log is not None:
            log.append((EV_PENALTY, s, slot))
    if claimed:
        close_window(st, log)
    elif penalty == NONE:
        st[PASSED] = st[PASSED] | (1 << s)
        if log is not None:
            log.append((EV_PASSED, s, True))
        if open_count(st) == 0:
            close_window(st, log)


@cython.cfunc
def do_give(st: bytearray, c: cython.int, j: cython.Py_ssize_t, log: object) -> cython.void:
    src: cython.Py_ssize_t = SLOTS + c * SLOT_CAP + j
    t: cython.int = st[GIVE_SEAT]
    k: cython.Py_ssize_t = st[GIVE_SLOT]
    card: cython.int = st[src]
    st[src] = NONE
    st[SLOTS + t * SLOT_CAP + k] = card
    st[CARD_COUNT + c] = st[CARD_COUNT + c] - 1
    st[CARD_COUNT + t] = st[CARD_COUNT + t] + 1
    if st[MEMORY_AID] == M_SLOT:
        st[KNOWS + card] = 0
    st[GIVE_SEAT] = NONE
    st[GIVE_SLOT] = 0
    if log is not None:
        log.append((EV_GAVE, c, j, t, k))
    if st[CARD_COUNT + c] == 0:
        zero_cards(st, log)


@cython.cfunc
def zero_cards(st: bytearray, log: object) -> cython.void:
    """D14: a seat without table cards ends the round at once; the cut-short turn counts."""
    turns: cython.Py_ssize_t = get16(st, TURNS) + 1
    put16(st, TURNS, turns)
    end_round(st, log, turns >= get16(st, MAX_TURNS), "no_cards")


# -- round end and scoring ------------------------------------------------------------

@cython.cfunc
def round_into(st: bytearray, pts: cython.p_longlong, scores: cython.p_longlong) -> cython.int:
    """Each seat's table points and round score now into `pts` and `scores` (§10); the caller's success:
    1, 0, or -1 when nobody called."""
    n: cython.Py_ssize_t = st[PLAYERS]
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    p: cython.Py_ssize_t
    card: cython.int
    for s in range(n):
        p = 0
        for k in range(st[SLOTS_USED + s]):
            card = st[SLOTS + s * SLOT_CAP + k]
            if card != NONE:
                p += points_of(card)
        pts[s] = p
        scores[s] = p
    caller: cython.int = st[CALLER]
    if caller == NONE:
        return -1
    mine: cython.longlong = pts[caller]
    ok: cython.int = 1
    for s in range(n):
        if s != caller and (mine > pts[s] or mine == pts[s] and st[CALLER_TIE] != 1):
            ok = 0
    if st[CAMBIO_MAX] != NONE and mine > st[CAMBIO_MAX]:
        ok = 0
    scores[caller] = mine - 5 if ok else mine + 5
    return ok


def round_scores(st: bytearray) -> tuple:
    """(points, scores, caller success or None): the round as it would be scored now (§10)."""
    pts = cython.declare(cython.longlong[8])  # MAX_SEATS
    scores = cython.declare(cython.longlong[8])
    ok: cython.int = round_into(st, pts, scores)
    n: cython.Py_ssize_t = st[PLAYERS]
    return ([pts[s] for s in range(n)], [scores[s] for s in range(n)], None if ok < 0 else bool(ok))


def totals(st: bytearray) -> list:
    return [get_total(st, s) for s in range(st[PLAYERS])]


@cython.cfunc
def standings(st: bytearray, out: cython.p_longlong) -> cython.int:
    """Each seat's total into `out`; the winners as a seat bitmask: the lowest total, ties shared (§10)."""
    n: cython.Py_ssize_t = st[PLAYERS]
    s: cython.Py_ssize_t
    low: cython.longlong = 0
    mask: cython.int = 0
    for s in range(n):
        out[s] = get_total(st, s)
        if s == 0 or out[s] < low:
            low = out[s]
    for s in range(n):
        if out[s] == low:
            mask |= 1 << s
    return mask


def winners(st: bytearray) -> tuple:
    """The seats with the lowest total (all of them on a tie), as score() and the kernel's outcome rank them."""
    out = cython.declare(cython.longlong[8])  # MAX_SEATS: a C array's length must be a literal
    mask: cython.int = standings(st, out)
    return tuple([s for s in range(st[PLAYERS]) if (mask >> s) & 1])


def history(st: bytearray) -> list:
    """Round scores of the finished rounds, one list per round."""
    n: cython.Py_ssize_t = st[PLAYERS]
    out: list = []
    off: cython.Py_ssize_t = HISTORY
    while off + 2 * n <= len(st):
        row = []
        for s in range(n):
            v = get16(st, off + 2 * s)
            row.append(v - 65536 if v >= 32768 else v)
        out.append(row)
        off += 2 * n
    return out


@cython.cfunc
def end_round(st: bytearray, log: object, capped: cython.bint, reason: str) -> cython.void:
    """§8.2/§10: score the round, then end the game or deal the next round."""
    pts = cython.declare(cython.longlong[8])  # MAX_SEATS
    scores = cython.declare(cython.longlong[8])
    ok: cython.int = round_into(st, pts, scores)
    n: cython.Py_ssize_t = st[PLAYERS]
    s: cython.Py_ssize_t
    v: cython.Py_ssize_t
    over: cython.bint = capped
    for s in range(n):
        v = scores[s]
        put_total(st, s, get_total(st, s) + v)
        st.extend(((v + 65536) & 0xFF, ((v + 65536) >> 8) & 0xFF))
        if get_total(st, s) >= st[TARGET_SCORE]:
            over = True
    if log is not None:
        table = tuple(tuple((k, st[SLOTS + s * SLOT_CAP + k]) for k in range(st[SLOTS_USED + s])
                            if st[SLOTS + s * SLOT_CAP + k] != NONE) for s in range(n))
        log.append((EV_ROUND_END, get16(st, ROUND), reason, table, tuple([pts[s] for s in range(n)]),
                    tuple([scores[s] for s in range(n)]), None if st[CALLER] == NONE else st[CALLER],
                    None if ok < 0 else bool(ok), tuple(totals(st))))
    st[HELD] = NONE
    st[HELD_SOURCE] = 0
    st[ACTION] = A_NONE
    st[STEPS_LEFT] = 0
    clear_window(st)
    st[FROZEN] = 0
    if over:
        st[ENDED] = 2 if capped else 1
        st[PHASE] = P_GAME_OVER
        if log is not None:
            log.append((EV_GAME_END, "turn_cap" if capped else "target", tuple(totals(st))))
        return
    put16(st, ROUND, get16(st, ROUND) + 1)
    st[DEALER] = (st[DEALER] + 1) % n
    start_round(st, b"", log)


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------
# The codes are list indexes, so count_moves is the one move generator: legal_moves slices the prebuilt
# codes, and the kernel takes the count alone (no listing is written).


@cython.cfunc
@cython.exceptval(-1, check=False)
def _count(buf: bytearray) -> cython.int:
    """The kernel's count: the legal codes are 0 .. count-1."""
    return count_moves(raw(buf))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code below the count `_count` just gave, with no events (no second legality check)."""
    apply_packed(buf, decode(raw(buf), code), None)
    return 0


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
    from cython.cimports.engines.core import kernel

    KERNEL = kernel.export_counted(_count, _step, _outcome, MAX_SEATS, _apply)
else:
    KERNEL = None
