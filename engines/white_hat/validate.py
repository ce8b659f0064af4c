"""White Hat: the compiled consistency check of a state (what `decode` accepts is safe to play).

Cython pure-Python mode. The compiled rules index the state without bounds
checks, so this checks every field the rules read: ranges, the cards (each of the
84 exactly once), the trick, the pawns, the markers, tiles and pending triggers,
and what each phase needs. `game.py` checks the board's graph against the board
file and the tiles. Returns "" or what is wrong.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.white_hat import rules_cards as cards, rules_flow as flow, rules_pawns as pawns, \
        rules_round as rounds, rules_solo as solo, rules_tiles as tiles
else:
    from . import rules_cards as cards, rules_flow as flow, rules_pawns as pawns, rules_round as rounds, \
        rules_solo as solo, rules_tiles as tiles
# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


def validate(buf: bytearray, black: cython.int, boards: cython.int) -> str:
    n: cython.int = buf[PLAYERS]
    one: cython.bint = buf[SOLO] == 1
    if buf[GAME] != black or not (3 <= n <= 6 or (one and n == 1)) or buf[BOARD_REF] > boards or \
            buf[PHASE] > LEAD or buf[SOLO] > 1 or (buf[PHASE] == LEAD) != (one and buf[PHASE] == LEAD):
        return "header"
    if buf[DEALER] >= n or buf[HAT_HOLDER] >= n or buf[LEADER] >= n or \
            not (1 <= buf[COUNT_OUT] <= 14 or (one and buf[COUNT_OUT] == 0)):
        return "round"
    if buf[HONEYPOT_ENTERED] > 1 or buf[DRAWN_TILE] != NONE and buf[PHASE] != PLACE:
        return "flags"
    return _variants(buf, n) or _cards(buf, n) or _board(buf, n) or _trick(buf, n) or _phase(buf, n)


@cython.cfunc
def _variants(buf: bytearray, n: cython.int) -> str:
    """The variant options and their state (§7): flags, the robot, the tracer, the status cards."""
    if buf[TRACER_ON] > 1 or buf[REDUCE_DECK] > 1 or buf[HALF_HANDS] > 1 or buf[CELEBRITY] > 1:
        return "variant flags"
    one: cython.bint = buf[SOLO] == 1
    if buf[PAWN_COUNT] != (8 if one else 2 * n) or (one and (buf[TRACER_ON] or buf[REDUCE_DECK] or
                                                              buf[HALF_HANDS] or buf[CELEBRITY])):
        return "solo"
    if one and (buf[SOLO_COLOUR] > 4 or buf[WINNER] > 1 and buf[WINNER] != NONE):
        return "solo trick"
    robot: cython.int = buf[ROBOT]
    if (robot != NONE and (robot != 2 or n != 3 or buf[CONTROLLER] > 1)) or (robot == NONE and
                                                                               buf[CONTROLLER] != NONE):
        return "robot"
    index: cython.int = buf[TRACER_INDEX]
    space: cython.int = buf[TRACER_SPACE]
    m2: cython.int = buf[M2_SPACE]
    if index > buf[TRACER_STEPS] or (space == NONE) != (index < buf[TRACER_STEPS]) or \
            (not buf[TRACER_ON] and not one and (index or space != NONE)) or \
            (m2 != NONE) != (one and space != NONE):
        return "tracer"
    if (space != NONE and (space >= 64 or buf[SPACE_TYPE + space] == NONE)) or \
            (m2 != NONE and (m2 >= 64 or buf[SPACE_TYPE + m2] == NONE)):
        return "tracer space"
    seen = bytearray(9)
    s: cython.int
    for s in range(6):
        card: cython.int = buf[STATUS + s]
        if not buf[CELEBRITY] or s >= n:
            if card:
                return "status card"
            continue
        if card < 10 or card > 50 or card % 5 or seen[card // 5 - 2]:
            return "status card"
        seen[card // 5 - 2] = 1
    return ""


@cython.cfunc
def _cards(buf: bytearray, n: cython.int) -> str:
    seen = bytearray(16)
    top: cython.int = buf[DECK_TOP]
    end: cython.int = buf[DECK_END]
    i: cython.int
    c: cython.int
    if top > end or end > 84 or buf[PILE_COUNT] > 84:
        return "deck"
    reduce: cython.bint = buf[REDUCE_DECK]
    for i in range(top, end):
        c = buf[DECK + i]
        if not 1 <= c <= 14:
            return "deck card"
        seen[c] += 1
    for i in range(buf[PILE_COUNT]):
        c = buf[PILE + i]
        if not 1 <= c <= 14:
            return "pile card"
        seen[c] += 1
    s: cython.int
    for s in range(6):
        if s >= n and cards.hand_size(buf, HANDS + s * HAND_SIZE) and not (s == 1 and buf[SOLO]):
            return "hand of no seat"
        if buf[HANDS + s * HAND_SIZE]:
            return "hand"
        for c in range(1, 16):
            if buf[HANDS + s * HAND_SIZE + c] > 84:
                return "hand"
            seen[c] += buf[HANDS + s * HAND_SIZE + c]
    for i in range(6):
        p: cython.Py_ssize_t = PLAYS + i * PLAY_SIZE
        if buf[p] == 1:
            if buf[p + 1] > 13 or buf[p + 2] > 6 or buf[p + 3] > 5 or buf[p + 4] > 1:
                return "play"
            seen[buf[p + 1]] += buf[p + 2]
            seen[14] += buf[p + 3]
            seen[15] += buf[p + 4]
    for c in range(1, 16):
        if seen[c] != rounds.copies(reduce, n, c):
            return f"card {c} is not there exactly once per copy"
    return ""


@cython.cfunc
def _board(buf: bytearray, n: cython.int) -> str:
    p: cython.int
    q: cython.int
    for p in range(12):
        s: cython.int = buf[PAWNS + p]
        if p >= buf[PAWN_COUNT]:
            if s != NONE:
                return "pawn of no seat"
            continue
        if s == JAIL and (buf[TRACER_ON] or buf[SOLO]):
            continue
        if s >= 64 or buf[SPACE_TYPE + s] == NONE:
            return "pawn off the board"
        if buf[SOLO] and (s == buf[TRACER_SPACE] or s == buf[M2_SPACE]):  # removed at once (§7.7.5)
            return "hat on a tracer marker"
        for q in range(p):
            if buf[PAWNS + q] == s and (not pawns.is_start(buf, s) or q == (p ^ 1)):
                return "two pawns share a space"
    for p in range(2):
        s = buf[MARKER_SPACE + p]
        sign: cython.int = buf[MARKER_SIGN + p]
        if (s == NONE and sign != 0) or (s != NONE and (s >= 64 or buf[SPACE_TYPE + s] == NONE or
                                                        (sign != 1 and sign != 255))):
            return "marker"
    for p in range(5):
        f: cython.int = buf[SLOT_FACE + p]
        for q in range(p):
            if f != NONE and buf[SLOT_FACE + q] != NONE and buf[SLOT_FACE + q] // 2 == f // 2:
                return "tile twice"
        if f != NONE and f > 11:
            return "face"
    count: cython.int = buf[PENDING_COUNT]
    if count > 16:
        return "pending"
    for p in range(16):
        t: cython.Py_ssize_t = PENDING + p * TRIGGER_SIZE
        if p >= count:
            if buf[t] or buf[t + 1] or buf[t + 2] or buf[t + 3]:
                return "pending tail"
            continue
        if buf[t] >= buf[PAWN_COUNT] or buf[t + 1] >= 64 or buf[SPACE_TYPE + buf[t + 1]] == NONE or \
                buf[t + 2] not in (7, 10, 11, 12):
            return "trigger"
    return ""


@cython.cfunc
def _trick(buf: bytearray, n: cython.int) -> str:
    pos: cython.int = buf[TRICK_POS]
    k: cython.int = buf[LEAD_COUNT]
    leader: cython.int = buf[LEADER]
    i: cython.int
    hat: cython.int = 0
    if pos > n or k > 12:
        return "trick"
    for i in range(6):
        if buf[TRICK_ORDER + i] != _order_at(buf, n, leader, i):
            return "trick order"
    if buf[PHASE] != TRICK and buf[PHASE] != COLLECT:
        for i in range(6 * PLAY_SIZE):
            if buf[PLAYS + i]:
                return "stale trick"
        return ""
    for i in range(6):
        p: cython.Py_ssize_t = PLAYS + i * PLAY_SIZE
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
    if hat != buf[HAT_PLAYED] or (pos == 0 and k != 0):
        return "hat played"
    return ""


@cython.cfunc
def _order_at(buf: bytearray, n: cython.int, leader: cython.int, i: cython.int) -> cython.int:
    """The i-th seat of the trick order: clockwise, or the robot's order (§7.6)."""
    if i >= n:
        return NONE
    if buf[ROBOT] == NONE or i == 0:
        return (leader + i) % n
    if leader == buf[ROBOT]:
        return buf[CONTROLLER] if i == 2 else 1 - buf[CONTROLLER]
    return buf[ROBOT] if i == 1 else 1 - leader


@cython.cfunc
def _phase(buf: bytearray, n: cython.int) -> str:
    phase: cython.int = buf[PHASE]
    actor: cython.int = buf[TO_ACT]
    pending: cython.int = buf[PENDING_COUNT]
    s: cython.int
    if phase == FINISHED:
        return "" if actor == NONE and pending == 0 else "finished"
    if actor >= n:
        return "to act"
    if buf[SOLO]:
        return _solo_phase(buf, phase, pending)
    if phase == TRICK:
        pos: cython.int = buf[TRICK_POS]
        if pos >= n or actor != buf[TRICK_ORDER + pos] or pending or buf[WINNER] != NONE:
            return "trick phase"
        for s in range(pos, n):
            if cards.hand_size(buf, HANDS + buf[TRICK_ORDER + s] * HAND_SIZE) == 0:
                return "a seat to play has no cards"
        return ""
    if phase == COLLECT:
        if buf[TRICK_POS] != n or not buf[HAT_PLAYED] or actor != buf[WINNER] or pending:
            return "collect phase"
        return ""
    if buf[WINNER] >= n:
        return "winner"
    if phase == MOVE:
        return "" if actor == buf[WINNER] and pending == 0 and flow.has_pawn_move(buf, actor) else "move phase"
    if phase == TRACER:
        if actor != buf[WINNER] or pending or buf[TRACER_SPACE] == NONE or \
                pawns.tracer_destinations(buf, buf[TRACER_SPACE]) == 0:
            return "tracer phase"
        return ""
    if phase == SPECIAL:
        t: cython.Py_ssize_t = PENDING
        if pending == 0 or actor != buf[t] // 2 or buf[PAWNS + buf[t]] != buf[t + 1] or \
                buf[t + 3] != _counter(buf, buf[t + 1]):
            return "special phase"
        return ""
    tile: cython.int = buf[DRAWN_TILE]
    if not 1 <= tile <= 6:
        return "place phase"
    for s in range(5):
        if buf[SLOT_FACE + s] != NONE and buf[SLOT_FACE + s] // 2 + 1 == tile:
            return "drawn tile on the board"
    return ""


@cython.cfunc
def _solo_phase(buf: bytearray, phase: cython.int, pending: cython.int) -> str:
    """Solo phases (§7.7.2): lead, move (a hat of an allowed colour can move), special, place."""
    if phase == LEAD or phase == MOVE:
        if pending or (phase == MOVE and not solo.has_hat_move(buf)):
            return "solo phase"
        return ""
    if phase == SPECIAL:
        t: cython.Py_ssize_t = PENDING
        if pending == 0 or buf[PAWNS + buf[t]] != buf[t + 1] or buf[t + 3] != _counter(buf, buf[t + 1]):
            return "special phase"
        return ""
    if phase == PLACE and 1 <= buf[DRAWN_TILE] <= 6:
        return ""
    return "solo phase"


@cython.cfunc
def _counter(buf: bytearray, space: cython.int) -> cython.int:
    slot: cython.int = tiles.slot_of(buf, space)
    return buf[SLOT_COUNTER + slot] if slot >= 0 else 0
