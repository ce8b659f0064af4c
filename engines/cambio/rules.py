"""Cambio: the compiled rules (state layout, setup, move numbering, legality with reasons, apply, scoring).

Spec: shared/rules/cambio.md. Cython pure-Python mode: compiled by setup.py, interpreted as-is
otherwise. `game.py` turns the compact results of this module into ids, text, events and views.

Cards are 0..75 in the spec's standard order; their rune, points and action come from
data/deck.toml through `set_tables` (game.py calls it at import).

Move codes are indexes into the ordered list of the legal moves of the state they were listed
for: `legal_moves(state)` is always `[0, 1, ..., count - 1]` (a slice of a prebuilt list, so no
int is allocated) and `apply` decodes the index by walking the same order. Cambio's windows let
every seat snap every card, and the blue king's `show` is one choice per opponent, so a fixed
code per move would not fit a small range; an index does. The order, per phase:
- turn_start: cambio, draw deck, draw discard (those that are legal; the call comes first as
  it is made instead of drawing);
- holding: discard (card from the deck only), then replace of each own card in slot order;
- action: look own (own cards), look other (other non-caller seats' cards, seat then slot order),
  swap (pairs, lower seat first, ordered by first then second card), or show (mixed radix over
  the opponents' cards, first opponent most significant);
- snap, unclaimed: for each eligible seat that has not passed, `pass` then a snap of each
  non-caller card; claimed: `pass`, then the snaps; give pending: `nogive`, then each give.
"""
import cython

from ..core import rng
from ..core.errors import IllegalMove

cython.declare(NC=cython.Py_ssize_t, MAXP=cython.Py_ssize_t, SLOTCAP=cython.Py_ssize_t, NONE=cython.int,
               PRE=cython.Py_ssize_t)
NC = 76            # cards
MAXP = 8           # seats in the layout
SLOTCAP = 96       # slots per seat (0..95); see `new_slot`
NONE = 255
PRE = 1 << 16      # prebuilt move codes

# Phases.
cython.declare(P_TURN=cython.int, P_HOLD=cython.int, P_ACTION=cython.int, P_SNAP=cython.int, P_OVER=cython.int)
P_TURN, P_HOLD, P_ACTION, P_SNAP, P_OVER = 0, 1, 2, 3, 4
PHASES = ("turn_start", "holding", "action", "snap", "game_over")

# Card actions (data/deck.toml `action`).
cython.declare(A_NONE=cython.int, A_OWN=cython.int, A_OTHER=cython.int, A_SWAP=cython.int, A_TWO=cython.int,
               A_SHOW=cython.int)
A_NONE, A_OWN, A_OTHER, A_SWAP, A_TWO, A_SHOW = 0, 1, 2, 3, 4, 5
ACTIONS = ("", "look_own", "look_other", "swap", "two_actions", "show")

# Move kinds.
cython.declare(K_DRAW_DECK=cython.int, K_DRAW_DISCARD=cython.int, K_CAMBIO=cython.int, K_DISCARD=cython.int,
               K_REPLACE=cython.int, K_LOOK_OWN=cython.int, K_LOOK_OTHER=cython.int, K_SWAP=cython.int,
               K_SHOW=cython.int, K_SNAP=cython.int, K_GIVE=cython.int, K_NOGIVE=cython.int, K_PASS=cython.int)
K_DRAW_DECK, K_DRAW_DISCARD, K_CAMBIO, K_DISCARD, K_REPLACE, K_LOOK_OWN, K_LOOK_OTHER = 0, 1, 2, 3, 4, 5, 6
K_SWAP, K_SHOW, K_SNAP, K_GIVE, K_NOGIVE, K_PASS = 7, 8, 9, 10, 11, 12
KINDS = ("draw_deck", "draw_discard", "call_cambio", "discard", "replace", "look_own", "look_other", "swap",
         "show", "snap", "give", "nogive", "pass")

# Memory rules (option memory_aid).
cython.declare(M_FOLLOW=cython.int, M_SLOT=cython.int, M_OFF=cython.int)
M_FOLLOW, M_SLOT, M_OFF = 0, 1, 2

# State layout: offsets into the state bytearray. Multi-byte numbers are little-endian.
cython.declare(RNG=cython.Py_ssize_t, N=cython.Py_ssize_t, TARGET=cython.Py_ssize_t, CMAX=cython.Py_ssize_t,
               TIE=cython.Py_ssize_t, MEM=cython.Py_ssize_t, MAXTURNS=cython.Py_ssize_t, ROUND=cython.Py_ssize_t,
               DEALER=cython.Py_ssize_t, ACTIVE=cython.Py_ssize_t, PHASE=cython.Py_ssize_t,
               CALLER=cython.Py_ssize_t, FROZEN=cython.Py_ssize_t, TURNS=cython.Py_ssize_t,
               MOVES=cython.Py_ssize_t, HELD=cython.Py_ssize_t, HELD_SRC=cython.Py_ssize_t, ACT=cython.Py_ssize_t,
               STEPS=cython.Py_ssize_t, RUNE_R=cython.Py_ssize_t, CLAIM=cython.Py_ssize_t,
               PASSED=cython.Py_ssize_t, GIVE_T=cython.Py_ssize_t, GIVE_K=cython.Py_ssize_t,
               SUCC=cython.Py_ssize_t, DECK_N=cython.Py_ssize_t, PILE_N=cython.Py_ssize_t,
               ENDED=cython.Py_ssize_t, CNT=cython.Py_ssize_t, HW=cython.Py_ssize_t, TOTAL=cython.Py_ssize_t,
               DECK=cython.Py_ssize_t, PILE=cython.Py_ssize_t, KNOW=cython.Py_ssize_t, SLOTS=cython.Py_ssize_t,
               HEAD=cython.Py_ssize_t)
RNG = 0            # 8 bytes of generator state
N = 8              # seats
TARGET = 9         # target_score
CMAX = 10          # cambio_max, NONE = off
TIE = 11           # caller_tie: 0 fails, 1 wins
MEM = 12           # memory_aid
MAXTURNS = 13      # 2 bytes
ROUND = 15         # 2 bytes, from 1
DEALER = 17
ACTIVE = 18
PHASE = 19
CALLER = 20        # NONE: no call this round
FROZEN = 21
TURNS = 22         # 2 bytes: turns played in the game
MOVES = 24         # 4 bytes: moves applied
HELD = 28          # held card or NONE
HELD_SRC = 29      # 0 deck, 1 discard pile
ACT = 30           # pending action (A_*)
STEPS = 31         # action steps left
RUNE_R = 32        # snap window rune
CLAIM = 33         # claimant or NONE
PASSED = 34        # seat bitmask
GIVE_T = 35        # pending give: seat or NONE
GIVE_K = 36        # pending give: slot
SUCC = 37          # successful snaps in the window (saturates at 255)
DECK_N = 38
PILE_N = 39
ENDED = 40         # 0 playing, 1 target reached, 2 safety cap
CNT = 41           # 8: cards per seat
HW = 49            # 8: slots used per seat (slot numbers below this)
TOTAL = 57         # 8 x 4 bytes, signed
DECK = 89          # 76 cards, the top at DECK + DECK_N - 1
PILE = 165         # 76 cards, bottom first
KNOW = 241         # 76 seat bitmasks
SLOTS = 317        # 8 x SLOTCAP cards or NONE
HEAD = 1085        # then 2 bytes (signed) per seat per finished round

# Event tuples appended to `log` (kind first); game.py names them.
cython.declare(EV_DEAL=cython.int, EV_DREW=cython.int, EV_RESHUFFLED=cython.int, EV_DISCARDED=cython.int,
               EV_REPLACED=cython.int, EV_LOOKED=cython.int, EV_SWAPPED=cython.int, EV_SHOWN=cython.int,
               EV_SNAP_OK=cython.int, EV_SNAP_WRONG=cython.int, EV_PENALTY=cython.int, EV_GAVE=cython.int,
               EV_NOGIVE=cython.int, EV_PASSED=cython.int, EV_CAMBIO=cython.int, EV_WINDOW=cython.int,
               EV_CLOSED=cython.int, EV_LAPSED=cython.int, EV_ROUND_END=cython.int, EV_GAME_END=cython.int)
EV_DEAL, EV_DREW, EV_RESHUFFLED, EV_DISCARDED, EV_REPLACED, EV_LOOKED, EV_SWAPPED = 0, 1, 2, 3, 4, 5, 6
EV_SHOWN, EV_SNAP_OK, EV_SNAP_WRONG, EV_PENALTY, EV_GAVE, EV_NOGIVE, EV_PASSED = 7, 8, 9, 10, 11, 12, 13
EV_CAMBIO, EV_WINDOW, EV_CLOSED, EV_LAPSED, EV_ROUND_END, EV_GAME_END = 14, 15, 16, 17, 18, 19
EVENTS = ("deal", "drew", "reshuffled", "discarded", "replaced", "looked", "swapped", "shown", "snap_ok",
          "snap_wrong", "penalty", "gave", "nogive", "passed", "cambio_called", "window_opened",
          "window_closed", "action_lapsed", "round_end", "game_end")

# Card tables, filled by set_tables from data/deck.toml.
cython.declare(RUNE=bytearray, POINTS=bytearray, ACTION=bytearray, CODES=list)
RUNE = bytearray(NC)
POINTS = bytearray(NC)   # points & 0xFF (signed)
ACTION = bytearray(NC)
CODES = list(range(PRE))

# Decoded move (scratch written by `decode`).
cython.declare(D_SEAT=cython.int, D_KIND=cython.int, D_A=cython.int, D_B=cython.int, D_C=cython.int,
               D_D=cython.int)
D_SEAT = D_KIND = D_A = D_B = D_C = D_D = 0


def set_tables(runes: bytes, points: bytes, actions: bytes) -> None:
    """Install the deck's runes, points (each & 0xFF) and actions, card by card in standard order."""
    if not len(runes) == len(points) == len(actions) == NC:
        raise ValueError(f"cambio deck must have {NC} cards")
    RUNE[:] = runes
    POINTS[:] = points
    ACTION[:] = actions


def layout() -> dict:
    """The state layout's offsets and sizes, for game.py's readers and validation."""
    return dict(RNG=RNG, N=N, TARGET=TARGET, CMAX=CMAX, TIE=TIE, MEM=MEM, MAXTURNS=MAXTURNS, ROUND=ROUND,
                DEALER=DEALER, ACTIVE=ACTIVE, PHASE=PHASE, CALLER=CALLER, FROZEN=FROZEN, TURNS=TURNS, MOVES=MOVES,
                HELD=HELD, HELD_SRC=HELD_SRC, ACT=ACT, STEPS=STEPS, RUNE_R=RUNE_R, CLAIM=CLAIM, PASSED=PASSED,
                GIVE_T=GIVE_T, GIVE_K=GIVE_K, SUCC=SUCC, DECK_N=DECK_N, PILE_N=PILE_N, ENDED=ENDED, CNT=CNT,
                HW=HW, TOTAL=TOTAL, DECK=DECK, PILE=PILE, KNOW=KNOW, SLOTS=SLOTS, HEAD=HEAD, NC=NC, MAXP=MAXP,
                SLOTCAP=SLOTCAP, NONE=NONE)


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
    off: cython.Py_ssize_t = TOTAL + 4 * s
    v: cython.Py_ssize_t = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (st[off + 3] << 24)
    if v >= 0x80000000:
        v -= 0x100000000
    return v


@cython.cfunc
def put_total(st: bytearray, s: cython.Py_ssize_t, v: cython.Py_ssize_t) -> cython.void:
    off: cython.Py_ssize_t = TOTAL + 4 * s
    u: cython.Py_ssize_t = v + 0x100000000 if v < 0 else v
    i: cython.Py_ssize_t
    for i in range(4):
        st[off + i] = (u >> (8 * i)) & 0xFF


@cython.cfunc
@cython.inline
def points_of(card: cython.int) -> cython.Py_ssize_t:
    p: cython.Py_ssize_t = POINTS[card]
    return p - 256 if p >= 128 else p


@cython.cfunc
@cython.inline
def all_mask(st: bytearray) -> cython.int:
    return (1 << st[N]) - 1


@cython.cfunc
def nth_slot(st: bytearray, s: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Slot number of seat s's j-th card (0-based, slot order)."""
    base: cython.Py_ssize_t = SLOTS + s * SLOTCAP
    k: cython.Py_ssize_t
    for k in range(st[HW + s]):
        if st[base + k] != NONE:
            if j == 0:
                return k
            j -= 1
    return -1


@cython.cfunc
def slot_rank(st: bytearray, s: cython.Py_ssize_t, k: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """How many of seat s's cards lie in slots below k."""
    base: cython.Py_ssize_t = SLOTS + s * SLOTCAP
    r: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    for i in range(k):
        if st[base + i] != NONE:
            r += 1
    return r


@cython.cfunc
def sum_cnt(st: bytearray, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Cards of seats lo.. except seat ex and the caller."""
    caller: cython.int = st[CALLER]
    total: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(lo, st[N]):
        if s != ex and s != caller:
            total += st[CNT + s]
    return total


@cython.cfunc
def nth_pos(st: bytearray, j: cython.Py_ssize_t, lo: cython.Py_ssize_t, ex: cython.int) -> cython.Py_ssize_t:
    """Position (seat * 256 + slot) of the j-th card of seats lo.. except ex and the caller."""
    caller: cython.int = st[CALLER]
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(lo, st[N]):
        if s != ex and s != caller:
            c = st[CNT + s]
            if j < c:
                return s * 256 + nth_slot(st, s, j)
            j -= c
    return -1


@cython.cfunc
def pos_rank(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t, lo: cython.Py_ssize_t,
             ex: cython.int) -> cython.Py_ssize_t:
    """Index of card t.k among the cards of seats lo.. except ex and the caller (inverse of nth_pos)."""
    caller: cython.int = st[CALLER]
    r: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(lo, t):
        if s != ex and s != caller:
            r += st[CNT + s]
    return r + slot_rank(st, t, k)


@cython.cfunc
def turn_mask(st: bytearray) -> cython.int:
    """Bits of the legal turn-start moves, in listing order: 1 cambio, 2 draw deck, 4 draw discard."""
    m: cython.int = 0
    if st[CALLER] == NONE:
        m |= 1
    if st[DECK_N] > 0 or st[PILE_N] >= 2:
        m |= 2
    if st[PILE_N] > 0 and st[FROZEN] == 0:
        m |= 4
    return m


@cython.cfunc
def swap_count(st: bytearray) -> cython.Py_ssize_t:
    caller: cython.int = st[CALLER]
    total: cython.Py_ssize_t = 0
    squares: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(st[N]):
        if s != caller:
            c = st[CNT + s]
            total += c
            squares += c * c
    return (total * total - squares) // 2


@cython.cfunc
def show_count(st: bytearray) -> cython.Py_ssize_t:
    caller: cython.int = st[CALLER]
    a: cython.int = st[ACTIVE]
    prod: cython.Py_ssize_t = 1
    any_seat: cython.bint = False
    s: cython.Py_ssize_t
    for s in range(st[N]):
        if s != caller and s != a:
            prod *= st[CNT + s]
            any_seat = True
    return prod if any_seat else 0


@cython.cfunc
def action_count(st: bytearray) -> cython.Py_ssize_t:
    act: cython.int = st[ACT]
    a: cython.int = st[ACTIVE]
    if act == A_OWN:
        return st[CNT + a]
    if act == A_OTHER:
        return sum_cnt(st, 0, a)
    if act == A_SWAP:
        return swap_count(st)
    if act == A_TWO:
        return st[CNT + a] + sum_cnt(st, 0, a) + swap_count(st)
    if act == A_SHOW:
        return show_count(st)
    return 0


@cython.cfunc
def open_count(st: bytearray) -> cython.Py_ssize_t:
    """Eligible seats that have not passed in an unclaimed window."""
    caller: cython.int = st[CALLER]
    passed: cython.int = st[PASSED]
    e: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(st[N]):
        if s != caller and not (passed >> s) & 1:
            e += 1
    return e


@cython.cfunc
def count_moves(st: bytearray) -> cython.Py_ssize_t:
    phase: cython.int = st[PHASE]
    m: cython.int
    if phase == P_SNAP:
        if st[CLAIM] == NONE:
            return open_count(st) * (1 + sum_cnt(st, 0, NONE))
        if st[GIVE_T] != NONE:
            return 1 + st[CNT + st[CLAIM]]
        return 1 + sum_cnt(st, 0, NONE)
    if phase == P_TURN:
        m = turn_mask(st)
        return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
    if phase == P_HOLD:
        return st[CNT + st[ACTIVE]] + (1 if st[HELD_SRC] == 0 else 0)
    if phase == P_ACTION:
        return action_count(st)
    return 0


@cython.ccall
def legal_moves(st: bytearray) -> list:
    """Every legal move code now: 0 .. count-1 (see the module docstring for the order)."""
    n: cython.Py_ssize_t = count_moves(st)
    if n <= PRE:
        return CODES[:n]
    return list(range(n))


@cython.ccall
def move_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves applied since setup (the state's version counter)."""
    return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (st[MOVES + 3] << 24)


def to_act(st: bytearray) -> list:
    """Seats that may move now."""
    phase: cython.int = st[PHASE]
    if phase == P_OVER:
        return []
    if phase != P_SNAP:
        return [st[ACTIVE]]
    if st[CLAIM] != NONE:
        return [st[CLAIM]]
    return [s for s in range(st[N]) if s != st[CALLER] and not (st[PASSED] >> s) & 1]


# -- decoding a code ----------------------------------------------------------------

@cython.cfunc
def set_move(seat: cython.int, kind: cython.int, a: cython.int, b: cython.int, c: cython.int,
             d: cython.int) -> cython.void:
    global D_SEAT, D_KIND, D_A, D_B, D_C, D_D
    D_SEAT = seat
    D_KIND = kind
    D_A = a
    D_B = b
    D_C = c
    D_D = d


@cython.cfunc
def set_pos_move(seat: cython.int, kind: cython.int, pos: cython.Py_ssize_t) -> cython.void:
    set_move(seat, kind, pos >> 8, pos & 0xFF, 0, 0)


@cython.cfunc
def decode_action(st: bytearray, code: cython.Py_ssize_t) -> cython.void:
    act: cython.int = st[ACT]
    a: cython.int = st[ACTIVE]
    c: cython.Py_ssize_t
    rest: cython.Py_ssize_t
    s: cython.Py_ssize_t
    p: cython.Py_ssize_t
    q: cython.Py_ssize_t
    caller: cython.int = st[CALLER]
    if act == A_OWN or act == A_TWO:
        c = st[CNT + a]
        if code < c:
            set_move(a, K_LOOK_OWN, a, nth_slot(st, a, code), 0, 0)
            return
        code -= c
    if act == A_OTHER or act == A_TWO:
        c = sum_cnt(st, 0, a)
        if code < c:
            set_pos_move(a, K_LOOK_OTHER, nth_pos(st, code, 0, a))
            return
        code -= c
    if act == A_SHOW:
        set_move(a, K_SHOW, 0, 0, 0, 0)  # the digits are decoded by do_show
        return
    for s in range(st[N]):  # swap
        if s == caller:
            continue
        rest = sum_cnt(st, s + 1, NONE)
        c = st[CNT + s] * rest
        if code < c:
            p = s * 256 + nth_slot(st, s, code // rest)
            q = nth_pos(st, code % rest, s + 1, NONE)
            set_move(a, K_SWAP, p >> 8, p & 0xFF, q >> 8, q & 0xFF)
            return
        code -= c


@cython.cfunc
def decode(st: bytearray, code: cython.Py_ssize_t) -> cython.void:
    """Write the move of a legal code into the D_* scratch."""
    phase: cython.int = st[PHASE]
    a: cython.int = st[ACTIVE]
    m: cython.int
    b: cython.int
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    if phase == P_SNAP:
        claim: cython.int = st[CLAIM]
        if claim == NONE:
            t = 1 + sum_cnt(st, 0, NONE)
            b = code // t
            code = code % t
            caller: cython.int = st[CALLER]
            passed: cython.int = st[PASSED]
            for s in range(st[N]):
                if s != caller and not (passed >> s) & 1:
                    if b == 0:
                        claim = s
                        break
                    b -= 1
        if st[CLAIM] != NONE and st[GIVE_T] != NONE:
            if code == 0:
                set_move(claim, K_NOGIVE, 0, 0, 0, 0)
            else:
                set_move(claim, K_GIVE, claim, nth_slot(st, claim, code - 1), 0, 0)
        elif code == 0:
            set_move(claim, K_PASS, 0, 0, 0, 0)
        else:
            set_pos_move(claim, K_SNAP, nth_pos(st, code - 1, 0, NONE))
    elif phase == P_TURN:
        m = turn_mask(st)
        for b in range(3):
            if (m >> b) & 1:
                if code == 0:
                    set_move(a, K_CAMBIO if b == 0 else b - 1, 0, 0, 0, 0)  # draw deck 0, draw discard 1
                    return
                code -= 1
    elif phase == P_HOLD:
        if st[HELD_SRC] == 0:
            if code == 0:
                set_move(a, K_DISCARD, 0, 0, 0, 0)
                return
            code -= 1
        set_move(a, K_REPLACE, a, nth_slot(st, a, code), 0, 0)
    elif phase == P_ACTION:
        decode_action(st, code)


def describe(st: bytearray, code: cython.Py_ssize_t) -> tuple:
    """(seat, kind, args) of a legal code; args are (seat, slot) pairs (`show`: one per opponent)."""
    check_code(st, code)
    decode(st, code)
    if D_KIND == K_SHOW:
        return D_SEAT, D_KIND, tuple((p >> 8, p & 0xFF) for p in show_positions(st, code))
    if D_KIND in (K_REPLACE, K_LOOK_OWN, K_LOOK_OTHER, K_SNAP, K_GIVE):
        return D_SEAT, D_KIND, ((D_A, D_B),)
    if D_KIND == K_SWAP:
        return D_SEAT, D_KIND, ((D_A, D_B), (D_C, D_D))
    return D_SEAT, D_KIND, ()


@cython.cfunc
def show_positions(st: bytearray, code: cython.Py_ssize_t) -> list:
    """The positions a `show` code names, in seat order (mixed radix, last seat least significant)."""
    out: list = []
    caller: cython.int = st[CALLER]
    a: cython.int = st[ACTIVE]
    s: cython.Py_ssize_t
    c: cython.Py_ssize_t
    for s in range(st[N] - 1, -1, -1):
        if s != caller and s != a:
            c = st[CNT + s]
            out.append(s * 256 + nth_slot(st, s, code % c))
            code = code // c
    out.reverse()
    return out


@cython.cfunc
def check_code(st: bytearray, code: cython.Py_ssize_t) -> cython.void:
    n: cython.Py_ssize_t
    if st[PHASE] == P_OVER:
        raise IllegalMove("game_over", f"move code {code} refused: the game is over")
    n = count_moves(st)
    if code < 0 or code >= n:
        raise IllegalMove("not_legal", f"move code {code} is not a legal move now (legal codes are 0..{n - 1})")


# -- setup ------------------------------------------------------------------------

def new_state(players: cython.int, dealer: cython.int, target: cython.int, cmax: cython.int, tie: cython.int,
              memory: cython.int, max_turns: cython.int, seed: cython.ulonglong, order: bytes,
              log: object = None) -> bytearray:
    """A new game (spec §2). `order`: the whole deck top first for a rigged round 1, or empty to shuffle."""
    st = bytearray(HEAD)
    rng.seed_into(st, RNG, seed)
    st[N] = players
    st[TARGET] = target
    st[CMAX] = cmax
    st[TIE] = tie
    st[MEM] = memory
    put16(st, MAXTURNS, max_turns)
    put16(st, ROUND, 1)
    st[DEALER] = dealer
    start_round(st, order, log)
    return st


@cython.cfunc
def start_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Shuffle (or rig) the deck, deal four cards each from the left of the dealer, the dealer to move."""
    n: cython.Py_ssize_t = st[N]
    i: cython.Py_ssize_t
    s: cython.Py_ssize_t
    card: cython.int
    for i in range(SLOTS, HEAD):
        st[i] = NONE
    for i in range(NC):
        st[KNOW + i] = 0
        st[PILE + i] = 0
        st[DECK + i] = order[NC - 1 - i] if len(order) == NC else i
    if len(order) != NC:
        rng.shuffle(st, RNG, DECK, NC)
    for s in range(MAXP):
        st[CNT + s] = 4 if s < n else 0
        st[HW + s] = 4 if s < n else 0
    st[DECK_N] = NC
    for i in range(4 * n):
        s = (st[DEALER] + 1 + i) % n
        card = st[DECK + NC - 1 - i]
        st[SLOTS + s * SLOTCAP + i // n] = card
        if i // n >= 2:
            st[KNOW + card] = 1 << s
    st[DECK_N] = NC - 4 * n
    for i in range(NC - 4 * n, NC):
        st[DECK + i] = 0
    st[PILE_N] = 0
    st[FROZEN] = 0
    st[CALLER] = NONE
    st[HELD] = NONE
    st[HELD_SRC] = 0
    st[ACT] = A_NONE
    st[STEPS] = 0
    clear_window(st)
    st[ACTIVE] = st[DEALER]
    st[PHASE] = P_TURN
    if log is not None:
        log.append((EV_DEAL, get16(st, ROUND), st[DEALER],
                    tuple(tuple(st[SLOTS + s * SLOTCAP + k] for k in range(4)) for s in range(n))))


@cython.cfunc
def clear_window(st: bytearray) -> cython.void:
    st[RUNE_R] = 0
    st[CLAIM] = NONE
    st[PASSED] = 0
    st[GIVE_T] = NONE
    st[GIVE_K] = 0
    st[SUCC] = 0


# -- deck and table -----------------------------------------------------------------

@cython.cfunc
def draw_top(st: bytearray, log: object) -> cython.int:
    """The top card of the main deck, rebuilding it from the pile below its top card first; NONE if impossible."""
    m: cython.Py_ssize_t
    i: cython.Py_ssize_t
    if st[DECK_N] == 0:
        m = st[PILE_N] - 1
        if m <= 0:
            return NONE
        for i in range(m):
            st[DECK + i] = st[PILE + i]
        st[PILE] = st[PILE + m]
        for i in range(1, m + 1):
            st[PILE + i] = 0
        st[PILE_N] = 1
        rng.shuffle(st, RNG, DECK, m)
        st[DECK_N] = m
        if log is not None:
            log.append((EV_RESHUFFLED, m))
    m = st[DECK_N] - 1
    st[DECK_N] = m
    card: cython.int = st[DECK + m]
    st[DECK + m] = 0
    return card


@cython.cfunc
def push_pile(st: bytearray, card: cython.int) -> cython.void:
    st[PILE + st[PILE_N]] = card
    st[PILE_N] = st[PILE_N] + 1
    st[KNOW + card] = 0


@cython.cfunc
def new_slot(st: bytearray, s: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The seat's next new slot (4, 5, ...); past SLOTCAP, its lowest empty slot from 4 (never happens in play)."""
    hw: cython.Py_ssize_t = st[HW + s]
    k: cython.Py_ssize_t
    if hw < SLOTCAP:
        st[HW + s] = hw + 1
        return hw
    for k in range(4, SLOTCAP):
        if st[SLOTS + s * SLOTCAP + k] == NONE:
            return k
    return -1


# -- apply --------------------------------------------------------------------------

cython.declare(CONVERT=object)
CONVERT = None


def set_event_converter(fn) -> None:
    """game.py's function turning raw event tuples into Events: fn(raw, players) -> list."""
    global CONVERT
    CONVERT = fn


@cython.ccall
def apply_in_place(st: bytearray, move: object, events: object = None) -> cython.void:
    """Game.apply_in_place, compiled: apply a listed code; append Events to `events` when given."""
    code: cython.Py_ssize_t
    if type(move) is not int:
        raise IllegalMove("not_legal", f"move must be a move code from legal_moves, got {move!r}", move=move)
    try:
        code = move
    except OverflowError:
        raise IllegalMove("not_legal", f"move code {move} is not a legal move now", move=move) from None
    if events is None:
        apply(st, code, None)
        return
    raw: list = []
    apply(st, code, raw)
    events.extend(CONVERT(raw, st[N]))


@cython.ccall
def apply(st: bytearray, code: cython.Py_ssize_t, log: object) -> cython.void:
    """Apply a listed move code (IllegalMove otherwise, state untouched); append event tuples to `log` if given."""
    check_code(st, code)
    decode(st, code)
    v: cython.Py_ssize_t = move_count(st) + 1
    st[MOVES] = v & 0xFF
    st[MOVES + 1] = (v >> 8) & 0xFF
    st[MOVES + 2] = (v >> 16) & 0xFF
    st[MOVES + 3] = (v >> 24) & 0xFF
    kind: cython.int = D_KIND
    seat: cython.int = D_SEAT
    if kind == K_PASS:
        do_pass(st, seat, log)
    elif kind == K_SNAP:
        do_snap(st, seat, D_A, D_B, log)
    elif kind == K_DRAW_DECK or kind == K_DRAW_DISCARD:
        do_draw(st, seat, kind, log)
    elif kind == K_CAMBIO:
        st[FROZEN] = 0
        st[CALLER] = seat
        if log is not None:
            log.append((EV_CAMBIO, seat))
        end_turn(st, log)
    elif kind == K_DISCARD:
        do_discard(st, seat, log)
    elif kind == K_REPLACE:
        do_replace(st, seat, D_B, log)
    elif kind == K_GIVE:
        do_give(st, seat, D_B, log)
    elif kind == K_NOGIVE:
        st[GIVE_T] = NONE
        st[GIVE_K] = 0
        if log is not None:
            log.append((EV_NOGIVE, seat))
    elif kind == K_SHOW:
        do_show(st, seat, code, log)
    else:
        do_look_swap(st, seat, kind, log)


@cython.cfunc
def do_draw(st: bytearray, seat: cython.int, kind: cython.int, log: object) -> cython.void:
    card: cython.int
    st[FROZEN] = 0
    if kind == K_DRAW_DECK:
        card = draw_top(st, log)
        st[HELD_SRC] = 0
    else:
        st[PILE_N] = st[PILE_N] - 1
        card = st[PILE + st[PILE_N]]
        st[PILE + st[PILE_N]] = 0
        st[HELD_SRC] = 1
    st[HELD] = card
    st[PHASE] = P_HOLD
    if log is not None:
        log.append((EV_DREW, seat, st[HELD_SRC], card))


@cython.cfunc
def do_discard(st: bytearray, seat: cython.int, log: object) -> cython.void:
    card: cython.int = st[HELD]
    st[HELD] = NONE
    push_pile(st, card)
    if log is not None:
        log.append((EV_DISCARDED, seat, card))
    act: cython.int = ACTION[card]
    if act == A_NONE:
        open_window(st, log)
        return
    st[PHASE] = P_ACTION
    st[ACT] = act
    st[STEPS] = 2 if act == A_TWO else 1
    settle_action(st, log)


@cython.cfunc
def do_replace(st: bytearray, seat: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    off: cython.Py_ssize_t = SLOTS + seat * SLOTCAP + k
    old: cython.int = st[off]
    card: cython.int = st[HELD]
    st[off] = card
    st[HELD] = NONE
    push_pile(st, old)
    st[KNOW + card] = (1 << seat) if st[HELD_SRC] == 0 else all_mask(st)
    if log is not None:
        log.append((EV_REPLACED, seat, k, old, card, st[HELD_SRC]))
    open_window(st, log)


@cython.cfunc
def do_look_swap(st: bytearray, seat: cython.int, kind: cython.int, log: object) -> cython.void:
    a: cython.Py_ssize_t = SLOTS + D_A * SLOTCAP + D_B
    b: cython.Py_ssize_t
    card: cython.int = st[a]
    other: cython.int
    if kind == K_SWAP:
        b = SLOTS + D_C * SLOTCAP + D_D
        other = st[b]
        st[a] = other
        st[b] = card
        if st[MEM] == M_SLOT:
            st[KNOW + card] = 0
            st[KNOW + other] = 0
        if log is not None:
            log.append((EV_SWAPPED, seat, D_A, D_B, D_C, D_D))
    else:
        st[KNOW + card] = st[KNOW + card] | (1 << seat)
        if log is not None:
            log.append((EV_LOOKED, seat, D_A, D_B, card))
    step_done(st, log)


@cython.cfunc
def do_show(st: bytearray, seat: cython.int, code: cython.Py_ssize_t, log: object) -> cython.void:
    shown: list = []
    everyone: cython.int = all_mask(st)
    p: cython.Py_ssize_t
    card: cython.int
    for p in show_positions(st, code):
        card = st[SLOTS + (p >> 8) * SLOTCAP + (p & 0xFF)]
        st[KNOW + card] = everyone
        shown.append((p >> 8, p & 0xFF, card))
    if log is not None:
        log.append((EV_SHOWN, seat, tuple(shown)))
    step_done(st, log)


@cython.cfunc
def step_done(st: bytearray, log: object) -> cython.void:
    st[STEPS] = st[STEPS] - 1
    settle_action(st, log)


@cython.cfunc
def settle_action(st: bytearray, log: object) -> cython.void:
    """Lapse the steps that have no legal target; open the window once no step is left (D10)."""
    while st[STEPS] > 0 and action_count(st) == 0:
        st[STEPS] = st[STEPS] - 1
        if log is not None:
            log.append((EV_LAPSED, st[ACTIVE], st[ACT]))
    if st[STEPS] == 0:
        st[ACT] = A_NONE
        open_window(st, log)


@cython.cfunc
def open_window(st: bytearray, log: object) -> cython.void:
    clear_window(st)
    st[RUNE_R] = RUNE[st[PILE + st[PILE_N] - 1]]
    st[PHASE] = P_SNAP
    if log is not None:
        log.append((EV_WINDOW, st[RUNE_R]))


@cython.cfunc
def close_window(st: bytearray, log: object) -> cython.void:
    succ: cython.int = st[SUCC]
    if log is not None:
        log.append((EV_CLOSED, succ))
    clear_window(st)
    st[FROZEN] = 1 if succ > 0 else 0
    end_turn(st, log)


@cython.cfunc
def end_turn(st: bytearray, log: object) -> cython.void:
    """§4 turn end (FROZEN is already set): count the turn, stop at the cap or the caller, else next seat."""
    turns: cython.Py_ssize_t = get16(st, TURNS) + 1
    put16(st, TURNS, turns)
    if turns >= get16(st, MAXTURNS):
        end_round(st, log, True, "turn_cap")
        return
    nxt: cython.int = (st[ACTIVE] + 1) % st[N]
    if nxt == st[CALLER]:
        end_round(st, log, False, "cambio")
        return
    st[ACTIVE] = nxt
    st[PHASE] = P_TURN
    if turn_mask(st) == 0:
        end_round(st, log, False, "no_moves")


@cython.cfunc
def do_pass(st: bytearray, seat: cython.int, log: object) -> cython.void:
    if log is not None:
        log.append((EV_PASSED, seat, False))
    if st[CLAIM] != NONE:
        close_window(st, log)
        return
    st[PASSED] = st[PASSED] | (1 << seat)
    if open_count(st) == 0:
        close_window(st, log)


@cython.cfunc
def do_snap(st: bytearray, s: cython.int, t: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    off: cython.Py_ssize_t = SLOTS + t * SLOTCAP + k
    card: cython.int = st[off]
    claimed: cython.bint = st[CLAIM] != NONE
    if RUNE[card] == st[RUNE_R]:
        st[off] = NONE
        st[CNT + t] = st[CNT + t] - 1
        push_pile(st, card)
        if st[SUCC] < 255:
            st[SUCC] = st[SUCC] + 1
        st[CLAIM] = s
        if log is not None:
            log.append((EV_SNAP_OK, s, t, k, card))
        if st[CNT + t] == 0:
            zero_cards(st, log)
            return
        if t != s:
            st[GIVE_T] = t
            st[GIVE_K] = k
        return
    st[KNOW + card] = all_mask(st)
    if log is not None:
        log.append((EV_SNAP_WRONG, s, t, k, card))
    penalty: cython.int = draw_top(st, log)
    slot: cython.Py_ssize_t
    if penalty != NONE:
        slot = new_slot(st, s)
        st[SLOTS + s * SLOTCAP + slot] = penalty
        st[KNOW + penalty] = 0
        st[CNT + s] = st[CNT + s] + 1
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
    src: cython.Py_ssize_t = SLOTS + c * SLOTCAP + j
    t: cython.int = st[GIVE_T]
    k: cython.Py_ssize_t = st[GIVE_K]
    card: cython.int = st[src]
    st[src] = NONE
    st[SLOTS + t * SLOTCAP + k] = card
    st[CNT + c] = st[CNT + c] - 1
    st[CNT + t] = st[CNT + t] + 1
    if st[MEM] == M_SLOT:
        st[KNOW + card] = 0
    st[GIVE_T] = NONE
    st[GIVE_K] = 0
    if log is not None:
        log.append((EV_GAVE, c, j, t, k))
    if st[CNT + c] == 0:
        zero_cards(st, log)


@cython.cfunc
def zero_cards(st: bytearray, log: object) -> cython.void:
    """D14: a seat without table cards ends the round at once; the cut-short turn counts."""
    turns: cython.Py_ssize_t = get16(st, TURNS) + 1
    put16(st, TURNS, turns)
    end_round(st, log, turns >= get16(st, MAXTURNS), "no_cards")


# -- round end and scoring ------------------------------------------------------------

def round_points(st: bytearray) -> list:
    """Each seat's table points now."""
    out: list = []
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    p: cython.Py_ssize_t
    card: cython.int
    for s in range(st[N]):
        p = 0
        for k in range(st[HW + s]):
            card = st[SLOTS + s * SLOTCAP + k]
            if card != NONE:
                p += points_of(card)
        out.append(p)
    return out


def round_scores(st: bytearray) -> tuple:
    """(points, scores, caller success or None): the round as it would be scored now (§10)."""
    pts: list = round_points(st)
    scores: list = list(pts)
    caller: cython.int = st[CALLER]
    if caller == NONE:
        return pts, scores, None
    mine = pts[caller]
    others = [p for s, p in enumerate(pts) if s != caller]
    ok = all(mine <= p for p in others) if st[TIE] == 1 else all(mine < p for p in others)
    if st[CMAX] != NONE and mine > st[CMAX]:
        ok = False
    scores[caller] = mine - 5 if ok else mine + 5
    return pts, scores, ok


def totals(st: bytearray) -> list:
    return [get_total(st, s) for s in range(st[N])]


def history(st: bytearray) -> list:
    """Round scores of the finished rounds, one list per round."""
    n: cython.Py_ssize_t = st[N]
    out: list = []
    off: cython.Py_ssize_t = HEAD
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
    pts, scores, ok = round_scores(st)
    n: cython.Py_ssize_t = st[N]
    s: cython.Py_ssize_t
    v: cython.Py_ssize_t
    over: cython.bint = capped
    for s in range(n):
        v = scores[s]
        put_total(st, s, get_total(st, s) + v)
        st.extend(((v + 65536) & 0xFF, ((v + 65536) >> 8) & 0xFF))
        if get_total(st, s) >= st[TARGET]:
            over = True
    if log is not None:
        table = tuple(tuple((k, st[SLOTS + s * SLOTCAP + k]) for k in range(st[HW + s])
                            if st[SLOTS + s * SLOTCAP + k] != NONE) for s in range(n))
        log.append((EV_ROUND_END, get16(st, ROUND), reason, table, tuple(pts), tuple(scores),
                    None if st[CALLER] == NONE else st[CALLER], ok, tuple(totals(st))))
    st[HELD] = NONE
    st[HELD_SRC] = 0
    st[ACT] = A_NONE
    st[STEPS] = 0
    clear_window(st)
    st[FROZEN] = 0
    if over:
        st[ENDED] = 2 if capped else 1
        st[PHASE] = P_OVER
        if log is not None:
            log.append((EV_GAME_END, "turn_cap" if capped else "target", tuple(totals(st))))
        return
    put16(st, ROUND, get16(st, ROUND) + 1)
    st[DEALER] = (st[DEALER] + 1) % n
    start_round(st, b"", log)


# -- legality with reasons (the parse path) ------------------------------------------

def _refuse(code: str, text: str, reason: str):
    raise IllegalMove(code, f"{text!r} refused: {reason}", move=text)


def _card_at(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t, text: str) -> cython.int:
    """The card at t.k, refusing positions that do not exist or are empty."""
    if t < 0 or t >= st[N]:
        _refuse("no_such_seat", text, f"there is no seat {t} (seats 0..{st[N] - 1})")
    if k < 0 or k >= st[HW + t] or st[SLOTS + t * SLOTCAP + k] == NONE:
        _refuse("empty_slot", text, f"slot {t}.{k} is empty")
    return st[SLOTS + t * SLOTCAP + k]


def _not_frozen(st: bytearray, t: cython.Py_ssize_t, text: str) -> None:
    if t == st[CALLER]:
        _refuse("caller_frozen", text, "cards of the Cambio caller are frozen")


def find_code(st: bytearray, seat: cython.Py_ssize_t, kind: cython.int, args: tuple, text: str) -> cython.Py_ssize_t:
    """The code of move `kind` with `args` ((seat, slot) pairs) by `seat`, or IllegalMove with the spec's reason."""
    n: cython.Py_ssize_t = st[N]
    phase: cython.int = st[PHASE]
    a: cython.int = st[ACTIVE]
    if seat < 0 or seat >= n:
        raise IllegalMove("no_such_seat", f"{text!r} refused: seat {seat} is not at this table (0..{n - 1})",
                          move=text)
    if phase == P_OVER:
        _refuse("game_over", text, "the game is over")
    if kind >= K_SNAP:
        return _find_window(st, seat, kind, args, text)
    if seat != a:
        _refuse("not_your_turn", text, f"not your turn (seat {a} is active)")
    if kind <= K_CAMBIO:
        return _find_turn_start(st, kind, text)
    if kind <= K_REPLACE:
        if phase != P_HOLD:
            _refuse("not_holding", text, "you hold no card")
        if kind == K_DISCARD:
            if st[HELD_SRC] == 1:
                _refuse("must_exchange", text, "a card taken from the discard pile must be exchanged")
            return 0
        _card_at(st, a, args[0][1], text)
        return (1 - st[HELD_SRC]) + slot_rank(st, a, args[0][1])
    if phase != P_ACTION:
        _refuse("no_action", text, "no action pending")
    return _find_action(st, kind, args, text)


def _find_turn_start(st: bytearray, kind: cython.int, text: str) -> cython.Py_ssize_t:
    if st[PHASE] != P_TURN:
        _refuse("not_turn_start", text, "only at the start of your turn (you have already drawn)")
    m: cython.int = turn_mask(st)
    if kind == K_DRAW_DECK and not m & 2:
        _refuse("deck_exhausted", text, "main deck exhausted")
    if kind == K_DRAW_DISCARD:
        if st[PILE_N] == 0:
            _refuse("pile_empty", text, "discard pile empty")
        if st[FROZEN]:
            _refuse("pile_frozen", text, "discard pile frozen")
    if kind == K_CAMBIO and not m & 1:
        _refuse("cambio_called", text, "Cambio already called")
    if kind == K_CAMBIO:
        return 0
    return (m & 1) + (((m >> 1) & 1) if kind == K_DRAW_DISCARD else 0)


def _find_action(st: bytearray, kind: cython.int, args: tuple, text: str) -> cython.Py_ssize_t:
    act: cython.int = st[ACT]
    a: cython.int = st[ACTIVE]
    base: cython.Py_ssize_t = 0
    allowed = {K_LOOK_OWN: (A_OWN, A_TWO), K_LOOK_OTHER: (A_OTHER, A_TWO), K_SWAP: (A_SWAP, A_TWO),
               K_SHOW: (A_SHOW,)}[kind]
    if act not in allowed:
        _refuse("wrong_action", text, f"the pending action is {ACTIONS[act]}, not {KINDS[kind]}")
    if act == A_TWO and kind != K_LOOK_OWN:
        base = st[CNT + a]
        if kind == K_SWAP:
            base += sum_cnt(st, 0, a)
    if kind == K_LOOK_OWN:
        _card_at(st, a, args[0][1], text)
        return slot_rank(st, a, args[0][1])
    if kind == K_LOOK_OTHER:
        t, k = args[0]
        if t == a:
            _refuse("own_card", text, "that is your own card (use lookown)")
        _not_frozen(st, t, text)
        _card_at(st, t, k, text)
        return base + pos_rank(st, t, k, 0, a)
    if kind == K_SWAP:
        (t, k), (u, j) = sorted(args)
        if t == u:
            _refuse("same_seat", text, "two cards of the same seat cannot be swapped")
        _not_frozen(st, t, text)
        _not_frozen(st, u, text)
        _card_at(st, t, k, text)
        _card_at(st, u, j, text)
        return base + _swap_index(st, t, k, u, j)
    return _show_index(st, args, text)


def _swap_index(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t, u: cython.Py_ssize_t,
                j: cython.Py_ssize_t) -> cython.Py_ssize_t:
    caller: cython.int = st[CALLER]
    r: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(t):
        if s != caller:
            r += st[CNT + s] * sum_cnt(st, s + 1, NONE)
    return r + slot_rank(st, t, k) * sum_cnt(st, t + 1, NONE) + pos_rank(st, u, j, t + 1, NONE)


def _show_index(st: bytearray, args: tuple, text: str) -> cython.Py_ssize_t:
    a: cython.int = st[ACTIVE]
    for t, _ in args:
        if 0 <= t < st[N]:
            _not_frozen(st, t, text)
    need = [s for s in range(st[N]) if s != a and s != st[CALLER]]
    chosen = sorted(args)
    if [t for t, _ in chosen] != need:
        _refuse("show_each_seat", text, f"one card of each other seat required: {', '.join(map(str, need))}")
    code: cython.Py_ssize_t = 0
    for t, k in chosen:
        _card_at(st, t, k, text)
        code = code * st[CNT + t] + slot_rank(st, t, k)
    return code


def _find_window(st: bytearray, seat: cython.Py_ssize_t, kind: cython.int, args: tuple,
                 text: str) -> cython.Py_ssize_t:
    claim: cython.int = st[CLAIM]
    if kind == K_GIVE or kind == K_NOGIVE:
        if st[PHASE] != P_SNAP or st[GIVE_T] == NONE:
            _refuse("no_give", text, "no give pending")
        if seat != claim:
            _refuse("not_claimant", text, f"only the claimant (seat {claim}) may give")
        if kind == K_NOGIVE:
            return 0
        _card_at(st, seat, args[0][1], text)
        return 1 + slot_rank(st, seat, args[0][1])
    if st[PHASE] != P_SNAP:
        _refuse("no_window", text, "no snap window is open")
    if seat == st[CALLER]:
        _refuse("caller_out", text, "the Cambio caller takes no part in snap windows")
    if claim != NONE and claim != seat:
        _refuse("window_claimed", text, f"snap window claimed by seat {claim}")
    if claim != NONE and st[GIVE_T] != NONE:
        _refuse("give_first", text, "give or nogive first")
    if claim == NONE and (st[PASSED] >> seat) & 1:
        _refuse("passed", text, f"seat {seat} has passed in this window")
    block: cython.Py_ssize_t = 0
    if claim == NONE:
        block = (1 + sum_cnt(st, 0, NONE)) * sum(1 for s in range(seat)
                                                 if s != st[CALLER] and not (st[PASSED] >> s) & 1)
    if kind == K_PASS:
        return block
    t, k = args[0]
    if 0 <= t < st[N]:
        _not_frozen(st, t, text)
    _card_at(st, t, k, text)
    return block + 1 + pos_rank(st, t, k, 0, NONE)


# -- validation ------------------------------------------------------------------------

def validate(st: bytearray) -> str:
    """'' for a consistent state, else what is wrong (decode must never let a bad state reach the rules)."""
    if len(st) < HEAD:
        return f"state is {len(st)} bytes, shorter than the {HEAD}-byte layout"
    n: cython.Py_ssize_t = st[N]
    if not 2 <= n <= MAXP:
        return f"seat count {n} is not 2..{MAXP}"
    if (len(st) - HEAD) % (2 * n):
        return "round history has a partial record"
    if not (20 <= st[TARGET] <= 200 and (st[CMAX] <= 20 or st[CMAX] == NONE) and st[TIE] <= 1 and st[MEM] <= 2
            and 100 <= get16(st, MAXTURNS) <= 10000):
        return "option values out of range"
    phase, over = st[PHASE], st[PHASE] == P_OVER
    rounds = get16(st, ROUND)
    if phase > P_OVER or rounds < 1 or (len(st) - HEAD) // (2 * n) != rounds - (0 if over else 1):
        return "phase or round count inconsistent"
    if (st[ENDED] not in (1, 2)) if over else st[ENDED] != 0:
        return "game-end flag inconsistent with the phase"
    if st[DEALER] >= n or st[ACTIVE] >= n or (st[CALLER] != NONE and st[CALLER] >= n) or st[FROZEN] > 1:
        return "dealer, active seat, caller or frozen flag out of range"
    if not over and (st[ACTIVE] == st[CALLER] or get16(st, TURNS) >= get16(st, MAXTURNS)):
        return "active seat is the caller, or the turn cap is passed"
    seen: bytearray = bytearray(NC)
    problem = _check_cards(st, n, over, seen)
    if problem:
        return problem
    i: cython.Py_ssize_t
    for i in range(NC):
        if seen[i] != 1:
            return "cards are not a permutation of the deck"
    return _check_phase(st, n, phase)


def _check_cards(st: bytearray, n: cython.Py_ssize_t, over: cython.bint, seen: bytearray) -> str:
    i: cython.Py_ssize_t
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    hw: cython.Py_ssize_t
    cnt: cython.Py_ssize_t
    card: cython.int
    intable: bytearray = bytearray(NC)
    if st[DECK_N] > NC or st[PILE_N] > NC:
        return "deck or pile count out of range"
    for i in range(NC):
        if i < st[DECK_N]:
            card = st[DECK + i]
            if card >= NC:
                return "deck holds a bad card"
            seen[card] += 1
        elif st[DECK + i]:
            return "bytes beyond the deck are not zero"
        if i < st[PILE_N]:
            card = st[PILE + i]
            if card >= NC:
                return "pile holds a bad card"
            seen[card] += 1
        elif st[PILE + i]:
            return "bytes beyond the pile are not zero"
    if st[HELD] != NONE:
        if st[HELD] >= NC:
            return "held card out of range"
        seen[st[HELD]] += 1
    for s in range(MAXP):
        hw = st[HW + s]
        cnt = 0
        if hw > SLOTCAP or (s >= n and (hw or st[CNT + s])):
            return f"seat {s} slot count out of range"
        for k in range(SLOTCAP):
            card = st[SLOTS + s * SLOTCAP + k]
            if card == NONE:
                continue
            if k >= hw or card >= NC or seen[card] > 1:
                return f"slot {s}.{k} holds a bad card"
            seen[card] += 1
            intable[card] = 1
            cnt += 1
        if cnt != st[CNT + s] or (s < n and not over and cnt == 0):
            return f"seat {s} card count inconsistent"
    for card in range(NC):
        if st[KNOW + card] >> n or (st[KNOW + card] and not intable[card]):
            return f"knowledge of card {card} inconsistent"
    return ""


def _check_phase(st: bytearray, n, phase) -> str:
    if (st[HELD] != NONE) != (phase == P_HOLD) or st[HELD_SRC] > 1:
        return "held card inconsistent with the phase"
    if (phase == P_ACTION) != (st[ACT] != A_NONE) or st[ACT] > A_SHOW or \
            st[STEPS] != (0 if phase != P_ACTION else st[STEPS]) or st[STEPS] > 2:
        return "action inconsistent with the phase"
    if phase == P_ACTION and (st[STEPS] == 0 or action_count(st) == 0 or st[PILE_N] == 0 or
                              ACTION[st[PILE + st[PILE_N] - 1]] != st[ACT] or (st[STEPS] == 2 and st[ACT] != A_TWO)):
        return "action inconsistent with the discarded card"
    eligible = [s for s in range(n) if s != st[CALLER]]
    if phase != P_SNAP:
        if st[RUNE_R] or st[CLAIM] != NONE or st[PASSED] or st[GIVE_T] != NONE or st[GIVE_K] or st[SUCC]:
            return "snap window fields set outside a window"
    else:
        passed = st[PASSED]
        if st[PILE_N] == 0 or st[RUNE_R] > 14 or passed >> n or \
                (st[CALLER] != NONE and (passed >> st[CALLER]) & 1):
            return "snap window record out of range"
        if RUNE[st[PILE + st[PILE_N] - 1]] != st[RUNE_R]:
            return "snap window rune is not the rune of the top discard"
        if st[CLAIM] == NONE:
            if st[GIVE_T] != NONE or st[SUCC] or all((st[PASSED] >> s) & 1 for s in eligible):
                return "unclaimed window inconsistent"
        elif st[CLAIM] not in eligible or st[SUCC] == 0:
            return "claimed window inconsistent"
        elif st[GIVE_T] != NONE:
            t, k = st[GIVE_T], st[GIVE_K]
            if t not in eligible or t == st[CLAIM] or k >= st[HW + t] or st[SLOTS + t * SLOTCAP + k] != NONE:
                return "pending give inconsistent"
        if st[GIVE_T] == NONE and st[GIVE_K]:
            return "pending give inconsistent"
    if phase == P_TURN and turn_mask(st) == 0:
        return "active seat has no legal move"
    return ""
