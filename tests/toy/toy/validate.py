"""Toy's validator, compiled: every decoded state passes `validate` before the compiled rules read it."""
import cython

if cython.compiled:
    from cython.cimports.tests.toy.toy.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403


def validate(buf: bytearray) -> str:
    """'' if `buf` is a consistent Toy state, else what is wrong."""
    if len(buf) != SIZE:
        return f"{len(buf)} bytes, not {SIZE}"
    players: cython.int = buf[PLAYERS]
    if not 2 <= players <= SEATS_MAX or buf[ACTIVE] >= players or (buf[MOVES] | buf[MOVES + 1] << 8) > MAX_MOVES:
        return "players, active seat or move count out of range"
    seat: cython.int
    if buf[DECK_N] > N_CARDS or not 1 <= buf[PILE_N] <= N_CARDS or \
            any(buf[HANDS + seat * HAND_SIZE + HAND_COUNT] > N_CARDS for seat in range(SEATS_MAX)):
        return "a count is out of range"
    seen: cython.int = 0  # bit c: card c was met
    met: cython.int = 0
    i: cython.int
    start: cython.Py_ssize_t
    for start, n in _groups(buf, players):
        for i in range(n):
            if buf[start + i] >= N_CARDS or seen >> buf[start + i] & 1:
                return "the cards are not each card once"
            seen |= 1 << buf[start + i]
            met += 1
    if met != N_CARDS:
        return "the cards are not each card once"
    return ""


def _groups(buf: bytearray, players: cython.int) -> list:
    """(start, count) of the deck, the pile and each seat's hand."""
    seat: cython.int
    return [(DECK, buf[DECK_N]), (PILE, buf[PILE_N])] + [
        (HANDS + seat * HAND_SIZE + HAND_CARDS, buf[HANDS + seat * HAND_SIZE + HAND_COUNT]) for seat in range(players)]
