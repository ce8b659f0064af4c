"""Alaska's kernel, its legality topic: whether a move code is legal now and why not (§5-§7), and the listing of
every legal code, compiled. rules.py checks with `_check` and lists with `_listed` (rules_legal.pxd declares them).
"""
import cython

if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
    from cython.cimports.engines.alaska.rules_common import bits, cast_number, combo_first, combo_second, covers, seat_at
else:
    from .offsets import *  # noqa: F403
    from .rules_common import bits, cast_number, combo_first, combo_second, covers, seat_at


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
