"""Rune Market's kernel, the legal moves (§4-§6): one generator, `_list`, for legal_moves, legal_of_kind,
apply_code's check and the kernel. It writes the first `room` codes into a C array and counts on past it, so a
caller with too little room learns how much it needs (a hand of many number cards lists every qualifying
subset: 2**h of them)."""
import cython

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases PHASE_*, move
# kinds K_*, refusal reasons R_*, event kinds EV_*, card ranges), generated: C constants when compiled; the small
# readers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
    from cython.cimports.engines.rune_market.rules_state import *  # noqa: F403

else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403


# C array types named once: interpreted, cython.declare(cython.longlong[44]) builds a class per call.
Ints44 = cython.typedef(cython.int[44])  # N_CARDS: what a hand of number cards holds at most
Longs44 = cython.typedef(cython.longlong[44])
Longs16 = cython.typedef(cython.longlong[16])


@cython.cfunc
@cython.exceptval(check=False)
def _list(buf: cython.p_uchar, only: cython.int, out: cython.p_longlong, room: cython.longlong) -> cython.longlong:
    """The legal codes of kind `only` (-1: of every kind the phase allows), in legal_moves' order: the first
    `room` written into `out`; how many there are."""
    # One branch per phase and its kinds in kind order (the order _kinds allows them): a loop over all
    # kinds with a dispatch per kind cost more than the generators themselves.
    phase: cython.int = buf[PHASE]
    seat: cython.int = buf[ACTIVE_SEAT]
    n: cython.longlong = 0
    if phase == PHASE_INTEREST:
        if only < 0 or only == K_INTEREST:
            n = _put(out, n, room, K_INTEREST)
        if only < 0 or only == K_NOINTEREST:
            n = _put(out, n, room, K_NOINTEREST)
        return n
    if phase == PHASE_DEFEND:
        return _gen_defend(buf, only, out, n, room)
    if phase == PHASE_STEAL:
        if only < 0 or only == K_STEAL:
            n = _gen_steals(buf, seat, K_STEAL, 0, out, n, room)
        if only < 0 or only == K_NOSTEAL:
            n = _put(out, n, room, K_NOSTEAL)
        return n
    if phase == PHASE_MARKET or phase == PHASE_HAND:
        return _list_turn(buf, phase, seat, only, out, room)
    return 0  # finished


@cython.cfunc
@cython.exceptval(check=False)
def _list_turn(buf: cython.p_uchar, phase: cython.int, seat: cython.int, only: cython.int, out: cython.p_longlong,
               room: cython.longlong) -> cython.longlong:
    """`_list` in the market and hand phases: apart, so the short answers of the other phases (two fifths of
    a game's moves) skip the set-up of this one's many locals."""
    n: cython.longlong = 0
    if phase == PHASE_MARKET:
        if only < 0 or only == K_ABANDON:
            n = _gen_abandon(buf, seat, out, n, room)
        if (only < 0 or only == K_BUY) and not buf[BOUGHT]:
            n = _gen_buy(buf, seat, out, n, room)
        if only < 0 or only == K_FREE3:
            n = _gen_free3(buf, seat, out, n, room)
    if only < 0 or only == K_NEUTRALIZE:
        n = _gen_neutralize(buf, seat, out, n, room)
    if only < 0 or only == K_STORE:
        n = _gen_store(buf, seat, out, n, room)
    # The hand is in standard order (validate.py refuses any other): its number cards [hand, hand + h), then
    # its thieves [.., thieves), then its main storages [.., end), each read where it lies.
    p: cython.Py_ssize_t = seat_at(seat)
    hand: cython.Py_ssize_t = p + SEAT_HAND
    end: cython.Py_ssize_t = hand + min(buf[p + SEAT_HAND_COUNT], SEAT_HAND_LEN)
    thieves: cython.Py_ssize_t = hand
    while thieves < end and buf[thieves] < N_NUMBERS:
        thieves += 1
    halls: cython.Py_ssize_t = thieves
    while halls < end and buf[halls] < HALL_RED0:
        halls += 1
    h: cython.int = thieves - hand
    i: cython.Py_ssize_t
    card: cython.int
    if (only < 0 or K_RUNE <= only <= K_RANSOM) and h:
        n = _gen_card_sets(buf, seat, only, hand, h, out, n, room)
    if (only < 0 or only == K_DUEL) and h:
        n = _gen_duels(buf, seat, hand, h, out, n, room)
    if (only < 0 or only == K_THIEF) and halls > thieves:
        n = _gen_thieves(buf, seat, thieves, halls, out, n, room)
    if only < 0 or only == K_STORAGE:
        for i in range(halls, end):
            card = buf[i]
            if buf[p + SEAT_MAIN + hall_colour(card)] == NONE and not is_occupied(buf, p, hall_colour(card)):
                n = _put(out, n, room, make(K_STORAGE, 0, 0, 0, 0, card))
    if only < 0 or only == K_DOUBLE:
        for i in range(halls, end):
            n = _put(out, n, room, make(K_DOUBLE, 0, 0, 0, 0, buf[i]))
    if (only < 0 or only == K_END) and (buf[HAND_PLAYED] or buf[p + SEAT_HAND_COUNT] == 0):
        n = _put(out, n, room, K_END)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _overflow(n: cython.longlong) -> cython.int:
    """-1 with OverflowError for a listing past the kernel's room: here, not in rules.py's `_legal_into`, so
    the C compiler cannot inline it there (it calls other modules through pointers), where the message's
    Python objects made every call set up their frame."""
    raise OverflowError(f"rune_market: {n} legal moves, the kernel lists at most {MAX_MOVES}")


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _put(out: cython.p_longlong, n: cython.longlong, room: cython.longlong,
         code: cython.longlong) -> cython.longlong:
    """List `code` as the n-th (written while there is room); the new count."""
    if n < room:
        out[n] = code
    return n + 1


@cython.ccall
def kind_allowed(buf: bytearray, kind: cython.int) -> cython.bint:
    """May a move of this kind be made in this phase at all?"""
    return 0 <= kind < N_KINDS and (_kinds(buf[PHASE]) >> kind) & 1


@cython.cfunc
@cython.exceptval(check=False)
def _kinds(phase: cython.int) -> cython.int:
    """The kinds a phase allows: bit k for kind k."""
    duel: cython.int = (1 << K_DEFEND) | (1 << K_CONCEDE)
    if phase == PHASE_INTEREST:
        return (1 << K_INTEREST) | (1 << K_NOINTEREST)
    if phase == PHASE_DEFEND:
        return duel
    if phase == PHASE_STEAL:
        return (1 << K_STEAL) | (1 << K_NOSTEAL)
    if phase == PHASE_MARKET:  # abandon .. double but the duel answers, and end
        return ((1 << (K_DOUBLE + 1)) - (1 << K_ABANDON)) & ~duel | (1 << K_END)
    if phase == PHASE_HAND:  # the market phase's kinds from neutralize on
        return ((1 << (K_DOUBLE + 1)) - (1 << K_NEUTRALIZE)) & ~duel | (1 << K_END)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _gen_defend(buf: cython.p_uchar, only: cython.int, out: cython.p_longlong, n: cython.longlong,
                room: cython.longlong) -> cython.longlong:
    """defend with each number card of at least the attack's number, else concede (of kind `only`, -1: both)."""
    p: cython.Py_ssize_t = seat_at(buf[DEFENDER])
    low: cython.int = buf[ATTACK] - buf[ATTACK] % 3  # the attack number's first card: number = card // 3 + 1
    can: cython.bint = False
    i: cython.int
    card: cython.int
    for i in range(buf[p + SEAT_HAND_COUNT]):
        card = buf[p + SEAT_HAND + i]
        if low <= card < N_NUMBERS:
            can = True
            if only < 0 or only == K_DEFEND:
                n = _put(out, n, room, make(K_DEFEND, 0, 0, 0, 0, card))
    if not can and (only < 0 or only == K_CONCEDE):
        n = _put(out, n, room, K_CONCEDE)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_abandon(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
                 room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    for c in range(2):
        if buf[p + SEAT_MAIN + c] != NONE and not is_occupied(buf, p, c):
            n = _put(out, n, room, make(K_ABANDON, c, 0, 0, 0, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _placements(buf: cython.p_uchar, seat: cython.int, item: cython.int, base: cython.longlong,
                into: cython.p_longlong, count: cython.int) -> cython.int:
    """The placements of `item` open to `seat` (§5) in placement order, each as `base` with field d the
    placement, written into `into` from index `count` on; the new count. Placement P: outpost `to C` = C (no
    outpost there, not occupied), outpost `neutralize C` = 2 + C (occupied), collector `on S C` = 4 + 2S + C
    (another seat's real, unoccupied store)."""
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    target: cython.int
    if item == OUTPOST:
        for c in range(2):
            if not is_occupied(buf, p, c) and not buf[p + SEAT_OUTPOST + c]:
                into[count] = base | make(0, 0, 0, 0, c, 0)
                count += 1
        for c in range(2):
            if is_occupied(buf, p, c):
                into[count] = base | make(0, 0, 0, 0, 2 + c, 0)
                count += 1
        return count
    for target in range(buf[PLAYERS]):
        if target != seat:
            p = seat_at(target)
            for c in range(2):
                if is_real(buf, p, c) and not is_occupied(buf, p, c):
                    into[count] = base | make(0, 0, 0, 0, 4 + 2 * target + c, 0)
                    count += 1
    return count


@cython.cfunc
@cython.exceptval(check=False)
def _gen_buy(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
             room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    price: cython.int = buf[PRICE]
    places = cython.declare(Longs16)
    count: cython.int
    item: cython.int
    pay: cython.int
    loose: cython.int
    stored: cython.int
    o: cython.int
    paid: cython.longlong
    for item in range(2):
        if buf[MARKET + 2 + item] == 0:
            continue
        count = _placements(buf, seat, item, make(K_BUY, item, 0, 0, 0, 0), places, 0)
        for pay in range(2):
            stored = 0 if is_occupied(buf, p, pay) else buf[p + SEAT_RUNES + pay]
            # The loose runes paid: what is held loose at most, and enough that the store pays the rest.
            for loose in range(max(0, price - stored), min(price, buf[p + SEAT_LOOSE + pay]) + 1):
                paid = make(0, 0, pay, loose, 0, 0)
                for o in range(count):
                    n = _put(out, n, room, places[o] | paid)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_free3(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
               room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    red: cython.int
    blue: cython.int
    other: cython.int
    for c in range(2):
        if not is_occupied(buf, p, c):
            continue
        other = 0 if is_occupied(buf, p, 1 - c) else buf[p + SEAT_RUNES + 1 - c]
        for red in range(min(3, buf[p + SEAT_LOOSE]) + 1):
            for blue in range(min(3 - red, buf[p + SEAT_LOOSE + 1]) + 1):
                if 3 - red - blue <= other:
                    n = _put(out, n, room, make(K_FREE3, c, red, blue, 3 - red - blue, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_neutralize(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
                    room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    for c in range(2):
        if is_occupied(buf, p, c) and buf[p + SEAT_OUTPOST + 1 - c]:
            n = _put(out, n, room, make(K_NEUTRALIZE, c, 0, 0, 0, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_store(buf: cython.p_uchar, seat: cython.int, out: cython.p_longlong, n: cython.longlong,
               room: cython.longlong) -> cython.longlong:
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    k: cython.int
    for c in range(2):
        if is_real(buf, p, c):
            for k in range(1, buf[p + SEAT_LOOSE + c] + 1):
                n = _put(out, n, room, make(K_STORE, c, 0, 0, 0, k))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_card_sets(buf: cython.p_uchar, seat: cython.int, only: cython.int, cards: cython.Py_ssize_t,
                   h: cython.int, out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """rune (sum 5, 10 or 15), then buycards and ransom (sum >= 21), or only the kind `only` (-1: all three):
    every set of the h number cards in hand (`buf[cards:cards + h]`)."""
    p: cython.Py_ssize_t = seat_at(seat)
    numbers = cython.declare(Ints44)  # their numbers and card bits
    bits = cython.declare(Longs44)
    i: cython.int
    most: cython.int = 0
    for i in range(h):
        numbers[i] = number_of(buf[cards + i])
        bits[i] = cython.cast(cython.longlong, 1) << buf[cards + i]
        most += numbers[i]
    options = cython.declare(Longs16)  # at most 2 + 2 * 4 placements
    count: cython.int = 0
    c: cython.int
    item: cython.int
    if only < 0 or only == K_RUNE:
        for c in range(2):
            if buf[MARKET + c]:
                options[count] = make(K_RUNE, c, 0, 0, 0, 0)
                count += 1
        n = _sets(numbers, bits, h, 0, options, count, out, n, room)
    if most < CARDS_MIN:
        return n
    if only < 0 or only == K_BUYCARDS:
        count = 0
        for item in range(2):
            if buf[MARKET + 2 + item]:
                count = _placements(buf, seat, item, make(K_BUYCARDS, item, 0, 0, 0, 0), options, count)
        n = _sets(numbers, bits, h, CARDS_MIN, options, count, out, n, room)
    if only < 0 or only == K_RANSOM:
        count = 0
        for c in range(2):
            if is_occupied(buf, p, c):
                options[count] = make(K_RANSOM, c, 0, 0, 0, 0)
                count += 1
        n = _sets(numbers, bits, h, CARDS_MIN, options, count, out, n, room)
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _sets(numbers: cython.p_int, bits: cython.p_longlong, h: cython.int, least: cython.int,
          options: cython.p_longlong, count: cython.int, out: cython.p_longlong, n: cython.longlong,
          room: cython.longlong) -> cython.longlong:
    """Each option with each set of the h cards (`bits`, of `numbers`) summing 5, 10 or 15 (`least` 0) or
    at least `least`, sets in the order of their bits counted up."""
    if count == 0:
        return n
    total: cython.int = 0
    cardset: cython.longlong = 0
    subset: cython.longlong
    i: cython.int
    o: cython.int
    for subset in range(1, cython.cast(cython.longlong, 1) << h):
        # Counting up from subset - 1 clears its trailing ones and sets the bit above them.
        i = 0
        while not (subset >> i) & 1:
            total -= numbers[i]
            cardset ^= bits[i]
            i += 1
        total += numbers[i]
        cardset |= bits[i]
        if least == 0:
            if total != 5 and total != 10 and total != 15:
                continue
        elif total < least:
            continue
        for o in range(count):
            n = _put(out, n, room, options[o] | (cardset << 21))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_duels(buf: cython.p_uchar, seat: cython.int, cards: cython.Py_ssize_t, h: cython.int,
               out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """A duel with each of the h number cards in hand (`buf[cards:cards + h]`) against each seat not dueled
    this turn."""
    players: cython.int = buf[PLAYERS]
    targets: cython.int = ((1 << players) - 1) & ~(1 << seat) & ~buf[DUELED]  # bit s: seat s may be dueled
    i: cython.int
    other: cython.int
    code: cython.longlong
    for i in range(h):
        code = make(K_DUEL, 0, 0, 0, 0, buf[cards + i])
        for other in range(players):
            if (targets >> other) & 1:
                n = _put(out, n, room, code | make(0, other, 0, 0, 0, 0))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_thieves(buf: cython.p_uchar, seat: cython.int, start: cython.Py_ssize_t, stop: cython.Py_ssize_t,
                 out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """A thief (each of `buf[start:stop]`) takes any steal target, or nothing when there is none."""
    targets = cython.declare(Longs16)  # the codes without the card: 3 per other seat
    count: cython.int = _gen_steals(buf, seat, K_THIEF, 0, targets, 0, 16)
    if count == 0:
        targets[0] = make(K_THIEF, 0, W_NONE, 0, 0, 0)
        count = 1
    i: cython.Py_ssize_t
    o: cython.int
    card: cython.longlong
    for i in range(start, stop):
        card = make(0, 0, 0, 0, 0, buf[i])
        for o in range(count):
            n = _put(out, n, room, targets[o] | card)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _gen_steals(buf: cython.p_uchar, seat: cython.int, kind: cython.int, card: cython.int,
                out: cython.p_longlong, n: cython.longlong, room: cython.longlong) -> cython.longlong:
    """Steal targets (thief or steal): a rune of a colour or a hand card from another seat."""
    victim: cython.int
    c: cython.int
    only: cython.int = buf[STEAL_FROM] if kind == K_STEAL else NONE
    for victim in range(buf[PLAYERS]):
        if victim == seat or (only != NONE and victim != only):
            continue
        for c in range(2):
            if stealable_rune(buf, victim, c):
                n = _put(out, n, room, make(kind, victim, c, 0, 0, card))
        if buf[seat_at(victim) + SEAT_HAND_COUNT]:
            n = _put(out, n, room, make(kind, victim, W_HAND, 0, 0, card))
    return n


@cython.cfunc
@cython.exceptval(check=False)
def stealable_rune(buf: cython.p_uchar, seat: cython.int, c: cython.int) -> cython.bint:
    p: cython.Py_ssize_t = seat_at(seat)
    if buf[p + SEAT_LOOSE + c]:
        return True
    return buf[PROTECTS] == 0 and buf[p + SEAT_RUNES + c] > 0
