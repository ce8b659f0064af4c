"""White Hat solo (spec §7.7): the row's answer to each lead, the hats' colours, the tracer markers, the
refill, the round end and the colour scores.

Cython pure-Python mode. Solo reuses the multi-player state: the player is seat 0; the row is the
hand block of seat 1 (ranks 1-13, and `H` at index 15 while the hat lies beside the row); the 8
hats are pawns 0-7 (Ka Kb Wa Wb Oa Ob Ba Bb: colour = pawn // 2, K W O B) and a removed hat stands
on JAIL; the markers share the tracer's track index, `m1` on `tracer_space` and `m2` on `m2_space`;
the four colour totals and round scores are `totals[0..3]` and `last_round[0..3]`.
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from ..core import rng

if cython.compiled:
    from cython.cimports.engines.white_hat import rules_cards as cards, rules_pawns as pawns
    from cython.cimports.engines.white_hat.rules_round import draw_top, to_pile
else:
    from . import rules_cards as cards, rules_pawns as pawns
    from .rules_round import draw_top, to_pile
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

COLOUR_OF_RANK = (0, 1, 1, 1, 3, 3, 3, 0, 0, 0, 2, 2, 2, 2)  # §7.7.4: rank -> hat colour (K W O B = 0 1 2 3)


@cython.cfunc
def _add16(buf: bytearray, at: cython.Py_ssize_t, value: cython.int) -> cython.void:
    total: cython.int = (buf[at] | (buf[at + 1] << 8)) + value
    buf[at] = total & 255
    buf[at + 1] = (total >> 8) & 255


@cython.cfunc
def _row_ranks(buf: bytearray) -> cython.int:
    total: cython.int = 0
    r: cython.int
    for r in range(1, 14):
        total += buf[ROW + r]
    return total


# -- setup and refills (§7.7.1, §7.7.2 step 9) -----------------------------------------

@cython.ccall
def setup(buf: bytearray, events: Optional[list]) -> cython.void:
    """Shuffle the 83 cards, turn up the row (a joker goes to the bottom and the deck is reshuffled), put the
    hat beside it, draw 10; markers at the track's start (the hats are placed by the caller)."""
    count: cython.int = 0
    c: cython.int
    i: cython.int
    for c in range(1, 15):
        for i in range(6 if c <= 13 else 5):
            buf[DECK + count] = c
            count += 1
    buf[DECK_TOP] = 0
    buf[DECK_END] = count
    rng.shuffle(buf, RNG, DECK, count)
    while _row_ranks(buf) < ROW_SIZE:
        c = draw_top(buf)
        if c != JOKER:
            buf[ROW + c] += 1
            continue
        top: cython.int = buf[DECK_TOP]  # the joker to the bottom of the remaining deck, which is reshuffled
        buf[DECK + buf[DECK_END]] = JOKER
        buf[DECK_END] += 1
        for i in range(buf[DECK_END] - top):
            buf[DECK + i] = buf[DECK + top + i]
        for i in range(buf[DECK_END] - top, buf[DECK_END]):  # the cells the move vacated
            buf[DECK + i] = 0
        buf[DECK_END] -= top
        buf[DECK_TOP] = 0
        rng.shuffle(buf, RNG, DECK, buf[DECK_END])
    buf[ROW + HAT] = 1
    _draw_up(buf)
    buf[ROUND] = 1
    buf[TRACER_INDEX] = 0
    buf[TRACER_SPACE] = NONE
    buf[M2_SPACE] = NONE
    buf[PHASE] = LEAD
    buf[TO_ACT] = 0


@cython.cfunc
def _draw_up(buf: bytearray) -> cython.void:
    while cards.hand_size(buf, HANDS) < SOLO_HAND_MAX and buf[DECK_TOP] < buf[DECK_END]:
        buf[HANDS + draw_top(buf)] += 1


@cython.cfunc
def _refill(buf: bytearray, events: Optional[list]) -> cython.void:
    """Turn up cards until the row has 5 rank cards or the deck is empty; a joker goes to the hand and the
    markers step (§7.7.5)."""
    got: list = []
    while _row_ranks(buf) < ROW_SIZE and buf[DECK_TOP] < buf[DECK_END]:
        c: cython.int = draw_top(buf)
        if c == JOKER:
            buf[HANDS + JOKER] += 1
            if events is not None:
                events.append((EV_JOKER_TO_HAND,))
            marker_step(buf, events)
        else:
            buf[ROW + c] += 1
            got.append(c)
    if events is not None and got:
        events.append((EV_ROW_REFILLED, got))


# -- a trick (§7.7.2, §7.7.3) ------------------------------------------------------------

@cython.ccall
def lead_value(code: cython.longlong) -> cython.int:
    """v of a lead code: its rank, the named value of a hat lead without rank cards, else 14."""
    if (code >> 8) & 7:
        return (code >> 4) & 15
    if (code >> 14) & 1:
        return (code >> 15) & 15
    return 14


@cython.ccall
def lead(buf: bytearray, code: cython.longlong, events: Optional[list]) -> cython.void:
    """The player's lead (already checked), the row's answer, the cards, then the hat move (or its skip)."""
    rank: cython.int = (code >> 4) & 15
    n: cython.int = (code >> 8) & 7
    j: cython.int = (code >> 11) & 7
    h: cython.int = (code >> 14) & 1
    k: cython.int = n + j + h
    v: cython.int = lead_value(code)
    if n:
        buf[HANDS + rank] -= n
    buf[HANDS + JOKER] -= j
    buf[HANDS + HAT] -= h
    row_rank: cython.int = 0
    row_n: cython.int = 0
    row_h: cython.int = 0
    step: cython.int = 2  # C
    r: cython.int
    for r in range(v, 14):
        if r >= 1 and buf[ROW + r] >= k:
            row_rank, row_n, step = r, k, 0  # A
            break
    if step == 2 and buf[ROW + HAT] and k >= 2:
        for r in range(v, 14):
            if r >= 1 and buf[ROW + r] >= k - 1:
                row_rank, row_n, row_h, step = r, k - 1, 1, 1  # B
                break
    if step == 2:
        for r in range(1, 14):
            if buf[ROW + r]:
                row_rank, row_n = r, 1
                break
    row_wins: cython.bint = step < 2
    to_pile(buf, rank, n)
    to_pile(buf, JOKER, j)
    to_pile(buf, row_rank, row_n)
    buf[ROW + row_rank] -= row_n
    if row_h:
        buf[ROW + HAT] = 0
        buf[HANDS + HAT] += 1
    if h:
        buf[ROW + HAT] = 1
    buf[LEAD_COUNT] = k
    buf[LEAD_VALUE] = v
    buf[WINNER] = 1 if row_wins else 0
    buf[SOLO_COLOUR] = COLOUR_OF_RANK[row_rank] if row_wins else ANY_COLOUR
    if events is not None:
        events.append((EV_ROW_PLAYED, (rank, n, j, h), v, (row_rank, row_n, 0, row_h), step, row_wins,
                       buf[SOLO_COLOUR]))
    if has_hat_move(buf):
        buf[PHASE] = MOVE
        buf[TO_ACT] = 0
        return
    if events is not None:
        events.append((EV_MOVE_SKIPPED, buf[SOLO_COLOUR]))
    after(buf, events)


@cython.ccall
@cython.exceptval(check=False)
def may_move(buf: bytearray, hat: cython.int) -> cython.bint:
    """The hat's colour may move now: any after a player win, the row's colour after a row win."""
    return buf[SOLO_COLOUR] == ANY_COLOUR or hat // 2 == buf[SOLO_COLOUR]


@cython.ccall
def has_hat_move(buf: bytearray) -> cython.bint:
    occ: cython.ulonglong = pawns.occupied(buf)
    p: cython.int
    for p in range(8):
        if may_move(buf, p) and pawns.can_move(buf, p, occ):
            return True
    return False


@cython.ccall
def after(buf: bytearray, events: Optional[list]) -> cython.void:
    """§7.7.2 steps 7-9, once the specials are done: the Critical Asset, the round end, the refill."""
    p: cython.int
    for p in range(8):
        if buf[PAWNS + p] == buf[CRITICAL_ASSET]:
            score_round(buf, events)
            _finish(buf, events)
            return
    if cards.hand_size(buf, HANDS) == 0:
        _round_end(buf, events)
        return
    _refill(buf, events)
    if _row_ranks(buf) == 0:
        score_round(buf, events)
        _finish(buf, events)
        return
    buf[PHASE] = LEAD
    buf[TO_ACT] = 0


@cython.cfunc
def _round_end(buf: bytearray, events: Optional[list]) -> cython.void:
    """§7.7.6: score, the markers step, a new row, the hat back beside it, draw up to 10."""
    score_round(buf, events)
    marker_step(buf, events)
    r: cython.int
    for r in range(1, 14):
        to_pile(buf, r, buf[ROW + r])
        buf[ROW + r] = 0
    _refill(buf, events)
    if buf[HANDS + HAT]:
        buf[HANDS + HAT] = 0
        buf[ROW + HAT] = 1
    _draw_up(buf)
    if _row_ranks(buf) == 0 or cards.hand_size(buf, HANDS) == 0:
        _finish(buf, events)
        return
    _add16(buf, ROUND, 1)
    buf[PHASE] = LEAD
    buf[TO_ACT] = 0
    if events is not None:
        events.append((EV_SOLO_ROUND, buf[ROUND] | (buf[ROUND + 1] << 8), list(buf[HANDS:HANDS + 16])))


@cython.cfunc
def _finish(buf: bytearray, events: Optional[list]) -> cython.void:
    buf[PHASE] = FINISHED
    buf[TO_ACT] = NONE
    if events is not None:
        events.append((EV_GAME_END,))


@cython.ccall
def colour_score(buf: bytearray, colour: cython.int) -> cython.int:
    """A colour's round score now: its hats' effective values, removed hats 0, at least 0 (D41)."""
    total: cython.int = 0
    p: cython.int
    for p in range(2 * colour, 2 * colour + 2):
        s: cython.int = buf[PAWNS + p]
        if s < 64:
            total += pawns.value_of(buf, s)
    return total if total > 0 else 0


@cython.ccall
def score_round(buf: bytearray, events: Optional[list]) -> cython.void:
    c: cython.int
    scores: list = []
    for c in range(4):
        score: cython.int = colour_score(buf, c)
        _add16(buf, TOTALS + 2 * c, score)
        buf[LAST_ROUND + 2 * c] = score & 255
        buf[LAST_ROUND + 2 * c + 1] = (score >> 8) & 255
        scores.append(score)
    _add16(buf, ROUNDS_SCORED, 1)
    if events is not None:
        events.append((EV_COLOURS_SCORED, buf[ROUND], scores,
                       [buf[TOTALS + 2 * c] | (buf[TOTALS + 2 * c + 1] << 8) for c in range(4)]))


# -- the tracer markers (§7.7.5, D39) ----------------------------------------------------

@cython.ccall
def marker_step(buf: bytearray, events: Optional[list]) -> cython.void:
    """One step of both markers: along the track (onto the starts at its end, removing the hats there), or
    each towards the closest hat, `m1` first."""
    if buf[TRACER_SPACE] == NONE:
        buf[TRACER_INDEX] += 1
        if buf[TRACER_INDEX] >= buf[TRACER_STEPS]:
            buf[TRACER_SPACE] = buf[CAFE]
            buf[M2_SPACE] = buf[SERVER]
            if events is not None:
                events.append((EV_MARKERS_MOVED, buf[TRACER_INDEX], buf[TRACER_SPACE], buf[M2_SPACE]))
            _remove_on(buf, buf[CAFE], events)
            _remove_on(buf, buf[SERVER], events)
        elif events is not None:
            events.append((EV_MARKERS_MOVED, buf[TRACER_INDEX], NONE, NONE))
        return
    adj = cython.declare(cython.ulonglong[64])  # the tracer graph, per space (a C array: no list per step)
    s: cython.int
    for s in range(64):  # a missing space is in no space's T(...) and no marker stands there: never read
        adj[s] = pawns.tracer_destinations(buf, s) if buf[SPACE_TYPE + s] != NONE else 0
    buf[TRACER_SPACE] = _toward_hat(buf, buf[TRACER_SPACE], adj)
    _remove_on(buf, buf[TRACER_SPACE], events)
    buf[M2_SPACE] = _toward_hat(buf, buf[M2_SPACE], adj)
    _remove_on(buf, buf[M2_SPACE], events)
    if events is not None:
        events.append((EV_MARKERS_MOVED, buf[TRACER_INDEX], buf[TRACER_SPACE], buf[M2_SPACE]))


@cython.cfunc
def _toward_hat(buf: bytearray, space: cython.int, adj: cython.p_ulonglong) -> cython.int:
    """The neighbour (tracer graph) with the shortest path to a hat, smallest id on ties; or stay."""
    hats: cython.ulonglong = 0
    p: cython.int
    for p in range(8):
        if buf[PAWNS + p] < 64:
            hats |= cython.cast(cython.ulonglong, 1) << buf[PAWNS + p]
    best: cython.int = space
    best_d: cython.int = 999
    t: cython.int
    options: cython.ulonglong = adj[space]
    for t in range(64):
        if (options >> t) & 1:
            d: cython.int = _distance(t, hats, adj)
            if d < best_d:
                best, best_d = t, d
    return best


@cython.cfunc
def _distance(start: cython.int, hats: cython.ulonglong, adj: cython.p_ulonglong) -> cython.int:
    """Breadth-first steps from `start` to a space in `hats` (999: none reachable)."""
    seen: cython.ulonglong = cython.cast(cython.ulonglong, 1) << start
    frontier: cython.ulonglong = seen
    d: cython.int = 0
    s: cython.int
    while frontier:
        if frontier & hats:
            return d
        nxt: cython.ulonglong = 0
        for s in range(64):
            if (frontier >> s) & 1:
                nxt |= cython.cast(cython.ulonglong, adj[s])
        frontier = nxt & ~seen
        seen |= nxt
        d += 1
    return 999


@cython.ccall
def remove_hit(buf: bytearray, hat: cython.int, events: Optional[list]) -> cython.void:
    """A hat that arrives where a marker stands is removed at once (a Backflip onto a start)."""
    s: cython.int = buf[PAWNS + hat]
    if s < 64 and (s == buf[TRACER_SPACE] or s == buf[M2_SPACE]):
        _remove_on(buf, s, events)


@cython.cfunc
def _remove_on(buf: bytearray, space: cython.int, events: Optional[list]) -> cython.void:
    p: cython.int
    for p in range(8):
        if buf[PAWNS + p] == space:
            buf[PAWNS + p] = JAIL
            if events is not None:
                events.append((EV_HAT_REMOVED, p, space))


# -- legal leads and hat moves ------------------------------------------------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def lead_moves(buf: bytearray, out: cython.p_longlong, n: cython.int) -> cython.int:
    """Every lead, a hat lead without rank cards once per named value 1-14 (§8.2 order), into `out` from n
    on; the new count."""
    end: cython.int = cards.lead_plays(buf, HANDS, out, n)
    extra: cython.int = 0
    i: cython.int
    v: cython.int
    code: cython.longlong
    for i in range(n, end):
        if (out[i] >> 8) & 7 == 0 and (out[i] >> 14) & 1:
            extra += 13
    # Spread in place from the back: the write index stays at or past the read index.
    w: cython.int = end + extra
    i = end - 1
    while i >= n:
        code = out[i]
        if (code >> 8) & 7 == 0 and (code >> 14) & 1:
            for v in range(14, 0, -1):
                w -= 1
                out[w] = code | (v << 15)
        else:
            w -= 1
            out[w] = code
        i -= 1
    return end + extra
