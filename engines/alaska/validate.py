"""Validation of Alaska state bytes: what `decode` accepts must be safe for the compiled rules.

The compiled rules index the state without bounds checks, so every count, seat, mask
and card is checked here, every card must be in exactly one place, and each phase's
invariants must hold (the active hand holds no natural cards once they fell; a bear
window has a catch to steal; the final round ends at a seat in play). Any state the
rules reach passes; anything else gets a sentence saying what is wrong.

Cython pure-Python mode, compiled: the service checks every state token it opens (interpreted, this
check was 20 us of a 40 us encode + decode round trip).
"""
import cython

if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


def validate(state: bytearray) -> str:
    """'' if `state` is a consistent Alaska state, else what is wrong."""
    if len(state) != SIZE:
        return f"state is {len(state)} bytes, expected {SIZE}"
    return _header(state) or _seats(state) or _cards(state) or _phase(state)


@cython.cfunc
def _ones(mask: cython.int) -> cython.int:
    n: cython.int = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@cython.cfunc
def _header(state: bytearray) -> str:
    players: cython.int = state[PLAYERS]
    if not 2 <= players <= 4:
        return f"bad player count {players}"
    everyone: cython.int = (1 << players) - 1
    if state[START_SEAT] >= players or max(state[LUCKY_DICE], state[TIE_RULE], state[BEAR_WINDOW]) > 1:
        return "bad start seat or option"
    if state[PHASE] > FINISHED or state[PLAYOFF] > 3 or state[FINAL_ROUND] > 1:
        return "bad phase, playoff or final-round flag"
    participants: cython.int = state[PARTICIPANTS]
    if participants & ~everyone or _ones(participants) < 2 or (not state[PLAYOFF] and participants != everyone):
        return "bad participants"
    if state[PLAYOFF] and not state[TIE_RULE]:
        return "a playoff without tie_rule=playoff"
    finished: cython.bint = state[PHASE] == FINISHED
    active: cython.int = state[ACTIVE_SEAT]
    # (A shift by 32 or more is undefined in C: a seat beyond the mask's 8 bits is refused before it.)
    if finished != (active == NONE) or (not finished and (active >= 8 or not (participants >> active) & 1)):
        return "bad active seat"
    last: cython.int = state[LAST_SEAT]
    if state[FINAL_ROUND] != (last != NONE) or (last != NONE and (last >= 8 or not (participants >> last) & 1)):
        return "bad final-round seat"
    if state[NO_REFILL] & ~everyone:
        return "bad no_refill flags"
    if state[DECK_END] != N_CARDS or state[DECK_TOP] > N_CARDS or state[PILE_COUNT] > N_CARDS or \
            state[PENDING_COUNT] > PENDING_MAX:
        return "bad deck, pile or pending size"
    return ""


@cython.cfunc
def _seats(state: bytearray) -> str:
    players: cython.int = state[PLAYERS]
    participants: cython.int = state[PARTICIPANTS]
    seat: cython.int
    p: cython.Py_ssize_t
    for seat in range(4):
        p = SEATS + seat * SEAT_SIZE
        held: cython.int = state[p + SEAT_HAND_COUNT]
        caught: cython.int = state[p + SEAT_CAUGHT_COUNT]
        main: cython.int = state[p + SEAT_MAIN_SALMON]
        stage: cython.int = state[p + SEAT_STAGE]
        key: cython.int = state[p + SEAT_KEY_COUNT]
        if seat >= players:
            if held or caught or main or stage or key:
                return f"cards or counts at unused seat {seat}"
            continue
        if held > HAND_MAX or caught > N_SALMON or main > N_SALMON or key > N_SALMON or stage > state[PLAYOFF]:
            return f"bad counts at seat {seat}"
        if not (participants >> seat) & 1 and (held or caught):
            return f"seat {seat} is out of the playoff but holds cards"
        if (participants >> seat) & 1 and stage != state[PLAYOFF]:
            return f"seat {seat} plays the playoff at the wrong stage"
    return ""


@cython.cfunc
def _mark(state: bytearray, seen: bytearray, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.int:
    """Mark the cards at state[start:end] as seen: the first bad or repeated card's index, else -1."""
    i: cython.Py_ssize_t
    card: cython.int
    for i in range(start, end):
        card = state[i]
        if card >= N_CARDS or seen[card]:
            return i
        seen[card] = 1
    return -1


@cython.cfunc
def _cards(state: bytearray) -> str:
    """Every card in exactly one place: the deck, pile, fallen cards, anglers, the river, hands and catches."""
    i: cython.Py_ssize_t
    c: cython.int
    for i in range(SALMON_AT_LEN):
        if state[SALMON_AT + i] > 10:
            return "a salmon position outside 1..10"
    seen = bytearray(N_CARDS)
    bad: cython.Py_ssize_t = _mark(state, seen, DECK + state[DECK_TOP], DECK + state[DECK_END])
    if bad >= 0:
        return _repeated(state[bad], "deck")
    bad = _mark(state, seen, PILE, PILE + state[PILE_COUNT])
    if bad >= 0:
        return _repeated(state[bad], "pile")
    bad = _mark(state, seen, PENDING, PENDING + state[PENDING_COUNT])
    if bad >= 0:
        return _repeated(state[bad], "pending")
    for i in range(state[PENDING_COUNT]):
        c = state[PENDING + i]
        if c >= FIRST_TOURIST or (i and c < state[PENDING + i - 1]):
            return "bad fallen cards"
    for i in range(ANGLERS_LEN):
        c = state[ANGLERS + i]
        if c == NONE:
            continue
        if c >= N_CARDS or seen[c]:
            return _repeated(c, "anglers")
        seen[c] = 1
    for i in range(ANGLERS_LEN):
        c = state[ANGLERS + i]
        if c != NONE and not FIRST_TOURIST <= c < FIRST_EAGLE:
            return "a non-angler card lies on the river as an angler"
    for i in range(SALMON_AT_LEN):
        if state[SALMON_AT + i]:
            if i >= N_CARDS or seen[i]:
                return _repeated(i, "river")
            seen[i] = 1
    seat: cython.int
    p: cython.Py_ssize_t
    for seat in range(state[PLAYERS]):
        p = SEATS + seat * SEAT_SIZE
        bad = _mark(state, seen, p + SEAT_HAND, p + SEAT_HAND + state[p + SEAT_HAND_COUNT])
        if bad >= 0:
            return _repeated(state[bad], f"hand {seat}")
        bad = _mark(state, seen, p + SEAT_CAUGHT, p + SEAT_CAUGHT + state[p + SEAT_CAUGHT_COUNT])
        if bad >= 0:
            return _repeated(state[bad], f"catch {seat}")
        for i in range(state[p + SEAT_CAUGHT_COUNT]):
            if state[p + SEAT_CAUGHT + i] >= N_SALMON:
                return "a caught card that is not a salmon"
    for i in range(N_CARDS):
        if not seen[i]:
            return "cards missing"
    return ""


def _repeated(card: cython.int, place: str) -> str:
    return f"card {card} in {place} is repeated or not in this game"


@cython.cfunc
def _holds_below(state: bytearray, seat: cython.int, below: cython.int) -> cython.bint:
    p: cython.Py_ssize_t = SEATS + seat * SEAT_SIZE
    i: cython.Py_ssize_t
    for i in range(state[p + SEAT_HAND_COUNT]):
        if state[p + SEAT_HAND + i] < below:
            return True
    return False


@cython.cfunc
def _phase(state: bytearray) -> str:
    phase: cython.int = state[PHASE]
    active: cython.int = state[ACTIVE_SEAT]
    window: cython.int = state[WINDOW_SEATS]
    passed: cython.int = state[WINDOW_PASSED]
    pending: cython.int = state[PENDING_COUNT]
    if phase != BEAR and (window or passed):
        return "a bear window record outside a bear window"
    if phase == PLACE and not (pending and state[PENDING] < N_SALMON):
        return "no salmon to place in the place phase"
    if phase != PLACE and pending:
        return "fallen cards outside the place phase"
    if phase == FINISHED:
        return ""
    if _holds_below(state, active, FIRST_TOURIST):
        return "the active seat still holds natural cards"
    if phase == PLACE and _holds_below(state, active, FIRST_CURRENT):
        return "the active seat still holds salmon"
    if phase == BEAR:
        if window != state[PARTICIPANTS] & ~(1 << active) or passed & ~window or passed == window:
            return "bad bear window"
        if not state[SEATS + active * SEAT_SIZE + SEAT_CAUGHT_COUNT]:
            return "a bear window without a catch"
    return ""
