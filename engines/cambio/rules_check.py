"""Cambio's kernel, the check of a move code: 0 when the packed move is listed now, else the number of the first
rule it breaks (declarations.REASON_CODES). A code reads the same in every state, so checking it reads only the
seats, slots and records it names, never the listing (hundreds of moves in a snap window or a red king's turn).

`check` accepts exactly the moves rules_moves.py lists (the tests hold them to each other), and its order of
refusals is the spec's (cambio.md "Rule for refusals": no refusal depends on a face-down card's identity), so the
text path (rules_find.py) refuses through it too. Compiled with the rules; interpreted, `b` is the bytearray.
"""
import cython

if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.cambio.rules_moves import turn_bits
else:
    from .offsets import *  # noqa: F403
    from .rules_moves import turn_bits


@cython.cfunc
@cython.exceptval(check=False)
def card_reason(b: cython.p_uchar, t: cython.int, k: cython.int) -> cython.int:
    """Why there is no card at t.k (no such seat, an empty slot), or 0."""
    if t >= b[PLAYERS]:
        return R_NO_SUCH_SEAT
    if k >= b[SLOTS_USED + t] or b[SLOTS + t * SLOT_CAP + k] == NONE:
        return R_EMPTY_SLOT
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def frozen_seat(b: cython.p_uchar, t: cython.int) -> cython.bint:
    """t is the Cambio caller (a seat at the table): its cards are frozen."""
    return t < b[PLAYERS] and t == b[CALLER]


@cython.cfunc
@cython.exceptval(check=False)
def malformed(mv: cython.longlong) -> cython.bint:
    """A code no listing ever holds, whatever the state: an unknown kind, fields a kind does not take, a position
    of another seat where the mover's own is meant, or a swap's sides in the wrong order (lower seat first)."""
    kind: cython.int
    seat: cython.int
    p: cython.int
    q: cython.int
    if mv < 0 or (mv >> 48) != 0:
        return True
    kind = mv & 0xFF
    seat = (mv >> 8) & 0xFF
    p = (mv >> 16) & 0xFFFF
    q = (mv >> 32) & 0xFFFF
    if kind == K_SWAP:
        return (p >> 8) > (q >> 8)
    if q != 0 or kind > K_PASS:
        return True
    if kind == K_REPLACE or kind == K_LOOK_OWN or kind == K_GIVE:
        return (p >> 8) != seat
    if kind == K_LOOK_OTHER or kind == K_SHOW or kind == K_SNAP:
        return False
    return p != 0


@cython.cfunc
@cython.exceptval(check=False)
def check(b: cython.p_uchar, mv: cython.longlong) -> cython.int:
    """0 when the packed move `mv` is legal now, else the REASON_CODES number of the first rule it breaks."""
    kind: cython.int = mv & 0xFF
    seat: cython.int = (mv >> 8) & 0xFF
    t: cython.int = (mv >> 24) & 0xFF
    k: cython.int = (mv >> 16) & 0xFF
    phase: cython.int = b[PHASE]
    a: cython.int = b[ACTIVE]
    act: cython.int
    u: cython.int
    r: cython.int
    if phase == P_GAME_OVER:
        return R_GAME_OVER
    if malformed(mv):
        return R_NOT_LEGAL
    if seat >= b[PLAYERS]:
        return R_NO_SUCH_SEAT
    if kind >= K_SNAP:
        return window_reason(b, kind, seat, t, k)
    if seat != a:
        return R_NOT_YOUR_TURN
    if kind <= K_CALL_CAMBIO:
        if phase != P_TURN_START:
            return R_NOT_TURN_START
        if kind == K_DRAW_DECK:
            return 0 if turn_bits(b) & 2 else R_DECK_EXHAUSTED
        if kind == K_DRAW_DISCARD:
            if b[PILE_COUNT] == 0:
                return R_PILE_EMPTY
            return R_PILE_FROZEN if b[FROZEN] else 0
        return 0 if b[CALLER] == NONE else R_CAMBIO_CALLED
    if kind <= K_REPLACE:
        if phase != P_HOLDING:
            return R_NOT_HOLDING
        if kind == K_DISCARD:
            return R_MUST_EXCHANGE if b[HELD_SOURCE] != 0 else 0
        return card_reason(b, a, k)
    if phase != P_ACTION:
        return R_NO_ACTION
    act = b[ACTION]
    if not (act == A_TWO_ACTIONS and kind != K_SHOW or act == A_LOOK_OWN and kind == K_LOOK_OWN or
            act == A_LOOK_OTHER and kind == K_LOOK_OTHER or act == A_SWAP and kind == K_SWAP or
            act == A_SHOW and kind == K_SHOW):
        return R_WRONG_ACTION
    if kind == K_LOOK_OWN:
        return card_reason(b, a, k)
    if kind == K_SWAP:
        u = (mv >> 40) & 0xFF
        if t == u:
            return R_SAME_SEAT
        if frozen_seat(b, t) or frozen_seat(b, u):
            return R_CALLER_FROZEN
        r = card_reason(b, t, k)
        return r if r else card_reason(b, u, (mv >> 32) & 0xFF)
    if t == a:
        return R_OWN_CARD
    if frozen_seat(b, t):
        return R_CALLER_FROZEN
    if kind == K_SHOW and t < b[PLAYERS] and b[PICKED + t] != NONE:
        return R_ALREADY_PICKED
    return card_reason(b, t, k)


@cython.cfunc
@cython.exceptval(check=False)
def window_reason(b: cython.p_uchar, kind: cython.int, seat: cython.int, t: cython.int, k: cython.int) -> cython.int:
    """check for a snap window's moves (pass, snap, give, nogive)."""
    claim: cython.int = b[CLAIMANT]
    if kind == K_GIVE or kind == K_NOGIVE:
        if b[PHASE] != P_SNAP or b[GIVE_SEAT] == NONE:
            return R_NO_GIVE
        if seat != claim:
            return R_NOT_CLAIMANT
        return 0 if kind == K_NOGIVE else card_reason(b, seat, k)
    if b[PHASE] != P_SNAP:
        return R_NO_WINDOW
    if seat == b[CALLER]:
        return R_CALLER_OUT
    if claim != NONE and claim != seat:
        return R_WINDOW_CLAIMED
    if claim != NONE and b[GIVE_SEAT] != NONE:
        return R_GIVE_FIRST
    if claim == NONE and (b[PASSED] >> seat) & 1:
        return R_PASSED
    if kind == K_PASS:
        return 0
    if frozen_seat(b, t):
        return R_CALLER_FROZEN
    return card_reason(b, t, k)
