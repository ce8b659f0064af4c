"""Alaska's kernel, its legality topic: whether a move code is legal now and why not (§5-§7), and the listing of
every legal code, compiled. rules.py checks with `_check` and lists with `_legal_into` (rules_legal.pxd declares them).
"""
import cython

if cython.compiled:
    from cython.cimports.engines.alaska.offsets import *  # noqa: F403
    from cython.cimports.engines.alaska.rules_common import bits, cast_number, combo_first, combo_pair, \
        combo_second, covering, equal_bytes, hand_in, lowest, raw, seat_at
else:
    from .offsets import *  # noqa: F403
    from .rules_common import bits, cast_number, combo_first, combo_pair, combo_second, \
        covering, equal_bytes, hand_in, lowest, raw, seat_at


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
    there: cython.uint = covering(b, section)
    if there & (there - 1):  # two salmon or more: the caster names one
        if choice == 0:
            return R_NAME_A_SALMON
        return R_OK if (there >> (choice - 1)) & 1 else R_SALMON_NOT_THERE
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
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for N_CODES: they are distinct codes below it); their count.
    The kernel's listing (engines/core/kernel.pxd) too: one call from the playout loop, not a wrapper's two."""
    b: cython.p_uchar = raw(buf)
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
    """The play phase's codes: the hand is sorted by kind once, the river and the anglers read as bit masks
    (equal_bytes) only when a card in hand needs them."""
    p: cython.Py_ssize_t = seat_at(b[ACTIVE_SEAT])
    held: cython.int = b[p + SEAT_HAND_COUNT]
    n: cython.int = 0
    if held <= (0 if b[FINAL_ROUND] else 1):
        out[n] = END
        n += 1
    numbers: cython.uint = 0  # each hand card's cast number (0: not a cast card), 4 bits per index
    casts: cython.uint = 0  # hand indexes, as bits
    tourists: cython.uint = 0  # hand indexes, as bits
    locals_: cython.uint = 0
    eagles: cython.uint = 0
    bears: cython.uint = 0
    i: cython.int
    card: cython.int
    for i in range(held):
        card = b[p + SEAT_HAND + i]
        if card >= FIRST_CAST:
            numbers |= cast_number(card) << (4 * i)
            casts |= 1 << i
        elif card >= FIRST_BEAR:
            bears |= 1 << i
        elif card >= FIRST_EAGLE:
            eagles |= 1 << i
        elif card >= FIRST_LOCAL:
            locals_ |= 1 << i
        elif card >= FIRST_TOURIST:
            tourists |= 1 << i
    if casts:
        n = _cast_moves(b, numbers, casts, out, n)
    if tourists | locals_:
        n = _angler_moves(b, tourists, locals_, out, n)
    if eagles:
        n = _eagle_moves(b, eagles, out, n)
    while bears:
        out[n] = ROAR + lowest(bears)
        n += 1
        bears &= bears - 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _cast_moves(b: cython.p_uchar, numbers: cython.uint, casts: cython.uint, out: cython.p_longlong,
                n: cython.int) -> cython.int:
    """The cast codes appended to out[:n] in combo order, the single cards then the pairs by (first, second)
    (`numbers`: the hand's cast numbers, 4 bits per index; `casts`: their hand indexes, as bits); the new count."""
    # The sections two salmon or more cover (bit `section`), from the salmon in the river only: most casts
    # then need no look at which salmon.
    river: cython.uint = ~equal_bytes(b, SALMON_AT, 0xFF, 0, 0) & 0xFFFF
    once: cython.uint = 0
    twice: cython.uint = 0
    cover: cython.uint
    if not river & (river - 1):  # one salmon or none: no section has two
        river = 0
    while river:
        # Bits head and head + 1, section 11 folded onto 1 (bits 0 and 11 are left over: no cast's section).
        cover = 3 << b[SALMON_AT + lowest(river)]
        cover |= cover >> 10
        twice |= once & cover
        once |= cover
        river &= river - 1
    i: cython.int
    left: cython.uint = casts
    while left:
        i = lowest(left)
        n = _cast_codes(b, i, (numbers >> (4 * i)) & 15, twice, out, n)
        left &= left - 1
    j: cython.int
    section: cython.int
    seconds: cython.uint
    while casts:
        i = lowest(casts)
        casts &= casts - 1
        seconds = casts
        while seconds:
            j = lowest(seconds)
            section = ((numbers >> (4 * i)) & 15) + ((numbers >> (4 * j)) & 15)
            if section <= 10:
                n = _cast_codes(b, combo_pair(i, j), section, twice, out, n)
            seconds &= seconds - 1
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _cast_codes(b: cython.p_uchar, combo: cython.int, section: cython.int, twice: cython.uint,
                out: cython.p_longlong, n: cython.int) -> cython.int:
    """A cast of `combo` at `section` appended to out[:n]: one code, or one per salmon there when two or more
    are (`twice`, by section); the new count."""
    base: cython.int = CAST + combo * CHOICES
    if not (twice >> section) & 1:
        out[n] = base
        return n + 1
    there: cython.uint = covering(b, section)
    while there:
        out[n] = base + 1 + lowest(there)
        n += 1
        there &= there - 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _angler_moves(b: cython.p_uchar, tourists: cython.uint, locals_: cython.uint, out: cython.p_longlong,
                  n: cython.int) -> cython.int:
    """The angler codes appended to out[:n], by hand index (`tourists`, `locals_`: as bits) then section: a
    local onto an empty section, a tourist also onto a local's (_check_angler); the new count."""
    empty: cython.uint = equal_bytes(b, ANGLERS, 0xFF, NONE, NONE) & 0x3FF
    # Bytes 252-254 are no card, so (x & 0xFC) == 0xFC is NONE, and == FIRST_LOCAL the four locals.
    chased: cython.uint = equal_bytes(b, ANGLERS, 0xFC, FIRST_LOCAL, 0xFC) & 0x3FF
    both: cython.uint = tourists | locals_
    i: cython.int
    free: cython.uint
    while both:
        i = lowest(both)
        free = chased if (tourists >> i) & 1 else empty
        while free:
            out[n] = ANGLER + i * 10 + lowest(free)
            n += 1
            free &= free - 1
        both &= both - 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _eagle_moves(b: cython.p_uchar, eagles: cython.uint, out: cython.p_longlong, n: cython.int) -> cython.int:
    """The codes of the eagles at hand indexes `eagles` (as bits) appended to out[:n]: each salmon in the
    river, then each angler's section, else flying off; the new count."""
    river: cython.uint = ~equal_bytes(b, SALMON_AT, 0xFF, 0, 0) & 0xFFFF
    anglers: cython.uint = ~equal_bytes(b, ANGLERS, 0xFF, NONE, NONE) & 0x3FF
    targets: cython.uint = river | (anglers << N_SALMON)
    base: cython.int
    left: cython.uint
    while eagles:
        base = EAGLE + lowest(eagles) * TARGETS
        if not targets:
            out[n] = base + TARGETS - 1
            n += 1
        left = targets
        while left:
            out[n] = base + lowest(left)
            n += 1
            left &= left - 1
        eagles &= eagles - 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _window_moves(b: cython.p_uchar, out: cython.p_longlong) -> cython.int:
    seat: cython.int
    bears: cython.uint
    n: cython.int = 0
    waiting: cython.uint = b[WINDOW_SEATS] & ~b[WINDOW_PASSED] & ((1 << b[PLAYERS]) - 1)
    left: cython.uint = waiting
    while left:
        seat = lowest(left)
        bears = hand_in(b, seat_at(seat), FIRST_BEAR, FIRST_CAST)
        while bears:
            out[n] = STEAL + seat * 4 + lowest(bears)
            n += 1
            bears &= bears - 1
        left &= left - 1
    while waiting:
        out[n] = PASS + lowest(waiting)
        n += 1
        waiting &= waiting - 1
    return n
