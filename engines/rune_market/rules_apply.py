"""Rune Market's kernel, the moves applied: hands, the pile and the runes moved, the turn's phases (plunder,
interest, the refill, the end), and every move kind's effect. `_apply` is the one way in (rules.py)."""
from typing import Optional

import cython

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases PHASE_*, move
# kinds K_*, refusal reasons R_*, event kinds EV_*, card ranges), generated: C constants when compiled; the small
# readers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
    from cython.cimports.engines.rune_market.rules_state import *  # noqa: F403
    from cython.cimports.engines.core import rng
    from cython.cimports.engines.rune_market.rules_score import _tied
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from ..core import rng
    from .rules_score import _tied
from .rules_score import tied_after_high_card  # noqa: E402 (Python: the lot's event lists the tied seats)


# -- cards in hands, the pile and the deck --------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
def _hand_remove(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    p: cython.Py_ssize_t = seat_at(seat)
    n: cython.int = buf[p + SEAT_HAND_COUNT]
    i: cython.int
    j: cython.int = 0
    for i in range(n):
        if buf[p + SEAT_HAND + i] != card:
            buf[p + SEAT_HAND + j] = buf[p + SEAT_HAND + i]
            j += 1
    buf[p + SEAT_HAND + j] = 0
    buf[p + SEAT_HAND_COUNT] = j
    buf[KNOWN + card] = 0


@cython.cfunc
@cython.exceptval(check=False)
def _hand_add(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    """Insert `card` keeping the hand in standard order."""
    p: cython.Py_ssize_t = seat_at(seat)
    i: cython.int = buf[p + SEAT_HAND_COUNT]
    while i > 0 and buf[p + SEAT_HAND + i - 1] > card:
        buf[p + SEAT_HAND + i] = buf[p + SEAT_HAND + i - 1]
        i -= 1
    buf[p + SEAT_HAND + i] = card
    buf[p + SEAT_HAND_COUNT] += 1


@cython.cfunc
@cython.exceptval(check=False)
def _discard(buf: cython.p_uchar, seat: cython.int, card: cython.int) -> cython.void:
    _hand_remove(buf, seat, card)
    buf[PILE + buf[PILE_COUNT]] = card
    buf[PILE_COUNT] += 1


@cython.cfunc
@cython.exceptval(check=False)
def _discard_set(buf: cython.p_uchar, seat: cython.int, cards: cython.longlong) -> cython.void:
    """Discard a set of number cards (all in hand); they lie on the pile in standard order (§2.1)."""
    # One pass over the hand, which is in standard order: the set's cards go to the pile lowest first and the
    # kept ones close up, as _discard card by card would leave them (emptied slots zero).
    p: cython.Py_ssize_t = seat_at(seat)
    n: cython.int = buf[p + SEAT_HAND_COUNT]
    i: cython.int
    j: cython.int = 0
    card: cython.int
    for i in range(n):
        card = buf[p + SEAT_HAND + i]
        if card < N_NUMBERS and (cards >> card) & 1:
            buf[KNOWN + card] = 0
            _to_pile(buf, card)
        else:
            buf[p + SEAT_HAND + j] = card
            j += 1
    buf[p + SEAT_HAND_COUNT] = j
    while n > j:
        n -= 1
        buf[p + SEAT_HAND + n] = 0


@cython.cfunc
@cython.exceptval(check=False)
def _to_pile(buf: cython.p_uchar, card: cython.int) -> cython.void:
    buf[PILE + buf[PILE_COUNT]] = card
    buf[PILE_COUNT] += 1


# -- runes -----------------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
def _gain(buf: cython.p_uchar, seat: cython.int, c: cython.int, n: cython.int) -> cython.void:
    """Placement of gained runes (§3, D8): into the real, unoccupied store of colour c, else loose."""
    p: cython.Py_ssize_t = seat_at(seat)
    if is_real(buf, p, c) and not is_occupied(buf, p, c):
        buf[p + SEAT_RUNES + c] += n
    else:
        buf[p + SEAT_LOOSE + c] += n


@cython.cfunc
@cython.exceptval(check=False)
def _clear_store(buf: cython.p_uchar, p: cython.Py_ssize_t, c: cython.int) -> cython.void:
    """The store loses its last card: its runes become loose, nothing is left."""
    buf[p + SEAT_LOOSE + c] += buf[p + SEAT_RUNES + c]
    buf[p + SEAT_RUNES + c] = 0
    buf[p + SEAT_MAIN + c] = NONE
    buf[p + SEAT_OUTPOST + c] = 0
    buf[p + SEAT_COLLECTOR + c] = NONE


@cython.cfunc
@cython.exceptval(-1, check=False)
def _free_collector(buf: cython.p_uchar, seat: cython.int, c: cython.int, how: cython.int,
                    events: Optional[list]) -> cython.int:
    """The collector on store c returns to the market; a ruin's runes become loose."""
    p: cython.Py_ssize_t = seat_at(seat)
    owner: cython.int = buf[p + SEAT_COLLECTOR + c]
    buf[p + SEAT_COLLECTOR + c] = NONE
    buf[MARKET + 3] += 1
    if not is_real(buf, p, c):
        _clear_store(buf, p, c)
    if events is not None:
        events.append((EV_COLLECTOR_REMOVED, seat, c, owner, how))


# -- the turn --------------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
def _draw(buf: cython.p_uchar) -> cython.int:
    top: cython.int = buf[DECK_TOP]
    card: cython.int = buf[DECK + top]
    buf[DECK + top] = 0
    buf[DECK_TOP] = top + 1
    return card


@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_turn(buf: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Phase 1a (collectors, D10), then 1b: interest is offered when due, else the market phase."""
    seat: cython.int = buf[ACTIVE_SEAT]
    buf[HAND_PLAYED] = 0
    buf[BOUGHT] = 0
    buf[DUELED] = 0
    buf[STEALS] = 0
    buf[STEAL_FROM] = NONE
    buf[DEFENDER] = NONE
    buf[ATTACK] = NONE
    if events is not None:
        events.append((EV_TURN, seat))
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int
    owner: cython.int
    main: cython.int
    for c in range(2):
        owner = buf[p + SEAT_COLLECTOR + c]
        if owner == NONE:
            continue
        if buf[p + SEAT_RUNES + c] == 0:
            main = buf[p + SEAT_MAIN + c]
            if main != NONE:
                _to_pile(buf, main)
            _clear_store(buf, p, c)
            buf[MARKET + 3] += 1
            if events is not None:
                events.append((EV_STORE_ABANDONED, seat, c, main, 0, owner))
        else:
            buf[p + SEAT_RUNES + c] -= 1
            _gain(buf, owner, c, 1)
            if events is not None:
                events.append((EV_PLUNDERED, seat, c, owner))
    buf[PHASE] = PHASE_INTEREST if _interest_due(buf, seat, 0) + _interest_due(buf, seat, 1) > 0 else PHASE_MARKET


@cython.cfunc
@cython.exceptval(check=False)
def _interest_due(buf: cython.p_uchar, seat: cython.int, c: cython.int) -> cython.int:
    p: cython.Py_ssize_t = seat_at(seat)
    if not is_real(buf, p, c) or is_occupied(buf, p, c) or buf[p + SEAT_RUNES + c] == 0:
        return 0
    if buf[p + SEAT_MAIN + c] != NONE and buf[p + SEAT_OUTPOST + c]:
        return 2
    return 1


@cython.cfunc
@cython.exceptval(check=False)
def _market_empty(buf: cython.p_uchar) -> cython.bint:
    return buf[MARKET] == 0 and buf[MARKET + 1] == 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_turn(buf: bytearray, b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """Phase 4: refill to three (reshuffling the pile when the deck is empty, D24), the cap, next seat."""
    seat: cython.int = b[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    drawn: list = [] if events is not None else None  # no list per turn in a playout
    card: cython.int
    while b[p + SEAT_HAND_COUNT] < HAND_SIZE:
        if b[DECK_TOP] == b[DECK_END]:
            if b[PILE_COUNT] == 0:
                break
            _reshuffle(buf, b, events)
        card = _draw(b)
        _hand_add(b, seat, card)
        if drawn is not None:
            drawn.append(card)
    if events is not None:
        events.append((EV_REFILLED, seat, len(drawn), tuple(drawn)))
    t: cython.int = turns_of(b) + 1
    b[TURNS] = t & 0xFF
    b[TURNS + 1] = t >> 8
    if t >= b[MAX_ROUNDS] * b[PLAYERS]:
        _finish(buf, b, 1, events)
        return 0
    b[ACTIVE_SEAT] = (seat + 1) % b[PLAYERS]
    _start_turn(b, events)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _reshuffle(buf: bytearray, b: cython.p_uchar, events: Optional[list]) -> cython.int:
    """The discard pile, bottom first, becomes the deck and is shuffled (`b`: buf's bytes, the generator
    reads buf)."""
    n: cython.int = b[PILE_COUNT]
    i: cython.int
    for i in range(N_CARDS):
        b[DECK + i] = b[PILE + i] if i < n else 0
        b[PILE + i] = 0
    b[PILE_COUNT] = 0
    b[DECK_TOP] = 0
    b[DECK_END] = n
    rng.shuffle(buf, RNG, DECK, n)
    if events is not None:
        events.append((EV_RESHUFFLED, n))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _finish(buf: bytearray, b: cython.p_uchar, reason: cython.int, events: Optional[list]) -> cython.int:
    """The game ends (§10): with tiebreak_iv=lot and a tie after step III, the lot is drawn once."""
    b[PHASE] = PHASE_FINISHED
    b[END_REASON] = reason
    b[STEALS] = 0
    b[STEAL_FROM] = NONE
    b[DEFENDER] = NONE
    if b[ATTACK] != NONE:  # cannot happen (no rune moves in a duel window); kept consistent anyway
        _to_pile(b, b[ATTACK])
        b[ATTACK] = NONE
    tied: cython.int = _tied(b)
    count: cython.int = 0
    seat: cython.int
    pick: cython.int
    for seat in range(MAX_SEATS):
        count += (tied >> seat) & 1
    if b[LOT_OPTION] and count > 1:
        pick = rng.below(buf, RNG, count)  # the pick-th of the tied seats, lowest first
        for seat in range(MAX_SEATS):
            if (tied >> seat) & 1:
                if pick == 0:
                    b[LOT] = seat
                    break
                pick -= 1
        if events is not None:
            events.append((EV_LOT_DRAWN, b[LOT], tuple(tied_after_high_card(buf))))
    if events is not None:
        events.append((EV_GAME_END, reason))


# -- the moves ----------------------------------------------------------------------------


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(buf: bytearray, code: cython.longlong, events: Optional[list]) -> cython.int:
    """Apply a listed code, the move counter included."""
    # The raw bytes taken once: every conversion from the bytearray costs a type check. `buf` itself goes
    # only where the generator reads it.
    b: cython.p_uchar = buf
    kind: cython.int = code & 31
    if kind <= K_STORE:
        _apply_market(b, kind, code, events)
    else:
        _apply_hand(buf, b, kind, code, events)
    if b[PHASE] != PHASE_FINISHED and _market_empty(b):
        _finish(buf, b, 0, events)  # D17: the move that takes the last rune ends the game at once
    # The 4-byte little-endian counter plus one, carried byte by byte (most moves touch one byte).
    k: cython.Py_ssize_t = MOVE_COUNT
    b[k] = (b[k] + 1) & 0xFF
    while b[k] == 0 and k < MOVE_COUNT + 3:
        k += 1
        b[k] = (b[k] + 1) & 0xFF


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_market(buf: cython.p_uchar, kind: cython.int, code: cython.longlong, events: Optional[list]) -> cython.int:
    seat: cython.int = buf[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int = field(code, 0)
    if kind == K_INTEREST:
        _take_interest(buf, seat, events)
    elif kind == K_NOINTEREST:
        buf[PHASE] = PHASE_MARKET
        if events is not None:
            events.append((EV_NO_INTEREST, seat))
    elif kind == K_ABANDON:
        main: cython.int = buf[p + SEAT_MAIN + c]
        _to_pile(buf, main)
        buf[p + SEAT_MAIN + c] = NONE
        loosed: cython.int = 0
        if not buf[p + SEAT_OUTPOST + c]:
            loosed = buf[p + SEAT_RUNES + c]
            _clear_store(buf, p, c)
        if events is not None:
            events.append((EV_STORE_ABANDONED, seat, c, main, loosed, NONE))
    elif kind == K_BUY:
        _buy(buf, seat, code, events)
    elif kind == K_FREE3:
        buf[p + SEAT_LOOSE] -= field(code, 1)
        buf[p + SEAT_LOOSE + 1] -= field(code, 2)
        buf[p + SEAT_RUNES + 1 - c] -= field(code, 3)
        buf[MARKET] += field(code, 1) + (field(code, 3) if c == 1 else 0)
        buf[MARKET + 1] += field(code, 2) + (field(code, 3) if c == 0 else 0)
        _free_collector(buf, seat, c, 1, events)
    elif kind == K_NEUTRALIZE:
        buf[p + SEAT_OUTPOST + 1 - c] = 0
        buf[MARKET + 2] += 1
        if not is_real(buf, p, 1 - c):
            _clear_store(buf, p, 1 - c)
        _free_collector(buf, seat, c, 2, events)
    else:  # store
        k: cython.int = code >> 21
        buf[p + SEAT_LOOSE + c] -= k
        buf[p + SEAT_RUNES + c] += k
        if events is not None:
            events.append((EV_STORED, seat, c, k))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _take_interest(buf: cython.p_uchar, seat: cython.int, events: Optional[list]) -> cython.int:
    """For red, then blue: the due amount, or what the market still has, into that store."""
    p: cython.Py_ssize_t = seat_at(seat)
    got: cython.int = 0  # red in bits 0-7, blue in bits 8-15
    c: cython.int
    due: cython.int
    for c in range(2):
        due = min(_interest_due(buf, seat, c), buf[MARKET + c])
        buf[MARKET + c] -= due
        buf[p + SEAT_RUNES + c] += due
        got |= due << (8 * c)
    buf[PHASE] = PHASE_MARKET
    if events is not None:
        events.append((EV_INTEREST, seat, got & 0xFF, got >> 8))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _buy(buf: cython.p_uchar, seat: cython.int, code: cython.longlong, events: Optional[list]) -> cython.int:
    """A rune-priced purchase (D5): the paid runes return to the market, then the placement."""
    p: cython.Py_ssize_t = seat_at(seat)
    pay: cython.int = field(code, 1)
    loose: cython.int = field(code, 2)
    stored: cython.int = buf[PRICE] - loose
    buf[p + SEAT_LOOSE + pay] -= loose
    buf[p + SEAT_RUNES + pay] -= stored
    buf[MARKET + pay] += buf[PRICE]
    buf[BOUGHT] = 1
    if events is not None:
        events.append((EV_BOUGHT, seat, field(code, 0), field(code, 3), pay, loose, stored, 0))
    _place(buf, seat, field(code, 0), field(code, 3), events)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _place(buf: cython.p_uchar, seat: cython.int, item: cython.int, place: cython.int,
           events: Optional[list]) -> cython.int:
    """Apply a placement (§5 Placements)."""
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.int = place & 1
    if item == OUTPOST and place < 2:
        buf[MARKET + 2] -= 1
        buf[p + SEAT_OUTPOST + c] = 1
    elif item == OUTPOST:
        _free_collector(buf, seat, c, 3, events)  # the outpost never leaves the market
    else:
        target: cython.int = (place - 4) >> 1
        q: cython.Py_ssize_t = seat_at(target)
        buf[MARKET + 3] -= 1
        buf[q + SEAT_COLLECTOR + c] = seat
        destroyed: cython.int = buf[q + SEAT_OUTPOST + c]
        if destroyed:
            buf[q + SEAT_OUTPOST + c] = 0
            buf[MARKET + 2] += 1
        if events is not None:
            events.append((EV_COLLECTOR_PLACED, seat, target, c, destroyed))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_hand(buf: bytearray, b: cython.p_uchar, kind: cython.int, code: cython.longlong,
                events: Optional[list]) -> cython.int:
    """Hand-card moves (phase 3), the duel window and the steals (`b`: buf's bytes, the generator reads buf)."""
    seat: cython.int = b[ACTIVE_SEAT]
    a: cython.int = field(code, 0)
    rest: cython.longlong = code >> 21
    if kind == K_DEFEND or kind == K_CONCEDE:
        _answer_duel(b, kind, rest, events)
        return 0
    if kind == K_STEAL:
        _steal(buf, b, seat, a, field(code, 1), events)
        b[STEALS] -= 1
        if b[STEALS] == 0:
            b[STEAL_FROM] = NONE
            b[PHASE] = PHASE_HAND
        return 0
    if kind == K_NOSTEAL:
        b[STEALS] = 0
        b[STEAL_FROM] = NONE
        b[PHASE] = PHASE_HAND
        if events is not None:
            events.append((EV_NO_STEAL, seat))
        return 0
    if kind == K_END:
        _end_turn(buf, b, events)
        return 0
    b[HAND_PLAYED] = 1
    b[PHASE] = PHASE_HAND
    if kind == K_RUNE or kind == K_BUYCARDS or kind == K_RANSOM:
        _discard_set(b, seat, rest)
        if kind == K_RUNE:
            b[MARKET + a] -= 1
            _gain(b, seat, a, 1)
            if events is not None:
                events.append((EV_RUNE_BOUGHT, seat, rest, a))
        elif kind == K_BUYCARDS:
            if events is not None:
                events.append((EV_BOUGHT, seat, a, field(code, 3), 0, 0, 0, rest))
            _place(b, seat, a, field(code, 3), events)
        else:
            _free_collector(b, seat, a, 0, events)
    elif kind == K_DUEL:
        _hand_remove(b, seat, cython.cast(cython.int, rest))
        b[ATTACK] = rest
        b[DEFENDER] = a
        b[DUELED] |= 1 << a
        b[PHASE] = PHASE_DEFEND
        if events is not None:
            events.append((EV_DUEL, seat, rest, a))
    elif kind == K_THIEF:
        _discard(b, seat, cython.cast(cython.int, rest))
        if events is not None:
            events.append((EV_THIEF, seat, rest, NONE if field(code, 1) == W_NONE else a))
        if field(code, 1) != W_NONE:
            _steal(buf, b, seat, a, field(code, 1), events)
    elif kind == K_STORAGE:
        _hand_remove(b, seat, cython.cast(cython.int, rest))
        b[seat_at(seat) + SEAT_MAIN + hall_colour(cython.cast(cython.int, rest))] = rest
        if events is not None:
            events.append((EV_STORAGE_PLAYED, seat, rest, hall_colour(cython.cast(cython.int, rest))))
    else:  # double
        _discard(b, seat, cython.cast(cython.int, rest))
        b[STEALS] = 2
        b[STEAL_FROM] = NONE
        b[PHASE] = PHASE_STEAL
        if events is not None:
            events.append((EV_DOUBLE, seat, rest))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _answer_duel(buf: cython.p_uchar, kind: cython.int, card: cython.longlong, events: Optional[list]) -> cython.int:
    """defend: the card is shown and stays; concede: one steal from the defender (§6, D14)."""
    defender: cython.int = buf[DEFENDER]
    _to_pile(buf, buf[ATTACK])
    buf[ATTACK] = NONE
    buf[DEFENDER] = NONE
    if kind == K_DEFEND:
        buf[KNOWN + card] |= PUBLIC
        buf[PHASE] = PHASE_HAND
        if events is not None:
            events.append((EV_DEFENDED, defender, card))
    else:
        buf[STEALS] = 1
        buf[STEAL_FROM] = defender
        buf[PHASE] = PHASE_STEAL
        if events is not None:
            events.append((EV_CONCEDED, defender))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _steal(buf: bytearray, b: cython.p_uchar, seat: cython.int, victim: cython.int, what: cython.int,
           events: Optional[list]) -> cython.int:
    """A loose rune (or, unprotected, a stored one) or a random hand card moves to `seat` (D12)."""
    q: cython.Py_ssize_t = seat_at(victim)
    card: cython.int = NONE
    if what == W_HAND:
        card = b[q + SEAT_HAND + rng.below(buf, RNG, b[q + SEAT_HAND_COUNT])]
        _hand_remove(b, victim, card)
        _hand_add(b, seat, card)
        b[KNOWN + card] = (1 << seat) | (1 << victim)
    else:
        if b[q + SEAT_LOOSE + what]:
            b[q + SEAT_LOOSE + what] -= 1
        else:
            b[q + SEAT_RUNES + what] -= 1
        _gain(b, seat, what, 1)
    if events is not None:
        if what == W_HAND:
            events.append((EV_STOLEN, seat, victim, card))
        else:
            events.append((EV_RUNE_STOLEN, seat, victim, what))
