"""Kodiak's kernel, turns and rounds (§2, §5, §6, §8): a round is dealt (deal_round), Kodiak's turn starts with
the automatic draw (D4), `exchange` puts the drawn card into a slot and the old card onto the pile (a hairball
beside the table, D5), its action (if any) is played out (§6), then the hunt window (rules_hunt.py); when it
closes the next seat's turn starts. An empty deck at a turn draw (D25) or a seat out of cards (§8.1) ends the
round; after players x cycles rounds the game is over and the last table stays on view. Raw events are tuples
appended to `log` (when it is not None), kind first (declarations.EVENTS).
"""
import cython

from .declarations import CARDS

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the small state helpers every topic inlines (rules_state.pxd); the listing and the window.
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.kodiak.rules_hunt import close_window, open_window
    from cython.cimports.engines.kodiak.rules_list import count_raw
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from ..core import rng
    from .rules_hunt import close_window, open_window
    from .rules_list import count_raw

# Card tables from data/deck.toml (bytes: indexed here directly, a call per lookup would cost more).
cython.declare(RUNES=bytes, POINTS=bytes, ACTION=bytes)
RUNES = CARDS.rune
POINTS = CARDS.points_byte
ACTION = CARDS.action


# -- the deal (§2.1) -------------------------------------------------------------

@cython.cfunc
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
    # ~700 cells cleared: through one raw pointer, not a bytearray's bounds-checked store each.
    raw: cython.p_uchar = st
    for i in range(DECK_SIZE):
        raw[PILE + i] = 0
        raw[KNOWS + i] = 0
        raw[FACE_UP + i] = 0
    for i in range(MAX_SEATS * SLOT_CAP):
        raw[SLOTS + i] = NONE
    for i in range(MAX_SEATS):
        raw[CARD_COUNT + i] = 0
        raw[SLOTS_USED + i] = DEALT if i < n else 0
        raw[BESIDE_COUNT + i] = 0
    for i in range(MAX_SEATS * 4):
        raw[BESIDE + i] = 0
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


# -- round points (§8.2) ----------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def points_of(card: cython.int) -> cython.int:
    p: cython.int = POINTS[card]
    return p - 256 if p >= 128 else p


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


# -- rounds (§2, §8) ---------------------------------------------------------------

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
