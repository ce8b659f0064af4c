"""Cambio's kernel, the moves' effects: the deal, the deck and table, each kind's effect, snap windows, the turn's
and the round's end. Raw event tuples go to `log` when it is a list, their fields in the order declarations.EVENTS
declares them (a position packed as seat * 256 + slot)."""
import cython

if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.cambio.rules_moves import (action_count, everyone, get16, open_count, pick_count,
                                                            put16, raw, turn_mask)
    from cython.cimports.engines.cambio.rules_score import get_total, put_total, round_into
else:
    from .offsets import *  # noqa: F403
    from ..core import rng
    from .rules_moves import action_count, everyone, get16, open_count, pick_count, put16, raw, turn_mask
    from .rules_score import get_total, put_total, round_into
from . import declarations as D
from .rules_score import totals, winners

cython.declare(RUNE_OF=bytes, ACTION_OF=bytes)
RUNE_OF, ACTION_OF = D.RUNE_OF, D.ACTION_OF  # rune and action number per card


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
        log.extend(deal_events(st))


def deal_events(st: bytearray) -> list:
    """The raw `deal` events of the current round, one per seat: its four slots, the two it looks at."""
    return [(EV_DEAL, get16(st, ROUND), st[DEALER], s, (0, 1, 2, 3),
             tuple([(s, k, st[SLOTS + s * SLOT_CAP + k]) for k in (2, 3)])) for s in range(st[PLAYERS])]


@cython.cfunc
def clear_window(st: bytearray) -> cython.void:
    st[WINDOW_RUNE] = 0
    st[CLAIMANT] = NONE
    st[PASSED] = 0
    st[GIVE_SEAT] = NONE
    st[GIVE_SLOT] = 0
    st[SUCCESSES] = 0


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
        log.append((EV_DREW_DISCARD if st[HELD_SOURCE] else EV_DREW_DECK, seat, st[HELD_SOURCE], card))


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
        log.append((EV_REPLACED_DISCARD if st[HELD_SOURCE] else EV_REPLACED_DECK, seat, k, old, st[HELD_SOURCE],
                    card))
    open_window(st, log)


@cython.cfunc
def do_look(st: bytearray, seat: cython.int, p: cython.Py_ssize_t, log: object) -> cython.void:
    card: cython.int = st[SLOTS + (p >> 8) * SLOT_CAP + (p & 0xFF)]
    st[KNOWS + card] = st[KNOWS + card] | (1 << seat)
    if log is not None:
        log.append((EV_LOOKED, seat, p, card))
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
        log.append((EV_SWAPPED, seat, p | (q << 16)))
    step_done(st, log)


@cython.cfunc
def do_pick(st: bytearray, seat: cython.int, t: cython.int, k: cython.Py_ssize_t, log: object) -> cython.void:
    """Blue king (D9a): record seat t's pick; after the last one reveal every picked card at once."""
    st[PICKED + t] = k
    if log is not None:
        log.append((EV_PICKED, seat, t * 256 + k))
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
        log.append((EV_WINDOW_CLOSED, successes, successes > 0))
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
            log.append((EV_SNAP_OK, s, t * 256 + k, card))
        if st[CARD_COUNT + t] == 0:
            zero_cards(st, log)
            return
        if t != s:
            st[GIVE_SEAT] = t
            st[GIVE_SLOT] = k
        return
    st[KNOWS + card] = everyone(st)
    if log is not None:
        log.append((EV_SNAP_WRONG, s, t * 256 + k, card))
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
        log.append((EV_GAVE, c, j, t * 256 + k))
    if st[CARD_COUNT + c] == 0:
        zero_cards(st, log)


@cython.cfunc
def zero_cards(st: bytearray, log: object) -> cython.void:
    """D14: a seat without table cards ends the round at once; the cut-short turn counts."""
    turns: cython.Py_ssize_t = get16(st, TURNS) + 1
    put16(st, TURNS, turns)
    end_round(st, log, turns >= get16(st, MAX_TURNS), "no_cards")


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
        log.append((EV_ROUND_END, get16(st, ROUND), reason, st[CALLER], ok, table, tuple([pts[s] for s in range(n)]),
                    tuple([scores[s] for s in range(n)]), tuple(totals(st))))
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
            final = tuple(totals(st))
            log.append((EV_GAME_END, "turn_cap" if capped else "target", final, winners(st), final))
        return
    put16(st, ROUND, get16(st, ROUND) + 1)
    st[DEALER] = (st[DEALER] + 1) % n
    start_round(st, b"", log)
