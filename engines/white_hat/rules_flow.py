"""White Hat: the compiled steps of the moves: trick play and resolution (§4.5-4.7), the draw, pawns, the tracer
and specials (§5.8-5.9). The round around them (the deal, end checks, scoring: §3.2, §6) is rules_round.py.

Cython pure-Python mode. Each function applies one already-checked step to the
state and appends raw event tuples (name first) when `events` is a list.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from ..core import rng

if cython.compiled:
    from cython.cimports.engines.white_hat import rules_cards as cards, rules_pawns as pawns, \
        rules_solo as solo, rules_tiles as tiles
    from cython.cimports.engines.white_hat.rules_round import draw_top, end_checks, hand_at, play_at, to_pile
else:
    from . import rules_cards as cards, rules_pawns as pawns, rules_solo as solo, rules_tiles as tiles
    from .rules_round import draw_top, end_checks, hand_at, play_at, to_pile
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


assert PILE_LEN == DECK_LEN  # a reshuffle moves the whole pile into the deck


# -- trick play (§4) ---------------------------------------------------------------

@cython.ccall
def must_pass(buf: bytearray) -> cython.bint:
    """The only pass (§4.4): a follower holding exactly {H} when k >= 2."""
    b: cython.p_uchar = buf
    hand: cython.Py_ssize_t = hand_at(b[TO_ACT])
    return b[TRICK_POS] > 0 and b[LEAD_COUNT] >= 2 and b[hand + HAT] == 1 and \
        cards.hand_size(buf, hand) == 1


@cython.ccall
def play(buf: bytearray, seat: cython.int, rank: cython.int, n: cython.int, j: cython.int, h: cython.int,
         events: Optional[list]) -> cython.void:
    """A play (or, with no cards, the pass) into the trick; the last one resolves it."""
    b: cython.p_uchar = buf
    pos: cython.int = b[TRICK_POS]
    p: cython.Py_ssize_t = play_at(pos)
    hand: cython.Py_ssize_t = hand_at(seat)
    total: cython.int = n + j + h
    b[p] = 1 if total else 2
    b[p + 1] = rank
    b[p + 2] = n
    b[p + 3] = j
    b[p + 4] = h
    if rank:
        b[hand + rank] -= n
    b[hand + JOKER] -= j
    b[hand + HAT] -= h
    if pos == 0:
        b[LEAD_COUNT] = total
    if h:
        b[HAT_PLAYED] = 1
    if events is not None:
        events.append((EV_PLAYED, seat, (rank, n, j, h), list(buf[hand:hand + 16])) if total else (EV_PASSED, seat))
    b[TRICK_POS] = pos + 1
    if pos + 1 < b[PLAYERS]:
        b[TO_ACT] = b[TRICK_ORDER + pos + 1]
        return
    _resolve(buf, events)


@cython.cfunc
def _resolve(buf: bytearray, events: Optional[list]) -> cython.void:
    """§4.5: the competing play with the highest value (lowest in a hat trick) wins; ties go to the later."""
    b: cython.p_uchar = buf
    k: cython.int = b[LEAD_COUNT]
    hat: cython.bint = b[HAT_PLAYED]
    best: cython.int = -1
    best_value: cython.int = 0
    pos: cython.int
    for pos in range(b[PLAYERS]):
        p: cython.Py_ssize_t = play_at(pos)
        if b[p] != 1 or b[p + 2] + b[p + 3] + b[p + 4] != k:
            continue
        value: cython.int = b[p + 1] if b[p + 2] else 14
        if best < 0 or (hat and value <= best_value) or (not hat and value >= best_value):
            best = pos
            best_value = value
    winner: cython.int = b[TRICK_ORDER + best]
    b[WINNER] = winner
    if events is not None:
        q: cython.Py_ssize_t = play_at(best)
        events.append((EV_TRICK_WON, winner, hat, (b[q + 1], b[q + 2], b[q + 3], b[q + 4])))
    if hat:
        b[PHASE] = COLLECT
        b[TO_ACT] = winner
        return
    taken = cython.declare(cython.int[14])
    r: cython.int
    for r in range(14):
        taken[r] = 0
    discarded: list = _discard_trick(buf, taken, events is not None)
    if events is not None:
        events.append((EV_DISCARDED, discarded))
    _after_collect(buf, winner, events)


@cython.cfunc
def _discard_trick(buf: bytearray, taken: cython.p_int, listing: cython.bint) -> list:
    """Every played card not in `taken` (rank counts, earliest plays first) to the pile, in trick order;
    their list when `listing`, else None (the kernel's steps allocate nothing)."""
    b: cython.p_uchar = buf
    out: list = [] if listing else None
    pos: cython.int
    for pos in range(b[PLAYERS]):
        p: cython.Py_ssize_t = play_at(pos)
        rank: cython.int = b[p + 1]
        n: cython.int = b[p + 2]
        if rank and n:
            keep: cython.int = taken[rank] if taken[rank] < n else n
            taken[rank] -= keep
            to_pile(buf, rank, n - keep)
            if listing:
                out.extend([rank] * (n - keep))
        to_pile(buf, JOKER, b[p + 3])
        if listing:
            out.extend([JOKER] * b[p + 3])
        _clear_play(buf, p)
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _clear_play(buf: bytearray, p: cython.Py_ssize_t) -> cython.void:
    b: cython.p_uchar = buf
    i: cython.int
    for i in range(PLAY_SIZE):
        b[p + i] = 0


@cython.ccall
def trick_ranks(buf: bytearray) -> bytearray:
    """The rank cards played in this trick: 13 counters (rank r at r - 1)."""
    b: cython.p_uchar = buf
    counts = bytearray(13)
    pos: cython.int
    for pos in range(b[PLAYERS]):
        p: cython.Py_ssize_t = play_at(pos)
        if b[p] == 1 and b[p + 1] and b[p + 2]:
            counts[b[p + 1] - 1] += b[p + 2]
    return counts


@cython.ccall
def collect_size(buf: bytearray) -> cython.int:
    """j = min(k, m): how many rank cards `collect hat` lists (§4.6)."""
    b: cython.p_uchar = buf
    m: cython.int = 0
    counts: bytearray = trick_ranks(buf)
    r: cython.int
    for r in range(13):
        m += counts[r]
    return m if m < b[LEAD_COUNT] else b[LEAD_COUNT]


@cython.ccall
def collect(buf: bytearray, seat: cython.int, code: cython.longlong, events: Optional[list]) -> cython.void:
    """§4.6: `collect all` takes the whole trick; `collect hat` the hat and the listed rank cards."""
    b: cython.p_uchar = buf
    hand: cython.Py_ssize_t = hand_at(seat)
    taken = bytearray(14)
    discarded: list = []
    r: cython.int
    pos: cython.int
    if code & 15 == 2:
        for pos in range(b[PLAYERS]):
            p: cython.Py_ssize_t = play_at(pos)
            if b[p] == 1:
                taken[b[p + 1]] += b[p + 2]
                b[hand + JOKER] += b[p + 3]
                taken[0] += b[p + 3]
            _clear_play(buf, p)
        for r in range(1, 14):
            b[hand + r] += taken[r]
    else:
        for r in range(1, 14):
            taken[r] = (code >> (4 + 3 * (r - 1))) & 7
            b[hand + r] += taken[r]
        wanted = cython.declare(cython.int[14])
        for r in range(14):
            wanted[r] = taken[r]
        discarded = _discard_trick(buf, wanted, events is not None)
    b[hand + HAT] += 1
    if events is not None:
        got: list = [r for r in range(1, 14) for _ in range(taken[r])] + [JOKER] * taken[0] + [HAT]
        events.append((EV_COLLECTED, seat, got, discarded, list(buf[hand:hand + 16])))
    _after_collect(buf, seat, events)


@cython.cfunc
def _after_collect(buf: bytearray, winner: cython.int, events: Optional[list]) -> cython.void:
    """§4.7 step 3: the winner's move, or the automatic draw when it has none."""
    b: cython.p_uchar = buf
    if has_pawn_move(buf, winner):
        b[PHASE] = MOVE
        b[TO_ACT] = winner
        return
    draw(buf, winner, events)
    advance(buf, events)


@cython.ccall
def has_pawn_move(buf: bytearray, seat: cython.int) -> cython.bint:
    """Group (a) or (b) of §5.7 holds a pawn that can move."""
    occ: cython.ulonglong = pawns.occupied(buf)
    p: cython.int
    for p in range(buf[PAWN_COUNT]):
        s: cython.int = buf[PAWNS + p]
        if s >= 64 or (p // 2 != seat and pawns.value_of(buf, s) >= 0):
            continue
        if pawns.can_move(buf, p, occ):
            return True
    return False


@cython.ccall
def draw(buf: bytearray, seat: cython.int, events: Optional[list]) -> cython.void:
    """The forced draw (§5.7, D8): reshuffle the pile into an empty deck first; nothing if both are empty."""
    b: cython.p_uchar = buf
    if b[DECK_TOP] == b[DECK_END]:
        count: cython.int = b[PILE_COUNT]
        if count == 0:
            if events is not None:
                events.append((EV_DRAW_SKIPPED, seat))
            return
        i: cython.int
        for i in range(count):
            b[DECK + i] = b[PILE + i]
            b[PILE + i] = 0
        # Past count the deck is 0 already (drawing clears each cell) unless the state comes from a token
        # sealed before drawing did: clearing it here keeps such leftovers from outliving the reshuffle.
        for i in range(count, DECK_LEN):
            b[DECK + i] = 0
        b[PILE_COUNT] = 0
        b[DECK_TOP] = 0
        b[DECK_END] = count
        rng.shuffle(buf, RNG, DECK, count)
        if events is not None:
            events.append((EV_RESHUFFLED, count))
    card: cython.int = draw_top(buf)
    b[hand_at(seat) + card] += 1
    if events is not None:
        events.append((EV_DREW, seat, card, b[DECK_END] - b[DECK_TOP],
                       list(buf[hand_at(seat):hand_at(seat) + 16])))


# -- the board (§5.7-5.9) ------------------------------------------------------------

@cython.ccall
def move_pawn(buf: bytearray, seat: cython.int, pawn: cython.int, to: cython.int,
              events: Optional[list]) -> cython.void:
    """The winner's move (§5.7): passive effects now, an active effect queued (§5.9)."""
    b: cython.p_uchar = buf
    start: cython.int = b[PAWNS + pawn]
    b[PAWNS + pawn] = to
    if events is not None:
        events.append((EV_PAWN_MOVED, pawn, start, to, seat, pawns.is_blocking(buf, to)))
    tiles.passive(buf, to, events)
    t: cython.int = b[SPACE_TYPE + to]
    if tiles.is_active(t):
        tiles.queue(buf, b[PENDING_COUNT], pawn, to, t)
    advance(buf, events)


@cython.ccall
def advance(buf: bytearray, events: Optional[list]) -> cython.void:
    """§5.9: offer the first live trigger to its pawn's owner; with none left, the end checks (§6.1)."""
    b: cython.p_uchar = buf
    while b[PENDING_COUNT]:
        if tiles.is_stale(buf, 0):
            if events is not None:
                events.append((EV_TRIGGER_DROPPED, b[PENDING], b[PENDING + 1], b[PENDING + 2]))
            tiles.pop(buf, 0)
            continue
        b[PHASE] = SPECIAL
        b[TO_ACT] = 0 if b[SOLO] else b[PENDING] // 2  # the pawn's owner decides (D16)
        if events is not None:
            events.append((EV_SPECIAL_TRIGGERED, b[PENDING], b[PENDING + 1], b[PENDING + 2], b[TO_ACT]))
        return
    if b[SOLO]:
        solo.after(buf, events)
        return
    if b[TRACER_ON] and _tracer_due(buf) and _tracer_step(buf, events):
        return
    end_checks(buf, events)


# -- the tracer (§7.3) ------------------------------------------------------------

@cython.cfunc
def _tracer_due(buf: bytearray) -> cython.bint:
    """§4.7 step 5: the winner has a pawn on an FBI Server and no pawn is on the Critical Asset."""
    b: cython.p_uchar = buf
    w: cython.int = b[WINNER]
    due: cython.bint = False
    p: cython.int
    for p in range(b[PAWN_COUNT]):
        s: cython.int = b[PAWNS + p]
        if s == b[CRITICAL_ASSET]:
            return False
        if p // 2 == w and s < 64 and b[SPACE_TYPE + s] == T_FBI_SERVER:
            due = True
    return due


@cython.cfunc
def _tracer_step(buf: bytearray, events: Optional[list]) -> cython.bint:
    """One tracer step; True when the winner must choose where (phase tracer)."""
    b: cython.p_uchar = buf
    if b[TRACER_SPACE] == NONE:
        index: cython.int = b[TRACER_INDEX] + 1
        b[TRACER_INDEX] = index
        if index < b[TRACER_STEPS]:
            if events is not None:
                events.append((EV_TRACER_MOVED, index, NONE))
            return False
        b[TRACER_SPACE] = b[SERVER]
        if events is not None:
            events.append((EV_TRACER_MOVED, index, b[SERVER]))
        _capture(buf, b[SERVER], events)
        return False
    if pawns.tracer_destinations(buf, b[TRACER_SPACE]) == 0:
        if events is not None:
            events.append((EV_TRACER_STUCK, b[TRACER_SPACE]))
        return False
    b[PHASE] = TRACER
    b[TO_ACT] = b[WINNER]
    return True


@cython.cfunc
def _capture(buf: bytearray, space: cython.int, events: Optional[list]) -> cython.void:
    """Every player pawn on `space` goes to the Tracer Jail for good (D27), in pawn-id order."""
    b: cython.p_uchar = buf
    p: cython.int
    for p in range(b[PAWN_COUNT]):
        if b[PAWNS + p] == space:
            b[PAWNS + p] = JAIL
            if events is not None:
                events.append((EV_CAPTURED, p, space))


@cython.ccall
def move_tracer(buf: bytearray, to: cython.int, events: Optional[list]) -> cython.void:
    """`tracer t` (already checked): the tracer moves, captures a pawn there, then the end checks."""
    b: cython.p_uchar = buf
    b[TRACER_SPACE] = to
    if events is not None:
        events.append((EV_TRACER_MOVED, b[TRACER_INDEX], to))
    _capture(buf, to, events)
    end_checks(buf, events)


@cython.ccall
def special(buf: bytearray, seat: cython.int, kind: cython.int, code: cython.longlong,
            events: Optional[list]) -> cython.void:
    """dos (5), exploit (6), randomize (7), place (8), backflip (9) or skip (10), already checked."""
    b: cython.p_uchar = buf
    trig_pawn: cython.int = b[PENDING]
    if kind == 8:
        tiles.place(buf, (code >> 4) & 15, (code >> 8) & 7, events)
        advance(buf, events)
        return
    if events is not None and kind == 10:
        events.append((EV_SPECIAL_SKIPPED, trig_pawn, b[PENDING + 1], b[PENDING + 2], seat))
    if kind == 5 or kind == 9:
        target: cython.int = (code >> 4) & 15
        start: cython.int = b[PAWNS + target]
        b[PAWNS + target] = (code >> 8) & 63
        if events is not None:
            events.append((EV_DOS if kind == 5 else EV_BACKFLIP, target, start, (code >> 8) & 63))
        tiles.passive(buf, (code >> 8) & 63, events)
        if b[SOLO]:
            solo.remove_hit(buf, target, events)
    elif kind == 6:
        tiles.exploit(buf, (code >> 4) & 63, 1 if (code >> 10) & 1 else -1, (code >> 11) & 3, events)
    tiles.pop(buf, 0)
    if kind == 7:
        tiles.draw_tile(buf, events)
        return
    advance(buf, events)
