"""White Hat / Black Hat: the compiled rules (round start, trick play, resolution, specials, scoring).

Spec: shared/rules/white_hat.md §3-6, 8. Cython pure-Python mode: compiled by
`pip install .`, interpreted as-is otherwise. Works on the state `bytearray`
(engines/white_hat/state.py); `game.py` turns codes, reasons and raw event
tuples into text, names and Events. The card kernels are in `rules_cards.py`, the board
kernels in `rules_pawns.py`; the automatic steps (§4.7 resolution, end checks, round
scoring and the next deal) are in `rules_flow.py` and `rules_round.py`.

Move codes: kind in the low 4 bits, arguments above (see KINDS and `split`).
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import kernel
    from cython.cimports.engines.white_hat import rules_cards as cards, rules_flow as flow, \
        rules_pawns as pawns, rules_round as rounds, rules_solo as solo
    from cython.cimports.engines.white_hat.rules_round import hand_at, read16
    from cython.cimports.engines.white_hat.rules_check import back_dests, backflip_target, check, dos_target
else:
    from ..core import kernel
    from . import rules_cards as cards, rules_flow as flow, rules_pawns as pawns, rules_round as rounds, \
        rules_solo as solo
    from .rules_round import hand_at, read16
    from .rules_check import back_dests, backflip_target, check, dos_target
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


@cython.cfunc
@cython.exceptval(-1, check=True)
def _sized(buf: bytearray) -> cython.int:
    """Refuse a state shorter than the layout: the reads after it have no bounds check."""
    if len(buf) < SIZE:
        raise ValueError(f"not a white_hat state: {len(buf)} bytes, expected at least {SIZE}")
    return 0


@cython.ccall
def move_count(buf: bytearray) -> cython.long:
    """Moves applied since setup."""
    _sized(buf)
    return (buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8) | (buf[MOVE_COUNT + 2] << 16)
            | (cython.cast(cython.long, buf[MOVE_COUNT + 3]) << 24))


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    """Whether the game is over."""
    _sized(buf)
    return buf[PHASE] == FINISHED


@cython.ccall
def mover(buf: bytearray) -> cython.int:
    """The seat that may act now (for the robot: its controller, §7.6), or NONE once finished."""
    _sized(buf)
    if buf[PHASE] == FINISHED:
        return NONE
    return buf[CONTROLLER] if buf[TO_ACT] == buf[ROBOT] else buf[TO_ACT]


# -- legal moves -----------------------------------------------------------------

# The most codes one listing holds (a true bound: the kernel's buffer and legal_moves' C array). By phase:
# a lead lists each (rank, rank cards, jokers, hat) once, at most 79 * 6 * 2 - 1 = 947 (6 copies of 13
# ranks, 5 jokers, 1 hat), plus 13 per wildcard-only hat lead in solo (<= 78); a follow at most 14 singles
# + 13 * 6 * 2 + 12; `collect hat` one per multiset of j <= k <= 12 rank cards (k <= 6 + 5 + 1) from at
# most 6 plays of one rank each with <= 6 copies: at most [x^12] (1 + ... + x^6)^6 = 4676, plus
# `collect all`; pawn moves and backflips at most 12 pawns * 64 spaces (+ skip); exploits 64 * 2 * 2.


def legal_moves(buf: bytearray):
    """Every legal move code now, in the listing order of §8.2."""
    _sized(buf)  # the listing reads the state's raw bytes
    if not cython.compiled:  # interpreted, a dict stands in for the C array (cython.declare's casts every item)
        slots: dict = {}
        n: cython.Py_ssize_t = _legal_into(buf, slots)
        return kernel.as_codes([slots[i] for i in range(n)])
    codes = cython.declare(cython.longlong[4677])  # MAX_MOVES: a C array's length must be a literal
    return kernel.listed(codes, _legal_into(buf, codes))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for MAX_MOVES); their count."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    phase: cython.int = b[PHASE]
    seat: cython.int = b[TO_ACT]
    n: cython.int = 0
    if phase == LEAD:
        n = solo.lead_moves(buf, out, 0)
    elif phase == TRICK:
        n = _trick_moves(buf, seat, out)
    elif phase == COLLECT:
        out[0] = K_COLLECT_ALL
        n = cards.collect_choices(flow.trick_ranks(buf), flow.collect_size(buf), out, 1)
    elif phase == MOVE:
        n = _pawn_moves(buf, seat, pawns.occupied(buf), out)
    elif phase == SPECIAL:
        n = _special_moves(buf, out)
        out[n] = K_SKIP
        n += 1
    elif phase == PLACE:
        n = _place_moves(buf, out)
    elif phase == TRACER:
        n = _append_spaces(pawns.tracer_destinations(buf, b[TRACER_SPACE]), K_TRACER, out, 0)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _trick_moves(buf: bytearray, seat: cython.int, out: cython.p_longlong) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    hand: cython.Py_ssize_t = hand_at(seat)
    if b[TRICK_POS] == 0:
        return cards.lead_plays(buf, hand, out, 0)
    k: cython.int = b[LEAD_COUNT]
    if k >= 2 and b[hand + HAT] == 1 and cards.hand_size(buf, hand) == 1:
        out[0] = K_PASS
        return 1
    return cards.follow_plays(buf, hand, k, out, 0)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _pawn_moves(buf: bytearray, seat: cython.int, occ: cython.ulonglong, out: cython.p_longlong) -> cython.int:
    """Group (a) own unblocked pawns and (b) others' on a negative space (§5.7), by pawn then space."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    p: cython.int
    n: cython.int = 0
    for p in range(b[PAWN_COUNT]):
        s: cython.int = b[PAWNS + p]
        if s >= 64 or pawns.is_blocking(buf, s):
            continue
        if b[SOLO]:
            if not solo.may_move(buf, p):
                continue
        elif p // 2 != seat and pawns.value_of(buf, s) >= 0:
            continue
        n = _append_spaces(pawns.destinations(buf, s, occ), K_MOVE | (p << 4), out, n)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _append_spaces(mask: cython.ulonglong, base: cython.long, out: cython.p_longlong, n: cython.int) -> cython.int:
    t: cython.int = 0
    while mask:  # stops after the highest space rather than at 64
        if mask & 1:
            out[n] = base | (t << 8)
            n += 1
        mask >>= 1
        t += 1
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _special_moves(buf: bytearray, out: cython.p_longlong) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    kind: cython.int = b[PENDING + 2]
    if kind == T_DENIAL_OF_SERVICE:
        return _dos_moves(buf, out)
    if kind == T_EXPLOIT:
        return _exploit_moves(buf, out)
    if kind == T_RANDOMIZER:
        out[0] = K_RANDOMIZE
        return 1
    if kind == T_BACKFLIP:
        return _backflip_moves(buf, out)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _dos_moves(buf: bytearray, out: cython.p_longlong) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    p: cython.int
    n: cython.int = 0
    for p in range(b[PAWN_COUNT]):
        if dos_target(buf, p) != R_OK:
            continue
        sibling: cython.int = b[PAWNS + (p ^ 1)]
        cafe: cython.int = b[CAFE]
        server: cython.int = b[SERVER]
        lo: cython.int = cafe if cafe < server else server
        hi: cython.int = server if cafe < server else cafe
        if sibling != lo:
            out[n] = K_DOS | (p << 4) | (lo << 8)
            n += 1
        if sibling != hi:
            out[n] = K_DOS | (p << 4) | (hi << 8)
            n += 1
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _exploit_moves(buf: bytearray, out: cython.p_longlong) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    free: cython.bint = b[MARKER_SPACE] == NONE or b[MARKER_SPACE + 1] == NONE
    s: cython.int
    sign: cython.int
    m: cython.int
    n: cython.int = 0
    for s in range(64):
        if b[SPACE_TYPE + s] == NONE or s == b[PENDING + 1]:
            continue
        for sign in range(2):
            if free:
                out[n] = K_EXPLOIT | (s << 4) | (sign << 10)
                n += 1
            else:
                for m in range(1, 3):
                    out[n] = K_EXPLOIT | (s << 4) | (sign << 10) | (m << 11)
                    n += 1
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _backflip_moves(buf: bytearray, out: cython.p_longlong) -> cython.int:
    occ: cython.ulonglong = pawns.occupied(buf)
    p: cython.int
    n: cython.int = 0
    for p in range(buf[PAWN_COUNT]):
        if backflip_target(buf, p) == R_OK:
            n = _append_spaces(back_dests(buf, p, occ), K_BACKFLIP | (p << 4), out, n)
    return n


@cython.cfunc
@cython.exceptval(-1, check=False)
def _place_moves(buf: bytearray, out: cython.p_longlong) -> cython.int:
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    tile: cython.int = b[DRAWN_TILE]
    side: cython.int
    slot: cython.int
    n: cython.int = 0
    for side in range(2):
        for slot in range(b[SLOT_COUNT]):
            out[n] = K_PLACE | ((2 * (tile - 1) + side) << 4) | (slot << 8)
            n += 1
    return n


# -- apply -------------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply a move code in place: R_OK, or the refusal reason (REASON_CODES) with `buf` untouched; raw event tuples
    are appended to `log` when it is a list (the core's apply_in_place names them)."""
    return _apply_code(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_code(buf: bytearray, code: cython.longlong, log: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd)."""
    _sized(buf)  # the checks and the move read the state's raw bytes
    reason: cython.int = check(buf, code)
    if reason != R_OK:
        return reason
    _apply(buf, code, log)
    return R_OK


@cython.cfunc
def _apply(buf: bytearray, code: cython.longlong, events: Optional[list]) -> cython.void:
    """Apply a legal move code in place (the caller checked it)."""
    n: cython.long = move_count(buf) + 1
    buf[MOVE_COUNT] = n & 255
    buf[MOVE_COUNT + 1] = (n >> 8) & 255
    buf[MOVE_COUNT + 2] = (n >> 16) & 255
    buf[MOVE_COUNT + 3] = (n >> 24) & 255
    kind: cython.int = code & 15
    seat: cython.int = buf[TO_ACT]
    if kind == K_PLAY and buf[SOLO]:
        solo.lead(buf, code, events)
    elif kind == K_PLAY:
        flow.play(buf, seat, (code >> 4) & 15, (code >> 8) & 7, (code >> 11) & 7, (code >> 14) & 1, events)
    elif kind == K_PASS:
        flow.play(buf, seat, 0, 0, 0, 0, events)
    elif kind == K_COLLECT_ALL or kind == K_COLLECT_HAT:
        flow.collect(buf, seat, code, events)
    elif kind == K_MOVE:
        flow.move_pawn(buf, seat, (code >> 4) & 15, (code >> 8) & 63, events)
    elif kind == K_TRACER:
        flow.move_tracer(buf, (code >> 8) & 63, events)
    else:
        flow.special(buf, seat, kind, code, events)


# -- scores (game.py's score and the kernel's outcome read the same numbers) ---------------

@cython.cfunc
def _seat_row(buf: bytearray, seat: cython.int, out: cython.p_int) -> cython.void:
    """Seat `seat`'s (round, total, card points, pawn points) (§6): the final ones once finished, else the
    provisional round on top of the banked total."""
    banked: cython.int = read16(buf, TOTALS + 2 * seat)
    if buf[PHASE] == FINISHED:
        out[0], out[1], out[2], out[3] = read16(buf, LAST_ROUND + 2 * seat), banked, 0, 0
        return
    card: cython.int = cards.hand_points(buf, hand_at(seat))
    pawn: cython.int = rounds.pawn_points(buf, seat)
    rnd: cython.int = card + pawn if card + pawn > 0 else 0
    out[0], out[1], out[2], out[3] = rnd, banked + rnd, card, pawn


@cython.cfunc
def _colour_row(buf: bytearray, colour: cython.int, out: cython.p_int) -> cython.void:
    """Solo: colour `colour`'s (round, total) (§10 solo)."""
    rnd: cython.int
    if buf[PHASE] == FINISHED:
        rnd = read16(buf, LAST_ROUND + 2 * colour)
        out[0], out[1] = rnd, read16(buf, TOTALS + 2 * colour)
    else:
        rnd = solo.colour_score(buf, colour)
        out[0], out[1] = rnd, read16(buf, TOTALS + 2 * colour) + rnd


@cython.ccall
def seat_rows(buf: bytearray) -> list:
    """Per seat: (seat, round, total, card points, pawn points) for game.py's score."""
    row = cython.declare(cython.int[4])
    out: list = []
    s: cython.int
    for s in range(buf[PLAYERS]):
        _seat_row(buf, s, row)
        out.append((s, row[0], row[1], row[2], row[3]))
    return out


@cython.ccall
def colour_rows(buf: bytearray) -> list:
    """Solo, per colour K W O B: (round, total) for game.py's score."""
    row = cython.declare(cython.int[2])
    out: list = []
    c: cython.int
    for c in range(4):
        _colour_row(buf, c, row)
        out.append((row[0], row[1]))
    return out


@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result (engines/core/kernel.pxd), as game.py's score ranks it: solo, the lowest colour
    total is the seat's score and seat 0 always wins; else the lowest total then the lowest last round
    (§6.3), or with celebrity the smallest |total - status|, then below the status, then the lowest last
    round (§7.5); every seat equal to the best on all of these wins (shared)."""
    row = cython.declare(cython.int[4])
    key = cython.declare(cython.int[18])  # per seat: the ranking key's three parts, compared in order
    c: cython.int
    if buf[SOLO]:
        low: cython.int = 0
        for c in range(4):
            _colour_row(buf, c, row)
            if c == 0 or row[1] < low:
                low = row[1]
        scores[0] = low
        won[0] = 1
        return 1
    players: cython.int = buf[PLAYERS]
    s: cython.int
    best: cython.int = 0
    for s in range(players):
        _seat_row(buf, s, row)
        scores[s] = row[1]
        if buf[CELEBRITY]:
            key[3 * s] = row[1] - buf[STATUS + s] if row[1] >= buf[STATUS + s] else buf[STATUS + s] - row[1]
            key[3 * s + 1] = row[1] > buf[STATUS + s]
        else:
            key[3 * s] = row[1]
            key[3 * s + 1] = 0
        key[3 * s + 2] = row[0]
        if s and _key_below(key, s, best):
            best = s
    for s in range(players):
        won[s] = not _key_below(key, s, best) and not _key_below(key, best, s)
    return players


@cython.cfunc
@cython.inline
def _key_below(key: cython.p_int, a: cython.int, b: cython.int) -> cython.bint:
    """Seat a's key ranks before seat b's."""
    c: cython.int
    for c in range(3):
        if key[3 * a + c] != key[3 * b + c]:
            return key[3 * a + c] < key[3 * b + c]
    return False


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code `_legal_into` just listed, with no events (listed, so legal: no check)."""
    _apply(buf, code, None)
    return 0


if cython.compiled:
    KERNEL = kernel.export(_legal_into, _step, _outcome, MAX_MOVES, 6, _apply_code)
else:
    KERNEL = None
