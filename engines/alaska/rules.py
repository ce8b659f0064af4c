"""Alaska: the compiled rules (setup, turn flow, legal moves, apply). Spec: shared/rules/alaska.md.

Cython pure-Python mode: compiled by `pip install .`, interpreted as-is otherwise.
It works on the state `bytearray` directly (layout: state.py); game.py turns its
compact results (codes, reason numbers, event tuples) into names, texts and views.

Move codes are relative to the state (hand indexes, not card ids): declarations.py lists them.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import kernel


# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases, move
# codes, refusal reasons R_*, event kinds EV_*), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from .offsets import *  # noqa: F403
    from ..core import rng

# -- small helpers ---------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
@cython.inline
def seat_at(seat: cython.int) -> cython.Py_ssize_t:
    return SEATS + seat * SEAT_SIZE


@cython.cfunc
@cython.exceptval(check=False)
@cython.inline
def cast_number(card: cython.int) -> cython.int:
    """The number of a cast card, 0 for any other card."""
    if card < FIRST_CAST or card >= N_CARDS:
        return 0
    return (card - FIRST_CAST) // CAST_COPIES + 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.inline
def covers(head: cython.int, section: cython.int) -> cython.bint:
    """A salmon with its head at `head` (0: not in the river) covers `head` and the next section (D3)."""
    return head != 0 and (head == section or head % 10 + 1 == section)


@cython.cfunc
@cython.exceptval(check=False)
def combo_first(combo: cython.int) -> cython.int:
    """The first hand index of a cast combo: 0-3 one card, 4-9 the pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3)."""
    if combo < 4:
        return combo
    if combo < 7:
        return 0
    return 1 if combo < 9 else 2


@cython.cfunc
@cython.exceptval(check=False)
def combo_second(combo: cython.int) -> cython.int:
    """The second hand index of a cast combo, or -1 for one card."""
    if combo < 4:
        return -1
    if combo < 7:
        return combo - 3
    return combo - 5 if combo < 9 else 3


@cython.cfunc
@cython.exceptval(check=False)
def bits(mask: cython.int, seat: cython.int) -> cython.bint:
    return (mask >> seat) & 1


@cython.cfunc
@cython.exceptval(check=False)
def next_seat(b: cython.p_uchar, seat: cython.int, step: cython.int) -> cython.int:
    """The next participant clockwise (step 1) or counter-clockwise (step -1) from `seat`."""
    n: cython.int = b[PLAYERS]
    s: cython.int = (seat + step + n) % n
    while not bits(b[PARTICIPANTS], s):
        s = (s + step + n) % n
    return s


@cython.cfunc
@cython.exceptval(check=False)
def salmon_covering(b: cython.p_uchar, section: cython.int) -> cython.int:
    """How many river salmon cover `section` (1-10): a head there or one section downstream, no modulo."""
    behind: cython.int = 10 if section == 1 else section - 1
    k: cython.int = 0
    s: cython.int
    head: cython.int
    for s in range(N_SALMON):
        head = b[SALMON_AT + s]
        k += (head == section) | (head == behind)
    return k


@cython.cfunc
@cython.exceptval(check=False)
def first_covering(b: cython.p_uchar, section: cython.int) -> cython.int:
    s: cython.int
    for s in range(N_SALMON):
        if covers(b[SALMON_AT + s], section):
            return s
    return NONE


@cython.cfunc
@cython.exceptval(check=False)
def discard(b: cython.p_uchar, card: cython.int) -> cython.void:
    n: cython.int = b[PILE_COUNT]
    b[PILE + n] = card
    b[PILE_COUNT] = n + 1


@cython.cfunc
@cython.exceptval(check=False)
def take_from_hand(b: cython.p_uchar, seat: cython.int, index: cython.int) -> cython.int:
    """Remove and return the hand card at `index`, keeping the order of the rest."""
    p: cython.Py_ssize_t = seat_at(seat)
    n: cython.int = b[p + SEAT_HAND_COUNT]
    card: cython.int = b[p + SEAT_HAND + index]
    i: cython.int
    for i in range(index, n - 1):
        b[p + SEAT_HAND + i] = b[p + SEAT_HAND + i + 1]
    b[p + SEAT_HAND + n - 1] = 0
    b[p + SEAT_HAND_COUNT] = n - 1
    return card


@cython.cfunc
@cython.exceptval(check=False)
def draw(b: cython.p_uchar, seat: cython.int) -> cython.int:
    top: cython.int = b[DECK_TOP]
    card: cython.int = b[DECK + top]
    b[DECK + top] = 0
    b[DECK_TOP] = top + 1
    p: cython.Py_ssize_t = seat_at(seat)
    b[p + SEAT_HAND + b[p + SEAT_HAND_COUNT]] = card
    b[p + SEAT_HAND_COUNT] += 1
    return card


@cython.ccall
def move_count(buf: bytearray) -> cython.int:
    """Moves applied since setup."""
    _sized(buf)
    return buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8)


@cython.cfunc
@cython.exceptval(-1, check=True)
def _sized(buf: bytearray) -> cython.int:
    """Refuse a state of another size: the reads after it have no bounds check."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    return 0


# -- setup (§2.1) and playoffs (§10) ----------------------------------------------

def new_state(players: cython.int, start: cython.int, dice: cython.int, tie: cython.int, window: cython.int,
              seed: cython.ulonglong, order: bytes, events: Optional[list] = None) -> bytearray:
    """Set up a game: `order` is the rigged deck (top first, all 66 cards) or empty to shuffle."""
    buf = bytearray(SIZE)
    buf[PLAYERS] = players
    buf[START_SEAT] = start
    buf[LUCKY_DICE] = dice
    buf[TIE_RULE] = tie
    buf[BEAR_WINDOW] = window
    buf[LAST_SEAT] = NONE
    buf[PARTICIPANTS] = (1 << players) - 1
    rng.seed_into(buf, RNG, seed)
    c: cython.int
    for c in range(10):
        buf[ANGLERS + c] = NONE
    if order:
        for c in range(N_CARDS):
            buf[DECK + c] = order[c]
    else:
        for c in range(N_CARDS):
            buf[DECK + c] = c
        rng.shuffle(buf, RNG, DECK, N_CARDS)
    buf[DECK_END] = N_CARDS
    b: cython.p_uchar = buf
    _deal(b, start)
    _begin_turn(buf, b, start, events)
    return buf


@cython.cfunc
@cython.exceptval(check=False)
def _deal(b: cython.p_uchar, first: cython.int) -> cython.void:
    """Four cards to each participant, one at a time, from `first` clockwise."""
    i: cython.int
    seat: cython.int
    for i in range(HAND_MAX):
        seat = first
        while True:
            draw(b, seat)
            seat = next_seat(b, seat, 1)
            if seat == first:
                break


@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_playoff(buf: bytearray, b: cython.p_uchar, tied: cython.int, events: Optional[list]) -> cython.int:
    """Clear the table and deal a playoff among the `tied` seats (§10)."""
    n: cython.int = b[PLAYERS]
    b[PLAYOFF] += 1
    b[PARTICIPANTS] = tied
    i: cython.int
    c: cython.int
    p: cython.Py_ssize_t
    for i in range(N_CARDS):
        b[DECK + i] = i
        b[PILE + i] = 0
    rng.shuffle(buf, RNG, DECK, N_CARDS)
    b[DECK_TOP] = 0
    b[PILE_COUNT] = 0
    b[PENDING_COUNT] = 0
    for i in range(N_SALMON):
        b[SALMON_AT + i] = 0
    for i in range(10):
        b[ANGLERS + i] = NONE
    for i in range(4):
        b[PENDING + i] = 0
        p = seat_at(i)
        b[p + SEAT_HAND_COUNT] = 0
        b[p + SEAT_CAUGHT_COUNT] = 0
        for c in range(HAND_MAX):
            b[p + SEAT_HAND + c] = 0
        for c in range(N_SALMON):
            b[p + SEAT_CAUGHT + c] = 0
        if bits(tied, i):
            b[p + SEAT_STAGE] = b[PLAYOFF]
    b[NO_REFILL] = 0
    b[FINAL_ROUND] = 0
    b[LAST_SEAT] = NONE
    first: cython.int = b[START_SEAT]
    while not bits(tied, first):
        first = (first + 1) % n
    _deal(b, first)
    if events is not None:
        seats: list = []
        for i in range(n):
            if bits(tied, i):
                seats.append(i)
        events.append((EV_PLAYOFF, b[PLAYOFF], tuple(seats), first))
    return _begin_turn(buf, b, first, events)


# -- the turn (§4) ---------------------------------------------------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _begin_turn(buf: bytearray, b: cython.p_uchar, seat: cython.int, events: Optional[list]) -> cython.int:
    """Steps 0-2 for `seat`: an empty hand ends the turn at once; else the natural cards fall."""
    b[ACTIVE_SEAT] = seat
    p: cython.Py_ssize_t = seat_at(seat)
    if b[p + SEAT_HAND_COUNT] == 0:
        if events is not None:
            events.append((EV_EMPTY_TURN, seat))
        _end_turn(buf, b, events)
        return 0
    i: cython.int = 0
    card: cython.int
    salmon: cython.int = 0
    while i < b[p + SEAT_HAND_COUNT]:
        card = b[p + SEAT_HAND + i]
        if card < FIRST_TOURIST:
            _insert_pending(b, take_from_hand(b, seat, i))
            salmon += card < FIRST_CURRENT
        else:
            i += 1
    if b[PENDING_COUNT] and events is not None:
        fallen = bytes(b[PENDING:PENDING + b[PENDING_COUNT]])
        events.append((EV_FELL, seat, fallen, fallen))  # its salmon, its currents (declarations.EVENTS)
    if salmon:
        b[PHASE] = PLACE
    else:
        _currents(b, events)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _insert_pending(b: cython.p_uchar, card: cython.int) -> cython.void:
    """Keep the fallen cards ascending: salmon to place (by id, D21), then currents."""
    n: cython.int = b[PENDING_COUNT]
    i: cython.int = n
    while i > 0 and b[PENDING + i - 1] > card:
        b[PENDING + i] = b[PENDING + i - 1]
        i -= 1
    b[PENDING + i] = card
    b[PENDING_COUNT] = n + 1


@cython.cfunc
@cython.exceptval(-1, check=False)
def _currents(b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Step 2: discard the fallen currents, one current step each (§7.1); then the play phase."""
    k: cython.int = b[PENDING_COUNT]
    i: cython.int
    for i in range(k):
        discard(b, b[PENDING + i])
        b[PENDING + i] = 0
    b[PENDING_COUNT] = 0
    for i in range(k):
        _current_step(b, i + 1, events)
    b[PHASE] = PLAY
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _current_step(b: cython.p_uchar, step: cython.int, events: Optional[list]) -> cython.int:
    """Every salmon moves upstream; then, by id, a head arriving on an angler's section is caught (D5, D6)."""
    s: cython.int
    head: cython.int
    angler: cython.int
    for s in range(N_SALMON):
        head = b[SALMON_AT + s]
        if head:
            b[SALMON_AT + s] = 10 if head == 1 else head - 1
    catches: list = [] if events is not None else None
    for s in range(N_SALMON):
        head = b[SALMON_AT + s]
        if head == 0:
            continue
        angler = b[ANGLERS + head - 1]
        if angler == NONE:
            continue
        b[SALMON_AT + s] = 0
        discard(b, s)
        if angler < FIRST_LOCAL:  # a tourist goes home with the salmon
            b[ANGLERS + head - 1] = NONE
            discard(b, angler)
        if catches is not None:
            catches.append((s, angler, head))
    if events is not None:
        where: list = []
        for s in range(N_SALMON):
            if b[SALMON_AT + s]:
                where.append((s, b[SALMON_AT + s]))
        events.append((EV_CURRENT_STEP, step, tuple(where), tuple(catches)))
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_turn(buf: bytearray, b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Steps 4-5: refill, the final round, the next turn or the end of the game (or playoff)."""
    seat: cython.int = b[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    drawn: list = [] if events is not None else None
    if not b[FINAL_ROUND] and not bits(b[NO_REFILL], seat):
        while b[p + SEAT_HAND_COUNT] < HAND_MAX and b[DECK_TOP] < b[DECK_END]:
            card: cython.int = draw(b, seat)
            if drawn is not None:
                drawn.append(card)
    b[NO_REFILL] &= ~(1 << seat) & 0xFF
    if events is not None:
        events.append((EV_TURN_ENDED, seat))
        if drawn:
            events.append((EV_REFILLED, seat, tuple(drawn), tuple(drawn)))  # the count for all, the cards
    if b[FINAL_ROUND]:
        if seat == b[LAST_SEAT]:
            _end_game(buf, b, events)
            return 0
    elif b[DECK_TOP] == b[DECK_END]:
        b[FINAL_ROUND] = 1
        b[LAST_SEAT] = seat
        if events is not None:
            order: list = []
            s: cython.int = seat
            while True:
                s = next_seat(b, s, 1)
                order.append(s)
                if s == seat:
                    break
            events.append((EV_FINAL_ROUND, tuple(order)))
    _begin_turn(buf, b, next_seat(b, seat, 1), events)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_game(buf: bytearray, b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Record the counts of the game or playoff that ended; start a playoff on a tie (§10), else finish."""
    n: cython.int = b[PLAYERS]
    s: cython.int
    p: cython.Py_ssize_t
    for s in range(n):
        p = seat_at(s)
        if b[PLAYOFF] == 0:
            b[p + SEAT_MAIN_SALMON] = b[p + SEAT_CAUGHT_COUNT]
        if bits(b[PARTICIPANTS], s):
            b[p + SEAT_KEY_COUNT] = b[p + SEAT_CAUGHT_COUNT]
    best: cython.int = -1
    tied: cython.int = 0
    key: cython.int
    for s in range(n):
        p = seat_at(s)
        key = b[p + SEAT_STAGE] * 32 + b[p + SEAT_KEY_COUNT]
        if key > best:
            best, tied = key, 1 << s
        elif key == best:
            tied |= 1 << s
    if b[TIE_RULE] == 1 and tied & (tied - 1) and b[PLAYOFF] < 3:
        _start_playoff(buf, b, tied, events)
        return 0
    b[PHASE] = FINISHED
    b[ACTIVE_SEAT] = NONE
    if events is not None:
        events.append((EV_GAME_END,))
    return 0


# -- bear window (§6) ---------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def has_bear(b: cython.p_uchar, seat: cython.int) -> cython.bint:
    p: cython.Py_ssize_t = seat_at(seat)
    i: cython.int
    card: cython.int
    for i in range(b[p + SEAT_HAND_COUNT]):
        card = b[p + SEAT_HAND + i]
        if FIRST_BEAR <= card < FIRST_CAST:
            return True
    return False


@cython.cfunc
@cython.exceptval(-1, check=False)
def _open_window(b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """After a catch by the active seat: every other participant may steal it with a bear, or pass."""
    seats: cython.int = b[PARTICIPANTS] & ~(1 << b[ACTIVE_SEAT])
    passed: cython.int = 0
    s: cython.int
    if b[BEAR_WINDOW] == 1:
        for s in range(b[PLAYERS]):
            if bits(seats, s) and not has_bear(b, s):
                passed |= 1 << s
    if events is not None:
        events.append((EV_BEAR_WINDOW, seats, passed))
    if passed == seats:
        if events is not None:
            events.append((EV_BEAR_WINDOW_CLOSED, "all_passed"))
        return 0
    b[WINDOW_SEATS] = seats
    b[WINDOW_PASSED] = passed
    b[PHASE] = BEAR
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _close_window(b: cython.p_uchar) -> cython.void:
    b[WINDOW_SEATS] = 0
    b[WINDOW_PASSED] = 0
    b[PHASE] = PLAY


@cython.cfunc
@cython.exceptval(-1, check=False)
def _catch(b: cython.p_uchar, seat: cython.int, salmon: cython.int, events: Optional[list]) -> cython.int:
    """`salmon` leaves the river for the seat's pile; the bear window opens (§7.2, D24)."""
    p: cython.Py_ssize_t = seat_at(seat)
    b[SALMON_AT + salmon] = 0
    b[p + SEAT_CAUGHT + b[p + SEAT_CAUGHT_COUNT]] = salmon
    b[p + SEAT_CAUGHT_COUNT] += 1
    _open_window(b, events)
    return 0


# -- legality ----------------------------------------------------------------------

@cython.ccall
def check(buf: bytearray, code: cython.int) -> cython.int:
    """R_OK if move `code` is legal now, else why not (a reason number, declarations.REASON_CODES)."""
    b: cython.p_uchar = buf
    return _check(b, code)


@cython.cfunc
@cython.exceptval(check=False)
def _check(b: cython.p_uchar, code: cython.int) -> cython.int:
    """check, read from the raw state."""
    phase: cython.int = b[PHASE]
    if phase == FINISHED:
        return R_GAME_OVER
    if code < 0 or code >= N_CODES:
        return R_NOT_LEGAL
    if code < END:
        return R_OK if phase == PLACE else R_NO_SALMON_TO_PLACE
    if code >= STEAL:
        return _check_window(b, code)
    if phase == BEAR:
        return R_BEAR_WINDOW_OPEN
    if phase != PLAY:
        return R_NOT_PLAY_PHASE
    p: cython.Py_ssize_t = seat_at(b[ACTIVE_SEAT])
    held: cython.int = b[p + SEAT_HAND_COUNT]
    if code == END:
        if b[FINAL_ROUND]:
            return R_OK if held == 0 else R_PLAY_ALL_CARDS
        return R_OK if held <= 1 else R_KEEP_AT_MOST_ONE
    if code < ANGLER:
        return _check_cast(b, p, (code - CAST) // CHOICES, (code - CAST) % CHOICES)
    index: cython.int
    if code < EAGLE:
        index = (code - ANGLER) // 10
        if index >= held:
            return R_CARD_NOT_IN_HAND
        return _check_angler(b, b[p + SEAT_HAND + index], (code - ANGLER) % 10)
    if code < ROAR:
        index = (code - EAGLE) // TARGETS
        if index >= held:
            return R_CARD_NOT_IN_HAND
        return _check_eagle(b, b[p + SEAT_HAND + index], (code - EAGLE) % TARGETS)
    index = code - ROAR
    if index >= held:
        return R_CARD_NOT_IN_HAND
    card: cython.int = b[p + SEAT_HAND + index]
    return R_OK if FIRST_BEAR <= card < FIRST_CAST else R_NOT_A_BEAR


@cython.cfunc
@cython.exceptval(check=False)
def _check_cast(b: cython.p_uchar, p: cython.Py_ssize_t, combo: cython.int, choice: cython.int) -> cython.int:
    first: cython.int = combo_first(combo)
    second: cython.int = combo_second(combo)
    held: cython.int = b[p + SEAT_HAND_COUNT]
    if first >= held or second >= held:
        return R_CARD_NOT_IN_HAND
    a: cython.int = cast_number(b[p + SEAT_HAND + first])
    a2: cython.int = cast_number(b[p + SEAT_HAND + second]) if second >= 0 else 0
    if a == 0 or (second >= 0 and a2 == 0):
        return R_NOT_A_CAST_CARD
    section: cython.int = a + a2
    if section > 10:
        return R_CAST_OFF_RIVER
    if salmon_covering(b, section) >= 2:
        if choice == 0:
            return R_NAME_A_SALMON
        return R_OK if covers(b[SALMON_AT + choice - 1], section) else R_SALMON_NOT_THERE
    return R_NO_SALMON_CHOICE if choice else R_OK


@cython.cfunc
@cython.exceptval(check=False)
def _check_angler(b: cython.p_uchar, card: cython.int, section: cython.int) -> cython.int:
    if card < FIRST_TOURIST or card >= FIRST_EAGLE:
        return R_NOT_AN_ANGLER
    there: cython.int = b[ANGLERS + section]
    if there == NONE or (card < FIRST_LOCAL and FIRST_LOCAL <= there < FIRST_EAGLE):
        return R_OK
    return R_SECTION_OCCUPIED


@cython.cfunc
@cython.exceptval(check=False)
def _check_eagle(b: cython.p_uchar, card: cython.int, target: cython.int) -> cython.int:
    if card < FIRST_EAGLE or card >= FIRST_BEAR:
        return R_NOT_AN_EAGLE
    if target < N_SALMON:
        return R_OK if b[SALMON_AT + target] else R_NO_SUCH_TARGET
    if target < N_SALMON + 10:
        return R_OK if b[ANGLERS + target - N_SALMON] != NONE else R_NO_SUCH_TARGET
    i: cython.int
    for i in range(N_SALMON):
        if b[SALMON_AT + i]:
            return R_EAGLE_NEEDS_TARGET
    for i in range(10):
        if b[ANGLERS + i] != NONE:
            return R_EAGLE_NEEDS_TARGET
    return R_OK


@cython.cfunc
def _check_window(b: cython.p_uchar, code: cython.int) -> cython.int:
    seat: cython.int = (code - STEAL) // 4 if code < PASS else code - PASS
    if b[PHASE] != BEAR:
        return R_NO_BEAR_WINDOW
    if seat >= b[PLAYERS] or not bits(b[WINDOW_SEATS], seat):
        return R_NOT_IN_WINDOW
    if bits(b[WINDOW_PASSED], seat):
        return R_ALREADY_PASSED
    if code >= PASS:
        return R_OK
    p: cython.Py_ssize_t = seat_at(seat)
    index: cython.int = (code - STEAL) % 4
    if index >= b[p + SEAT_HAND_COUNT]:
        return R_CARD_NOT_IN_HAND
    card: cython.int = b[p + SEAT_HAND + index]
    return R_OK if FIRST_BEAR <= card < FIRST_CAST else R_NOT_A_BEAR


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    """True once the game (and any playoff) has ended."""
    _sized(buf)
    return buf[PHASE] == FINISHED


# -- legal moves -------------------------------------------------------------------

def legal_moves(buf: bytearray) -> list:
    """Every legal move code now, ascending (§5, §6)."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 µs to make
        out: list = [0] * N_CODES
        return out[:_listed(buf, out)]
    codes = cython.declare(cython.longlong[353])  # N_CODES: a C array's length must be a literal
    return kernel.listed(codes, _listed(buf, codes))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """The kernel's listing (engines/core/kernel.pxd): legal_moves' codes."""
    return _listed(buf, out)


@cython.cfunc
@cython.exceptval(check=False)
def _listed(b: cython.p_uchar, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for N_CODES: they are distinct codes below it); their count."""
    phase: cython.int = b[PHASE]
    i: cython.int
    if phase == PLACE:
        for i in range(10):
            out[i] = PLACE_SALMON + i
        return 10
    if phase == PLAY:
        return _play_moves(b, out)
    if phase == BEAR:
        return _window_moves(b, out)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _play_moves(b: cython.p_uchar, out: cython.p_longlong) -> cython.int:
    p: cython.Py_ssize_t = seat_at(b[ACTIVE_SEAT])
    held: cython.int = b[p + SEAT_HAND_COUNT]
    n: cython.int = 0
    if held <= (0 if b[FINAL_ROUND] else 1):
        out[n] = END
        n += 1
    # The sections two salmon cover, found once for all ten combos (bit `section`).
    once: cython.int = 0
    twice: cython.int = 0
    s: cython.int
    head: cython.int
    for s in range(N_SALMON):
        head = b[SALMON_AT + s]
        if head:
            twice |= once & (1 << head)
            once |= 1 << head
            head = head % 10 + 1
            twice |= once & (1 << head)
            once |= 1 << head
    combo: cython.int
    for combo in range(10):
        n = _cast_moves(b, p, combo, twice, out, n)
    i: cython.int
    card: cython.int
    for i in range(held):
        card = b[p + SEAT_HAND + i]
        if FIRST_TOURIST <= card < FIRST_EAGLE:
            for s in range(10):
                if _check_angler(b, card, s) == R_OK:
                    out[n] = ANGLER + i * 10 + s
                    n += 1
    for i in range(held):
        card = b[p + SEAT_HAND + i]
        if FIRST_EAGLE <= card < FIRST_BEAR:
            n = _eagle_moves(b, i, out, n)
    for i in range(held):
        card = b[p + SEAT_HAND + i]
        if FIRST_BEAR <= card < FIRST_CAST:
            out[n] = ROAR + i
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _cast_moves(b: cython.p_uchar, p: cython.Py_ssize_t, combo: cython.int, twice: cython.int,
                out: cython.p_longlong, n: cython.int) -> cython.int:
    """`combo`'s cast codes appended to out[:n] (`twice`: the sections two salmon cover, as bits); the new
    count."""
    first: cython.int = combo_first(combo)
    second: cython.int = combo_second(combo)
    held: cython.int = b[p + SEAT_HAND_COUNT]
    if first >= held or second >= held:
        return n
    a: cython.int = cast_number(b[p + SEAT_HAND + first])
    a2: cython.int = cast_number(b[p + SEAT_HAND + second]) if second >= 0 else 0
    if a == 0 or (second >= 0 and a2 == 0) or a + a2 > 10:
        return n
    base: cython.int = CAST + combo * CHOICES
    if not (twice >> (a + a2)) & 1:
        out[n] = base
        return n + 1
    s: cython.int
    for s in range(N_SALMON):
        if covers(b[SALMON_AT + s], a + a2):
            out[n] = base + 1 + s
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _eagle_moves(b: cython.p_uchar, index: cython.int, out: cython.p_longlong, n: cython.int) -> cython.int:
    """The eagle at hand `index`'s codes appended to out[:n]; the new count."""
    base: cython.int = EAGLE + index * TARGETS
    start: cython.int = n
    s: cython.int
    for s in range(N_SALMON):
        if b[SALMON_AT + s]:
            out[n] = base + s
            n += 1
    for s in range(10):
        if b[ANGLERS + s] != NONE:
            out[n] = base + N_SALMON + s
            n += 1
    if n == start:
        out[n] = base + TARGETS - 1
        n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _window_moves(b: cython.p_uchar, out: cython.p_longlong) -> cython.int:
    seat: cython.int
    i: cython.int
    card: cython.int
    p: cython.Py_ssize_t
    n: cython.int = 0
    waiting: cython.int = b[WINDOW_SEATS] & ~b[WINDOW_PASSED]
    for seat in range(b[PLAYERS]):
        if bits(waiting, seat):
            p = seat_at(seat)
            for i in range(b[p + SEAT_HAND_COUNT]):
                card = b[p + SEAT_HAND + i]
                if FIRST_BEAR <= card < FIRST_CAST:
                    out[n] = STEAL + seat * 4 + i
                    n += 1
    for seat in range(b[PLAYERS]):
        if bits(waiting, seat):
            out[n] = PASS + seat
            n += 1
    return n


def mover_of(buf: bytearray, code: cython.int) -> cython.int:
    """The seat that makes move `code` now (NONE once finished)."""
    b: cython.p_uchar = buf
    if buf[PHASE] == FINISHED:
        return NONE
    if code >= PASS:
        return code - PASS
    if code >= STEAL:
        return (code - STEAL) // 4
    if code < END:
        return next_seat(b, buf[ACTIVE_SEAT], -1)
    return buf[ACTIVE_SEAT]


def to_act(buf: bytearray) -> list:
    """Seats that may act now, ascending."""
    _sized(buf)
    b: cython.p_uchar = buf
    phase: cython.int = buf[PHASE]
    if phase == FINISHED:
        return []
    if phase == PLACE:
        return [next_seat(b, buf[ACTIVE_SEAT], -1)]
    if phase == PLAY:
        return [buf[ACTIVE_SEAT]]
    waiting: cython.int = buf[WINDOW_SEATS] & ~buf[WINDOW_PASSED]
    return [s for s in range(buf[PLAYERS]) if bits(waiting, s)]


# -- apply ---------------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply a move code in place: R_OK, or the refusal reason (R_*) with `buf` untouched; raw event tuples
    (EV_* first) are appended to `log` when it is a list (the core's apply_in_place names them)."""
    return _apply_code(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_code(buf: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C, the kernel's `apply` (engines/core/kernel.pxd); -1 with ValueError for a state of
    the wrong size."""
    if len(buf) != SIZE:
        raise ValueError(f"not an alaska state: {len(buf)} bytes, expected {SIZE}")
    events: Optional[list] = log
    b: cython.p_uchar = buf
    if code < 0 or code >= N_CODES:
        return R_GAME_OVER if b[PHASE] == FINISHED else R_NOT_LEGAL
    reason: cython.int = _check(b, code)
    if reason != R_OK:
        return reason
    return _apply(buf, b, code, events)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(buf: bytearray, b: cython.p_uchar, code: cython.int, events: Optional[list]) -> cython.int:
    """Apply a legal `code` (checked, or just listed) and count the move."""
    if code < END:
        _place(b, code - PLACE_SALMON + 1, events)
    elif code == END:
        _end_turn(buf, b, events)
    elif code < ANGLER:
        _cast(buf, b, (code - CAST) // CHOICES, (code - CAST) % CHOICES, events)
    elif code < EAGLE:
        _angler(b, (code - ANGLER) // 10, (code - ANGLER) % 10, events)
    elif code < ROAR:
        _eagle(b, (code - EAGLE) // TARGETS, (code - EAGLE) % TARGETS, events)
    elif code < STEAL:
        _roar(b, code - ROAR, events)
    elif code < PASS:
        _steal(b, (code - STEAL) // 4, (code - STEAL) % 4, events)
    else:
        _pass(b, code - PASS, events)
    n: cython.int = (b[MOVE_COUNT] | (b[MOVE_COUNT + 1] << 8)) + 1
    b[MOVE_COUNT] = n & 0xFF
    b[MOVE_COUNT + 1] = (n >> 8) & 0xFF
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _place(b: cython.p_uchar, section: cython.int, events: Optional[list]) -> cython.int:
    """The next fallen salmon enters the river at `section` (no catch, D22)."""
    salmon: cython.int = b[PENDING]
    n: cython.int = b[PENDING_COUNT]
    i: cython.int
    for i in range(n - 1):
        b[PENDING + i] = b[PENDING + i + 1]
    b[PENDING + n - 1] = 0
    b[PENDING_COUNT] = n - 1
    b[SALMON_AT + salmon] = section
    if events is not None:
        events.append((EV_PLACED, next_seat(b, b[ACTIVE_SEAT], -1), salmon, section))
    if n == 1 or b[PENDING] >= FIRST_CURRENT:
        _currents(b, events)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _cast(buf: bytearray, b: cython.p_uchar, combo: cython.int, choice: cython.int, events: Optional[list]) -> cython.int:
    """Discard the cast cards and resolve the cast at their sum (§7.2)."""
    seat: cython.int = b[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    second: cython.int = combo_second(combo)
    a2: cython.int = take_from_hand(b, seat, second) if second >= 0 else NONE
    a: cython.int = take_from_hand(b, seat, combo_first(combo))
    discard(b, a)
    if a2 != NONE:
        discard(b, a2)
    section: cython.int = cast_number(a) + cast_number(a2)
    salmon: cython.int = choice - 1 if choice else first_covering(b, section)
    angler: cython.int = b[ANGLERS + section - 1]
    die: cython.int = 0
    outcome: cython.int = 0
    paid: cython.int = NONE
    if angler != NONE and b[LUCKY_DICE] and salmon != NONE:
        die = rng.below(buf, RNG, 6) + 1
        if events is not None:
            events.append((EV_DICE, seat, die))
    if angler != NONE and die != 1:
        if angler < FIRST_LOCAL:
            outcome = 2
        elif b[p + SEAT_CAUGHT_COUNT]:
            outcome = 3
            b[p + SEAT_CAUGHT_COUNT] -= 1
            paid = b[p + SEAT_CAUGHT + b[p + SEAT_CAUGHT_COUNT]]
            b[p + SEAT_CAUGHT + b[p + SEAT_CAUGHT_COUNT]] = 0
            discard(b, paid)
            b[ANGLERS + section - 1] = NONE
            discard(b, angler)
        else:
            outcome = 4
    elif salmon != NONE:
        outcome = 1
    if events is not None:
        events.append((EV_CAST, seat, (a, a2), section, outcome, die, salmon if outcome == 1 else NONE,
                       angler if angler != NONE and die != 1 else NONE, paid))
    if outcome == 1:
        _catch(b, seat, salmon, events)
    elif outcome == 2:
        _tourist_penalty(buf, b, seat, section, events)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _tourist_penalty(buf: bytearray, b: cython.p_uchar, seat: cython.int, section: cython.int, events: Optional[list]) -> cython.int:
    """The tourist goes, the hand is lost, no refill, the turn ends at once (§7.2, D13)."""
    p: cython.Py_ssize_t = seat_at(seat)
    discard(b, b[ANGLERS + section - 1])
    b[ANGLERS + section - 1] = NONE
    lost: bytes = bytes(b[p + SEAT_HAND:p + SEAT_HAND + b[p + SEAT_HAND_COUNT]]) if events is not None else None
    while b[p + SEAT_HAND_COUNT]:
        discard(b, take_from_hand(b, seat, 0))
    b[NO_REFILL] |= 1 << seat
    if events is not None:
        events.append((EV_TOURIST_PENALTY, seat, lost))
    _end_turn(buf, b, events)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _angler(b: cython.p_uchar, index: cython.int, section: cython.int, events: Optional[list]) -> cython.int:
    """An angler onto an empty section, or a tourist chasing a local (D7)."""
    seat: cython.int = b[ACTIVE_SEAT]
    card: cython.int = take_from_hand(b, seat, index)
    there: cython.int = b[ANGLERS + section]
    if there == NONE:
        b[ANGLERS + section] = card
        if events is not None:
            events.append((EV_ANGLER_PLACED, seat, card, section + 1))
        return 0
    b[ANGLERS + section] = NONE
    discard(b, there)
    discard(b, card)
    if events is not None:
        events.append((EV_ANGLER_CHASED, seat, card, there, section + 1))
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _eagle(b: cython.p_uchar, index: cython.int, target: cython.int, events: Optional[list]) -> cython.int:
    """The eagle catches a salmon (a catch: bear window, D24), chases an angler, or flies off (D16)."""
    seat: cython.int = b[ACTIVE_SEAT]
    card: cython.int = take_from_hand(b, seat, index)
    if target >= N_SALMON and target < N_SALMON + 10:
        discard(b, b[ANGLERS + target - N_SALMON])
        b[ANGLERS + target - N_SALMON] = NONE
    discard(b, card)
    if events is not None:
        events.append((EV_EAGLE, seat, card, target, target))  # a salmon, or an angler's section
    if target < N_SALMON:
        _catch(b, seat, target, events)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _roar(b: cython.p_uchar, index: cython.int, events: Optional[list]) -> cython.int:
    """Every angler leaves the river, then the bear is discarded (D15)."""
    seat: cython.int = b[ACTIVE_SEAT]
    card: cython.int = take_from_hand(b, seat, index)
    gone: list = [] if events is not None else None
    s: cython.int
    for s in range(10):
        if b[ANGLERS + s] != NONE:
            if gone is not None:
                gone.append((b[ANGLERS + s], s + 1))
            discard(b, b[ANGLERS + s])
            b[ANGLERS + s] = NONE
    discard(b, card)
    if events is not None:
        events.append((EV_BEAR_ROAR, seat, card, tuple(gone)))
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _steal(b: cython.p_uchar, seat: cython.int, index: cython.int, events: Optional[list]) -> cython.int:
    """The bear eats the salmon just caught: salmon, then bear, onto the pile; the window closes."""
    card: cython.int = take_from_hand(b, seat, index)
    p: cython.Py_ssize_t = seat_at(b[ACTIVE_SEAT])
    b[p + SEAT_CAUGHT_COUNT] -= 1
    salmon: cython.int = b[p + SEAT_CAUGHT + b[p + SEAT_CAUGHT_COUNT]]
    b[p + SEAT_CAUGHT + b[p + SEAT_CAUGHT_COUNT]] = 0
    discard(b, salmon)
    discard(b, card)
    _close_window(b)
    if events is not None:
        events.append((EV_BEAR_STEAL, seat, card, salmon, b[ACTIVE_SEAT]))
        events.append((EV_BEAR_WINDOW_CLOSED, "bear_steal"))
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _pass(b: cython.p_uchar, seat: cython.int, events: Optional[list]) -> cython.int:
    b[WINDOW_PASSED] |= 1 << seat
    if events is not None:
        events.append((EV_PASSED, seat))
    if b[WINDOW_PASSED] == b[WINDOW_SEATS]:
        _close_window(b)
        if events is not None:
            events.append((EV_BEAR_WINDOW_CLOSED, "all_passed"))
    return 0


# -- score (§10): view.score and the kernel read the same numbers --------------------

@cython.cfunc
@cython.exceptval(check=False)
def _seat_score(b: cython.p_uchar, seat: cython.int, out: cython.p_int) -> cython.void:
    """Seat `seat`'s (rank key, round, total) into `out`: the key is (last playoff played, salmon in it),
    a seat out of the playoff keeping the count it had when it dropped out; during or after playoffs the
    total is the main game's salmon and the round the playoff's."""
    p: cython.Py_ssize_t = seat_at(seat)
    caught_n: cython.int = b[p + SEAT_CAUGHT_COUNT]
    playing: cython.bint = bits(b[PARTICIPANTS], seat)
    out[0] = b[p + SEAT_STAGE] * 32 + (caught_n if playing else b[p + SEAT_KEY_COUNT])
    out[1] = caught_n if playing else 0
    out[2] = b[p + SEAT_MAIN_SALMON] if b[PLAYOFF] else caught_n


def score_numbers(buf: bytearray) -> list:
    """Per seat: (rank key, round, total); the winners hold the highest key."""
    out: list = []
    seat: cython.int
    b: cython.p_uchar = buf
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 µs to make
        m: list = [0, 0, 0]
        for seat in range(buf[PLAYERS]):
            _seat_score(b, seat, m)
            out.append(tuple(m))
        return out
    n = cython.declare(cython.int[3])
    for seat in range(buf[PLAYERS]):
        _seat_score(b, seat, n)
        out.append((n[0], n[1], n[2]))
    return out


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result (engines/core/kernel.pxd): totals, and every seat holding the best key wins; as in
    score(), nobody wins an unfinished game (only a listing bug could stall one: 8 anglers, 10 sections)."""
    b: cython.p_uchar = buf
    players: cython.int = b[PLAYERS]
    key = cython.declare(cython.int[4])
    n = cython.declare(cython.int[3])
    best: cython.int = -1
    seat: cython.int
    for seat in range(players):
        _seat_score(b, seat, n)
        key[seat] = n[0]
        scores[seat] = n[2]
        if n[0] > best:
            best = n[0]
    finished: cython.bint = b[PHASE] == FINISHED
    for seat in range(players):
        won[seat] = finished and key[seat] == best
    return players


# -- accessors for game.py (the layout constants are C-level) ------------------------

def hand(buf: bytearray, seat: cython.int) -> list:
    p = seat_at(seat)
    return list(buf[p + SEAT_HAND:p + SEAT_HAND + buf[p + SEAT_HAND_COUNT]])


def caught(buf: bytearray, seat: cython.int) -> list:
    p = seat_at(seat)
    return list(buf[p + SEAT_CAUGHT:p + SEAT_CAUGHT + buf[p + SEAT_CAUGHT_COUNT]])


def split_code(code: cython.int) -> tuple:
    """(kind number K_*, a, b): place (section), end, cast (combo, choice), angler (index, section 0-9),
    eagle (index, target), bear (index), bearsteal (seat, index), pass (seat); kind -1 for no move."""
    if code < 0 or code >= N_CODES:
        return (-1, 0, 0)
    if code < END:
        return (K_PLACE, code + 1, 0)
    if code == END:
        return (K_END, 0, 0)
    if code < ANGLER:
        return (K_CAST, (code - CAST) // CHOICES, (code - CAST) % CHOICES)
    if code < EAGLE:
        return (K_ANGLER, (code - ANGLER) // 10, (code - ANGLER) % 10)
    if code < ROAR:
        return (K_EAGLE, (code - EAGLE) // TARGETS, (code - EAGLE) % TARGETS)
    if code < STEAL:
        return (K_BEAR, code - ROAR, 0)
    if code < PASS:
        return (K_BEARSTEAL, (code - STEAL) // 4, (code - STEAL) % 4)
    return (K_PASS, code - PASS, 0)


def combo_of(first: cython.int, second: cython.int) -> cython.int:
    """The cast combo of hand indexes `first` < `second` (-1: one card)."""
    if second < 0:
        return first
    return 4 + (0, 3, 5)[first] + second - first - 1


def combo_indexes(combo: cython.int) -> tuple:
    return (combo_first(combo), combo_second(combo))


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code `_legal_into` just listed (so legal: no check), with no events."""
    return _apply(buf, buf, code, None)


if cython.compiled:
    # max_moves: a listing holds distinct codes, all below N_CODES; at most 4 seats.
    KERNEL = kernel.export(_legal_into, _step, _outcome, N_CODES, 4, _apply_code)
else:
    KERNEL = None
