"""Is a decoded Kodiak state consistent? (`decode` must never let bytes crash the compiled rules.)

Cython pure-Python mode (compiled: the service checks every state token it opens). The
compiled rules index the state without bounds checks, so everything they rely on is
checked here: the options and round bookkeeping, every card exactly once, the counts and
slot numbers, and the records of the phase (drawn card, action, pending pick, hunt
window). A consistent state always has a legal move until the game is over.
"""
import cython

from .declarations import CARDS, HUNT_PHASES, MEMORY, PHASES, ROUND_ENDS
from .rules import count

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled.
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

cython.declare(RUNES=bytes, CARD_ACTIONS=bytes)
RUNES = CARDS.rune
CARD_ACTIONS = CARDS.action


def validate(st: bytearray) -> str:
    """'' if `st` is a consistent Kodiak state, else the first thing wrong."""
    if len(st) != SIZE:
        return f"state is {len(st)} bytes, expected {SIZE}"
    return options_problem(st) or cards_problem(st) or seats_problem(st) or phase_problem(st)


@cython.ccall
def options_problem(st: bytearray) -> str:
    n: cython.int = st[PLAYERS]
    if not 2 <= n <= MAX_SEATS or st[FIRST_KODIAK] >= n or not 1 <= st[CYCLES] <= 3:
        return "bad players, first Kodiak or cycles"
    if st[MEMORY_AID] >= len(MEMORY) or st[BLUE_KING_KODIAK] > 1 or st[ENDED] >= len(ROUND_ENDS):
        return "bad option or round-end record"
    rounds: cython.int = n * st[CYCLES]
    over: cython.bint = st[PHASE] == P_GAME_OVER
    if st[PHASE] > P_GAME_OVER or st[HUNT] >= len(HUNT_PHASES) or st[ROUND] > rounds or over != (st[ROUND] == rounds):
        return "bad phase or round"
    if st[KODIAK] != (st[FIRST_KODIAK] + min(st[ROUND], rounds - 1)) % n or st[ACTIVE] >= n:
        return "bad Kodiak or active seat"
    if st[DECK_TOP] > DECK_SIZE or st[PILE_COUNT] > DECK_SIZE or st[CATCHES] > DECK_SIZE:
        return "bad deck, pile or catches count"
    return ""


@cython.cfunc
def mark(st: bytearray, seen: bytearray, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.int:
    """Mark the cards at st[start:end] (NONE skipped) as seen; how many, or -1 for a bad or repeated card."""
    i: cython.Py_ssize_t
    c: cython.int
    marked: cython.int = 0
    for i in range(start, end):
        c = st[i]
        if c == NONE:
            continue
        if c >= DECK_SIZE or seen[c]:
            return -1
        seen[c] = 1
        marked += 1
    return marked


@cython.ccall
def cards_problem(st: bytearray) -> str:
    """Every card exactly once: deck, pile, drawn card, slots, beside."""
    n: cython.int = st[PLAYERS]
    seen = bytearray(DECK_SIZE)
    total: cython.int = 0
    parts = ((DECK + st[DECK_TOP], DECK + DECK_SIZE), (PILE, PILE + st[PILE_COUNT]), (HELD, HELD + 1),
             (SLOTS, SLOTS + MAX_SEATS * SLOT_CAP))
    for start, end in parts:
        got = mark(st, seen, start, end)
        if got < 0:
            return "a card is repeated or not in this game"
        total += got
    s: cython.int
    i: cython.int
    for s in range(MAX_SEATS):
        if st[BESIDE_COUNT + s] > 4 or (s >= n and st[BESIDE_COUNT + s]):
            return f"bad hairballs beside seat {s}"
        for i in range(st[BESIDE_COUNT + s]):
            if st[BESIDE + 4 * s + i] >= DECK_SIZE or RUNES[st[BESIDE + 4 * s + i]] != BALL:
                return f"a card beside seat {s} is not a hairball"
        got = mark(st, seen, BESIDE + 4 * s, BESIDE + 4 * s + st[BESIDE_COUNT + s])
        if got < 0:
            return "a card is repeated or not in this game"
        total += got
    if total != DECK_SIZE:
        return "cards missing"
    everyone: cython.int = (1 << n) - 1
    for i in range(DECK_SIZE):
        if st[KNOWS + i] & ~(everyone | SHOWN) or st[FACE_UP + i] > 1:
            return "bad knowledge or face-up flag"
        if st[KNOWS + i] & SHOWN and st[KNOWS + i] != everyone | SHOWN:
            return "a card shown to the whole table is not known to every seat"
    return ""


@cython.ccall
def seats_problem(st: bytearray) -> str:
    n: cython.int = st[PLAYERS]
    left: cython.int = DECK_SIZE - st[DECK_TOP]
    s: cython.int
    k: cython.int
    used: cython.int
    cards: cython.int
    card: cython.int
    for s in range(MAX_SEATS):
        used = st[SLOTS_USED + s]
        if (s >= n and used) or (s < n and not DEALT <= used <= SLOT_CAP - left) or used > SLOT_CAP:
            return f"bad slots of seat {s}"
        cards = 0
        for k in range(SLOT_CAP):
            card = st[SLOTS + s * SLOT_CAP + k]
            if card != NONE:
                if k >= used:
                    return f"bad slots of seat {s}"
                cards += 1
        if st[CARD_COUNT + s] != cards:
            return f"bad card count of seat {s}"
    on_table = bytearray(DECK_SIZE)
    for k in range(MAX_SEATS * SLOT_CAP):
        if st[SLOTS + k] != NONE:
            on_table[st[SLOTS + k]] = 1
    for k in range(DECK_SIZE):
        if st[FACE_UP + k] and not on_table[k]:
            return "a card off the table is marked face up"
    return ""


@cython.ccall
def phase_problem(st: bytearray) -> str:
    phase: cython.int = st[PHASE]
    n: cython.int = st[PLAYERS]
    kodiak: cython.int = st[KODIAK]
    held: cython.bint = st[HELD] != NONE
    acting: cython.bint = st[ACTION_CARD] != NONE
    picking: cython.bint = st[PICK_SEAT] != NONE or st[PICK_SLOT] != NONE
    if held != (phase == P_EXCHANGE) or acting != (phase == P_ACTION or phase == P_KODIAK_PICK) or \
            picking != (phase == P_KODIAK_PICK):
        return f"bad records for phase {PHASES[phase]}"
    escape_slots: cython.bint = any(st[ESCAPE_SLOTS:ESCAPE_SLOTS + ESCAPE_MAX])
    if phase != P_HUNT and (st[RUNE] != NONE or st[ESCAPEE] != NONE or st[THROWN] or st[PASSED] or st[HUNT]
                            or escape_slots):
        return "a window record outside the hunt"
    if not acting and (st[STEPS_LEFT] or st[STEPS_DONE]):
        return "action steps outside an action"
    if phase == P_GAME_OVER:
        return ""
    escaping: cython.bint = phase == P_HUNT and st[HUNT] != H_OPEN
    s: cython.int
    for s in range(n):
        if st[CARD_COUNT + s] == 0 and not (escaping and s == st[ESCAPEE] and s != kodiak):
            return f"seat {s} has no cards in a live round"
    found = action_problem(st) if acting else (window_problem(st) if phase == P_HUNT else "")
    if found:
        return found
    if count(st) == 0:
        return "no legal move in a live round"
    return ""


@cython.ccall
def action_problem(st: bytearray) -> str:
    card: cython.int = st[ACTION_CARD]
    n: cython.int = st[PLAYERS]
    kodiak: cython.int = st[KODIAK]
    if card >= DECK_SIZE or CARD_ACTIONS[card] == 0 or st[PILE_COUNT] == 0 or st[PILE + st[PILE_COUNT] - 1] != card:
        return "the pending action's card is not the discard"
    two: cython.bint = CARD_ACTIONS[card] == A_TWO_ACTIONS
    done: cython.int = st[STEPS_DONE]
    taken: cython.int = (done & 1) + ((done >> 1) & 1) + ((done >> 2) & 1)
    if done > 7 or (two and st[STEPS_LEFT] + taken != 2) or (not two and (st[STEPS_LEFT] != 1 or done)):
        return "bad action steps"
    if st[PHASE] == P_KODIAK_PICK:
        seat: cython.int = st[PICK_SEAT]
        slot: cython.int = st[PICK_SLOT]
        if st[ACTIVE] == kodiak or seat >= n or seat == kodiak or slot >= SLOT_CAP or \
                st[SLOTS + seat * SLOT_CAP + slot] == NONE or not (two or CARD_ACTIONS[card] == A_SWAP) or \
                (done >> 2) & 1:
            return "bad pending pick"
    return ""


@cython.ccall
def window_problem(st: bytearray) -> str:
    n: cython.int = st[PLAYERS]
    kodiak: cython.int = st[KODIAK]
    rune: cython.int = st[RUNE]
    escapee: cython.int = st[ESCAPEE]
    thrown: cython.int = st[THROWN]
    passed: cython.int = st[PASSED]
    if (rune != NONE and rune >= N_RUNES) or rune == BALL or passed >> n:
        return "bad window rune or passed seats"
    mice: cython.int = ((1 << n) - 1) & ~(1 << kodiak)
    if rune == NONE and (passed & mice) != mice:
        return "mice take part in a window without a rune"
    i: cython.int
    k: cython.int
    if st[HUNT] == H_OPEN:
        if escapee != NONE or thrown or any(st[ESCAPE_SLOTS:ESCAPE_SLOTS + ESCAPE_MAX]):
            return "an escape record in the open window"
        return ""
    if rune == NONE or escapee >= n or escapee == kodiak or not 1 <= thrown <= ESCAPE_MAX:
        return "bad escape record"
    if st[HUNT] == H_ESCAPING and st[CARD_COUNT + escapee] == 0:
        return "the escapee has no cards to throw"
    emptied = bytearray(SLOT_CAP)
    for i in range(thrown):
        k = st[ESCAPE_SLOTS + i]
        if k >= st[SLOTS_USED + escapee] or st[SLOTS + escapee * SLOT_CAP + k] != NONE or emptied[k]:
            return "bad slots emptied by the escape"
        emptied[k] = 1
    for i in range(thrown, ESCAPE_MAX):
        if st[ESCAPE_SLOTS + i]:
            return "bad escape record"
    return ""
