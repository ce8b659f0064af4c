"""Cambio: is a state consistent? (Compiled with the rules; run on every state opened from a token.)

`problem(state)` is '' for a state the rules can play, else what is wrong. A decoded state
must never crash the rules, so every field the rules index with is range-checked here.
"""
import cython

from . import rules
from .state import ACTIONS, CARDS, DECK_SIZE, MAX_SEATS, NONE as _NONE, PHASES, SLOT_CAP, STATE

cython.declare(NONE=cython.int, CARDS_N=cython.Py_ssize_t, SEATS_N=cython.Py_ssize_t, SLOTCAP=cython.Py_ssize_t,
               HISTORY=cython.Py_ssize_t, PLAYERS=cython.Py_ssize_t, TARGET_SCORE=cython.Py_ssize_t,
               CAMBIO_MAX=cython.Py_ssize_t, CALLER_TIE=cython.Py_ssize_t, MEMORY_AID=cython.Py_ssize_t,
               MAX_TURNS=cython.Py_ssize_t, ROUND=cython.Py_ssize_t, DEALER=cython.Py_ssize_t,
               ACTIVE=cython.Py_ssize_t, PHASE=cython.Py_ssize_t, CALLER=cython.Py_ssize_t,
               FROZEN=cython.Py_ssize_t, TURNS=cython.Py_ssize_t, HELD=cython.Py_ssize_t,
               HELD_SOURCE=cython.Py_ssize_t, ACTION=cython.Py_ssize_t, STEPS_LEFT=cython.Py_ssize_t,
               WINDOW_RUNE=cython.Py_ssize_t, CLAIMANT=cython.Py_ssize_t, PASSED=cython.Py_ssize_t,
               GIVE_SEAT=cython.Py_ssize_t, GIVE_SLOT=cython.Py_ssize_t, SUCCESSES=cython.Py_ssize_t,
               DECK_COUNT=cython.Py_ssize_t, PILE_COUNT=cython.Py_ssize_t, ENDED=cython.Py_ssize_t,
               CARD_COUNTS=cython.Py_ssize_t, SLOTS_USED=cython.Py_ssize_t, PICKED=cython.Py_ssize_t,
               DECK=cython.Py_ssize_t, PILE=cython.Py_ssize_t, KNOWS=cython.Py_ssize_t, SLOTS=cython.Py_ssize_t,
               P_TURN=cython.int, P_HOLD=cython.int, P_ACTION=cython.int, P_SNAP=cython.int, P_OVER=cython.int,
               A_NONE=cython.int, A_TWO=cython.int, A_SHOW=cython.int, RUNES_N=cython.int,
               RUNE_OF=bytes, ACTION_OF=bytes)
NONE = _NONE
CARDS_N = DECK_SIZE
SEATS_N = MAX_SEATS
SLOTCAP = SLOT_CAP
HISTORY = STATE.size
PLAYERS = STATE.offset("players")
TARGET_SCORE = STATE.offset("target_score")
CAMBIO_MAX = STATE.offset("cambio_max")
CALLER_TIE = STATE.offset("caller_tie")
MEMORY_AID = STATE.offset("memory_aid")
MAX_TURNS = STATE.offset("max_turns")
ROUND = STATE.offset("round")
DEALER = STATE.offset("dealer")
ACTIVE = STATE.offset("active")
PHASE = STATE.offset("phase")
CALLER = STATE.offset("caller")
FROZEN = STATE.offset("frozen")
TURNS = STATE.offset("turns")
HELD = STATE.offset("held")
HELD_SOURCE = STATE.offset("held_source")
ACTION = STATE.offset("action")
STEPS_LEFT = STATE.offset("steps_left")
WINDOW_RUNE = STATE.offset("window_rune")
CLAIMANT = STATE.offset("claimant")
PASSED = STATE.offset("passed")
GIVE_SEAT = STATE.offset("give_seat")
GIVE_SLOT = STATE.offset("give_slot")
SUCCESSES = STATE.offset("successes")
DECK_COUNT = STATE.offset("deck_count")
PILE_COUNT = STATE.offset("pile_count")
ENDED = STATE.offset("ended")
CARD_COUNTS = STATE.offset("card_count")
SLOTS_USED = STATE.offset("slots_used")
PICKED = STATE.offset("picked")
DECK = STATE.offset("deck")
PILE = STATE.offset("pile")
KNOWS = STATE.offset("knows")
SLOTS = STATE.offset("slots")
P_TURN, P_HOLD, P_ACTION, P_SNAP, P_OVER = (PHASES.index(p) for p in
                                             ("turn_start", "holding", "action", "snap", "game_over"))
A_NONE, A_TWO, A_SHOW = ACTIONS.index(""), ACTIONS.index("two_actions"), ACTIONS.index("show")
RUNES_N = len(CARDS.runes)
RUNE_OF = CARDS.rune
ACTION_OF = CARDS.action


@cython.cfunc
@cython.inline
def get16(st: bytearray, off: cython.Py_ssize_t) -> cython.Py_ssize_t:
    return st[off] | (st[off + 1] << 8)


def problem(st: bytearray) -> str:
    """'' for a consistent state, else what is wrong (decode must never let a bad state reach the rules)."""
    if len(st) < HISTORY:
        return f"state is {len(st)} bytes, shorter than the {HISTORY}-byte layout"
    n: cython.Py_ssize_t = st[PLAYERS]
    if not 2 <= n <= SEATS_N:
        return f"seat count {n} is not 2..{SEATS_N}"
    if (len(st) - HISTORY) % (2 * n):
        return "round history has a partial record"
    if not (20 <= st[TARGET_SCORE] <= 200 and (st[CAMBIO_MAX] <= 20 or st[CAMBIO_MAX] == NONE)
            and st[CALLER_TIE] <= 1 and st[MEMORY_AID] <= 2 and 100 <= get16(st, MAX_TURNS) <= 10000):
        return "option values out of range"
    phase: cython.int = st[PHASE]
    over: cython.bint = phase == P_OVER
    rounds: cython.Py_ssize_t = get16(st, ROUND)
    if phase > P_OVER or rounds < 1 or (len(st) - HISTORY) // (2 * n) != rounds - (0 if over else 1):
        return "phase or round count inconsistent"
    if (st[ENDED] not in (1, 2)) if over else st[ENDED] != 0:
        return "game-end flag inconsistent with the phase"
    if st[DEALER] >= n or st[ACTIVE] >= n or (st[CALLER] != NONE and st[CALLER] >= n) or st[FROZEN] > 1:
        return "dealer, active seat, caller or frozen flag out of range"
    if not over and (st[ACTIVE] == st[CALLER] or get16(st, TURNS) >= get16(st, MAX_TURNS)):
        return "active seat is the caller, or the turn cap is passed"
    seen: bytearray = bytearray(CARDS_N)
    found = check_cards(st, n, over, seen)
    if found:
        return found
    i: cython.Py_ssize_t
    for i in range(CARDS_N):
        if seen[i] != 1:
            return "cards are not a permutation of the deck"
    return check_phase(st, n, phase) or check_picks(st, n, phase)


def check_cards(st: bytearray, n: cython.Py_ssize_t, over: cython.bint, seen: bytearray) -> str:
    i: cython.Py_ssize_t
    card: cython.int
    if st[DECK_COUNT] > CARDS_N or st[PILE_COUNT] > CARDS_N:
        return "deck or pile count out of range"
    for i in range(CARDS_N):
        if i < st[DECK_COUNT]:
            card = st[DECK + i]
            if card >= CARDS_N:
                return "deck holds a bad card"
            seen[card] += 1
        elif st[DECK + i]:
            return "bytes beyond the deck are not zero"
        if i < st[PILE_COUNT]:
            card = st[PILE + i]
            if card >= CARDS_N:
                return "pile holds a bad card"
            seen[card] += 1
        elif st[PILE + i]:
            return "bytes beyond the pile are not zero"
    if st[HELD] != NONE:
        if st[HELD] >= CARDS_N:
            return "held card out of range"
        seen[st[HELD]] += 1
    return check_table(st, n, over, seen)


def check_table(st: bytearray, n: cython.Py_ssize_t, over: cython.bint, seen: bytearray) -> str:
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    used: cython.Py_ssize_t
    count: cython.Py_ssize_t
    card: cython.int
    on_table: bytearray = bytearray(CARDS_N)
    for s in range(SEATS_N):
        used = st[SLOTS_USED + s]
        count = 0
        if used > SLOTCAP or (s >= n and (used or st[CARD_COUNTS + s])):
            return f"seat {s} slot count out of range"
        for k in range(SLOTCAP):
            card = st[SLOTS + s * SLOTCAP + k]
            if card == NONE:
                continue
            if k >= used or card >= CARDS_N or seen[card] > 1:
                return f"slot {s}.{k} holds a bad card"
            seen[card] += 1
            on_table[card] = 1
            count += 1
        if count != st[CARD_COUNTS + s] or (s < n and not over and count == 0):
            return f"seat {s} card count inconsistent"
    for card in range(CARDS_N):
        if st[KNOWS + card] >> n or (st[KNOWS + card] and not on_table[card]):
            return f"knowledge of card {card} inconsistent"
    return ""


def check_phase(st: bytearray, n, phase) -> str:
    if (st[HELD] != NONE) != (phase == P_HOLD) or st[HELD_SOURCE] > 1:
        return "held card inconsistent with the phase"
    if (phase == P_ACTION) != (st[ACTION] != A_NONE) or st[ACTION] > A_SHOW or \
            st[STEPS_LEFT] != (0 if phase != P_ACTION else st[STEPS_LEFT]) or st[STEPS_LEFT] > 2:
        return "action inconsistent with the phase"
    if phase == P_ACTION and (st[STEPS_LEFT] == 0 or rules.action_count(st) == 0 or st[PILE_COUNT] == 0 or
                              ACTION_OF[st[PILE + st[PILE_COUNT] - 1]] != st[ACTION] or
                              (st[STEPS_LEFT] == 2 and st[ACTION] != A_TWO)):
        return "action inconsistent with the discarded card"
    if phase != P_SNAP:
        if st[WINDOW_RUNE] or st[CLAIMANT] != NONE or st[PASSED] or st[GIVE_SEAT] != NONE or st[GIVE_SLOT] \
                or st[SUCCESSES]:
            return "snap window fields set outside a window"
    else:
        found = check_window(st, n)
        if found:
            return found
    if phase == P_TURN and rules.turn_mask(st) == 0:
        return "active seat has no legal move"
    return ""


def check_window(st: bytearray, n) -> str:
    eligible = [s for s in range(n) if s != st[CALLER]]
    passed = st[PASSED]
    if st[PILE_COUNT] == 0 or st[WINDOW_RUNE] >= RUNES_N or passed >> n or \
            (st[CALLER] != NONE and (passed >> st[CALLER]) & 1):
        return "snap window record out of range"
    if RUNE_OF[st[PILE + st[PILE_COUNT] - 1]] != st[WINDOW_RUNE]:
        return "snap window rune is not the rune of the top discard"
    if st[CLAIMANT] == NONE:
        if st[GIVE_SEAT] != NONE or st[SUCCESSES] or all((passed >> s) & 1 for s in eligible):
            return "unclaimed window inconsistent"
    elif st[CLAIMANT] not in eligible or st[SUCCESSES] == 0:
        return "claimed window inconsistent"
    elif st[GIVE_SEAT] != NONE:
        t, k = st[GIVE_SEAT], st[GIVE_SLOT]
        if t not in eligible or t == st[CLAIMANT] or k >= st[SLOTS_USED + t] or st[SLOTS + t * SLOTCAP + k] != NONE:
            return "pending give inconsistent"
    if st[GIVE_SEAT] == NONE and st[GIVE_SLOT]:
        return "pending give inconsistent"
    return ""


def check_picks(st: bytearray, n, phase) -> str:
    """Blue king picks (D9a): only while a show is pending, one per other non-caller seat, on a card."""
    picking: cython.bint = phase == P_ACTION and st[ACTION] == A_SHOW
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    for s in range(SEATS_N):
        k = st[PICKED + s]
        if k == NONE:
            continue
        if not picking or s >= n or s == st[ACTIVE] or s == st[CALLER]:
            return f"blue king pick of seat {s} where no pick is possible"
        if k >= st[SLOTS_USED + s] or st[SLOTS + s * SLOTCAP + k] == NONE:
            return f"blue king pick {s}.{k} names an empty slot"
    return ""
