"""Kodiak: the compiled hunt window (escapes, pounces, the counter-pounce; spec §7, D12-D19, D26).

Cython pure-Python mode. The window opens after every turn's exchange (and its action)
with the rune R of the discarded card, or none when a hairball went beside. Phases:
- open: mice throw cards (the first correct one makes its seat the escapee), Kodiak
  pounces, anyone passes; closes when every participant passed;
- escaping: only the escapee throws more, or says `done`;
- counter: only Kodiak, `counter <paw>` or `pass`; then the window closes.

Each move function returns what happens next: WINDOW_GOES_ON, WINDOW_CLOSED (the turn
ends) or ROUND_OVER (a seat is out of cards at a check point, §8.1); `rules.py` acts on it.
"""
import cython

from .state import ESCAPE_MAX, EVENTS, HUNT_PHASES, NONE, OUTCOMES, PHASES, STATE
from .state import CARDS
from .table import card_at, make_public, matches, penalty, pile_push, replace_into, take

cython.declare(PLAYERS=cython.Py_ssize_t, KODIAK=cython.Py_ssize_t, PHASE=cython.Py_ssize_t,
               HUNT=cython.Py_ssize_t, RUNE_R=cython.Py_ssize_t, ESCAPEE=cython.Py_ssize_t,
               THROWN=cython.Py_ssize_t, ESCAPE_SLOTS=cython.Py_ssize_t, PASSED=cython.Py_ssize_t,
               CATCHES=cython.Py_ssize_t, FACE_UP=cython.Py_ssize_t, CARD_COUNT=cython.Py_ssize_t,
               EMPTY=cython.int, SLOTS_MAX=cython.int)
PLAYERS = STATE.offset("players")
KODIAK = STATE.offset("kodiak")
PHASE = STATE.offset("phase")
HUNT = STATE.offset("hunt")
RUNE_R = STATE.offset("rune")
ESCAPEE = STATE.offset("escapee")
THROWN = STATE.offset("thrown")
ESCAPE_SLOTS = STATE.offset("escape_slots")
PASSED = STATE.offset("passed")
CATCHES = STATE.offset("catches")
FACE_UP = STATE.offset("face_up")
CARD_COUNT = STATE.offset("card_count")
EMPTY = NONE
SLOTS_MAX = ESCAPE_MAX

cython.declare(RUNE=bytes)
RUNE = CARDS.rune  # indexed here directly: cheaper than a call into table.py

cython.declare(P_HUNT=cython.int, H_OPEN=cython.int, H_ESCAPING=cython.int, H_COUNTER=cython.int)
P_HUNT = PHASES.index("hunt")
H_OPEN, H_ESCAPING, H_COUNTER = (HUNT_PHASES.index(x) for x in ("open", "escaping", "counter"))

# What happens after a window move.
cython.declare(WINDOW_GOES_ON=cython.int, WINDOW_CLOSED=cython.int, ROUND_OVER=cython.int)
WINDOW_GOES_ON, WINDOW_CLOSED, ROUND_OVER = (OUTCOMES.index(x) for x in ("goes_on", "closed", "round_over"))

# Raw event kinds (state.EVENTS order).
cython.declare(EV_WINDOW_OPENED=cython.int, EV_THROWN=cython.int, EV_POUNCE=cython.int,
               EV_REPLACEMENT=cython.int, EV_COUNTER=cython.int, EV_PASSED=cython.int,
               EV_ESCAPE_DONE=cython.int, EV_WINDOW_CLOSED=cython.int)
EV_WINDOW_OPENED, EV_THROWN, EV_POUNCE, EV_REPLACEMENT, EV_COUNTER = (
    EVENTS.index(x) for x in ("window_opened", "thrown", "pounce", "replacement", "counter"))
EV_PASSED, EV_ESCAPE_DONE, EV_WINDOW_CLOSED = (EVENTS.index(x) for x in ("passed", "escape_done", "window_closed"))


@cython.cfunc
def mice(st: bytearray) -> cython.int:
    return ((1 << st[PLAYERS]) - 1) & ~(1 << st[KODIAK])


@cython.ccall
def open_window(st: bytearray, rune: cython.int, log: object) -> cython.void:
    """Open the window with rune R (NONE: a hairball went beside, only Kodiak takes part, D12)."""
    st[PHASE] = P_HUNT
    st[HUNT] = H_OPEN
    st[RUNE_R] = rune
    st[ESCAPEE] = EMPTY
    st[THROWN] = 0
    st[PASSED] = mice(st) if rune == EMPTY else 0
    if log is not None:
        log.append((EV_WINDOW_OPENED, rune))


@cython.ccall
def close_window(st: bytearray, log: object) -> cython.void:
    """Forget the window's record."""
    i: cython.Py_ssize_t
    st[HUNT] = H_OPEN
    st[RUNE_R] = EMPTY
    st[ESCAPEE] = EMPTY
    st[THROWN] = 0
    st[PASSED] = 0
    for i in range(SLOTS_MAX):
        st[ESCAPE_SLOTS + i] = 0
    if log is not None:
        log.append((EV_WINDOW_CLOSED,))


@cython.cfunc
def after_open_move(st: bytearray) -> cython.int:
    """The open window closes once every participant passed (mice without cards take no part)."""
    s: cython.int
    waiting: cython.int = ((1 << st[PLAYERS]) - 1) & ~st[PASSED]
    for s in range(st[PLAYERS]):
        if st[CARD_COUNT + s] == 0:
            waiting &= ~(1 << s)
    return WINDOW_CLOSED if waiting == 0 else WINDOW_GOES_ON


@cython.cfunc
def escape_throw(st: bytearray, m: cython.int, slot: cython.int, card: cython.int, log: object) -> cython.void:
    """A correct throw: the card onto the pile, its slot remembered for a counter (§7.1, §7.2)."""
    n: cython.int = st[THROWN]
    take(st, m, slot)
    pile_push(st, card)
    if n < SLOTS_MAX:
        st[ESCAPE_SLOTS + n] = slot
    st[THROWN] = n + 1
    st[ESCAPEE] = m
    if log is not None:
        log.append((EV_THROWN, m, slot, card, True))
    st[HUNT] = H_COUNTER if st[CARD_COUNT + m] == 0 else H_ESCAPING


@cython.ccall
def throw(st: bytearray, m: cython.int, slot: cython.int, log: object) -> cython.int:
    """`throw <slot>` by mouse m, in the open window or as the escapee."""
    card: cython.int = card_at(st, m, slot)
    if RUNE[card] == st[RUNE_R]:
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
def done(st: bytearray, m: cython.int, log: object) -> cython.int:
    """`done`: the escapee stops throwing; Kodiak may counter (§7.2)."""
    st[HUNT] = H_COUNTER
    if log is not None:
        log.append((EV_ESCAPE_DONE, m))
    return WINDOW_GOES_ON


@cython.ccall
def pounce(st: bytearray, paw_slot: cython.int, t: cython.int, slot: cython.int, log: object) -> cython.int:
    """`pounce <paw> t.k` (§7.1, D13-D15, D19): a hairball or the same rune catches."""
    kodiak: cython.int = st[KODIAK]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    target: cython.int = card_at(st, t, slot)
    replaced: cython.bint
    if matches(paw, RUNE[target]):
        take(st, t, slot)
        take(st, kodiak, paw_slot)
        pile_push(st, target)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_POUNCE, kodiak, paw_slot, t, slot, paw, target, True))
        replaced = replace_into(st, t, slot)
        if replaced and log is not None:
            log.append((EV_REPLACEMENT, t, (slot,)))
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + t] == 0:
            return ROUND_OVER
        return WINDOW_GOES_ON
    make_public(st, paw)
    make_public(st, target)
    if log is not None:
        log.append((EV_POUNCE, kodiak, paw_slot, t, slot, paw, target, False))
    if not penalty(st, kodiak, log):
        st[PASSED] |= 1 << kodiak
    return after_open_move(st)


@cython.cfunc
def refill(st: bytearray, m: cython.int, log: object) -> cython.int:
    """The escapee takes `thrown` unseen cards into the slots its escape emptied, lowest first (D18)."""
    n: cython.int = st[THROWN]
    if n > SLOTS_MAX:
        n = SLOTS_MAX
    order: list = sorted([st[ESCAPE_SLOTS + i] for i in range(n)])
    filled: list = []
    for slot in order:
        if replace_into(st, m, slot):
            filled.append(slot)
    if filled and log is not None:
        log.append((EV_REPLACEMENT, m, tuple(filled)))
    return len(filled)


@cython.ccall
def counter(st: bytearray, paw_slot: cython.int, log: object) -> cython.int:
    """`counter <paw>`: Kodiak's late attack on the escape (§7.3): one catch, the escapee draws back."""
    kodiak: cython.int = st[KODIAK]
    m: cython.int = st[ESCAPEE]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    drawn: cython.int = 0
    if matches(paw, st[RUNE_R]):
        take(st, kodiak, paw_slot)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_COUNTER, kodiak, paw_slot, paw, True, st[THROWN]))
        drawn = refill(st, m, log)
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + m] == 0:
            return ROUND_OVER
        return WINDOW_CLOSED
    make_public(st, paw)
    if log is not None:
        log.append((EV_COUNTER, kodiak, paw_slot, paw, False, 0))
    penalty(st, kodiak, log)
    return escape_stands(st)


@cython.ccall
def pass_move(st: bytearray, seat: cython.int, log: object) -> cython.int:
    """`pass`: in the open window the seat joins `passed`; at the counter, the escape stands."""
    if log is not None:
        log.append((EV_PASSED, seat))
    if st[HUNT] == H_COUNTER:
        return escape_stands(st)
    st[PASSED] |= 1 << seat
    return after_open_move(st)


@cython.cfunc
def escape_stands(st: bytearray) -> cython.int:
    """The window closes; a mouse that threw its last card ends the round now (D18)."""
    return ROUND_OVER if st[CARD_COUNT + st[ESCAPEE]] == 0 else WINDOW_CLOSED
