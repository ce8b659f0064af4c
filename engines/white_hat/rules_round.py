"""White Hat: the round (compiled): the deal (§3.2), a trick's start, and the end checks and round scoring (§6),
with the small state readers and writers every kernel topic shares (inline, in rules_round.pxd).

Cython pure-Python mode. Each step applies to the state and appends raw event tuples (name first) when
`events` is a list. The moves' own steps (trick play, pawns, specials) are in rules_flow.py, above this.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.white_hat import rules_cards as cards, rules_pawns as pawns
else:
    from ..core import rng
    from . import rules_cards as cards, rules_pawns as pawns
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


if not cython.compiled:
    # Compiled, these are rules_round.pxd's `cdef inline` functions (the same bodies): a call into another
    # module is never inlined, and every topic reads hands and 16-bit counters in its inner loops.
    def hand_at(seat):
        return HANDS + seat * HAND_SIZE

    def play_at(pos):
        return PLAYS + pos * PLAY_SIZE

    def read16(buf, at):
        return buf[at] | (buf[at + 1] << 8)

    def write16(buf, at, value):
        buf[at] = value & 255
        buf[at + 1] = (value >> 8) & 255


# -- the deal (§3.2) -------------------------------------------------------------

@cython.ccall
def copies(reduce: cython.bint, n: cython.int, card: cython.int) -> cython.int:
    """Copies of `card` in the game: 6 per rank, 5 jokers, 1 hat; `reduce_luck` deck reduction (§7.4): one
    fewer of each rank and joker per seat below 6, never below 4 per rank and 3 jokers."""
    if card == HAT:
        return 1
    full: cython.int = 6 if card <= 13 else 5
    if not reduce:
        return full
    least: cython.int = 4 if card <= 13 else 3
    left: cython.int = full - (6 - n)
    return left if left > least else least


@cython.ccall
def start_round(buf: bytearray, first: cython.bint, order: bytes, events: Optional[list]) -> cython.void:
    """Round start: dealer, shuffle (or the rigged `order`), count-out, hat, deal, first leader."""
    b: cython.p_uchar = buf
    n: cython.int = b[PLAYERS]
    if not first:
        b[DEALER] = (b[DEALER] + 1) % n
    write16(buf, ROUND, read16(buf, ROUND) + 1)
    i: cython.Py_ssize_t
    for i in range(HAND_SIZE * 6):
        b[HANDS + i] = 0
    # The whole pile, not only its count: a token sealed before the rules kept dead cells 0 has old cards
    # past the count, and they should not outlive the round.
    for i in range(PILE_LEN):
        b[PILE + i] = 0
    b[PILE_COUNT] = 0
    count: cython.int = 0
    if order:
        for i in range(len(order)):
            b[DECK + i] = order[i]
        count = len(order)
    else:
        c: cython.int
        for c in range(1, 15):
            for i in range(copies(b[REDUCE_DECK], n, c)):
                b[DECK + count] = c
                count += 1
        rng.shuffle(buf, RNG, DECK, count)
    # Past count the deck is 0 already (drawing clears each cell) unless the state comes from a token sealed
    # before drawing did: clearing it once a round keeps such leftovers from outliving the round.
    for i in range(count, DECK_LEN):
        b[DECK + i] = 0
    b[DECK_TOP] = 0
    b[DECK_END] = count
    card: cython.int = draw_top(buf)
    b[COUNT_OUT] = card
    holder: cython.int = (b[DEALER] + card) % n
    to_pile(buf, card, 1)
    b[HAT_HOLDER] = holder
    b[hand_at(holder) + HAT] = 1
    _deal(buf, n, 5 if b[HALF_HANDS] and b[HONEYPOT_ENTERED] else 10)  # half hands (§7.4)
    leader: cython.int = (holder + n - 1) % n
    start_trick(buf, leader)
    if events is None:
        return
    counts: list = [sum(buf[hand_at(s):hand_at(s) + 16]) for s in range(n)]
    seats_order: list = list(buf[TRICK_ORDER:TRICK_ORDER + n])
    if b[ROBOT] == NONE:
        events.append((EV_ROUND_START, read16(buf, ROUND), b[DEALER], card, holder, counts, leader, seats_order))
    else:  # who moves the robot this round (§7.6)
        events.append((EV_ROUND_START_ROBOT, read16(buf, ROUND), b[DEALER], card, holder, counts, leader, seats_order,
                       b[CONTROLLER]))
    s: cython.int
    for s in range(n):  # then each seat's own hand, private to it
        events.append((EV_DEALT, s, list(buf[hand_at(s):hand_at(s) + 16])))


@cython.cfunc
def _deal(buf: bytearray, n: cython.int, size: cython.int) -> cython.void:
    """One card at a time clockwise from dealer + 1, skipping full hands (D6)."""
    b: cython.p_uchar = buf
    seat: cython.int = (b[DEALER] + 1) % n
    full: cython.int = 0
    while full < n:
        if cards.hand_size(buf, hand_at(seat)) < size:
            b[hand_at(seat) + draw_top(buf)] += 1
            full = 0
        else:
            full += 1
        seat = (seat + 1) % n


@cython.cfunc
def draw_top(buf: bytearray) -> cython.int:
    """Take the top card; its cell is cleared so that a drawn card leaves no trace in the token."""
    b: cython.p_uchar = buf
    top: cython.Py_ssize_t = b[DECK_TOP]
    card: cython.int = b[DECK + top]
    b[DECK + top] = 0
    b[DECK_TOP] = top + 1
    return card


@cython.cfunc
@cython.exceptval(check=False)
def to_pile(buf: bytearray, card: cython.int, count: cython.int) -> cython.void:
    b: cython.p_uchar = buf
    i: cython.int
    for i in range(count):
        b[PILE + b[PILE_COUNT]] = card
        b[PILE_COUNT] += 1


@cython.ccall
def start_trick(buf: bytearray, leader: cython.int) -> cython.void:
    """A new trick led by `leader`: its order (and, with the robot, its controller, §7.6)."""
    b: cython.p_uchar = buf
    n: cython.int = b[PLAYERS]
    i: cython.int
    for i in range(6):
        b[TRICK_ORDER + i] = (leader + i) % n if i < n else NONE
    robot: cython.int = b[ROBOT]
    if robot != NONE:
        if read16(buf, ROUND) == 1 and b[HAT_HOLDER] != robot:
            b[CONTROLLER] = 1 - b[HAT_HOLDER]  # "the player without the White Hat", all of round 1
        elif leader != robot:
            b[CONTROLLER] = 1 - leader
        if leader == robot:  # robot, the other human, the controller last (D32)
            b[TRICK_ORDER + 1] = 1 - b[CONTROLLER]
            b[TRICK_ORDER + 2] = b[CONTROLLER]
        else:  # the leader, the robot, the other human
            b[TRICK_ORDER + 1] = robot
            b[TRICK_ORDER + 2] = 1 - leader
    for i in range(6 * PLAY_SIZE):
        b[PLAYS + i] = 0
    b[LEADER] = leader
    b[LEAD_COUNT] = 0
    b[TRICK_POS] = 0
    b[HAT_PLAYED] = 0
    b[WINNER] = NONE
    b[PHASE] = TRICK
    b[TO_ACT] = leader


# -- the end of a trick, a round, the game (§6) ----------------------------------------

@cython.ccall
def any_pawn_can_move(buf: bytearray) -> cython.bint:
    b: cython.p_uchar = buf
    occ: cython.ulonglong = pawns.occupied(buf)
    p: cython.int
    for p in range(b[PAWN_COUNT]):
        if pawns.can_move(buf, p, occ):
            return True
    return False


@cython.cfunc
def end_checks(buf: bytearray, events: Optional[list]) -> cython.void:
    """§6.1 after the specials: Critical Asset or no pawn can move ends the game; an empty hand the round."""
    n: cython.int = buf[PLAYERS]
    game_over: cython.bint = False
    p: cython.int
    for p in range(2 * n):
        if buf[PAWNS + p] == buf[CRITICAL_ASSET]:
            game_over = True
    if buf[TRACER_SPACE] == buf[CRITICAL_ASSET]:
        game_over = True
    if not game_over and not any_pawn_can_move(buf):
        game_over = True
    round_over: cython.bint = game_over
    s: cython.int
    for s in range(n):
        if cards.hand_size(buf, hand_at(s)) == 0:
            round_over = True
    if not round_over:
        start_trick(buf, buf[WINNER])
        return
    score_round(buf, events)
    if game_over:
        buf[PHASE] = FINISHED
        buf[TO_ACT] = NONE
        if events is not None:
            events.append((EV_GAME_END,))
        return
    start_round(buf, False, b"", events)


@cython.ccall
def pawn_points(buf: bytearray, seat: cython.int) -> cython.int:
    b: cython.p_uchar = buf
    total: cython.int = 0
    jail: cython.int = b[JAIL_VALUE] - 256 if b[JAIL_VALUE] > 127 else b[JAIL_VALUE]
    p: cython.int
    for p in range(2 * seat, 2 * seat + 2):
        s: cython.int = b[PAWNS + p]
        total += jail if s == JAIL else pawns.value_of(buf, s)
    return total


@cython.cfunc
def score_round(buf: bytearray, events: Optional[list]) -> cython.void:
    """§6.2: card points + pawn points, clamped at zero per round (D28), added to the totals."""
    b: cython.p_uchar = buf
    n: cython.int = b[PLAYERS]
    rows: list = []
    s: cython.int
    for s in range(n):
        card: cython.int = cards.hand_points(buf, hand_at(s))
        pawn: cython.int = pawn_points(buf, s)
        score: cython.int = card + pawn if card + pawn > 0 else 0
        write16(buf, TOTALS + 2 * s, read16(buf, TOTALS + 2 * s) + score)
        write16(buf, LAST_ROUND + 2 * s, score)
        if events is not None:
            rows.append((list(buf[hand_at(s):hand_at(s) + 16]), card, pawn, score, read16(buf, TOTALS + 2 * s)))
    write16(buf, ROUNDS_SCORED, read16(buf, ROUNDS_SCORED) + 1)
    if events is not None:
        events.append((EV_ROUND_SCORED, read16(buf, ROUND), rows))
