"""Alaska's kernel, its turn topic, compiled: the deal and playoffs (§2.1, §10), the turn's steps (§4), the bear
window (§6) and what each move does (§7). rules.py calls `_deal`, `_begin_turn`, `_apply`, `_step` (.pxd)."""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
    from cython.cimports.engines.alaska.rules_common import bits, cast_number, combo_first, combo_second, covering, \
        equal_bytes, lowest, next_seat, raw, seat_at, upstream
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from .offsets import *  # noqa: F403
    from .rules_common import bits, cast_number, combo_first, combo_second, covering, equal_bytes, lowest, \
        next_seat, raw, seat_at, upstream
    from ..core import rng


# -- cards moving ------------------------------------------------------------------

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


# -- setup (§2.1) and playoffs (§10) ----------------------------------------------

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
    held: cython.int = b[p + SEAT_HAND_COUNT]
    kept: cython.int = 0  # the hand closes up behind the fallen cards in one pass, its order kept
    i: cython.int
    card: cython.int
    salmon: cython.int = 0
    for i in range(held):
        card = b[p + SEAT_HAND + i]
        if card < FIRST_TOURIST:
            _insert_pending(b, card)
            salmon += card < FIRST_CURRENT
        else:
            b[p + SEAT_HAND + kept] = card
            kept += 1
    for i in range(kept, held):
        b[p + SEAT_HAND + i] = 0
    b[p + SEAT_HAND_COUNT] = kept
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
    river: cython.uint = upstream(b)
    catches: list = [] if events is not None else None
    while river:
        s = lowest(river)
        river &= river - 1
        head = b[SALMON_AT + s]
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


# -- the moves (§7) ------------------------------------------------------------------

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
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """The kernel's step (kernel.pxd): a code just listed, so legal (no check); no events."""
    return _apply(buf, raw(buf), code, None)


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
    there: cython.uint = covering(b, section)  # no choice: at most one salmon there
    salmon: cython.int = choice - 1 if choice else lowest(there) if there else NONE
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
