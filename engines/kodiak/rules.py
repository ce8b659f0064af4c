"""Kodiak: the compiled rules (the table, the list of legal moves, turns, actions, the hunt window, rounds).

Spec: shared/rules/kodiak.md. Cython pure-Python mode: compiled by setup.py, interpreted
as-is otherwise. One module, so that every call between its parts is a C call (without
.pxd files, a call into another compiled module goes through Python); `game.py` turns the
compact results into views, and into text and events through declarations.py's NOTATION and
EVENTS. Its sections:

- the table: every change of where a card lies goes through these helpers, so the counts
  (`card_count`, `slots_used`), the face-up flags and the knowledge sets stay consistent;
- the list: a move code is its index in the ordered list of the state's legal moves, so
  `legal_moves` is always `[0, 1, ..., count - 1]` (a slice of a prebuilt list: no int
  is made per move) and `apply` decodes the index by walking the same order. A move is
  decoded to a packed integer: kind | seat << 4 | a << 8 | b << 16 | c << 24 | d << 32
  (`pack`/`field`); the arguments per kind are those of declarations.KINDS:
  exchange/lookown/pick/throw/counter (slot), look/reveal (seat, slot),
  swap (seat, slot, seat, slot; slot QUERY = Kodiak picks), pounce (paw slot, seat, slot).
  The order, per phase:
  - exchange: the active seat's slots; kodiak_pick: Kodiak's slots;
  - action: lookown (own slots), look (face-down cards of the other mice), swap (pairs of
    cards of two seats, lower seat first, then for a mouse each mouse card with Kodiak's `?`),
    reveal (face-down cards of the allowed seats); a red king lists the kinds it still may take;
  - hunt open: per seat that has not passed, in seat order: `pass`, then its throws (a mouse)
    or its pounces (Kodiak: paw by paw, each over every mouse card in seat and slot order);
  - hunt escaping: `done`, then the escapee's throws; hunt counter: `pass`, then the counters;
- the hunt window (§7, D12-D19, D26), opened after every turn's exchange (and its action)
  with the rune R of the discarded card, or none when a hairball went beside. Phases:
  open (mice throw cards, the first correct one makes its seat the escapee; Kodiak
  pounces; anyone passes; closes when every participant passed), escaping (only the
  escapee throws more, or says `done`), counter (only Kodiak, `counter <paw>` or `pass`;
  then the window closes). Each window move returns what happens next: WINDOW_GOES_ON,
  WINDOW_CLOSED (the turn ends) or WINDOW_ROUND_OVER (a seat is out of cards at a check point, §8.1);
- turns and rounds: a round is dealt (deal_round), Kodiak's turn starts with the automatic
  draw (D4), `exchange` puts the drawn card into a slot and the old card onto the pile (a
  hairball beside the table, D5), its action (if any) is played out (§6), then the hunt
  window; when it closes the next seat's turn starts. An empty deck at a turn draw (D25) or
  a seat out of cards (§8.1) ends the round; after players x cycles rounds the game is over
  and the last table stays on view;
- the kernel (engines/core/kernel.pxd): whole random playouts in C.

Raw events are tuples appended to `log` (when it is not None), kind first (declarations.EVENTS).
"""
import cython

from .declarations import CARDS

__all__ = ["legal_moves", "new_state", "apply_code", "all_moves", "decode", "index_of", "unpack",
           "move_count", "is_finished", "to_act", "count", "winners", "round_score", "table_points"]

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled.
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.kodiak.rules_codes import kodiak_codes_list  # legal_moves' list (rules_codes.pxd)
else:
    from .offsets import *  # noqa: F403
    from ..core import rng

# Card tables from data/deck.toml (bytes: indexed here directly, a call per lookup would cost more).
cython.declare(RUNES=bytes, POINTS=bytes, ACTION=bytes)
RUNES = CARDS.rune
POINTS = CARDS.points_byte
ACTION = CARDS.action

cython.declare(CODES=list)
CODES = list(range(PRE))


# -- the table: cards, slots, deck, pile, knowledge, the deal, round points ---------------

@cython.ccall
def rune_of(card: cython.int) -> cython.int:
    return RUNES[card]


@cython.ccall
def action_of(card: cython.int) -> cython.int:
    return ACTION[card]


@cython.ccall
def points_of(card: cython.int) -> cython.int:
    p: cython.int = POINTS[card]
    return p - 256 if p >= 128 else p


@cython.ccall
@cython.exceptval(check=False)
def card_at(st: cython.p_uchar, seat: cython.int, slot: cython.int) -> cython.int:
    """The card at seat.slot (NONE when empty or out of range)."""
    if slot < 0 or slot >= SLOT_CAP:
        return NONE
    return st[SLOTS + seat * SLOT_CAP + slot]


@cython.ccall
@cython.exceptval(check=False)
def all_seats(st: cython.p_uchar) -> cython.int:
    """The bitmask of every seat at the table."""
    return (1 << st[PLAYERS]) - 1


@cython.ccall
@cython.exceptval(check=False)
def draw(st: cython.p_uchar) -> cython.int:
    """The top card of the main deck, taken off it; NONE when the deck is empty (never reshuffled, D25).
    Its cell is cleared: the deck before `deck_top` is never read, and a drawn card left there would ride
    in every token (runs of 0 pack small) and make equal positions encode differently."""
    top: cython.Py_ssize_t = st[DECK_TOP]
    if top >= DECK_SIZE:
        return NONE
    card: cython.int = st[DECK + top]
    st[DECK + top] = 0
    st[DECK_TOP] = top + 1
    return card


@cython.ccall
@cython.exceptval(check=False)
def pile_push(st: cython.p_uchar, card: cython.int) -> cython.void:
    """Put a card face up onto the discard pile."""
    n: cython.Py_ssize_t = st[PILE_COUNT]
    st[PILE + n] = card
    st[PILE_COUNT] = n + 1


@cython.ccall
@cython.exceptval(check=False)
def take(st: cython.p_uchar, seat: cython.int, slot: cython.int) -> cython.int:
    """Remove and return the card at seat.slot (the slot stays, empty; its face-up flag goes with the card)."""
    at: cython.Py_ssize_t = SLOTS + seat * SLOT_CAP + slot
    card: cython.int = st[at]
    st[at] = NONE
    st[CARD_COUNT + seat] -= 1
    st[FACE_UP + card] = 0
    # A taken card goes to the pile or beside the table for the rest of the round, where who knows it is never
    # read: cleared so that it leaves no trace in the token.
    st[KNOWS + card] = 0
    return card


@cython.ccall
@cython.exceptval(check=False)
def put(st: cython.p_uchar, seat: cython.int, slot: cython.int, card: cython.int) -> cython.void:
    """Put a card face down into the empty slot seat.slot."""
    st[SLOTS + seat * SLOT_CAP + slot] = card
    st[CARD_COUNT + seat] += 1
    st[FACE_UP + card] = 0


@cython.ccall
@cython.exceptval(check=False)
def lay_beside(st: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    """A hairball exchanged out lies face up beside the seat's table (D5)."""
    n: cython.Py_ssize_t = st[BESIDE_COUNT + seat]
    st[BESIDE + seat * 4 + n] = card
    st[BESIDE_COUNT + seat] = n + 1


@cython.ccall
def penalty(st: cython.p_uchar, seat: cython.int, log: object) -> cython.bint:
    """An unseen penalty card into the seat's next new slot (D15, D16); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == NONE:
        return False
    slot: cython.int = st[SLOTS_USED + seat]
    st[SLOTS_USED + seat] = slot + 1
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    if log is not None:
        log.append((EV_PENALTY, seat, slot))
    return True


@cython.ccall
def replace_into(st: cython.p_uchar, seat: cython.int, slot: cython.int) -> cython.bint:
    """An unseen card from the deck into the emptied seat.slot (D19); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == NONE:
        return False
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    return True


@cython.ccall
@cython.exceptval(check=False)
def make_public(st: cython.p_uchar, card: cython.int) -> cython.void:
    """The whole table was shown the card (turned up, or revealed and returned, §9): every seat and the
    spectators know it, wherever public swaps take it."""
    st[KNOWS + card] = all_seats(st) | SHOWN


@cython.ccall
def matches(paw: cython.int, rune: cython.int) -> cython.bint:
    """A paw catches a card of `rune`: a hairball always (joker, §7.4), else the same rune."""
    return RUNES[paw] == BALL or RUNES[paw] == rune


# -- the deal (§2.1) -------------------------------------------------------------

@cython.ccall
def deal_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Empty the table and deal a round: `order` (72 cards, top first) rigs it, else shuffle with the RNG."""
    n: cython.int = st[PLAYERS]
    i: cython.Py_ssize_t
    if len(order) == DECK_SIZE:
        for i in range(DECK_SIZE):
            st[DECK + i] = order[i]
    else:
        for i in range(DECK_SIZE):
            st[DECK + i] = i
        rng.shuffle(st, RNG, DECK, DECK_SIZE)
    st[DECK_TOP] = 0
    st[PILE_COUNT] = 0
    for i in range(DECK_SIZE):
        st[PILE + i] = 0
        st[KNOWS + i] = 0
        st[FACE_UP + i] = 0
    for i in range(MAX_SEATS * SLOT_CAP):
        st[SLOTS + i] = NONE
    for i in range(MAX_SEATS):
        st[CARD_COUNT + i] = 0
        st[SLOTS_USED + i] = DEALT if i < n else 0
        st[BESIDE_COUNT + i] = 0
    for i in range(MAX_SEATS * 4):
        st[BESIDE + i] = 0
    st[CATCHES] = 0
    kodiak: cython.int = st[KODIAK]
    k: cython.int
    j: cython.int
    for k in range(DEALT):
        for j in range(n):
            put(st, (kodiak + 1 + j) % n, k, draw(st))
    for j in range(n):  # the initial look at slot 0 (D3)
        st[KNOWS + card_at(st, j, 0)] = 1 << j
    if log is not None:
        for j in range(n):
            log.append((EV_DEAL, st[ROUND], kodiak, j, n, DECK_SIZE - st[DECK_TOP], card_at(st, j, 0)))


@cython.ccall
@cython.exceptval(check=False)
def table_points(st: cython.p_uchar, seat: cython.int) -> cython.int:
    """The points of a seat's table cards (a hairball in the table is 10)."""
    total: cython.int = 0
    base: cython.Py_ssize_t = SLOTS + seat * SLOT_CAP
    k: cython.Py_ssize_t
    for k in range(st[SLOTS_USED + seat]):
        if st[base + k] != NONE:
            total += points_of(st[base + k])
    return total


@cython.ccall
@cython.exceptval(check=False)
def round_score(st: cython.p_uchar, seat: cython.int) -> cython.int:
    """A seat's round score now (§8.2, D21): table points + 5 per hairball beside, Kodiak -5 per catch."""
    score: cython.int = table_points(st, seat) + 5 * st[BESIDE_COUNT + seat]
    if seat == st[KODIAK]:
        score -= 5 * st[CATCHES]
    return score


# -- the list of legal moves (§4-§7) ---------------------------------------------------

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


@cython.cfunc
@cython.exceptval(check=False)
def count_raw(st: cython.p_uchar) -> cython.Py_ssize_t:
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
def legal_moves(st: bytearray) -> list:
    """Every legal move code now: 0 .. count-1 (see the module docstring for the order)."""
    n: cython.Py_ssize_t = count(st)
    if n <= PRE:
        if not cython.compiled:
            return CODES[:n]
        return kodiak_codes_list(CODES, n)  # a list the caller dropped, reused (codes.pxd says when that is safe)
    return list(range(n))


# -- the hunt window (§7) ---------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def mice(st: cython.p_uchar) -> cython.int:
    return ((1 << st[PLAYERS]) - 1) & ~(1 << st[KODIAK])


@cython.ccall
def open_window(st: cython.p_uchar, rune: cython.int, log: object) -> cython.void:
    """Open the window with rune R (NONE: a hairball went beside, only Kodiak takes part, D12)."""
    st[PHASE] = P_HUNT
    st[HUNT] = H_OPEN
    st[RUNE] = rune
    st[ESCAPEE] = NONE
    st[THROWN] = 0
    st[PASSED] = mice(st) if rune == NONE else 0
    if log is not None:
        log.append((EV_WINDOW_OPENED, rune))


@cython.ccall
def close_window(st: cython.p_uchar, log: object) -> cython.void:
    """Forget the window's record."""
    i: cython.Py_ssize_t
    st[HUNT] = H_OPEN
    st[RUNE] = NONE
    st[ESCAPEE] = NONE
    st[THROWN] = 0
    st[PASSED] = 0
    for i in range(ESCAPE_MAX):
        st[ESCAPE_SLOTS + i] = 0
    if log is not None:
        log.append((EV_WINDOW_CLOSED,))


@cython.cfunc
@cython.exceptval(check=False)
def after_open_move(st: cython.p_uchar) -> cython.int:
    """The open window closes once every participant passed (mice without cards take no part)."""
    s: cython.int
    waiting: cython.int = ((1 << st[PLAYERS]) - 1) & ~st[PASSED]
    for s in range(st[PLAYERS]):
        if st[CARD_COUNT + s] == 0:
            waiting &= ~(1 << s)
    return WINDOW_CLOSED if waiting == 0 else WINDOW_GOES_ON


@cython.cfunc
def escape_throw(st: cython.p_uchar, m: cython.int, slot: cython.int, card: cython.int, log: object) -> cython.void:
    """A correct throw: the card onto the pile, its slot remembered for a counter (§7.1, §7.2)."""
    n: cython.int = st[THROWN]
    take(st, m, slot)
    pile_push(st, card)
    if n < ESCAPE_MAX:
        st[ESCAPE_SLOTS + n] = slot
    st[THROWN] = n + 1
    st[ESCAPEE] = m
    if log is not None:
        log.append((EV_THROWN, m, slot, card, True))
    st[HUNT] = H_COUNTER if st[CARD_COUNT + m] == 0 else H_ESCAPING


@cython.ccall
def throw(st: cython.p_uchar, m: cython.int, slot: cython.int, log: object) -> cython.int:
    """`throw <slot>` by mouse m, in the open window or as the escapee."""
    card: cython.int = card_at(st, m, slot)
    if RUNES[card] == st[RUNE]:
        escape_throw(st, m, slot, card, log)
        return WINDOW_GOES_ON
    make_public(st, card)  # revealed and returned to its slot, face up only if it was (D16)
    if log is not None:
        log.append((EV_THROWN, m, slot, card, False))
    got: cython.bint = penalty(st, m, log)
    if st[HUNT] == H_ESCAPING:
        st[HUNT] = H_COUNTER  # a wrong throw ends the escape (§7.2)
        return WINDOW_GOES_ON
    if not got:
        st[PASSED] |= 1 << m
    return after_open_move(st)


@cython.ccall
def done(st: cython.p_uchar, m: cython.int, log: object) -> cython.int:
    """`done`: the escapee stops throwing; Kodiak may counter (§7.2)."""
    st[HUNT] = H_COUNTER
    if log is not None:
        log.append((EV_ESCAPE_DONE, m))
    return WINDOW_GOES_ON


@cython.ccall
def pounce(st: cython.p_uchar, paw_slot: cython.int, t: cython.int, slot: cython.int, log: object) -> cython.int:
    """`pounce <paw> t.k` (§7.1, D13-D15, D19): a hairball or the same rune catches."""
    kodiak: cython.int = st[KODIAK]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    target: cython.int = card_at(st, t, slot)
    replaced: cython.bint
    if matches(paw, RUNES[target]):
        take(st, t, slot)
        take(st, kodiak, paw_slot)
        pile_push(st, target)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_POUNCE, kodiak, paw_slot, (t, slot), paw, target, True))
        replaced = replace_into(st, t, slot)
        if replaced and log is not None:
            log.append((EV_REPLACEMENT, t, (slot,)))
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + t] == 0:
            return WINDOW_ROUND_OVER
        return WINDOW_GOES_ON
    make_public(st, paw)
    make_public(st, target)
    if log is not None:
        log.append((EV_POUNCE, kodiak, paw_slot, (t, slot), paw, target, False))
    if not penalty(st, kodiak, log):
        st[PASSED] |= 1 << kodiak
    return after_open_move(st)


@cython.cfunc
def refill(st: cython.p_uchar, m: cython.int, log: object) -> cython.int:
    """The escapee takes `thrown` unseen cards into the slots its escape emptied, lowest first (D18)."""
    n: cython.int = st[THROWN]
    if n > ESCAPE_MAX:
        n = ESCAPE_MAX
    order: list = sorted([st[ESCAPE_SLOTS + i] for i in range(n)])
    filled: list = []
    for slot in order:
        if replace_into(st, m, slot):
            filled.append(slot)
    if filled and log is not None:
        log.append((EV_REPLACEMENT, m, tuple(filled)))
    return len(filled)


@cython.ccall
def counter(st: cython.p_uchar, paw_slot: cython.int, log: object) -> cython.int:
    """`counter <paw>`: Kodiak's late attack on the escape (§7.3): one catch, the escapee draws back."""
    kodiak: cython.int = st[KODIAK]
    m: cython.int = st[ESCAPEE]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    drawn: cython.int = 0
    if matches(paw, st[RUNE]):
        take(st, kodiak, paw_slot)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_COUNTER, kodiak, paw_slot, paw, True, st[THROWN]))
        drawn = refill(st, m, log)
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + m] == 0:
            return WINDOW_ROUND_OVER
        return WINDOW_CLOSED
    make_public(st, paw)
    if log is not None:
        log.append((EV_COUNTER, kodiak, paw_slot, paw, False, 0))
    penalty(st, kodiak, log)
    return escape_stands(st)


@cython.ccall
def pass_move(st: cython.p_uchar, seat: cython.int, log: object) -> cython.int:
    """`pass`: in the open window the seat joins `passed`; at the counter, the escape stands."""
    if log is not None:
        log.append((EV_PASSED, seat))
    if st[HUNT] == H_COUNTER:
        return escape_stands(st)
    st[PASSED] |= 1 << seat
    return after_open_move(st)


@cython.cfunc
@cython.exceptval(check=False)
def escape_stands(st: cython.p_uchar) -> cython.int:
    """The window closes; a mouse that threw its last card ends the round now (D18)."""
    return WINDOW_ROUND_OVER if st[CARD_COUNT + st[ESCAPEE]] == 0 else WINDOW_CLOSED


@cython.ccall
def move_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves applied since setup (the state's version counter)."""
    check_size(st)
    return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (st[MOVES + 3] << 24)


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
def get_total(st: bytearray, seat: cython.int) -> cython.int:
    """A seat's total over the rounds scored so far."""
    off: cython.Py_ssize_t = TOTALS + 4 * seat
    v: cython.longlong = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (cython.cast(cython.longlong,
                                                                                          st[off + 3]) << 24)
    return v - 0x100000000 if v >= 0x80000000 else v


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


@cython.cfunc
@cython.exceptval(check=False)
def put_int(st: cython.p_uchar, off: cython.Py_ssize_t, v: cython.longlong, width: cython.int) -> cython.void:
    u: cython.longlong = v + (1 << (8 * width)) if v < 0 else v
    i: cython.int
    for i in range(width):
        st[off + i] = (u >> (8 * i)) & 0xFF


# -- setup and rounds (§2, §8) -----------------------------------------------------

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


@cython.cfunc
def start_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Deal round `round` with its Kodiak (D22) and start Kodiak's turn."""
    st[KODIAK] = (st[FIRST_KODIAK] + st[ROUND]) % st[PLAYERS]
    st[ACTIVE] = st[KODIAK]
    st[ACTION_CARD] = NONE
    st[PICK_SEAT] = NONE
    st[PICK_SLOT] = NONE
    close_window(st, None)
    deal_round(st, order, log)
    start_turn(st, log)


@cython.cfunc
def start_turn(st: bytearray, log: object) -> cython.void:
    """The automatic draw (D4); an empty deck ends the round before the turn (D25)."""
    card: cython.int = draw(st)
    if card == NONE:
        st[HELD] = NONE
        end_round(st, END_DECK_EMPTY, log)
        return
    st[HELD] = card
    st[KNOWS + card] = 1 << st[ACTIVE]
    st[PHASE] = P_EXCHANGE
    if log is not None:
        log.append((EV_DREW, st[ACTIVE], card))


@cython.cfunc
def end_round(st: bytearray, reason: cython.int, log: object) -> cython.void:
    """Score the round (§8.2), then deal the next one or end the game (§8.4)."""
    n: cython.int = st[PLAYERS]
    r: cython.int = st[ROUND]
    s: cython.int
    score: cython.int
    scores: list = []
    for s in range(n):
        score = round_score(st, s)
        scores.append(score)
        put_int(st, ROUND_SCORES + 2 * (r * MAX_SEATS + s), score, 2)
        put_int(st, TOTALS + 4 * s, get_total(st, s) + score, 4)
    if log is not None:
        log.append((EV_ROUND_END, r, reason, st[KODIAK], table_cards(st), beside_cards(st), st[CATCHES],
                    tuple(scores), tuple([get_total(st, i) for i in range(n)])))
    close_window(st, None)
    st[HELD] = NONE
    st[ACTION_CARD] = NONE
    st[STEPS_LEFT] = 0
    st[STEPS_DONE] = 0
    st[PICK_SEAT] = NONE
    st[PICK_SLOT] = NONE
    st[ENDED] = reason
    st[ROUND] = r + 1
    if r + 1 >= n * st[CYCLES]:
        st[PHASE] = P_GAME_OVER
        if log is not None:
            totals: tuple = tuple([get_total(st, i) for i in range(n)])
            log.append((EV_GAME_END, totals, totals, totals))
        return
    start_round(st, b"", log)


def table_cards(st: bytearray) -> tuple:
    """Per seat, its (slot, card) pairs in slot order."""
    return tuple(tuple((k, st[SLOTS + s * SLOT_CAP + k]) for k in range(st[SLOTS_USED + s])
                       if st[SLOTS + s * SLOT_CAP + k] != NONE) for s in range(st[PLAYERS]))


def beside_cards(st: bytearray) -> tuple:
    """Per seat, the hairballs laid beside its table."""
    return tuple(tuple(st[BESIDE + 4 * s + i] for i in range(st[BESIDE_COUNT + s])) for s in range(st[PLAYERS]))


@cython.cfunc
def end_turn(st: bytearray, log: object) -> cython.void:
    st[ACTIVE] = (st[ACTIVE] + 1) % st[PLAYERS]
    start_turn(st, log)


# -- the turn: exchange and actions (§5, §6) ---------------------------------------------

@cython.cfunc
def exchange(st: bytearray, slot: cython.int, log: object) -> cython.void:
    a: cython.int = st[ACTIVE]
    card: cython.int = st[HELD]
    old: cython.int = take(st, a, slot)
    put(st, a, slot, card)
    st[HELD] = NONE
    beside: cython.bint = RUNES[old] == BALL
    if log is not None:
        log.append((EV_EXCHANGED, a, slot, old, beside))
    if beside:
        lay_beside(st, a, old)  # D5: no discard, no action, no window rune
        open_window(st, NONE, log)
        return
    pile_push(st, old)
    if ACTION[old] == 0:
        open_window(st, RUNES[old], log)
        return
    st[ACTION_CARD] = old
    st[STEPS_LEFT] = 2 if ACTION[old] == A_TWO_ACTIONS else 1
    st[STEPS_DONE] = 0
    st[PHASE] = P_ACTION
    if log is not None:
        log.append((EV_ACTION, a, old, old))
    if count_raw(st) == 0:
        end_action(st, True, log)


@cython.cfunc
def end_action(st: bytearray, lapsed: cython.bint, log: object) -> cython.void:
    """The action is done (or its step lapsed for want of a target, §6): the window opens (D7)."""
    card: cython.int = st[ACTION_CARD]
    if lapsed and log is not None:
        log.append((EV_ACTION_LAPSED, st[ACTIVE], card, card))
    st[ACTION_CARD] = NONE
    st[STEPS_LEFT] = 0
    st[STEPS_DONE] = 0
    open_window(st, RUNES[card], log)


@cython.cfunc
def step_done(st: bytearray, step: cython.int, log: object) -> cython.void:
    st[PHASE] = P_ACTION
    st[STEPS_DONE] |= step
    st[STEPS_LEFT] -= 1
    if st[STEPS_LEFT] == 0:
        end_action(st, False, log)
    elif count_raw(st) == 0:
        end_action(st, True, log)


@cython.cfunc
def turn_up(st: bytearray, t: cython.int, slot: cython.int, log: object) -> cython.void:
    """`look` and `reveal`: the card lies face up for everyone until it leaves the slot (D8, D9)."""
    card: cython.int = card_at(st, t, slot)
    st[FACE_UP + card] = 1
    make_public(st, card)
    if log is not None:
        log.append((EV_TURNED_UP, st[ACTIVE], (t, slot), card))


@cython.cfunc
def swap_cards(st: bytearray, t1: cython.int, k1: cython.int, t2: cython.int, k2: cython.int,
               log: object) -> cython.void:
    """Two cards exchange positions face down; knowledge follows them, or is lost (memory_aid slot)."""
    a: cython.Py_ssize_t = SLOTS + t1 * SLOT_CAP + k1
    b: cython.Py_ssize_t = SLOTS + t2 * SLOT_CAP + k2
    first: cython.int = st[a]
    second: cython.int = st[b]
    st[a] = second
    st[b] = first
    st[FACE_UP + first] = 0
    st[FACE_UP + second] = 0
    if st[MEMORY_AID] == M_SLOT:
        st[KNOWS + first] = 0
        st[KNOWS + second] = 0
    if log is not None:
        log.append((EV_SWAPPED, st[ACTIVE], ((t1, k1), (t2, k2))))


@cython.cfunc
def play_action(st: bytearray, kind: cython.int, a: cython.int, b: cython.int, c: cython.int, d: cython.int,
                log: object) -> cython.void:
    seat: cython.int = st[ACTIVE]
    card: cython.int
    if kind == K_LOOKOWN:
        card = card_at(st, seat, a)
        st[KNOWS + card] |= 1 << seat
        if log is not None:
            log.append((EV_LOOKED_OWN, seat, a, card))
        step_done(st, STEP_OWN, log)
    elif kind == K_LOOK:
        turn_up(st, a, b, log)
        step_done(st, STEP_OTHER, log)
    elif kind == K_REVEAL:
        turn_up(st, a, b, log)
        step_done(st, STEP_REVEAL, log)
    elif d == QUERY:
        st[PICK_SEAT] = a
        st[PICK_SLOT] = b
        st[PHASE] = P_KODIAK_PICK
        if log is not None:
            log.append((EV_SWAP_ASKED, seat, (a, b)))
    else:
        swap_cards(st, a, b, c, d, log)
        step_done(st, STEP_SWAP, log)


@cython.cfunc
def pick(st: bytearray, slot: cython.int, log: object) -> cython.void:
    """Kodiak completes a mouse's `swap t.k K.?` with his own slot (D10)."""
    swap_cards(st, st[PICK_SEAT], st[PICK_SLOT], st[KODIAK], slot, log)
    st[PICK_SEAT] = NONE
    st[PICK_SLOT] = NONE
    step_done(st, STEP_SWAP, log)


@cython.cfunc
def window_move(st: bytearray, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int, c: cython.int,
                log: object) -> cython.void:
    outcome: cython.int
    if kind == K_THROW:
        outcome = throw(st, seat, a, log)
    elif kind == K_POUNCE:
        outcome = pounce(st, a, b, c, log)
    elif kind == K_COUNTER:
        outcome = counter(st, a, log)
    elif kind == K_DONE:
        outcome = done(st, seat, log)
    else:
        outcome = pass_move(st, seat, log)
    if outcome == WINDOW_CLOSED:
        close_window(st, log)
        end_turn(st, log)
    elif outcome == WINDOW_ROUND_OVER:
        end_round(st, END_OUT_OF_CARDS, log)


# -- applying a listed move -------------------------------------------------------------

def apply_code(st: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply `code` when it is listed now: 0, else NOT_LISTED with `st` untouched. Raw event tuples are appended
    to `log` when it is a list (the core's apply_in_place, engines/core/kernel.py, names them)."""
    return _apply(st, code, log)


cython.declare(NOT_LISTED=cython.int)
NOT_LISTED = 1  # the one refusal: past Game.reason_codes, so Game.unlisted says "not in legal_moves"


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
        window_move(st, kind, seat, a, field(move, 3), field(move, 4), log)
    put_int(st, MOVES, move_count(st) + 1, 4)


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
    from cython.cimports.engines.core import kernel

    KERNEL = kernel.export_counted(_count, _step, _outcome, MAX_SEATS, _apply)
else:
    KERNEL = None
