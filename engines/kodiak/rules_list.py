"""Kodiak's kernel, the list of legal moves (§4-§7): `count_raw` counts the moves of a state and `nth_raw`
decodes the j-th of them, walking the same order, so the list needs no room of its own.

A move is decoded to a packed integer: kind | seat << 4 | a << 8 | b << 16 | c << 24 | d << 32
(rules_state.pxd's `pack`/`field`); the arguments per kind are those of declarations.KINDS:
exchange/lookown/pick/throw/counter (slot), look/reveal (seat, slot), swap (seat, slot, seat, slot; slot
QUERY = Kodiak picks), pounce (paw slot, seat, slot). The order, per phase:
- exchange: the active seat's slots; kodiak_pick: Kodiak's slots;
- action: lookown (own slots), look (face-down cards of the other mice), swap (pairs of cards of two seats,
  lower seat first, then for a mouse each mouse card with Kodiak's `?`), reveal (face-down cards of the
  allowed seats); a red king lists the kinds it still may take;
- hunt open: per seat that has not passed, in seat order: `pass`, then its throws (a mouse) or its pounces
  (Kodiak: paw by paw, each over every mouse card in seat and slot order);
- hunt escaping: `done`, then the escapee's throws; hunt counter: `pass`, then the counters.
"""
import cython

from .declarations import CARDS

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the small state helpers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403

# The cards' actions from data/deck.toml (bytes: indexed here directly, a call per lookup would cost more).
cython.declare(ACTION=bytes)
ACTION = CARDS.action


# -- counting cards ----------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def nth_slot(st: cython.p_uchar, seat: cython.int, j: cython.Py_ssize_t, down_only: cython.bint) -> cython.int:
    """The slot of the seat's j-th card (slot order), or of its j-th face-down card."""
    base: cython.Py_ssize_t = SLOTS + seat * SLOT_CAP
    k: cython.Py_ssize_t
    card: cython.int
    for k in range(st[SLOTS_USED + seat]):
        card = st[base + k]
        if card != NONE and not (down_only and st[FACE_UP + card]):
            if j == 0:
                return k
            j -= 1
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def down_count(st: cython.p_uchar, seat: cython.int) -> cython.Py_ssize_t:
    """The seat's face-down cards."""
    base: cython.Py_ssize_t = SLOTS + seat * SLOT_CAP
    k: cython.Py_ssize_t
    card: cython.int
    n: cython.Py_ssize_t = 0
    for k in range(st[SLOTS_USED + seat]):
        card = st[base + k]
        if card != NONE and not st[FACE_UP + card]:
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def cards_of(st: cython.p_uchar, seats: cython.int, down_only: cython.bint) -> cython.Py_ssize_t:
    """Cards (or face-down cards) of the seats in the bitmask."""
    n: cython.Py_ssize_t = 0
    s: cython.int
    for s in range(st[PLAYERS]):
        if (seats >> s) & 1:
            n += down_count(st, s) if down_only else st[CARD_COUNT + s]
    return n


@cython.cfunc
@cython.exceptval(check=False)
def nth_position(st: cython.p_uchar, seats: cython.int, j: cython.Py_ssize_t, down_only: cython.bint) -> cython.int:
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
@cython.exceptval(check=False)
def pair_count(st: cython.p_uchar, seats: cython.int) -> cython.Py_ssize_t:
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
@cython.exceptval(check=False)
def nth_pair(st: cython.p_uchar, seat: cython.int, seats: cython.int, j: cython.Py_ssize_t) -> cython.longlong:
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

@cython.cfunc
@cython.exceptval(check=False)
def action_kinds(st: cython.p_uchar) -> cython.int:
    """The step kinds the pending action allows now: bits STEP_*."""
    act: cython.int = ACTION[st[ACTION_CARD]]
    if act == A_LOOK_OWN:
        return STEP_OWN
    if act == A_LOOK_OTHER:
        return STEP_OTHER
    if act == A_SWAP:
        return STEP_SWAP
    if act == A_TWO_ACTIONS:
        return (STEP_OWN | STEP_OTHER | STEP_SWAP) & ~st[STEPS_DONE]
    if act == A_REVEAL:
        return STEP_REVEAL
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def look_seats(st: cython.p_uchar) -> cython.int:
    """Seats `look` may target: the mice other than the actor (D8)."""
    return ((1 << st[PLAYERS]) - 1) & ~(1 << st[KODIAK]) & ~(1 << st[ACTIVE])


@cython.cfunc
@cython.exceptval(check=False)
def reveal_seats(st: cython.p_uchar) -> cython.int:
    """Seats the blue king may target: every other seat, Kodiak only with option blue_king_kodiak (D9)."""
    seats: cython.int = ((1 << st[PLAYERS]) - 1) & ~(1 << st[ACTIVE])
    if not st[BLUE_KING_KODIAK]:
        seats &= ~(1 << st[KODIAK])
    return seats


@cython.cfunc
@cython.exceptval(check=False)
def swap_seats(st: cython.p_uchar) -> cython.int:
    """Seats whose cards the actor names in a swap: all for Kodiak; for a mouse, the mice (Kodiak picks, D10)."""
    seats: cython.int = (1 << st[PLAYERS]) - 1
    if st[ACTIVE] != st[KODIAK]:
        seats &= ~(1 << st[KODIAK])
    return seats


@cython.cfunc
@cython.exceptval(check=False)
def swap_count(st: cython.p_uchar) -> cython.Py_ssize_t:
    seats: cython.int = swap_seats(st)
    n: cython.Py_ssize_t = pair_count(st, seats)
    if st[ACTIVE] != st[KODIAK]:
        n += cards_of(st, seats, False)  # each mouse card with Kodiak's `?`
    return n


@cython.cfunc
@cython.exceptval(check=False)
def kind_count(st: cython.p_uchar, step: cython.int) -> cython.Py_ssize_t:
    """Legal moves of one action step kind (STEP_*)."""
    if step == STEP_OWN:
        return st[CARD_COUNT + st[ACTIVE]]
    if step == STEP_OTHER:
        return cards_of(st, look_seats(st), True)
    if step == STEP_SWAP:
        return swap_count(st)
    return cards_of(st, reveal_seats(st), True)


@cython.cfunc
@cython.exceptval(check=False)
def nth_of_kind(st: cython.p_uchar, step: cython.int, j: cython.Py_ssize_t) -> cython.longlong:
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
        return pack(K_SWAP, a, p >> 8, p & 0xFF, st[KODIAK], QUERY)
    p = nth_position(st, reveal_seats(st), j, True)
    return pack(K_REVEAL, a, p >> 8, p & 0xFF, 0, 0)


# -- the hunt window's moves ---------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def group_size(st: cython.p_uchar, seat: cython.int) -> cython.Py_ssize_t:
    """A seat's moves in the open window: pass and its throws or pounces; 0 once passed."""
    if (st[PASSED] >> seat) & 1:
        return 0
    kodiak: cython.int = st[KODIAK]
    if seat == kodiak:
        return 1 + st[CARD_COUNT + kodiak] * cards_of(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), False)
    return 1 + st[CARD_COUNT + seat]


@cython.cfunc
@cython.exceptval(check=False)
def nth_open(st: cython.p_uchar, j: cython.Py_ssize_t) -> cython.longlong:
    s: cython.int
    c: cython.Py_ssize_t
    kodiak: cython.int = st[KODIAK]
    mouse_cards: cython.Py_ssize_t
    p: cython.int
    for s in range(st[PLAYERS]):
        c = group_size(st, s)
        if j < c:
            if j == 0:
                return pack(K_PASS, s, 0, 0, 0, 0)
            j -= 1
            if s != kodiak:
                return pack(K_THROW, s, nth_slot(st, s, j, False), 0, 0, 0)
            mouse_cards = cards_of(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), False)
            p = nth_position(st, ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak), j % mouse_cards, False)
            return pack(K_POUNCE, s, nth_slot(st, s, j // mouse_cards, False), p >> 8, p & 0xFF, 0)
        j -= c
    return -1


# -- the list ------------------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def count_raw(st: cython.p_uchar) -> cython.Py_ssize_t:
    """The number of legal moves now (the state's size already checked)."""
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
    if phase == P_KODIAK_PICK:
        return st[CARD_COUNT + st[KODIAK]]
    if phase == P_ACTION:
        kinds = action_kinds(st)
        for s in (STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL):
            if kinds & s:
                n += kind_count(st, s)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def nth_raw(st: cython.p_uchar, j: cython.Py_ssize_t) -> cython.longlong:
    """The packed move of legal move index j (0 <= j < count_raw(st))."""
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
    if phase == P_KODIAK_PICK:
        return pack(K_PICK, st[KODIAK], nth_slot(st, st[KODIAK], j, False), 0, 0, 0)
    kinds = action_kinds(st)
    for s in (STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL):
        if kinds & s:
            c = kind_count(st, s)
            if j < c:
                return nth_of_kind(st, s, j)
            j -= c
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def cards_into(st: cython.p_uchar, seats: cython.int, down_only: cython.bint, kind: cython.longlong,
               seat: cython.int, tail: cython.longlong, out: cython.p_longlong, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Write, per card (or face-down card) of the seats in the bitmask in seat and slot order, the move `kind` by
    `seat` on it (its position as fields a, b; `tail`: the packed fields after them); the new count."""
    s: cython.int
    k: cython.Py_ssize_t
    card: cython.int
    for s in range(st[PLAYERS]):
        if (seats >> s) & 1:
            for k in range(st[SLOTS_USED + s]):
                card = st[SLOTS + s * SLOT_CAP + k]
                if card != NONE and not (down_only and st[FACE_UP + card]):
                    out[n] = pack(kind, seat, s, k, 0, 0) | tail
                    n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def slots_into(st: cython.p_uchar, seat: cython.int, kind: cython.longlong, by: cython.int,
               out: cython.p_longlong, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Write the move `kind` by `by` on each card slot of `seat` (field a), in slot order; the new count."""
    k: cython.Py_ssize_t
    for k in range(st[SLOTS_USED + seat]):
        if st[SLOTS + seat * SLOT_CAP + k] != NONE:
            out[n] = pack(kind, by, k, 0, 0, 0)
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def list_into(st: cython.p_uchar, out: cython.p_longlong) -> cython.Py_ssize_t:
    """Write every legal move now into `out` (room for count_raw(st)), in nth_raw's order, in one pass."""
    phase: cython.int = st[PHASE]
    kodiak: cython.int = st[KODIAK]
    a: cython.int = st[ACTIVE]
    n: cython.Py_ssize_t = 0
    s: cython.int
    t: cython.int
    k: cython.Py_ssize_t
    mice_: cython.int = ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak)
    kinds: cython.int
    seats: cython.int
    if phase == P_HUNT:
        if st[HUNT] == H_OPEN:
            for s in range(st[PLAYERS]):
                if (st[PASSED] >> s) & 1:
                    continue
                out[n] = pack(K_PASS, s, 0, 0, 0, 0)
                n += 1
                if s != kodiak:
                    n = slots_into(st, s, K_THROW, s, out, n)
                    continue
                for k in range(st[SLOTS_USED + s]):
                    if st[SLOTS + s * SLOT_CAP + k] != NONE:
                        t = n
                        n = cards_into(st, mice_, False, K_POUNCE, s, 0, out, n)
                        while t < n:  # the paw first: pounce <paw> t.k packs (paw, seat, slot)
                            out[t] = pack(K_POUNCE, s, k, field(out[t], 2), field(out[t], 3), 0)
                            t += 1
            return n
        s = st[ESCAPEE] if st[HUNT] == H_ESCAPING else kodiak
        out[0] = pack(K_DONE if st[HUNT] == H_ESCAPING else K_PASS, s, 0, 0, 0, 0)
        return slots_into(st, s, K_THROW if st[HUNT] == H_ESCAPING else K_COUNTER, s, out, 1)
    if phase == P_EXCHANGE:
        return slots_into(st, a, K_EXCHANGE, a, out, 0)
    if phase == P_KODIAK_PICK:
        return slots_into(st, kodiak, K_PICK, kodiak, out, 0)
    if phase != P_ACTION:
        return 0
    kinds = action_kinds(st)
    if kinds & STEP_OWN:
        n = slots_into(st, a, K_LOOKOWN, a, out, n)
    if kinds & STEP_OTHER:
        n = cards_into(st, look_seats(st), True, K_LOOK, a, 0, out, n)
    if kinds & STEP_SWAP:
        seats = swap_seats(st)
        for s in range(st[PLAYERS]):
            if not (seats >> s) & 1:
                continue
            seats &= ~(1 << s)  # the partners lie in higher seats
            for k in range(st[SLOTS_USED + s]):
                if st[SLOTS + s * SLOT_CAP + k] != NONE:
                    t = n
                    n = cards_into(st, seats, False, K_SWAP, a, 0, out, n)
                    while t < n:  # this card first: swap s.k t.k2 packs (s, k, t, k2)
                        out[t] = pack(K_SWAP, a, s, k, field(out[t], 2), field(out[t], 3))
                        t += 1
        if a != kodiak:  # each mouse card with Kodiak's `?`
            n = cards_into(st, swap_seats(st), False, K_SWAP, a, pack(0, 0, 0, 0, kodiak, QUERY), out, n)
    if kinds & STEP_REVEAL:
        n = cards_into(st, reveal_seats(st), True, K_REVEAL, a, 0, out, n)
    return n
