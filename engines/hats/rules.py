"""Hats: the compiled kernel (setup, legal moves, check, apply; the cookie and scoring in rules_score.py).

Spec: shared/rules/hats.md. This module is Cython pure-Python mode: compiled by
`pip install .`, interpreted as-is otherwise. It works on the state `bytearray`
directly; `game.py` turns its compact results into names, events and views.

Cards are 0..41: type = card // 6 (R, O, Y, G, B, P, W), number = card % 6 + 1.
A move code names its kind and card (and space), whatever the state (declarations.py).
"""
from typing import Optional

import cython


# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py (phases, move
# codes, refusal reasons R_*, event kinds EV_*), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.hats.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
    from cython.cimports.engines.core import kernel
    from cython.cimports.engines.hats.rules_score import _cookie_check, _outcome
    from cython.cimports.engines.hats.rules_setup import _draw
else:
    from .offsets import *  # noqa: F403
    from ..core import kernel, rng
    from .rules_score import _cookie_check, _outcome
    from .rules_setup import _draw


@cython.cfunc
@cython.inline
def seat_at(seat: cython.int) -> cython.Py_ssize_t:
    return SEATS + seat * SEAT_SIZE


@cython.cfunc
@cython.inline
def may_exchange(card: cython.int, on_table: cython.int) -> cython.bint:
    """Same type, or a strictly higher number."""
    return card // 6 == on_table // 6 or card % 6 > on_table % 6


@cython.ccall
def move_count(buf: bytearray) -> cython.int:
    """Moves applied since setup."""
    if len(buf) != SIZE:  # the raw reads below trust the size
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    return b[MOVE_COUNT] | (b[MOVE_COUNT + 1] << 8)


# -- legal moves ---------------------------------------------------------------

def legal_moves(buf: bytearray):
    """Every legal move code now (spec §5, §6)."""
    if len(buf) != SIZE:
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 us to make
        out: list = [0] * MAX_LISTED
        return kernel.as_codes(out[:_legal_into(buf, out)])
    codes = cython.declare(cython.longlong[91])  # MAX_LISTED: a C array's length must be a literal
    return kernel.listed(codes, _legal_into(buf, codes))


# _LOWEST[mask]: the lowest space in a mask of spaces (bit s: space s), so that listing a card's exchanges visits
# only the spaces it may go on.
_LOWEST = cython.declare(cython.uchar[64])
# _LANES[card]: 8 * its type | 8 * its number (0-based) << 8, the shifts to its bytes in the listing's masks
# (a load where each card took a multiply, a shift and three adds).
_LANES = cython.declare(cython.ushort[42])  # N_CARDS


def _fill_tables() -> None:
    mask: cython.int
    s: cython.int
    for mask in range(1, 64):
        s = 0
        while not (mask >> s) & 1:
            s += 1
        _LOWEST[mask] = s
    for s in range(N_CARDS):
        _LANES[s] = s // 6 * 8 | s % 6 * 8 << 8


_fill_tables()


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    """legal_moves' codes written into `out` (room for MAX_LISTED), in hand order; their count."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    phase: cython.int = b[PHASE]
    if phase == FINISHED:
        return 0
    if phase == PARTNER:
        return _hand_into(b, seat_at((b[ACTIVE_SEAT] + 2) & 3), RETURN_CARD, out, 0)
    p: cython.Py_ssize_t = seat_at(b[ACTIVE_SEAT])
    optional: cython.int = OFFER_CARD if b[PLAYERS] == 4 else DISCARD
    n: cython.int
    if phase == AFTER:
        n = 0 if b[OPTIONAL_USED] else _hand_into(b, p, optional, out, 0)
        out[n] = END
        return n + 1
    n = _exchanges_into(b, p, out)
    hand_n: cython.int = b[p + SEAT_HAND_COUNT]
    i: cython.int
    if b[OPTIONAL_USED]:
        return _hand_into(b, p, BLACK_HAT, out, n)
    for i in range(hand_n):  # the black hats and the optional moves in one pass
        out[n + i] = BLACK_HAT + b[p + SEAT_HAND + i]
        out[n + hand_n + i] = optional + b[p + SEAT_HAND + i]
    return n + 2 * hand_n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _hand_into(b: cython.p_uchar, p: cython.Py_ssize_t, first: cython.int, out: cython.p_longlong,
               n: cython.int) -> cython.int:
    """The codes `first + card` of the hand at `p`, in hand order, written from out[n]; the new count."""
    i: cython.int
    for i in range(b[p + SEAT_HAND_COUNT]):
        out[n + i] = first + b[p + SEAT_HAND + i]
    return n + b[p + SEAT_HAND_COUNT]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _exchanges_into(b: cython.p_uchar, p: cython.Py_ssize_t, out: cython.p_longlong) -> cython.int:
    """The exchanges of the hand at `p` (may_exchange), card by card, space by space, from out[0]; their count."""
    # Byte t of of_type: the spaces (bit s: space s) holding a card of type t; byte k of below: those whose
    # card's number (0-based) is below k. A card of type t and number k may go on the spaces of both bytes.
    of_type: cython.ulonglong = 0
    below: cython.ulonglong = 0  # first byte k: the spaces of number k
    bit: cython.ulonglong = 1
    s: cython.int
    c: cython.uint
    lanes: cython.uint
    for s in range(b[SPACES]):
        lanes = _LANES[b[TABLE + s]]
        of_type |= bit << (lanes & 0xFF)
        below |= bit << (lanes >> 8)
        bit <<= 1
    below <<= 8  # byte k: number k - 1; then each byte ORs in all those below it (bytes past 5 never read)
    below |= below << 8
    below |= below << 16
    below |= below << 32
    n: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    mask: cython.uint
    base: cython.uint
    for i in range(b[p + SEAT_HAND_COUNT]):
        c = b[p + SEAT_HAND + i]
        lanes = _LANES[c]
        mask = ((of_type >> (lanes & 0xFF)) | (below >> (lanes >> 8))) & 0x3F
        base = EXCHANGE + c * 6
        while mask:
            out[n] = base + _LOWEST[mask]
            n += 1
            mask &= mask - 1
    return n


def packed_moves(buf: bytearray) -> list:
    """Every legal move in legal_moves' order as one int (see packed_move), so game.py describes each
    distinct one once."""
    codes = legal_moves(buf)
    out: list = []
    if not codes:
        return out
    seat: cython.int = mover(buf)
    code: cython.int
    for code in codes:
        out.append(_packed(buf, seat, code))
    return out


@cython.ccall
def packed_move(buf: bytearray, code: cython.int) -> cython.int:
    """A legal move code of the seat to act as seat << 24 | kind << 16 | card << 8 | space (card and space
    NONE where the move names none): its text and arguments follow from these alone."""
    return _packed(buf, mover(buf), code)


@cython.cfunc
def _packed(buf: bytearray, seat: cython.int, code: cython.int) -> cython.int:
    kind: cython.int = 5
    card: cython.int = NONE
    space: cython.int = NONE
    if code < BLACK_HAT:
        kind, card, space = 0, code // 6, code % 6
    elif code != END:
        kind, card = 1 + (code - BLACK_HAT) // N_CARDS, (code - BLACK_HAT) % N_CARDS
    return (seat << 24) | (kind << 16) | (card << 8) | space


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    """True once the game has ended."""
    if len(buf) != SIZE:  # the raw reads below trust the size
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    return b[PHASE] == FINISHED


def mover(buf: bytearray) -> cython.int:
    """The seat that may act now, or NONE once finished."""
    if len(buf) != SIZE:  # the reads below trust the size
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    if buf[PHASE] == FINISHED:
        return NONE
    if buf[PHASE] == PARTNER:
        return (buf[ACTIVE_SEAT] + 2) % 4
    return buf[ACTIVE_SEAT]


@cython.ccall
def check(buf: bytearray, kind: cython.int, card: cython.int, space: cython.int) -> cython.int:
    """Why move `kind` (0..5 as in declarations.KINDS) with `card` (-1: none) and `space` (-1: off the table)
    is illegal: R_OK (0) or a refusal reason. The order of the checks is the order of the spec's refusal
    reasons, so the first problem is the one reported."""
    if len(buf) != SIZE:
        raise ValueError(f"not a hats state: {len(buf)} bytes, expected {SIZE}")
    return _check(buf, kind, card, space)


@cython.cfunc
@cython.exceptval(check=False)
def _check(buf: bytearray, kind: cython.int, card: cython.int, space: cython.int) -> cython.int:
    """check, on a state of the right size."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    phase: cython.int = b[PHASE]
    if phase == FINISHED:
        return R_GAME_OVER
    if phase == PARTNER and kind != 4:
        return R_PARTNER_MUST_RETURN
    hand_seat: cython.int = b[ACTIVE_SEAT]
    if kind == 0 or kind == 1:
        if phase != MAIN:
            return R_NOT_MAIN_PHASE
    elif kind == 2 or kind == 3:
        if kind == 2 and b[PLAYERS] == 4:
            return R_DISCARD_REPLACED_BY_PARTNER_EXCHANGE
        if kind == 3 and b[PLAYERS] != 4:
            return R_OFFER_NEEDS_4_PLAYERS
        if b[OPTIONAL_USED]:
            return R_OPTIONAL_USED
    elif kind == 4:
        if phase != PARTNER:
            return R_NOT_PARTNER_PHASE
        hand_seat = (hand_seat + 2) % 4
    elif kind == 5:
        if phase != AFTER:
            return R_NOT_AFTER_PHASE
        return R_OK
    else:
        return R_NOT_LEGAL
    if _index_in_hand(buf, hand_seat, card) < 0:
        return R_CARD_NOT_IN_HAND
    if kind == 0:
        if space < 0 or space >= b[SPACES]:
            return R_NO_SUCH_SPACE
        if not may_exchange(card, b[TABLE + space]):
            return R_MUST_BE_SAME_TYPE_OR_HIGHER
    return R_OK


@cython.cfunc
@cython.exceptval(check=False)
def _index_in_hand(buf: bytearray, seat: cython.int, card: cython.int) -> cython.int:
    """Where `card` is in the seat's hand, or -1."""
    b: cython.p_uchar = buf  # raw bytes: no Python-level indexing in the hot path
    p: cython.Py_ssize_t = seat_at(seat)
    i: cython.int
    for i in range(b[p + SEAT_HAND_COUNT]):
        if b[p + SEAT_HAND + i] == card:
            return i
    return -1


@cython.ccall
def split_code(code: cython.longlong) -> tuple:
    """(kind, card, space) of a move code (-1 where it names none); kind -1 for codes that name no move."""
    if code < 0 or code >= N_CODES:
        return (-1, -1, -1)
    if code < BLACK_HAT:
        return (0, code // 6, code % 6)
    if code == END:
        return (5, -1, -1)
    return (1 + (code - BLACK_HAT) // N_CARDS, (code - BLACK_HAT) % N_CARDS, -1)


@cython.ccall
def join_code(kind: cython.int, card: cython.int, space: cython.int) -> cython.int:
    """The move code of (kind, card, space); the inverse of split_code."""
    if kind == 0:
        return EXCHANGE + card * 6 + space
    if kind == 5:
        return END
    return BLACK_HAT + (kind - 1) * N_CARDS + card


# -- apply -----------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply a move code in place: 0, or the refusal reason (R_*, declarations.REASON_CODES) with `buf`
    untouched; raw event tuples (EV_* first) are appended to `log` when it is a list (the core's apply_in_place
    names them)."""
    return _apply(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(buf: bytearray, code: cython.longlong, events: object) -> cython.int:
    """apply_code in C: the kernel's `apply` (engines/core/kernel.pxd)."""
    kind: cython.int = -1
    card: cython.int = -1
    space: cython.int = -1
    if 0 <= code < BLACK_HAT:
        kind, card, space = 0, code // 6, code % 6
    elif code == END:
        kind = 5
    elif BLACK_HAT <= code < END:
        kind, card = 1 + (code - BLACK_HAT) // N_CARDS, (code - BLACK_HAT) % N_CARDS
    reason: cython.int = _check(buf, kind, card, space)
    if reason != R_OK:
        return reason
    _do(buf, code, events)
    return R_OK


@cython.cfunc
@cython.exceptval(check=False)
def _do(buf: bytearray, code: cython.longlong, events: Optional[list]) -> cython.void:
    """Make a move `_check` passed: the kernel's step calls it for the codes it listed, unchecked."""
    b: cython.p_uchar = buf  # raw bytes, taken once per move and passed down
    seat: cython.int = b[ACTIVE_SEAT]
    p: cython.Py_ssize_t = seat_at(seat)
    c: cython.uint = code  # unsigned: the division by 6 below is a multiply and a shift
    if c < BLACK_HAT:
        _exchange(b, seat, p, c // 6, c % 6, events)
    elif c < DISCARD:
        _black(b, seat, p, c - BLACK_HAT, events)
    elif c < OFFER_CARD:
        _discard(buf, b, seat, p, c - DISCARD, events)
    elif c < RETURN_CARD:
        _offer(b, seat, p, c - OFFER_CARD, events)
    elif c < END:
        _return(b, seat, p, c - RETURN_CARD, events)
    else:
        _end_turn(b, events)
    n: cython.int = (b[MOVE_COUNT] | (b[MOVE_COUNT + 1] << 8)) + 1
    b[MOVE_COUNT] = n & 0xFF
    b[MOVE_COUNT + 1] = (n >> 8) & 0xFF


@cython.cfunc
@cython.exceptval(check=False)
def _take(b: cython.p_uchar, p: cython.Py_ssize_t, card: cython.int) -> cython.void:
    """Take `card` out of the hand of the seat at `p` (it holds it), keeping the order of the rest."""
    n: cython.Py_ssize_t = b[p + SEAT_HAND_COUNT] - 1
    i: cython.Py_ssize_t = 0
    while b[p + SEAT_HAND + i] != card:
        i += 1
    while i < n:
        b[p + SEAT_HAND + i] = b[p + SEAT_HAND + i + 1]
        i += 1
    b[p + SEAT_HAND + n] = 0  # the vacated last slot: dead cells stay 0, so equal positions encode alike
    b[p + SEAT_HAND_COUNT] = n
    b[GIVEN_BY + card] = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _put(b: cython.p_uchar, p: cython.Py_ssize_t, card: cython.int) -> cython.void:
    n: cython.int = b[p + SEAT_HAND_COUNT]
    b[p + SEAT_HAND + n] = card
    b[p + SEAT_HAND_COUNT] = n + 1


@cython.cfunc
@cython.exceptval(check=False)
def _exchange(b: cython.p_uchar, seat: cython.int, p: cython.Py_ssize_t, card: cython.int, space: cython.int,
              events: Optional[list]) -> cython.void:
    _take(b, p, card)
    taken: cython.int = b[TABLE + space]
    b[TABLE + space] = card
    b[p + SEAT_COLLECTION + b[p + SEAT_COLLECTION_COUNT]] = taken
    b[p + SEAT_COLLECTION_COUNT] += 1
    if events is not None:
        events.append((EV_EXCHANGED, seat, card, space, taken))
    _after_main_action(b, p, events)


@cython.cfunc
@cython.exceptval(check=False)
def _black(b: cython.p_uchar, seat: cython.int, p: cython.Py_ssize_t, card: cython.int,
           events: Optional[list]) -> cython.void:
    _take(b, p, card)
    b[p + SEAT_BLACK_HATS + b[p + SEAT_BLACK_HAT_COUNT]] = card
    b[p + SEAT_BLACK_HAT_COUNT] += 1
    if events is not None:
        events.append((EV_BLACK_HAT, seat, card))
    _after_main_action(b, p, events)


@cython.cfunc
@cython.exceptval(check=False)
def _after_main_action(b: cython.p_uchar, p: cython.Py_ssize_t, events: Optional[list]) -> cython.void:
    b[p + SEAT_PLAYED] += 1
    _cookie_check(b, events)
    if b[OPTIONAL_USED]:
        _end_turn(b, events)
    else:
        b[PHASE] = AFTER


@cython.cfunc
@cython.exceptval(check=False)
def _discard(buf: bytearray, b: cython.p_uchar, seat: cython.int, p: cython.Py_ssize_t, card: cython.int,
             events: Optional[list]) -> cython.void:
    _take(b, p, card)
    n: cython.int = b[PILE_COUNT]
    b[PILE + n] = card
    b[PILE_DISCARDED_BY + n] = seat
    b[PILE_COUNT] = n + 1
    if b[DECK_TOP] == b[DECK_END]:
        _reshuffle(buf, b, events)
    drawn: cython.int = _draw(b)
    _put(b, p, drawn)
    b[OPTIONAL_USED] = 1
    if events is not None:
        events.append((EV_DISCARDED_DREW, seat, card, drawn))
    if b[PHASE] == AFTER:
        _end_turn(b, events)


@cython.cfunc
@cython.exceptval(check=False)
def _reshuffle(buf: bytearray, b: cython.p_uchar, events: Optional[list]) -> cython.void:
    """The whole pile, in discard order, becomes the deck and is shuffled (D7)."""
    n: cython.int = b[PILE_COUNT]
    i: cython.int
    for i in range(n):
        b[DECK + i] = b[PILE + i]
        b[PILE_DISCARDED_BY + i] = 0
        b[PILE + i] = 0
    # Past n the deck is 0 already (drawing clears each cell) unless the state comes from a token sealed
    # before drawing did: clearing it here, once or twice a game, keeps such leftovers from outliving it.
    for i in range(n, N_CARDS):
        b[DECK + i] = 0
    b[PILE_COUNT] = 0
    b[DECK_TOP] = 0
    b[DECK_END] = n
    rng.shuffle(buf, RNG, DECK, n)
    if events is not None:
        events.append((EV_RESHUFFLED, n))


@cython.cfunc
@cython.exceptval(check=False)
def _offer(b: cython.p_uchar, seat: cython.int, p: cython.Py_ssize_t, card: cython.int,
           events: Optional[list]) -> cython.void:
    _take(b, p, card)
    b[OFFERED_CARD] = card
    b[OFFER_PHASE] = b[PHASE]
    b[PHASE] = PARTNER
    if events is not None:
        events.append((EV_OFFERED, seat, card))


@cython.cfunc
@cython.exceptval(check=False)
def _return(b: cython.p_uchar, seat: cython.int, p: cython.Py_ssize_t, card: cython.int,
            events: Optional[list]) -> cython.void:
    """The partner gives back `card` for the offered one."""
    partner: cython.int = (seat + 2) & 3
    q: cython.Py_ssize_t = seat_at(partner)
    _take(b, q, card)
    offered: cython.int = b[OFFERED_CARD]
    _put(b, p, card)
    _put(b, q, offered)
    b[GIVEN_BY + card] = partner + 1
    b[GIVEN_BY + offered] = seat + 1
    b[OFFERED_CARD] = NONE
    b[OPTIONAL_USED] = 1
    b[PHASE] = b[OFFER_PHASE]
    b[OFFER_PHASE] = 0  # read only in the partner phase: cleared so a past offer leaves no trace
    if events is not None:
        events.append((EV_PARTNER_EXCHANGE, seat, partner, offered, card))
    if b[PHASE] == AFTER:
        _end_turn(b, events)


@cython.cfunc
@cython.exceptval(check=False)
def _end_turn(b: cython.p_uchar, events: Optional[list]) -> cython.void:
    """Next seat clockwise, or the end of the game after the n*8-th main action (D15)."""
    players: cython.int = b[PLAYERS]
    seat: cython.int
    done: cython.int = 0
    for seat in range(players):
        done += b[seat_at(seat) + SEAT_PLAYED]
    if done == players * LAST_CARD:
        _finish(b, events)
        return
    seat = b[ACTIVE_SEAT] + 1
    b[ACTIVE_SEAT] = 0 if seat == players else seat
    b[PHASE] = MAIN
    b[OPTIONAL_USED] = 0


@cython.cfunc
@cython.exceptval(check=False)
def _finish(b: cython.p_uchar, events: Optional[list]) -> cython.void:
    """Each seat's last hand card becomes its favourite hat."""
    seat: cython.int
    p: cython.Py_ssize_t
    card: cython.int
    for seat in range(b[PLAYERS]):
        p = seat_at(seat)
        card = b[p + SEAT_HAND]
        _take(b, p, card)
        b[p + SEAT_FAVOURITE] = card
    b[PHASE] = FINISHED
    b[OPTIONAL_USED] = 0
    if events is not None:
        events.append((EV_GAME_END,))


# -- the kernel (engines/core/kernel.pxd): whole playouts in C ----------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Make a move `_legal_into` just listed: no check, no events."""
    _do(buf, code, None)
    return 0

if cython.compiled:
    KERNEL = kernel.export(_legal_into, _step, _outcome, MAX_LISTED, 4, _apply)
else:
    KERNEL = None
