"""Cambio: is a state consistent? (Compiled with the rules; run on every state opened from a token.)

`validate(state)` is '' for a state the rules can play, else what is wrong. A decoded state
must never crash the rules, so every field the rules index with is range-checked here.
"""
import cython

from . import declarations as D

# The state layout's offsets and the numbered names of declarations.py, generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.cambio.rules_moves import action_count, get16, turn_mask
else:
    from .offsets import *  # noqa: F403
    from .rules_moves import action_count, get16, turn_mask

cython.declare(RUNE_OF=bytes, ACTION_OF=bytes)
RUNE_OF, ACTION_OF = D.RUNE_OF, D.ACTION_OF


def validate(st: bytearray) -> str:
    """'' for a consistent state, else what is wrong (decode must never let a bad state reach the rules)."""
    if len(st) < HISTORY:
        return f"state is {len(st)} bytes, shorter than the {HISTORY}-byte layout"
    n: cython.Py_ssize_t = st[PLAYERS]
    if not 2 <= n <= MAX_SEATS:
        return f"seat count {n} is not 2..{MAX_SEATS}"
    if (len(st) - HISTORY) % (2 * n):
        return "round history has a partial record"
    if not (20 <= st[TARGET_SCORE] <= 200 and (st[CAMBIO_MAX] <= 20 or st[CAMBIO_MAX] == NONE)
            and st[CALLER_TIE] <= 1 and st[MEMORY_AID] <= 2 and 100 <= get16(st, MAX_TURNS) <= 10000):
        return "option values out of range"
    phase: cython.int = st[PHASE]
    over: cython.bint = phase == P_GAME_OVER
    rounds: cython.Py_ssize_t = get16(st, ROUND)
    if phase > P_GAME_OVER or rounds < 1 or (len(st) - HISTORY) // (2 * n) != rounds - (0 if over else 1):
        return "phase or round count inconsistent"
    if (st[ENDED] not in (1, 2)) if over else st[ENDED] != 0:
        return "game-end flag inconsistent with the phase"
    if st[DEALER] >= n or st[ACTIVE] >= n or (st[CALLER] != NONE and st[CALLER] >= n) or st[FROZEN] > 1:
        return "dealer, active seat, caller or frozen flag out of range"
    if not over and (st[ACTIVE] == st[CALLER] or get16(st, TURNS) >= get16(st, MAX_TURNS)):
        return "active seat is the caller, or the turn cap is passed"
    seen: bytearray = bytearray(DECK_SIZE)
    found = check_cards(st, n, over, seen)
    if found:
        return found
    i: cython.Py_ssize_t
    for i in range(DECK_SIZE):
        if seen[i] != 1:
            return "cards are not a permutation of the deck"
    return check_phase(st, n, phase) or check_picks(st, n, phase)


def check_cards(st: bytearray, n: cython.Py_ssize_t, over: cython.bint, seen: bytearray) -> str:
    i: cython.Py_ssize_t
    card: cython.int
    if st[DECK_COUNT] > DECK_SIZE or st[PILE_COUNT] > DECK_SIZE:
        return "deck or pile count out of range"
    for i in range(DECK_SIZE):
        if i < st[DECK_COUNT]:
            card = st[DECK + i]
            if card >= DECK_SIZE:
                return "deck holds a bad card"
            seen[card] += 1
        elif st[DECK + i]:
            return "bytes beyond the deck are not zero"
        if i < st[PILE_COUNT]:
            card = st[PILE + i]
            if card >= DECK_SIZE:
                return "pile holds a bad card"
            seen[card] += 1
        elif st[PILE + i]:
            return "bytes beyond the pile are not zero"
    if st[HELD] != NONE:
        if st[HELD] >= DECK_SIZE:
            return "held card out of range"
        seen[st[HELD]] += 1
    return check_table(st, n, over, seen)


def check_table(st: bytearray, n: cython.Py_ssize_t, over: cython.bint, seen: bytearray) -> str:
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    used: cython.Py_ssize_t
    count: cython.Py_ssize_t
    card: cython.int
    on_table: bytearray = bytearray(DECK_SIZE)
    for s in range(MAX_SEATS):
        used = st[SLOTS_USED + s]
        count = 0
        if used > SLOT_CAP or (s >= n and (used or st[CARD_COUNT + s])):
            return f"seat {s} slot count out of range"
        for k in range(SLOT_CAP):
            card = st[SLOTS + s * SLOT_CAP + k]
            if card == NONE:
                continue
            if k >= used or card >= DECK_SIZE or seen[card] > 1:
                return f"slot {s}.{k} holds a bad card"
            seen[card] += 1
            on_table[card] = 1
            count += 1
        if count != st[CARD_COUNT + s] or (s < n and not over and count == 0):
            return f"seat {s} card count inconsistent"
    for card in range(DECK_SIZE):
        if st[KNOWS + card] >> n or (st[KNOWS + card] and not on_table[card]):
            return f"knowledge of card {card} inconsistent"
    return ""


def check_phase(st: bytearray, n, phase) -> str:
    if (st[HELD] != NONE) != (phase == P_HOLDING) or st[HELD_SOURCE] > 1:
        return "held card inconsistent with the phase"
    if (phase == P_ACTION) != (st[ACTION] != A_NONE) or st[ACTION] > A_SHOW or \
            st[STEPS_LEFT] != (0 if phase != P_ACTION else st[STEPS_LEFT]) or st[STEPS_LEFT] > 2:
        return "action inconsistent with the phase"
    if phase == P_ACTION and (st[STEPS_LEFT] == 0 or action_count(st) == 0 or st[PILE_COUNT] == 0 or
                              ACTION_OF[st[PILE + st[PILE_COUNT] - 1]] != st[ACTION] or
                              (st[STEPS_LEFT] == 2 and st[ACTION] != A_TWO_ACTIONS)):
        return "action inconsistent with the discarded card"
    if phase != P_SNAP:
        if st[WINDOW_RUNE] or st[CLAIMANT] != NONE or st[PASSED] or st[GIVE_SEAT] != NONE or st[GIVE_SLOT] \
                or st[SUCCESSES]:
            return "snap window fields set outside a window"
    else:
        found = check_window(st, n)
        if found:
            return found
    if phase == P_TURN_START and turn_mask(st) == 0:
        return "active seat has no legal move"
    return ""


def check_window(st: bytearray, n) -> str:
    eligible = [s for s in range(n) if s != st[CALLER]]
    passed = st[PASSED]
    if st[PILE_COUNT] == 0 or st[WINDOW_RUNE] >= N_RUNES or passed >> n or \
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
        if t not in eligible or t == st[CLAIMANT] or k >= st[SLOTS_USED + t] or st[SLOTS + t * SLOT_CAP + k] != NONE:
            return "pending give inconsistent"
    if st[GIVE_SEAT] == NONE and st[GIVE_SLOT]:
        return "pending give inconsistent"
    return ""


def check_picks(st: bytearray, n, phase) -> str:
    """Blue king picks (D9a): only while a show is pending, one per other non-caller seat, on a card."""
    picking: cython.bint = phase == P_ACTION and st[ACTION] == A_SHOW
    s: cython.Py_ssize_t
    k: cython.Py_ssize_t
    for s in range(MAX_SEATS):
        k = st[PICKED + s]
        if k == NONE:
            continue
        if not picking or s >= n or s == st[ACTIVE] or s == st[CALLER]:
            return f"blue king pick of seat {s} where no pick is possible"
        if k >= st[SLOTS_USED + s] or st[SLOTS + s * SLOT_CAP + k] == NONE:
            return f"blue king pick {s}.{k} names an empty slot"
    return ""
