"""Kodiak: the compiled rules (setup, turns, actions, the window's outcome, round end and game end).

Spec: shared/rules/kodiak.md. Cython pure-Python mode: compiled by setup.py, interpreted
as-is otherwise. `listing.py` numbers the legal moves, `hunt.py` plays the window,
`table.py` moves the cards; `game.py` turns the compact results into text, events and views.

Flow: a round is dealt (table.deal_round), Kodiak's turn starts with the automatic draw
(D4), `exchange` puts the drawn card into a slot and the old card onto the pile (a
hairball beside the table, D5), its action (if any) is played out (§6), then the hunt
window (§7); when it closes the next seat's turn starts. An empty deck at a turn draw
(D25) or a seat out of cards (§8.1) ends the round; after players x cycles rounds the
game is over and the last table stays on view.
"""
from typing import Optional

import cython

from ..core import rng
from . import hunt
from .listing import action_kinds, all_moves, count, field, find, legal_moves, nth, pack, unpack
from .state import (ACTIONS, BALL, EVENTS, HUNT_PHASES, KINDS, MAX_SEATS, MEMORY, NONE, OUTCOMES, PHASES, QUERY,
                    ROUND_ENDS, SLOT_CAP, STATE, STEPS)
from .state import CARDS
from .table import card_at, deal_round, draw, lay_beside, make_public, pile_push, put, round_score, take

__all__ = ["legal_moves", "new_state", "apply_code", "all_moves", "decode", "index_of", "unpack", "move_count", "is_finished", "to_act"]

cython.declare(RNG=cython.Py_ssize_t, PLAYERS=cython.Py_ssize_t, FIRST=cython.Py_ssize_t, CYCLES=cython.Py_ssize_t,
               MEMORY_AID=cython.Py_ssize_t, BK_KODIAK=cython.Py_ssize_t, ROUND=cython.Py_ssize_t,
               KODIAK=cython.Py_ssize_t, ACTIVE=cython.Py_ssize_t, PHASE=cython.Py_ssize_t, HUNT=cython.Py_ssize_t,
               MOVES=cython.Py_ssize_t, HELD=cython.Py_ssize_t, ACTION_CARD=cython.Py_ssize_t,
               STEPS_LEFT=cython.Py_ssize_t, STEPS_DONE=cython.Py_ssize_t, PICK_SEAT=cython.Py_ssize_t,
               PICK_SLOT=cython.Py_ssize_t, PASSED=cython.Py_ssize_t, ESCAPEE=cython.Py_ssize_t,
               CATCHES=cython.Py_ssize_t, ENDED=cython.Py_ssize_t, KNOWS=cython.Py_ssize_t,
               FACE_UP=cython.Py_ssize_t, SLOTS=cython.Py_ssize_t, SLOTS_USED=cython.Py_ssize_t,
               BESIDE_COUNT=cython.Py_ssize_t, BESIDE=cython.Py_ssize_t, TOTALS=cython.Py_ssize_t,
               ROUND_SCORES=cython.Py_ssize_t, SIZE=cython.Py_ssize_t, CAP=cython.Py_ssize_t, EMPTY=cython.int,
               ASK=cython.int, SEATS_MAX=cython.int)
RNG = STATE.offset("rng")
PLAYERS = STATE.offset("players")
FIRST = STATE.offset("first_kodiak")
CYCLES = STATE.offset("cycles")
MEMORY_AID = STATE.offset("memory_aid")
BK_KODIAK = STATE.offset("blue_king_kodiak")
ROUND = STATE.offset("round")
KODIAK = STATE.offset("kodiak")
ACTIVE = STATE.offset("active")
PHASE = STATE.offset("phase")
HUNT = STATE.offset("hunt")
MOVES = STATE.offset("moves")
HELD = STATE.offset("held")
ACTION_CARD = STATE.offset("action_card")
STEPS_LEFT = STATE.offset("steps_left")
STEPS_DONE = STATE.offset("steps_done")
PICK_SEAT = STATE.offset("pick_seat")
PICK_SLOT = STATE.offset("pick_slot")
PASSED = STATE.offset("passed")
ESCAPEE = STATE.offset("escapee")
CATCHES = STATE.offset("catches")
ENDED = STATE.offset("ended")
KNOWS = STATE.offset("knows")
FACE_UP = STATE.offset("face_up")
SLOTS = STATE.offset("slots")
SLOTS_USED = STATE.offset("slots_used")
BESIDE_COUNT = STATE.offset("beside_count")
BESIDE = STATE.offset("beside")
TOTALS = STATE.offset("totals")
ROUND_SCORES = STATE.offset("round_scores")
SIZE = STATE.size
CAP = SLOT_CAP
EMPTY = NONE
ASK = QUERY
SEATS_MAX = MAX_SEATS

cython.declare(P_EXCHANGE=cython.int, P_ACTION=cython.int, P_PICK=cython.int, P_HUNT=cython.int,
               P_OVER=cython.int, H_ESCAPING=cython.int, H_COUNTER=cython.int, M_SLOT=cython.int, A_TWO=cython.int,
               BALL_RUNE=cython.int,
               K_EXCHANGE=cython.int, K_LOOKOWN=cython.int, K_LOOK=cython.int, K_SWAP=cython.int,
               K_PICK=cython.int, K_REVEAL=cython.int, K_THROW=cython.int, K_DONE=cython.int,
               K_POUNCE=cython.int, K_COUNTER=cython.int, K_PASS=cython.int,
               END_OUT=cython.int, END_DECK=cython.int)
P_EXCHANGE, P_ACTION, P_PICK, P_HUNT, P_OVER = (PHASES.index(x) for x in PHASES)
H_ESCAPING, H_COUNTER = HUNT_PHASES.index("escaping"), HUNT_PHASES.index("counter")
M_SLOT = MEMORY.index("slot")
A_TWO = ACTIONS.index("two_actions")
BALL_RUNE = BALL
K_EXCHANGE, K_LOOKOWN, K_LOOK, K_SWAP, K_PICK, K_REVEAL, K_THROW, K_DONE, K_POUNCE, K_COUNTER, K_PASS = (
    KINDS.index(x) for x in KINDS)
END_OUT, END_DECK = ROUND_ENDS.index("out_of_cards"), ROUND_ENDS.index("deck_empty")
cython.declare(STEP_OWN=cython.int, STEP_OTHER=cython.int, STEP_SWAP=cython.int, STEP_REVEAL=cython.int,
               W_CLOSED=cython.int, W_ROUND_OVER=cython.int)
STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL = (1 << STEPS.index(x) for x in STEPS)
W_CLOSED, W_ROUND_OVER = OUTCOMES.index("closed"), OUTCOMES.index("round_over")

# Card tables (data/deck.toml): indexed here directly, a call to table.py per lookup would cost more.
cython.declare(RUNE=bytes, ACTION=bytes)
RUNE = CARDS.rune
ACTION = CARDS.action

# Raw event kinds (state.EVENTS order).
cython.declare(EV_DREW=cython.int, EV_EXCHANGED=cython.int, EV_ACTION=cython.int, EV_LOOKED_OWN=cython.int,
               EV_TURNED_UP=cython.int, EV_SWAP_ASKED=cython.int, EV_SWAPPED=cython.int, EV_LAPSED=cython.int,
               EV_ROUND_END=cython.int, EV_GAME_END=cython.int)
EV_DREW, EV_EXCHANGED, EV_ACTION, EV_LOOKED_OWN, EV_TURNED_UP, EV_SWAP_ASKED, EV_SWAPPED = (
    EVENTS.index(x) for x in ("drew", "exchanged", "action", "looked_own", "turned_up", "swap_asked", "swapped"))
EV_LAPSED, EV_ROUND_END, EV_GAME_END = (EVENTS.index(x) for x in ("action_lapsed", "round_end", "game_end"))


@cython.ccall
def move_count(st: bytearray) -> cython.Py_ssize_t:
    """Moves applied since setup (the state's version counter)."""
    return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (st[MOVES + 3] << 24)


@cython.ccall
def is_finished(st: bytearray) -> cython.bint:
    return st[PHASE] == P_OVER


def to_act(st: bytearray) -> list:
    """Seats that may move now."""
    phase: cython.int = st[PHASE]
    if phase == P_OVER:
        return []
    if phase == P_PICK:
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
def put_int(st: bytearray, off: cython.Py_ssize_t, v: cython.longlong, width: cython.int) -> cython.void:
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
    st[FIRST] = first
    st[CYCLES] = cycles
    st[MEMORY_AID] = memory
    st[BK_KODIAK] = blue_king_kodiak
    start_round(st, order, None)
    return st


@cython.cfunc
def start_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Deal round `round` with its Kodiak (D22) and start Kodiak's turn."""
    st[KODIAK] = (st[FIRST] + st[ROUND]) % st[PLAYERS]
    st[ACTIVE] = st[KODIAK]
    st[ACTION_CARD] = EMPTY
    st[PICK_SEAT] = EMPTY
    st[PICK_SLOT] = EMPTY
    hunt.close_window(st, None)
    deal_round(st, order, log)
    start_turn(st, log)


@cython.cfunc
def start_turn(st: bytearray, log: object) -> cython.void:
    """The automatic draw (D4); an empty deck ends the round before the turn (D25)."""
    card: cython.int = draw(st)
    if card == EMPTY:
        st[HELD] = EMPTY
        end_round(st, END_DECK, log)
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
        put_int(st, ROUND_SCORES + 2 * (r * SEATS_MAX + s), score, 2)
        put_int(st, TOTALS + 4 * s, get_total(st, s) + score, 4)
    if log is not None:
        log.append((EV_ROUND_END, r, reason, st[KODIAK], table_cards(st), beside_cards(st), st[CATCHES],
                    tuple(scores), tuple([get_total(st, i) for i in range(n)])))
    hunt.close_window(st, None)
    st[HELD] = EMPTY
    st[ACTION_CARD] = EMPTY
    st[STEPS_LEFT] = 0
    st[STEPS_DONE] = 0
    st[PICK_SEAT] = EMPTY
    st[PICK_SLOT] = EMPTY
    st[ENDED] = reason
    st[ROUND] = r + 1
    if r + 1 >= n * st[CYCLES]:
        st[PHASE] = P_OVER
        if log is not None:
            log.append((EV_GAME_END, tuple([get_total(st, i) for i in range(n)])))
        return
    start_round(st, b"", log)


def table_cards(st: bytearray) -> tuple:
    """Per seat, its (slot, card) pairs in slot order."""
    return tuple(tuple((k, st[SLOTS + s * CAP + k]) for k in range(st[SLOTS_USED + s])
                       if st[SLOTS + s * CAP + k] != EMPTY) for s in range(st[PLAYERS]))


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
    st[HELD] = EMPTY
    beside: cython.bint = RUNE[old] == BALL_RUNE
    if log is not None:
        log.append((EV_EXCHANGED, a, slot, old, beside))
    if beside:
        lay_beside(st, a, old)  # D5: no discard, no action, no window rune
        hunt.open_window(st, EMPTY, log)
        return
    pile_push(st, old)
    if ACTION[old] == 0:
        hunt.open_window(st, RUNE[old], log)
        return
    st[ACTION_CARD] = old
    st[STEPS_LEFT] = 2 if ACTION[old] == A_TWO else 1
    st[STEPS_DONE] = 0
    st[PHASE] = P_ACTION
    if log is not None:
        log.append((EV_ACTION, a, old))
    if count(st) == 0:
        end_action(st, True, log)


@cython.cfunc
def end_action(st: bytearray, lapsed: cython.bint, log: object) -> cython.void:
    """The action is done (or its step lapsed for want of a target, §6): the window opens (D7)."""
    card: cython.int = st[ACTION_CARD]
    if lapsed and log is not None:
        log.append((EV_LAPSED, st[ACTIVE], card))
    st[ACTION_CARD] = EMPTY
    st[STEPS_LEFT] = 0
    st[STEPS_DONE] = 0
    hunt.open_window(st, RUNE[card], log)


@cython.cfunc
def step_done(st: bytearray, step: cython.int, log: object) -> cython.void:
    st[PHASE] = P_ACTION
    st[STEPS_DONE] |= step
    st[STEPS_LEFT] -= 1
    if st[STEPS_LEFT] == 0:
        end_action(st, False, log)
    elif count(st) == 0:
        end_action(st, True, log)


@cython.cfunc
def turn_up(st: bytearray, t: cython.int, slot: cython.int, log: object) -> cython.void:
    """`look` and `reveal`: the card lies face up for everyone until it leaves the slot (D8, D9)."""
    card: cython.int = card_at(st, t, slot)
    st[FACE_UP + card] = 1
    make_public(st, card)
    if log is not None:
        log.append((EV_TURNED_UP, st[ACTIVE], t, slot, card))


@cython.cfunc
def swap_cards(st: bytearray, t1: cython.int, k1: cython.int, t2: cython.int, k2: cython.int,
               log: object) -> cython.void:
    """Two cards exchange positions face down; knowledge follows them, or is lost (memory_aid slot)."""
    a: cython.Py_ssize_t = SLOTS + t1 * CAP + k1
    b: cython.Py_ssize_t = SLOTS + t2 * CAP + k2
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
        log.append((EV_SWAPPED, st[ACTIVE], t1, k1, t2, k2))


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
    elif d == ASK:
        st[PICK_SEAT] = a
        st[PICK_SLOT] = b
        st[PHASE] = P_PICK
        if log is not None:
            log.append((EV_SWAP_ASKED, seat, a, b))
    else:
        swap_cards(st, a, b, c, d, log)
        step_done(st, STEP_SWAP, log)


@cython.cfunc
def pick(st: bytearray, slot: cython.int, log: object) -> cython.void:
    """Kodiak completes a mouse's `swap t.k K.?` with his own slot (D10)."""
    swap_cards(st, st[PICK_SEAT], st[PICK_SLOT], st[KODIAK], slot, log)
    st[PICK_SEAT] = EMPTY
    st[PICK_SLOT] = EMPTY
    step_done(st, STEP_SWAP, log)


@cython.cfunc
def window_move(st: bytearray, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int, c: cython.int,
                log: object) -> cython.void:
    outcome: cython.int
    if kind == K_THROW:
        outcome = hunt.throw(st, seat, a, log)
    elif kind == K_POUNCE:
        outcome = hunt.pounce(st, a, b, c, log)
    elif kind == K_COUNTER:
        outcome = hunt.counter(st, a, log)
    elif kind == K_DONE:
        outcome = hunt.done(st, seat, log)
    else:
        outcome = hunt.pass_move(st, seat, log)
    if outcome == W_CLOSED:
        hunt.close_window(st, log)
        end_turn(st, log)
    elif outcome == W_ROUND_OVER:
        end_round(st, END_OUT, log)


# -- applying a listed move -------------------------------------------------------------

def apply_code(st: bytearray, code: object, log: Optional[list]) -> cython.bint:
    """Apply legal move `code` in place; False (state untouched) when it is not a listed code."""
    if type(code) is not int or code < 0 or code >= count(st):
        return False
    apply_listed(st, code, log)
    return True


@cython.cfunc
def apply_listed(st: bytearray, code: cython.Py_ssize_t, log: object) -> cython.void:
    """Apply a code known to be listed now (apply_code checked it, or the kernel just listed it)."""
    move: cython.longlong = nth(st, code)
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
    """The packed move (listing.pack) of legal move index `code`."""
    return nth(st, code)


def index_of(st: bytearray, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int, c: cython.int,
             d: cython.int) -> cython.Py_ssize_t:
    """The legal move index of a decoded move, or -1 when it is not legal now."""
    if not (0 <= kind < 16 and 0 <= seat < 16 and 0 <= a < 256 and 0 <= b < 256 and 0 <= c < 256 and 0 <= d < 256):
        return -1
    return find(st, pack(kind, seat, a, b, c, d))


def kinds_open(st: bytearray) -> cython.int:
    """The action step kinds still open (listing.action_kinds), for refusal reasons."""
    return action_kinds(st)


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

# The most codes ever listed. Every card lies in one place, so all tables together hold at most 72 cards.
# The longest list is an action's (a red king lists lookown, look and swap at once): lookown, look, reveal
# and a mouse's `swap t.k K.?` each list at most one code per table card (3 * 72), and a named swap one per
# pair of cards of two different seats (at most C(72, 2) = 2556). The open window lists less: a pass per
# seat, a throw per mouse card M, and Kodiak's paws K times M pounces, with K + M <= 72 (6 + 72 + 36 * 36).
cython.declare(MAX_CODES=cython.int)
MAX_CODES = 3 * 72 + 72 * 71 // 2


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for MAX_CODES): the codes are 0 .. count-1."""
    n: cython.Py_ssize_t = count(buf)
    i: cython.Py_ssize_t
    if n > MAX_CODES:  # the bound above is wrong: never write past the kernel's array
        raise RuntimeError(f"kodiak: {n} legal moves, more than MAX_CODES {MAX_CODES}")
    for i in range(n):
        out[i] = i
    return n


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

    KERNEL = kernel.export(_legal_into, _step, _outcome, MAX_CODES, SEATS_MAX)
else:
    KERNEL = None
