"""Kodiak: the compiled table helpers (slots, deck, pile, knowledge, the deal, round points).

Spec: shared/rules/kodiak.md. Cython pure-Python mode. Every change of where a card
lies goes through these functions, so the counts (`card_count`, `slots_used`), the
face-up flags and the knowledge sets stay consistent. `rules.py` (turns, actions,
rounds) and `hunt.py` (the hunt window) build on them.

Raw events are tuples appended to `log` (when it is not None), kind first (state.EVENTS).
"""
import cython

from ..core import rng
from .state import BALL, CARDS, DEALT, DECK_SIZE, EVENTS, MAX_SEATS, NONE, SHOWN, SLOT_CAP, STATE

cython.declare(RNG=cython.Py_ssize_t, PLAYERS=cython.Py_ssize_t, KODIAK=cython.Py_ssize_t, ROUND=cython.Py_ssize_t,
               DECK_TOP=cython.Py_ssize_t, DECK=cython.Py_ssize_t, PILE_COUNT=cython.Py_ssize_t,
               PILE=cython.Py_ssize_t, KNOWS=cython.Py_ssize_t, FACE_UP=cython.Py_ssize_t,
               CARD_COUNT=cython.Py_ssize_t, SLOTS_USED=cython.Py_ssize_t, BESIDE_COUNT=cython.Py_ssize_t,
               BESIDE=cython.Py_ssize_t, SLOTS=cython.Py_ssize_t, CATCHES=cython.Py_ssize_t,
               N_CARDS=cython.Py_ssize_t, CAP=cython.Py_ssize_t, EMPTY=cython.int, HAIRBALL=cython.int,
               FIRST_DEALT=cython.Py_ssize_t, TO_ALL=cython.int)
RNG = STATE.offset("rng")
PLAYERS = STATE.offset("players")
KODIAK = STATE.offset("kodiak")
ROUND = STATE.offset("round")
CATCHES = STATE.offset("catches")
DECK_TOP = STATE.offset("deck_top")
DECK = STATE.offset("deck")
PILE_COUNT = STATE.offset("pile_count")
PILE = STATE.offset("pile")
KNOWS = STATE.offset("knows")
FACE_UP = STATE.offset("face_up")
CARD_COUNT = STATE.offset("card_count")
SLOTS_USED = STATE.offset("slots_used")
BESIDE_COUNT = STATE.offset("beside_count")
BESIDE = STATE.offset("beside")
SLOTS = STATE.offset("slots")
N_CARDS = DECK_SIZE
CAP = SLOT_CAP
EMPTY = NONE
HAIRBALL = BALL
FIRST_DEALT = DEALT
TO_ALL = SHOWN

# Card tables from data/deck.toml (bytes: the compiled code indexes them directly).
cython.declare(RUNE=bytes, POINTS=bytes, ACTION=bytes)
RUNE = CARDS.rune
POINTS = CARDS.points_byte
ACTION = CARDS.action

# Raw event kinds used here (state.EVENTS order).
cython.declare(EV_DEAL=cython.int, EV_PENALTY=cython.int)
EV_DEAL = EVENTS.index("deal")
EV_PENALTY = EVENTS.index("penalty")


@cython.ccall
def rune_of(card: cython.int) -> cython.int:
    return RUNE[card]


@cython.ccall
def action_of(card: cython.int) -> cython.int:
    return ACTION[card]


@cython.ccall
def points_of(card: cython.int) -> cython.int:
    p: cython.int = POINTS[card]
    return p - 256 if p >= 128 else p


@cython.ccall
def card_at(st: bytearray, seat: cython.int, slot: cython.int) -> cython.int:
    """The card at seat.slot (NONE when empty or out of range)."""
    if slot < 0 or slot >= CAP:
        return EMPTY
    return st[SLOTS + seat * CAP + slot]


@cython.ccall
def all_seats(st: bytearray) -> cython.int:
    """The bitmask of every seat at the table."""
    return (1 << st[PLAYERS]) - 1


@cython.ccall
def draw(st: bytearray) -> cython.int:
    """The top card of the main deck, taken off it; NONE when the deck is empty (never reshuffled, D25).
    Its cell is cleared: the deck before `deck_top` is never read, and a drawn card left there would ride
    in every token (runs of 0 pack small) and make equal positions encode differently."""
    top: cython.Py_ssize_t = st[DECK_TOP]
    if top >= N_CARDS:
        return EMPTY
    card: cython.int = st[DECK + top]
    st[DECK + top] = 0
    st[DECK_TOP] = top + 1
    return card


@cython.ccall
def pile_push(st: bytearray, card: cython.int) -> cython.void:
    """Put a card face up onto the discard pile."""
    n: cython.Py_ssize_t = st[PILE_COUNT]
    st[PILE + n] = card
    st[PILE_COUNT] = n + 1


@cython.ccall
def take(st: bytearray, seat: cython.int, slot: cython.int) -> cython.int:
    """Remove and return the card at seat.slot (the slot stays, empty; its face-up flag goes with the card)."""
    at: cython.Py_ssize_t = SLOTS + seat * CAP + slot
    card: cython.int = st[at]
    st[at] = EMPTY
    st[CARD_COUNT + seat] -= 1
    st[FACE_UP + card] = 0
    # A taken card goes to the pile or beside the table for the rest of the round, where who knows it is never
    # read: cleared so that it leaves no trace in the token.
    st[KNOWS + card] = 0
    return card


@cython.ccall
def put(st: bytearray, seat: cython.int, slot: cython.int, card: cython.int) -> cython.void:
    """Put a card face down into the empty slot seat.slot."""
    st[SLOTS + seat * CAP + slot] = card
    st[CARD_COUNT + seat] += 1
    st[FACE_UP + card] = 0


@cython.ccall
def lay_beside(st: bytearray, seat: cython.int, card: cython.int) -> cython.void:
    """A hairball exchanged out lies face up beside the seat's table (D5)."""
    n: cython.Py_ssize_t = st[BESIDE_COUNT + seat]
    st[BESIDE + seat * 4 + n] = card
    st[BESIDE_COUNT + seat] = n + 1


@cython.ccall
def penalty(st: bytearray, seat: cython.int, log: object) -> cython.bint:
    """An unseen penalty card into the seat's next new slot (D15, D16); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == EMPTY:
        return False
    slot: cython.int = st[SLOTS_USED + seat]
    st[SLOTS_USED + seat] = slot + 1
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    if log is not None:
        log.append((EV_PENALTY, seat, slot))
    return True


@cython.ccall
def replace_into(st: bytearray, seat: cython.int, slot: cython.int) -> cython.bint:
    """An unseen card from the deck into the emptied seat.slot (D19); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == EMPTY:
        return False
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    return True


@cython.ccall
def make_public(st: bytearray, card: cython.int) -> cython.void:
    """The whole table was shown the card (turned up, or revealed and returned, §9): every seat and the
    spectators know it, wherever public swaps take it."""
    st[KNOWS + card] = all_seats(st) | TO_ALL


@cython.ccall
def matches(paw: cython.int, rune: cython.int) -> cython.bint:
    """A paw catches a card of `rune`: a hairball always (joker, §7.4), else the same rune."""
    return RUNE[paw] == HAIRBALL or RUNE[paw] == rune


# -- the deal (§2.1) -------------------------------------------------------------

@cython.ccall
def deal_round(st: bytearray, order: bytes, log: object) -> cython.void:
    """Empty the table and deal a round: `order` (72 cards, top first) rigs it, else shuffle with the RNG."""
    n: cython.int = st[PLAYERS]
    i: cython.Py_ssize_t
    if len(order) == N_CARDS:
        for i in range(N_CARDS):
            st[DECK + i] = order[i]
    else:
        for i in range(N_CARDS):
            st[DECK + i] = i
        rng.shuffle(st, RNG, DECK, N_CARDS)
    st[DECK_TOP] = 0
    st[PILE_COUNT] = 0
    for i in range(N_CARDS):
        st[PILE + i] = 0
        st[KNOWS + i] = 0
        st[FACE_UP + i] = 0
    for i in range(MAX_SEATS * CAP):
        st[SLOTS + i] = EMPTY
    for i in range(MAX_SEATS):
        st[CARD_COUNT + i] = 0
        st[SLOTS_USED + i] = FIRST_DEALT if i < n else 0
        st[BESIDE_COUNT + i] = 0
    for i in range(MAX_SEATS * 4):
        st[BESIDE + i] = 0
    st[CATCHES] = 0
    kodiak: cython.int = st[KODIAK]
    k: cython.int
    j: cython.int
    for k in range(FIRST_DEALT):
        for j in range(n):
            put(st, (kodiak + 1 + j) % n, k, draw(st))
    for j in range(n):  # the initial look at slot 0 (D3)
        st[KNOWS + card_at(st, j, 0)] = 1 << j
    if log is not None:
        log.append((EV_DEAL, st[ROUND], kodiak, tuple([card_at(st, i, 0) for i in range(n)]), N_CARDS - st[DECK_TOP]))


@cython.ccall
def table_points(st: bytearray, seat: cython.int) -> cython.int:
    """The points of a seat's table cards (a hairball in the table is 10)."""
    total: cython.int = 0
    base: cython.Py_ssize_t = SLOTS + seat * CAP
    k: cython.Py_ssize_t
    for k in range(st[SLOTS_USED + seat]):
        if st[base + k] != EMPTY:
            total += points_of(st[base + k])
    return total


@cython.ccall
def round_score(st: bytearray, seat: cython.int) -> cython.int:
    """A seat's round score now (§8.2, D21): table points + 5 per hairball beside, Kodiak -5 per catch."""
    score: cython.int = table_points(st, seat) + 5 * st[BESIDE_COUNT + seat]
    if seat == st[KODIAK]:
        score -= 5 * st[CATCHES]
    return score
