"""White Hat's move checks (spec §8.2): whether a move code is legal now and, when not, the first rule it breaks
(a number of REASON_CODES). The listing in rules.py and these checks share the pawn-target helpers below."""
from __future__ import annotations

import cython

if cython.compiled:
    from cython.cimports.engines.white_hat import rules_flow as flow, rules_pawns as pawns, rules_solo as solo
else:
    from . import rules_flow as flow, rules_pawns as pawns, rules_solo as solo
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


@cython.cfunc
def dos_target(buf: bytearray, p: cython.int) -> cython.int:
    if p == buf[PENDING]:
        return R_DOS_ENTERING_PAWN
    s: cython.int = buf[PAWNS + p]
    if s >= 64 or pawns.is_start(buf, s):
        return R_DOS_TARGET_ON_START
    return R_OK


@cython.cfunc
def backflip_target(buf: bytearray, p: cython.int) -> cython.int:
    s: cython.int = buf[PAWNS + p]
    if p == buf[PENDING] or s >= 64 or pawns.is_start(buf, s) or pawns.is_blocking(buf, s):
        return R_BACKFLIP_BAD_TARGET
    return R_OK


@cython.cfunc
def back_dests(buf: bytearray, p: cython.int, occ: cython.ulonglong) -> cython.ulonglong:
    sibling: cython.int = buf[PAWNS + (p ^ 1)]
    return pawns.back_destinations(buf, buf[PAWNS + p], occ, sibling)


# -- checks ----------------------------------------------------------------------

@cython.ccall
def phase_reason(buf: bytearray, kind: cython.int) -> cython.int:
    """The phase check of §8.2 for a move kind: R_OK, or why this kind cannot be played now."""
    phase: cython.int = buf[PHASE]
    if phase == FINISHED:
        return R_GAME_OVER
    need: cython.int
    if kind == K_PLAY and buf[SOLO]:
        need = LEAD
    elif kind == K_PLAY or kind == K_PASS:
        need = TRICK
    elif kind == K_COLLECT_ALL or kind == K_COLLECT_HAT:
        need = COLLECT
    elif kind == K_MOVE:
        need = MOVE
    elif kind == K_PLACE:
        need = PLACE
    elif K_DOS <= kind <= K_SKIP:
        need = SPECIAL
    elif kind == K_TRACER:
        need = TRACER
    else:
        return R_NOT_LEGAL
    if need == phase:
        return R_OK
    if phase == PLACE and need == SPECIAL:
        return R_MUST_PLACE
    if need == TRACER:
        return R_NOT_TRACER_PHASE
    if need == LEAD:
        return R_NOT_LEAD_PHASE
    if need == TRICK:
        return R_NOT_TRICK_PHASE
    if need == COLLECT:
        return R_NOT_COLLECT_PHASE
    if need == MOVE:
        return R_NOT_MOVE_PHASE
    return R_NOT_SPECIAL_PHASE if need == SPECIAL else R_NOT_PLACE_PHASE


@cython.ccall
def check(buf: bytearray, code: cython.longlong) -> cython.int:
    """R_OK, or the first reason (in the spec's order) why move `code` is not legal now."""
    kind: cython.int = code & 15 if code >= 0 else -1
    reason: cython.int = phase_reason(buf, kind)
    if reason != R_OK:
        return reason
    if kind == K_PLAY:
        return _check_play(buf, code)
    if kind == K_PASS:
        if code != K_PASS:
            return R_NOT_LEGAL
        return R_OK if flow.must_pass(buf) else R_PASS_NOT_ALLOWED
    if kind == K_COLLECT_ALL:
        return R_OK if code == K_COLLECT_ALL else R_NOT_LEGAL
    if kind == K_COLLECT_HAT:
        return _check_collect(buf, code)
    if kind == K_MOVE:
        return _check_move(buf, code)
    if kind == K_TRACER:
        if code >> 14 or (code >> 4) & 15:
            return R_NOT_LEGAL
        if (pawns.tracer_destinations(buf, buf[TRACER_SPACE]) >> ((code >> 8) & 63)) & 1:
            return R_OK
        return R_TRACER_CANNOT_MOVE
    return _check_special(buf, kind, code)


@cython.cfunc
def _check_play(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 19:
        return R_NOT_LEGAL
    rank: cython.int = (code >> 4) & 15
    n: cython.int = (code >> 8) & 7
    j: cython.int = (code >> 11) & 7
    h: cython.int = (code >> 14) & 1
    if rank > 13 or (rank == 0) != (n == 0):
        return R_MIXED_RANKS if rank > 13 else R_NOT_LEGAL
    hand: cython.Py_ssize_t = HANDS + buf[TO_ACT] * HAND_SIZE
    if (rank and buf[hand + rank] < n) or buf[hand + 14] < j or buf[hand + 15] < h:
        return R_CARD_NOT_IN_HAND
    total: cython.int = n + j + h
    if total == 0:
        return R_PLAY_AT_LEAST_ONE
    named: cython.int = (code >> 15) & 15
    if buf[SOLO] and n == 0 and h and not 1 <= named <= 14:
        return R_NAME_HAT_VALUE
    if named and not (buf[SOLO] and n == 0 and h):
        return R_NO_HAT_VALUE
    if buf[TRICK_POS] == 0 or buf[SOLO]:
        return R_OK
    k: cython.int = buf[LEAD_COUNT]
    if total != 1 and total != k:
        return R_FOLLOW_COUNT
    if h and total != k:
        return R_HAT_NEEDS_COUNT
    return R_OK


@cython.cfunc
def _check_collect(buf: bytearray, code: cython.longlong) -> cython.int:
    counts: bytearray = flow.trick_ranks(buf)
    total: cython.int = 0
    r: cython.int
    for r in range(13):
        total += (code >> (4 + 3 * r)) & 7
    if code >> 43:
        return R_NOT_LEGAL
    if total != flow.collect_size(buf):
        return R_COLLECT_COUNT
    for r in range(13):
        if ((code >> (4 + 3 * r)) & 7) > counts[r]:
            return R_CARD_NOT_IN_TRICK
    return R_OK


@cython.cfunc
def _check_move(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 14:
        return R_NOT_LEGAL
    p: cython.int = (code >> 4) & 15
    t: cython.int = (code >> 8) & 63
    if p >= buf[PAWN_COUNT]:
        return R_NO_SUCH_PAWN
    s: cython.int = buf[PAWNS + p]
    if s == JAIL:
        return R_HAT_REMOVED if buf[SOLO] else R_PAWN_IN_JAIL
    if pawns.is_blocking(buf, s):
        return R_PAWN_BLOCKED
    if buf[SOLO]:
        if not solo.may_move(buf, p):
            return R_WRONG_COLOUR
    elif p // 2 != buf[TO_ACT] and pawns.value_of(buf, s) >= 0:
        return R_NOT_YOUR_PAWN
    if not (pawns.destinations(buf, s, pawns.occupied(buf)) >> t) & 1:
        return R_NO_SUCH_DESTINATION
    return R_OK


@cython.cfunc
def _check_special(buf: bytearray, kind: cython.int, code: cython.longlong) -> cython.int:
    trig: cython.int = buf[PENDING + 2]
    need: cython.int = -1
    if kind == K_DOS:
        need = T_DENIAL_OF_SERVICE
    elif kind == K_EXPLOIT:
        need = T_EXPLOIT
    elif kind == K_RANDOMIZE:
        need = T_RANDOMIZER
    elif kind == K_BACKFLIP:
        need = T_BACKFLIP
    if need >= 0 and need != trig:
        return R_WRONG_SPECIAL
    if kind == K_SKIP or kind == K_RANDOMIZE:
        return R_OK if code == kind else R_NOT_LEGAL
    if kind == K_DOS:
        return _check_dos(buf, code)
    if kind == K_EXPLOIT:
        return _check_exploit(buf, code)
    if kind == K_PLACE:
        return _check_place(buf, code)
    return _check_backflip(buf, code)


@cython.cfunc
def _check_dos(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 14:
        return R_NOT_LEGAL
    p: cython.int = (code >> 4) & 15
    t: cython.int = (code >> 8) & 63
    if p >= buf[PAWN_COUNT]:
        return R_NO_SUCH_PAWN
    reason: cython.int = dos_target(buf, p)
    if reason != R_OK:
        return reason
    if t != buf[CAFE] and t != buf[SERVER]:
        return R_DOS_NOT_START
    if buf[PAWNS + (p ^ 1)] == t:
        return R_DOS_SIBLING
    return R_OK


@cython.cfunc
def _check_exploit(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 13:
        return R_NOT_LEGAL
    s: cython.int = (code >> 4) & 63
    m: cython.int = (code >> 11) & 3
    if buf[SPACE_TYPE + s] == NONE:
        return R_NO_SUCH_SPACE
    if s == buf[PENDING + 1]:
        return R_EXPLOIT_SAME_SPACE
    free: cython.bint = buf[MARKER_SPACE] == NONE or buf[MARKER_SPACE + 1] == NONE
    if free and m:
        return R_MARKER_NOT_NEEDED
    if not free and (m == 0 or m == 3):
        return R_MARKER_NEEDED
    return R_OK


@cython.cfunc
def _check_place(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 11:
        return R_NOT_LEGAL
    face: cython.int = (code >> 4) & 15
    slot: cython.int = (code >> 8) & 7
    if face // 2 + 1 != buf[DRAWN_TILE]:
        return R_FACE_NOT_DRAWN
    if slot >= buf[SLOT_COUNT]:
        return R_NO_SUCH_SLOT
    return R_OK


@cython.cfunc
def _check_backflip(buf: bytearray, code: cython.longlong) -> cython.int:
    if code >> 14:
        return R_NOT_LEGAL
    p: cython.int = (code >> 4) & 15
    t: cython.int = (code >> 8) & 63
    if p >= buf[PAWN_COUNT]:
        return R_NO_SUCH_PAWN
    if backflip_target(buf, p) != R_OK:
        return R_BACKFLIP_BAD_TARGET
    if not (back_dests(buf, p, pawns.occupied(buf)) >> t) & 1:
        return R_NO_SUCH_DESTINATION
    return R_OK
