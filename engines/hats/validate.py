"""Hats' validator, compiled: every decoded state passes `validate` before the compiled rules read it, so
no token can make them read or write out of bounds."""
import cython

if cython.compiled:
    from cython.cimports.engines.hats.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


@cython.cfunc
def _mark(buf: bytearray, seen: bytearray, start: cython.Py_ssize_t, n: cython.int,
          removed: cython.int) -> cython.int:
    """Mark n cards from `start` as seen; the number marked, or -1 for a bad or repeated card."""
    i: cython.int
    c: cython.int
    for i in range(n):
        c = buf[start + i]
        if c >= N_CARDS or seen[c] or (removed >> (c // 6)) & 1:
            return -1
        seen[c] = 1
    return n


def _check_turn_order(buf: bytearray, total: cython.int) -> str:
    """Cards played and hand sizes must be what the turn order gives: then no move can overflow a hand
    or a collection."""
    players: cython.int = buf[PLAYERS]
    phase: cython.int = buf[PHASE]
    active: cython.int = buf[ACTIVE_SEAT]
    after: cython.bint = phase == AFTER or (phase == PARTNER and buf[OFFER_PHASE] == AFTER)
    if (phase == AFTER or phase == PARTNER) and buf[OPTIONAL_USED]:
        return "optional action marked used in a phase that requires it unused"
    done: cython.int = total - (1 if after else 0)  # turns completed before this one
    if phase != FINISHED and (done < 0 or (buf[START_SEAT] + done) % players != active):
        return "active seat does not match the cards played"
    seat: cython.int
    p: cython.Py_ssize_t
    expected: cython.int
    for seat in range(players):
        p = SEATS + seat * SEAT_SIZE
        if phase != FINISHED:
            expected = done // players + (1 if (seat - buf[START_SEAT] + players) % players < done % players else 0)
            if after and seat == active:
                expected += 1
            if buf[p + SEAT_PLAYED] != expected:
                return f"cards played at seat {seat} do not follow the turn order"
        held: cython.int = buf[p + SEAT_HAND_COUNT] + buf[p + SEAT_PLAYED] + (1 if buf[p + SEAT_FAVOURITE] != NONE else 0)
        if phase == PARTNER and seat == active:
            held += 1  # the offered card is set aside
        if held != HAND_MAX:
            return f"hand size at seat {seat} does not match the cards played"
    return ""


def validate(buf: bytearray) -> str:
    """'' if `buf` is a consistent Hats state, else what is wrong (decode must never let it crash us)."""
    if len(buf) != SIZE:
        return f"state is {len(buf)} bytes, expected {SIZE}"
    players: cython.int = buf[PLAYERS]
    phase: cython.int = buf[PHASE]
    if players < 2 or players > 4:
        return f"bad player count {players}"
    if phase > FINISHED or buf[ACTIVE_SEAT] >= players or buf[START_SEAT] >= players or buf[OPTIONAL_USED] > 1:
        return "bad phase, active seat or start seat"
    if buf[SPACES] != (5 if players == 2 else 6) or buf[TIEBREAK] > 1:
        return "bad table size or tie-break"
    if buf[COOKIE_HOLDER] != NONE and buf[COOKIE_HOLDER] >= players:
        return "bad cookie holder"
    if buf[DECK_TOP] > buf[DECK_END] or buf[DECK_END] > N_CARDS or buf[PILE_COUNT] > N_CARDS:
        return "bad deck or pile size"
    if (phase == PARTNER) != (buf[OFFERED_CARD] != NONE) or (phase == PARTNER and players != 4):
        return "bad partner offer"
    if phase == PARTNER and buf[OFFER_PHASE] > AFTER:
        return "bad offer phase"
    removed: cython.int = 0
    if players == 2:
        if buf[REMOVED_TYPES] >= N_TYPES or buf[REMOVED_TYPES + 1] >= N_TYPES or buf[REMOVED_TYPES] == buf[REMOVED_TYPES + 1]:
            return "bad removed types"
        removed = (1 << buf[REMOVED_TYPES]) | (1 << buf[REMOVED_TYPES + 1])
    elif buf[REMOVED_TYPES] != NONE or buf[REMOVED_TYPES + 1] != NONE:
        return "removed types with more than 2 players"
    seen = bytearray(N_CARDS)
    total: cython.int = 0
    played: cython.int = 0
    k: cython.int
    i: cython.int
    seat: cython.int
    p: cython.Py_ssize_t
    k = _mark(buf, seen, TABLE, buf[SPACES], removed)
    total += k
    if k >= 0:
        k = _mark(buf, seen, DECK + buf[DECK_TOP], buf[DECK_END] - buf[DECK_TOP], removed)
        total += k
    if k >= 0:
        k = _mark(buf, seen, PILE, buf[PILE_COUNT], removed)
        total += k
    if k >= 0 and buf[OFFERED_CARD] != NONE:
        k = _mark(buf, seen, OFFERED_CARD, 1, removed)
        total += k
    if k < 0:
        return "a card is repeated or not in this game"
    for i in range(buf[PILE_COUNT]):
        if buf[PILE_DISCARDED_BY + i] >= players:
            return "bad discarder"
    for seat in range(4):
        p = SEATS + seat * SEAT_SIZE
        if seat >= players:
            if buf[p + SEAT_HAND_COUNT] or buf[p + SEAT_COLLECTION_COUNT] or buf[p + SEAT_BLACK_HAT_COUNT] or buf[p + SEAT_PLAYED]:
                return f"cards at unused seat {seat}"
            continue
        if buf[p + SEAT_HAND_COUNT] > HAND_MAX or buf[p + SEAT_PLAYED] > LAST_CARD or \
                buf[p + SEAT_COLLECTION_COUNT] + buf[p + SEAT_BLACK_HAT_COUNT] != buf[p + SEAT_PLAYED]:
            return f"bad counts at seat {seat}"
        if (buf[p + SEAT_FAVOURITE] != NONE) != (phase == FINISHED):
            return f"bad favourite at seat {seat}"
        played += buf[p + SEAT_PLAYED]
        for k in (_mark(buf, seen, p + SEAT_HAND, buf[p + SEAT_HAND_COUNT], removed),
                  _mark(buf, seen, p + SEAT_COLLECTION, buf[p + SEAT_COLLECTION_COUNT], removed),
                  _mark(buf, seen, p + SEAT_BLACK_HATS, buf[p + SEAT_BLACK_HAT_COUNT], removed),
                  _mark(buf, seen, p + SEAT_FAVOURITE, 1 if phase == FINISHED else 0, removed)):
            if k < 0:
                return "a card is repeated or not in this game"
            total += k
    if phase == FINISHED and played != players * LAST_CARD:
        return "finished flag does not match the cards played"
    problem = _check_turn_order(buf, played)
    if problem:
        return problem
    if total != N_CARDS - (12 if players == 2 else 0):
        return "cards missing"
    for i in range(N_CARDS):
        if buf[GIVEN_BY + i] > players:
            return "bad partner-exchange record"
    return ""
