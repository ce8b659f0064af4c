"""White Hat: the compiled consistency check of a state (what `decode` accepts is safe to play).

Cython pure-Python mode. The compiled rules index the state without bounds
checks, so this checks every field the rules read: ranges, the cards (each of the
84 exactly once), the trick, the pawns, the markers, tiles and pending triggers,
and what each phase needs. `game.py` checks the board's graph against the board
file and the tiles. Returns "" or what is wrong.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.white_hat import cards, flow, pawns
else:
    from . import cards, flow, pawns
from .state import HAND, PLAY, STATE, TRIGGER

cython.declare(NONE=cython.int)
NONE = 255
AT = STATE.at
TRICK, COLLECT, MOVE, SPECIAL, PLACE, FINISHED = 0, 1, 2, 3, 4, 5


def validate(buf: bytearray, black: cython.int, boards: cython.int) -> str:
    n: cython.int = buf[AT.players]
    if buf[AT.game] != black or not 3 <= n <= 6 or buf[AT.board_ref] > boards or buf[AT.phase] > FINISHED:
        return "header"
    if buf[AT.dealer] >= n or buf[AT.hat_holder] >= n or buf[AT.leader] >= n or not 1 <= buf[AT.count_out] <= 14:
        return "round"
    if buf[AT.honeypot_entered] > 1 or buf[AT.drawn_tile] != NONE and buf[AT.phase] != PLACE:
        return "flags"
    return _cards(buf, n) or _board(buf, n) or _trick(buf, n) or _phase(buf, n)


@cython.cfunc
def _cards(buf: bytearray, n: cython.int) -> str:
    seen = bytearray(16)
    top: cython.int = buf[AT.deck_top]
    end: cython.int = buf[AT.deck_end]
    i: cython.int
    c: cython.int
    if top > end or end > 84 or buf[AT.pile_count] > 84:
        return "deck"
    for i in range(top, end):
        c = buf[AT.deck + i]
        if not 1 <= c <= 14:
            return "deck card"
        seen[c] += 1
    for i in range(buf[AT.pile_count]):
        c = buf[AT.pile + i]
        if not 1 <= c <= 14:
            return "pile card"
        seen[c] += 1
    s: cython.int
    for s in range(6):
        if s >= n and cards.hand_size(buf, AT.hands + s * HAND.size):
            return "hand of no seat"
        if buf[AT.hands + s * HAND.size]:
            return "hand"
        for c in range(1, 16):
            if buf[AT.hands + s * HAND.size + c] > 84:
                return "hand"
            seen[c] += buf[AT.hands + s * HAND.size + c]
    for i in range(6):
        p: cython.Py_ssize_t = AT.plays + i * PLAY.size
        if buf[p] == 1:
            if buf[p + 1] > 13 or buf[p + 2] > 6 or buf[p + 3] > 5 or buf[p + 4] > 1:
                return "play"
            seen[buf[p + 1]] += buf[p + 2]
            seen[14] += buf[p + 3]
            seen[15] += buf[p + 4]
    for c in range(1, 16):
        if seen[c] != (6 if c <= 13 else 5 if c == 14 else 1):
            return f"card {c} is not there exactly once per copy"
    return ""


@cython.cfunc
def _board(buf: bytearray, n: cython.int) -> str:
    p: cython.int
    q: cython.int
    for p in range(12):
        s: cython.int = buf[AT.pawns + p]
        if p >= 2 * n:
            if s != NONE:
                return "pawn of no seat"
            continue
        if s >= 64 or buf[AT.space_type + s] == NONE:
            return "pawn off the board"
        for q in range(p):
            if buf[AT.pawns + q] == s and (not pawns.is_start(buf, s) or q == (p ^ 1)):
                return "two pawns share a space"
    for p in range(2):
        s = buf[AT.marker_space + p]
        sign: cython.int = buf[AT.marker_sign + p]
        if (s == NONE and sign != 0) or (s != NONE and (s >= 64 or buf[AT.space_type + s] == NONE or
                                                        (sign != 1 and sign != 255))):
            return "marker"
    for p in range(5):
        f: cython.int = buf[AT.slot_face + p]
        for q in range(p):
            if f != NONE and buf[AT.slot_face + q] != NONE and buf[AT.slot_face + q] // 2 == f // 2:
                return "tile twice"
        if f != NONE and f > 11:
            return "face"
    count: cython.int = buf[AT.pending_count]
    if count > 16:
        return "pending"
    for p in range(16):
        t: cython.Py_ssize_t = AT.pending + p * TRIGGER.size
        if p >= count:
            if buf[t] or buf[t + 1] or buf[t + 2] or buf[t + 3]:
                return "pending tail"
            continue
        if buf[t] >= 2 * n or buf[t + 1] >= 64 or buf[AT.space_type + buf[t + 1]] == NONE or \
                buf[t + 2] not in (7, 10, 11, 12):
            return "trigger"
    return ""


@cython.cfunc
def _trick(buf: bytearray, n: cython.int) -> str:
    pos: cython.int = buf[AT.trick_pos]
    k: cython.int = buf[AT.lead_count]
    leader: cython.int = buf[AT.leader]
    i: cython.int
    hat: cython.int = 0
    if pos > n or k > 12:
        return "trick"
    for i in range(6):
        if buf[AT.trick_order + i] != ((leader + i) % n if i < n else NONE):
            return "trick order"
    if buf[AT.phase] != TRICK and buf[AT.phase] != COLLECT:
        for i in range(6 * PLAY.size):
            if buf[AT.plays + i]:
                return "stale trick"
        return ""
    for i in range(6):
        p: cython.Py_ssize_t = AT.plays + i * PLAY.size
        total: cython.int = buf[p + 2] + buf[p + 3] + buf[p + 4]
        if i >= pos:
            if buf[p] or buf[p + 1] or total:
                return "future play"
            continue
        if buf[p] == 2:
            if buf[p + 1] or total or i == 0:
                return "pass"
            continue
        if buf[p] != 1 or (buf[p + 1] == 0) != (buf[p + 2] == 0) or total == 0:
            return "play"
        if (i == 0 and total != k) or (i > 0 and total != 1 and total != k) or (buf[p + 4] and total != k):
            return "play count"
        hat |= buf[p + 4]
    if hat != buf[AT.hat_played] or (pos == 0 and k != 0):
        return "hat played"
    return ""


@cython.cfunc
def _phase(buf: bytearray, n: cython.int) -> str:
    phase: cython.int = buf[AT.phase]
    actor: cython.int = buf[AT.to_act]
    pending: cython.int = buf[AT.pending_count]
    s: cython.int
    if phase == FINISHED:
        return "" if actor == NONE and pending == 0 else "finished"
    if actor >= n:
        return "to act"
    if phase == TRICK:
        pos: cython.int = buf[AT.trick_pos]
        if pos >= n or actor != buf[AT.trick_order + pos] or pending or buf[AT.winner] != NONE:
            return "trick phase"
        for s in range(pos, n):
            if cards.hand_size(buf, AT.hands + buf[AT.trick_order + s] * HAND.size) == 0:
                return "a seat to play has no cards"
        return ""
    if phase == COLLECT:
        if buf[AT.trick_pos] != n or not buf[AT.hat_played] or actor != buf[AT.winner] or pending:
            return "collect phase"
        return ""
    if buf[AT.winner] >= n:
        return "winner"
    if phase == MOVE:
        return "" if actor == buf[AT.winner] and pending == 0 and flow.has_pawn_move(buf, actor) else "move phase"
    if phase == SPECIAL:
        t: cython.Py_ssize_t = AT.pending
        if pending == 0 or actor != buf[t] // 2 or buf[AT.pawns + buf[t]] != buf[t + 1] or \
                buf[t + 3] != _counter(buf, buf[t + 1]):
            return "special phase"
        return ""
    tile: cython.int = buf[AT.drawn_tile]
    if not 1 <= tile <= 6:
        return "place phase"
    for s in range(5):
        if buf[AT.slot_face + s] != NONE and buf[AT.slot_face + s] // 2 + 1 == tile:
            return "drawn tile on the board"
    return ""


@cython.cfunc
def _counter(buf: bytearray, space: cython.int) -> cython.int:
    slot: cython.int = flow.slot_of(buf, space)
    return buf[AT.slot_counter + slot] if slot >= 0 else 0
