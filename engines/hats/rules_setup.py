"""Hats' kernel, its setup topic: a new game's state (spec §3.1), and the draw `rules.py` calls when a seat
discards (`rules_setup.pxd` declares it)."""
import cython

if cython.compiled:
    from cython.cimports.engines.hats.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from .offsets import *  # noqa: F403
    from ..core import rng


def new_state(players: cython.int, start: cython.int, tiebreak: cython.int, removed: tuple,
              seed: cython.ulonglong, order: bytes) -> bytearray:
    """Set up a game (spec §3.1). `removed`: two types, or () to draw them at random with 2 players.

    `order` is the whole deck top first for a rigged deal, or empty to shuffle.
    """
    buf = bytearray(SIZE)
    raw: cython.p_uchar = buf  # _draw's (a bytearray's item assignment may evaluate its value more than once)
    buf[PLAYERS] = players
    buf[START_SEAT] = start
    buf[ACTIVE_SEAT] = start
    buf[TIEBREAK] = tiebreak
    buf[SPACES] = 5 if players == 2 else 6
    buf[OFFERED_CARD] = NONE
    buf[COOKIE_HOLDER] = NONE
    buf[REMOVED_TYPES] = NONE
    buf[REMOVED_TYPES + 1] = NONE
    rng.seed_into(buf, RNG, seed)
    if players == 2:
        if not removed:
            removed = _type_pair(rng.below(buf, RNG, 21))
        buf[REMOVED_TYPES] = removed[0]
        buf[REMOVED_TYPES + 1] = removed[1]
    n: cython.Py_ssize_t = 0
    c: cython.int
    if order:
        for c in order:
            buf[DECK + n] = c
            n += 1
    else:
        for c in range(N_CARDS):
            if c // 6 != buf[REMOVED_TYPES] and c // 6 != buf[REMOVED_TYPES + 1]:
                buf[DECK + n] = c
                n += 1
        rng.shuffle(buf, RNG, DECK, n)
    buf[DECK_END] = n
    for c in range(N_CARDS):
        buf[GIVEN_BY + c] = 0
    s: cython.Py_ssize_t
    for s in range(buf[SPACES]):
        raw[TABLE + s] = _draw(raw)
    if buf[SPACES] == 5:
        buf[TABLE + 5] = NONE
    seat: cython.int
    i: cython.Py_ssize_t
    p: cython.Py_ssize_t
    for seat in range(4):
        buf[SEATS + seat * SEAT_SIZE + SEAT_FAVOURITE] = NONE
        if seat < players:
            p = SEATS + (start + seat) % players * SEAT_SIZE
            for i in range(HAND_MAX):
                raw[p + SEAT_HAND + i] = _draw(raw)
            buf[p + SEAT_HAND_COUNT] = HAND_MAX
    return buf


def _type_pair(index: cython.int) -> tuple:
    """The index-th of the 21 type pairs in type order (RO, RY, ..., PW)."""
    a: cython.int
    b: cython.int
    k: cython.int = 0
    for a in range(N_TYPES):
        for b in range(a + 1, N_TYPES):
            if k == index:
                return (a, b)
            k += 1
    raise ValueError(index)


@cython.cfunc
@cython.exceptval(check=False)
def _draw(b: cython.p_uchar) -> cython.int:
    """Take the top card; its cell is cleared so that a drawn card leaves no trace in the token."""
    pos: cython.Py_ssize_t = b[DECK_TOP]
    card: cython.int = b[DECK + pos]
    b[DECK + pos] = 0
    b[DECK_TOP] = pos + 1
    return card
