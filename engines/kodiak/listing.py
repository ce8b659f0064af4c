"""Kodiak: the compiled list of legal moves, in a fixed order, and the decoding of a move's index.

Spec: shared/rules/kodiak.md §4-§7. Cython pure-Python mode.

A move code is its index in the ordered list of the state's legal moves, so
`legal_moves` is always `[0, 1, ..., count - 1]` (a slice of a prebuilt list: no int
is made per move) and `apply` decodes the index by walking the same order. A move is
decoded to a packed integer: kind | seat << 4 | a << 8 | b << 16 | c << 24 | d << 32
(`pack`/`field`); the arguments per kind are those of state.KINDS:
exchange/lookown/pick/throw/counter (slot), look/reveal (seat, slot),
swap (seat, slot, seat, slot; slot QUERY = Kodiak picks), pounce (paw slot, seat, slot).

The order, per phase:
- exchange: the active seat's slots; kodiak_pick: Kodiak's slots;
- action: lookown (own slots), look (face-down cards of the other mice), swap (pairs of
  cards of two seats, lower seat first, then for a mouse each mouse card with Kodiak's `?`),
  reveal (face-down cards of the allowed seats); a red king lists the kinds it still may take;
- hunt open: per seat that has not passed, in seat order: `pass`, then its throws (a mouse)
  or its pounces (Kodiak: paw by paw, each over every mouse card in seat and slot order);
- hunt escaping: `done`, then the escapee's throws; hunt counter: `pass`, then the counters.
"""
import cython

from .state import ACTIONS, CARDS, HUNT_PHASES, KINDS, NONE, PHASES, QUERY, SLOT_CAP, STATE, STEPS

cython.declare(PLAYERS=cython.Py_ssize_t, KODIAK=cython.Py_ssize_t, ACTIVE=cython.Py_ssize_t,
               PHASE=cython.Py_ssize_t, HUNT=cython.Py_ssize_t, ACTION_CARD=cython.Py_ssize_t,
               STEPS_DONE=cython.Py_ssize_t, PASSED=cython.Py_ssize_t, ESCAPEE=cython.Py_ssize_t,
               BK_KODIAK=cython.Py_ssize_t, FACE_UP=cython.Py_ssize_t, CARD_COUNT=cython.Py_ssize_t,
               SLOTS_USED=cython.Py_ssize_t, SLOTS=cython.Py_ssize_t, CAP=cython.Py_ssize_t, EMPTY=cython.int,
               ASK=cython.int, PRE=cython.Py_ssize_t)
PLAYERS = STATE.offset("players")
KODIAK = STATE.offset("kodiak")
ACTIVE = STATE.offset("active")
PHASE = STATE.offset("phase")
HUNT = STATE.offset("hunt")
ACTION_CARD = STATE.offset("action_card")
STEPS_DONE = STATE.offset("steps_done")
PASSED = STATE.offset("passed")
ESCAPEE = STATE.offset("escapee")
BK_KODIAK = STATE.offset("blue_king_kodiak")
FACE_UP = STATE.offset("face_up")
CARD_COUNT = STATE.offset("card_count")
SLOTS_USED = STATE.offset("slots_used")
SLOTS = STATE.offset("slots")
CAP = SLOT_CAP
EMPTY = NONE
ASK = QUERY
PRE = 1 << 16      # prebuilt move codes

# Phases, hunt phases, actions and move kinds (state.PHASES, HUNT_PHASES, ACTIONS, KINDS).
cython.declare(P_EXCHANGE=cython.int, P_ACTION=cython.int, P_PICK=cython.int, P_HUNT=cython.int,
               H_OPEN=cython.int, H_ESCAPING=cython.int, H_COUNTER=cython.int,
               A_OWN=cython.int, A_OTHER=cython.int, A_SWAP=cython.int, A_TWO=cython.int, A_REVEAL=cython.int,
               K_EXCHANGE=cython.int, K_LOOKOWN=cython.int, K_LOOK=cython.int, K_SWAP=cython.int,
               K_PICK=cython.int, K_REVEAL=cython.int, K_THROW=cython.int, K_DONE=cython.int,
               K_POUNCE=cython.int, K_COUNTER=cython.int, K_PASS=cython.int)
P_EXCHANGE, P_ACTION, P_PICK, P_HUNT = (PHASES.index(x) for x in ("exchange", "action", "kodiak_pick", "hunt"))
H_OPEN, H_ESCAPING, H_COUNTER = (HUNT_PHASES.index(x) for x in ("open", "escaping", "counter"))
A_OWN, A_OTHER, A_SWAP, A_TWO, A_REVEAL = (ACTIONS.index(x) for x in ACTIONS[1:])
K_EXCHANGE, K_LOOKOWN, K_LOOK, K_SWAP, K_PICK, K_REVEAL, K_THROW, K_DONE, K_POUNCE, K_COUNTER, K_PASS = (
    KINDS.index(x) for x in KINDS)

# Action step kinds (field steps_done): the bits of lookown, look, swap and reveal.
cython.declare(STEP_OWN=cython.int, STEP_OTHER=cython.int, STEP_SWAP=cython.int, STEP_REVEAL=cython.int)
STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL = (1 << STEPS.index(x) for x in STEPS)

cython.declare(ACTION=bytes)
ACTION = CARDS.action  # the action of each card (data/deck.toml)

cython.declare(CODES=list)
CODES = list(range(PRE))


@cython.ccall
def pack(kind: cython.longlong, seat: cython.longlong, a: cython.longlong, b: cython.longlong,
         c: cython.longlong, d: cython.longlong) -> cython.longlong:
    """A decoded move as one integer (see the module docstring)."""
    return kind | (seat << 4) | (a << 8) | (b << 16) | (c << 24) | (d << 32)


@cython.ccall
def field(move: cython.longlong, i: cython.int) -> cython.int:
    """Field i of a packed move: 0 kind, 1 seat, 2..5 the arguments a..d."""
    if i == 0:
        return move & 0xF
    if i == 1:
        return (move >> 4) & 0xF
    return (move >> (8 * (i - 1))) & 0xFF


# -- counting cards ----------------------------------------------------------------

@cython.cfunc
def nth_slot(st: bytearray, seat: cython.int, j: cython.Py_ssize_t, down_only: cython.bint) -> cython.int:
    """The slot of the seat's j-th card (slot order), or of its j-th face-down card."""
    base: cython.Py_ssize_t = SLOTS + seat * CAP
    k: cython.Py_ssize_t
    card: cython.int
    for k in range(st[SLOTS_USED + seat]):
        card = st[base + k]
        if card != EMPTY and not (down_only and st[FACE_UP + card]):
            if j == 0:
                return k
            j -= 1
    return -1


@cython.cfunc
def down_count(st: bytearray, seat: cython.int) -> cython.Py_ssize_t:
    """The seat's face-down cards."""
    base: cython.Py_ssize_t = SLOTS + seat * CAP
    k: cython.Py_ssize_t
    card: cython.int
    n: cython.Py_ssize_t = 0
    for k in range(st[SLOTS_USED + seat]):
        card = st[base + k]
        if card != EMPTY and not st[FACE_UP + card]:
            n += 1
    return n


@cython.cfunc
def cards_of(st: bytearray, seats: cython.int, down_only: cython.bint) -> cython.Py_ssize_t:
    """Cards (or face-down cards) of the seats in the bitmask."""
    n: cython.Py_ssize_t = 0
    s: cython.int
    for s in range(st[PLAYERS]):
        if (seats >> s) & 1:
            n += down_count(st, s) if down_only else st[CARD_COUNT + s]
    return n


@cython.cfunc
def nth_position(st: bytearray, seats: cython.int, j: cython.Py_ssize_t, down_only: cython.bint) -> cython.int:
    """The j-th card of the seats in the bitmask (seat, then slot order), as seat << 8 | slot."""
    s: cython.int
    c: cython.Py_ssize_t
    for s in range(st[PLAYERS]):
        if (seats >> s) & 1:
            c = down_count(st, s) if down_only else st[CARD_COUNT + s]
            if j < c:
                return (s << 8) | nth_slot(st, s, j, down_only)
            j -= c
    return -1


@cython.cfunc
def pair_count(st: bytearray, seats: cython.int) -> cython.Py_ssize_t:
    """Pairs of cards of two different seats in the bitmask."""
    total: cython.Py_ssize_t = 0
    squares: cython.Py_ssize_t = 0
    s: cython.int
    c: cython.Py_ssize_t
    for s in range(st[PLAYERS]):
        if (seats >> s) & 1:
            c = st[CARD_COUNT + s]
            total += c
            squares += c * c
    return (total * total - squares) // 2


@cython.cfunc
def nth_pair(st: bytearray, seat: cython.int, seats: cython.int, j: cython.Py_ssize_t) -> cython.longlong:
    """The j-th swap of two cards of two seats in the bitmask: lower seat first, by first then second card."""
    s: cython.int
    partners: cython.Py_ssize_t
    block: cython.Py_ssize_t
    first: cython.int
    second: cython.int
    for s in range(st[PLAYERS]):
        if not (seats >> s) & 1:
            continue
        seats &= ~(1 << s)  # the partners lie in higher seats
        partners = cards_of(st, seats, False)
        block = st[CARD_COUNT + s] * partners
        if j < block:
            first = nth_slot(st, s, j // partners, False)
            second = nth_position(st, seats, j % partners, False)
            return pack(K_SWAP, seat, s, first, second >> 8, second & 0xFF)
        j -= block
    return -1


# -- the action phase ----------------------------------------------------------------

@cython.ccall
def action_kinds(st: bytearray) -> cython.int:
    """The step kinds the pending action allows now: bits STEP_*."""
    act: cython.int = ACTION[st[ACTION_CARD]]
    if act == A_OWN:
        return STEP_OWN
    if act == A_OTHER:
        return STEP_OTHER
    if act == A_SWAP:
        return STEP_SWAP
    if act == A_TWO:
        return (STEP_OWN | STEP_OTHER | STEP_SWAP) & ~st[STEPS_DONE]
    if act == A_REVEAL:
        return STEP_REVEAL
    return 0


@cython.ccall
def look_seats(st: bytearray) -> cython.int:
    """Seats `look` may target: the mice other than the actor (D8)."""
    return ((1 << st[PLAYERS]) - 1) & ~(1 << st[KODIAK]) & ~(1 << st[ACTIVE])


@cython.ccall
def reveal_seats(st: bytearray) -> cython.int:
    """Seats the blue king may target: every other seat, Kodiak only with option blue_king_kodiak (D9)."""
    seats: cython.int = ((1 << st[PLAYERS]) - 1) & ~(1 << st[ACTIVE])
    if not st[BK_KODIAK]:
        seats &= ~(1 << st[KODIAK])
    return seats


@cython.cfunc
def swap_seats(st: bytearray) -> cython.int:
    """Seats whose cards the actor names in a swap: all for Kodiak; for a mouse, the mice (Kodiak picks, D10)."""
    seats: cython.int = (1 << st[PLAYERS]) - 1
    if st[ACTIVE] != st[KODIAK]:
        seats &= ~(1 << st[KODIAK])
    return seats


@cython.cfunc
def swap_count(st: bytearray) -> cython.Py_ssize_t:
    seats: cython.int = swap_seats(st)
    n: cython.Py_ssize_t = pair_count(st, seats)
    if st[ACTIVE] != st[KODIAK]:
        n += cards_of(st, seats, False)  # each mouse card with Kodiak's `?`
    return n


@cython.ccall
def kind_count(st: bytearray, step: cython.int) -> cython.Py_ssize_t:
    """Legal moves of one action step kind (STEP_*)."""
    if step == STEP_OWN:
        return st[CARD_COUNT + st[ACTIVE]]
    if step == STEP_OTHER:
        return cards_of(st, look_seats(st), True)
    if step == STEP_SWAP:
        return swap_count(st)
    return cards_of(st, reveal_seats(st), True)


@cython.cfunc
def nth_of_kind(st: bytearray, step: cython.int, j: cython.Py_ssize_t) -> cython.longlong:
    a: cython.int = st[ACTIVE]
    p: cython.int
    pairs: cython.Py_ssize_t
    if step == STEP_OWN:
        return pack(K_LOOKOWN, a, nth_slot(st, a, j, False), 0, 0, 0)
    if step == STEP_OTHER:
        p = nth_position(st, look_seats(st), j, True)
        return pack(K_LOOK, a, p >> 8, p & 0xFF, 0, 0)
    if step == STEP_SWAP:
        pairs = pair_count(st, swap_seats(st))
        if j < pairs:
            return nth_pair(st, a, swap_seats(st), j)
        p = nth_position(st, swap_seats(st), j - pairs, False)
        return pack(K_SWAP, a, p >> 8, p & 0xFF, st[KODIAK], ASK)
    p = nth_position(st, reveal_seats(st), j, True)
    return pack(K_REVEAL, a, p >> 8, p & 0xFF, 0, 0)


# -- the hunt window -----------------------------------------------------------------

@cython.cfunc
def group_size(st: bytearray, seat: cython.int) -> cython.Py_ssize_t:
    """A seat's moves in the open window: pass and its throws or pounces; 0 once passed."""
    if (st[PASSED] >> seat) & 1:
        return 0
    kodiak: cython.int = st[KODIAK]
    if seat == kodiak:
        return 1 + st[CARD_COUNT + kodiak] * cards_of(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), False)
    return 1 + st[CARD_COUNT + seat]


@cython.cfunc
def nth_open(st: bytearray, j: cython.Py_ssize_t) -> cython.longlong:
    s: cython.int
    c: cython.Py_ssize_t
    kodiak: cython.int = st[KODIAK]
    mice: cython.Py_ssize_t
    p: cython.int
    for s in range(st[PLAYERS]):
        c = group_size(st, s)
        if j < c:
            if j == 0:
                return pack(K_PASS, s, 0, 0, 0, 0)
            j -= 1
            if s != kodiak:
                return pack(K_THROW, s, nth_slot(st, s, j, False), 0, 0, 0)
            mice = cards_of(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), False)
            p = nth_position(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), j % mice, False)
            return pack(K_POUNCE, s, nth_slot(st, s, j // mice, False), p >> 8, p & 0xFF, 0)
        j -= c
    return -1


# -- the list ------------------------------------------------------------------------

@cython.ccall
def count(st: bytearray) -> cython.Py_ssize_t:
    """The number of legal moves now."""
    phase: cython.int = st[PHASE]
    n: cython.Py_ssize_t = 0
    s: cython.int
    kinds: cython.int
    if phase == P_HUNT:
        if st[HUNT] == H_OPEN:
            for s in range(st[PLAYERS]):
                n += group_size(st, s)
            return n
        if st[HUNT] == H_ESCAPING:
            return 1 + st[CARD_COUNT + st[ESCAPEE]]
        return 1 + st[CARD_COUNT + st[KODIAK]]
    if phase == P_EXCHANGE:
        return st[CARD_COUNT + st[ACTIVE]]
    if phase == P_PICK:
        return st[CARD_COUNT + st[KODIAK]]
    if phase == P_ACTION:
        kinds = action_kinds(st)
        for s in (STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL):
            if kinds & s:
                n += kind_count(st, s)
    return n


@cython.ccall
def nth(st: bytearray, j: cython.Py_ssize_t) -> cython.longlong:
    """The packed move of legal move index j (0 <= j < count(st))."""
    phase: cython.int = st[PHASE]
    s: cython.int
    c: cython.Py_ssize_t
    kinds: cython.int
    seat: cython.int
    if phase == P_HUNT:
        if st[HUNT] == H_OPEN:
            return nth_open(st, j)
        seat = st[ESCAPEE] if st[HUNT] == H_ESCAPING else st[KODIAK]
        if j == 0:
            return pack(K_DONE if st[HUNT] == H_ESCAPING else K_PASS, seat, 0, 0, 0, 0)
        return pack(K_THROW if st[HUNT] == H_ESCAPING else K_COUNTER, seat, nth_slot(st, seat, j - 1, False),
                    0, 0, 0)
    if phase == P_EXCHANGE:
        return pack(K_EXCHANGE, st[ACTIVE], nth_slot(st, st[ACTIVE], j, False), 0, 0, 0)
    if phase == P_PICK:
        return pack(K_PICK, st[KODIAK], nth_slot(st, st[KODIAK], j, False), 0, 0, 0)
    kinds = action_kinds(st)
    for s in (STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL):
        if kinds & s:
            c = kind_count(st, s)
            if j < c:
                return nth_of_kind(st, s, j)
            j -= c
    return -1


@cython.ccall
def find(st: bytearray, move: cython.longlong) -> cython.Py_ssize_t:
    """The index of a packed move in the list, or -1 when it is not legal now (parse_move's lookup)."""
    n: cython.Py_ssize_t = count(st)
    j: cython.Py_ssize_t
    for j in range(n):
        if nth(st, j) == move:
            return j
    return -1


@cython.ccall
def all_moves(st: bytearray) -> list:
    """Every legal move now as a packed move, in list order (describe_moves in one call)."""
    n: cython.Py_ssize_t = count(st)
    j: cython.Py_ssize_t
    return [nth(st, j) for j in range(n)]


@cython.ccall
def unpack(move: cython.longlong) -> tuple:
    """(kind, seat, a, b, c, d) of a packed move."""
    return (move & 0xF, (move >> 4) & 0xF, (move >> 8) & 0xFF, (move >> 16) & 0xFF, (move >> 24) & 0xFF,
            (move >> 32) & 0xFF)


@cython.ccall
def legal_moves(st: bytearray) -> list:
    """Every legal move code now: 0 .. count-1 (see the module docstring for the order)."""
    n: cython.Py_ssize_t = count(st)
    if n <= PRE:
        return CODES[:n]
    return list(range(n))
