"""White Hat: the compiled board steps (spec §5.8-5.9): passive effects, the pending triggers, the exploit
markers, the Randomizer's tile draw and placement.

Cython pure-Python mode; `rules_flow.py` sequences these steps (moves, specials, the end of a trick).
"""
from typing import Optional

import cython

if cython.compiled:
    from cython.cimports.engines.core import rng  # the generator's C functions (engines/core/rng.pxd)
else:
    from ..core import rng
from .state import FACE_TABLE

# The state layout's offsets and sizes (engines/white_hat/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.white_hat.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403



@cython.ccall
def slot_of(buf: bytearray, space: cython.int) -> cython.int:
    """The slot index holding `space`, or -1."""
    i: cython.int
    for i in range(4 * buf[SLOT_COUNT]):
        if buf[SLOT_HOSTS + i] == space:
            return i // 4
    return -1


@cython.ccall
def counter(buf: bytearray, space: cython.int) -> cython.int:
    slot: cython.int = slot_of(buf, space)
    return buf[SLOT_COUNTER + slot] if slot >= 0 else 0


@cython.ccall
def passive(buf: bytearray, space: cython.int, events: Optional[list]) -> cython.void:
    """Arriving on a Honeypot (or an FBI Server, no tracer) sets the game-long flag (§7.4)."""
    t: cython.int = buf[SPACE_TYPE + space]
    if (t == T_HONEYPOT or (t == T_FBI_SERVER and not buf[TRACER_ON])) and not buf[HONEYPOT_ENTERED]:
        buf[HONEYPOT_ENTERED] = 1
        if events is not None:
            events.append((EV_HONEYPOT_FLAG,))


@cython.ccall
def is_active(t: cython.int) -> cython.bint:
    return t == T_DENIAL_OF_SERVICE or t == T_EXPLOIT or t == T_RANDOMIZER or t == T_BACKFLIP


@cython.ccall
def queue(buf: bytearray, at: cython.int, pawn: cython.int, space: cython.int, t: cython.int) -> cython.void:
    """Insert a trigger at index `at` of the pending list (the list keeps at most MAX_PENDING)."""
    count: cython.int = buf[PENDING_COUNT]
    if count == MAX_PENDING:
        count -= 1  # cannot happen with 12 pawns (stale triggers are purged at placement); stay in bounds
    i: cython.int
    for i in range((count - at) * TRIGGER_SIZE - 1, -1, -1):
        buf[PENDING + (at + 1) * TRIGGER_SIZE + i] = buf[PENDING + at * TRIGGER_SIZE + i]
    q: cython.Py_ssize_t = PENDING + at * TRIGGER_SIZE
    buf[q] = pawn
    buf[q + 1] = space
    buf[q + 2] = t
    buf[q + 3] = counter(buf, space)
    buf[PENDING_COUNT] = count + 1


@cython.ccall
def pop(buf: bytearray, at: cython.int) -> cython.void:
    count: cython.int = buf[PENDING_COUNT]
    i: cython.int
    for i in range(at * TRIGGER_SIZE, (count - 1) * TRIGGER_SIZE):
        buf[PENDING + i] = buf[PENDING + i + TRIGGER_SIZE]
    for i in range((count - 1) * TRIGGER_SIZE, count * TRIGGER_SIZE):
        buf[PENDING + i] = 0
    buf[PENDING_COUNT] = count - 1


@cython.ccall
def is_stale(buf: bytearray, at: cython.int) -> cython.bint:
    q: cython.Py_ssize_t = PENDING + at * TRIGGER_SIZE
    return buf[PAWNS + buf[q]] != buf[q + 1] or counter(buf, buf[q + 1]) != buf[q + 3]


@cython.ccall
def exploit(buf: bytearray, space: cython.int, sign: cython.int, marker: cython.int,
             events: Optional[list]) -> cython.void:
    m: cython.int = marker - 1
    if marker == 0:
        m = 0 if buf[MARKER_SPACE] == NONE else 1
    previous: cython.int = buf[MARKER_SPACE + m]
    buf[MARKER_SPACE + m] = space
    buf[MARKER_SIGN + m] = sign & 255
    if events is not None:
        events.append((EV_EXPLOIT, m + 1, space, sign, previous))


@cython.ccall
def draw_tile(buf: bytearray, events: Optional[list]) -> cython.void:
    """`randomize`: a uniform tile from the supply (ascending ids), then phase place (D21)."""
    supply = bytearray()
    tile: cython.int
    slot: cython.int
    for tile in range(1, 7):
        on_board: cython.bint = False
        for slot in range(buf[SLOT_COUNT]):
            if buf[SLOT_FACE + slot] != NONE and buf[SLOT_FACE + slot] // 2 + 1 == tile:
                on_board = True
        if not on_board:
            supply.append(tile)
    tile = supply[rng.below(buf, RNG, len(supply))]
    buf[DRAWN_TILE] = tile
    buf[PHASE] = PLACE
    if events is not None:
        events.append((EV_TILE_DRAWN, tile))


@cython.ccall
def place(buf: bytearray, face: cython.int, slot: cython.int, events: Optional[list]) -> cython.void:
    """Put `face` on `slot` (§5.2): the hosts take its types, values and arrows; pawns on it trigger (§5.8)."""
    returned: cython.int = buf[SLOT_FACE + slot]
    buf[SLOT_FACE + slot] = face
    buf[SLOT_COUNTER + slot] = (buf[SLOT_COUNTER + slot] + 1) & 255
    buf[DRAWN_TILE] = NONE
    hosts: cython.Py_ssize_t = SLOT_HOSTS + 4 * slot
    f: cython.Py_ssize_t = face * FACE_SIZE
    k: cython.int
    for k in range(4):
        _rewire(buf, buf[hosts + k], hosts, f, k)
    on_tile: list = []
    for k in range(4):
        for p in range(buf[PAWN_COUNT]):
            if buf[PAWNS + p] == buf[hosts + k]:
                on_tile.append(p)
    if events is not None:
        events.append((EV_TILE_PLACED, face, slot, NONE if returned == NONE else returned // 2 + 1, on_tile))
    i: cython.int = buf[PENDING_COUNT] - 1
    while i >= 0:  # triggers of the replaced spaces can never fire again: drop them now
        if slot_of(buf, buf[PENDING + i * TRIGGER_SIZE + 1]) == slot:
            if events is not None:
                events.append((EV_TRIGGER_DROPPED, buf[PENDING + i * TRIGGER_SIZE], buf[PENDING + i * TRIGGER_SIZE + 1],
                               buf[PENDING + i * TRIGGER_SIZE + 2]))
            pop(buf, i)
        i -= 1
    front: cython.int = 0
    for p in on_tile:
        space: cython.int = buf[PAWNS + p]
        passive(buf, space, events)
        if is_active(buf[SPACE_TYPE + space]):
            queue(buf, front, p, space, buf[SPACE_TYPE + space])
            front += 1


@cython.cfunc
def _rewire(buf: bytearray, host: cython.int, hosts: cython.Py_ssize_t, f: cython.Py_ssize_t,
            k: cython.int) -> cython.void:
    """Host `host` (position k) gets the face's type and value; its arrows into the slot become the face's."""
    buf[SPACE_TYPE + host] = FACE_TABLE[f + k]
    buf[SPACE_VALUE + host] = (FACE_TABLE[f + 4 + k] - 128) & 255
    kept: cython.int = 0
    i: cython.int
    j: cython.int
    base: cython.Py_ssize_t = OUT + host * MAX_OUT
    for i in range(buf[OUT_COUNT + host]):
        t: cython.int = buf[base + i]
        inside: cython.bint = False
        for j in range(4):
            if buf[hosts + j] == t:
                inside = True
        if not inside:
            buf[base + kept] = t
            kept += 1
    for i in range(FACE_TABLE[f + 8]):
        if FACE_TABLE[f + 9 + 2 * i] == k:
            buf[base + kept] = buf[hosts + FACE_TABLE[f + 10 + 2 * i]]
            kept += 1
    for i in range(kept, MAX_OUT):
        buf[base + i] = 0
    buf[OUT_COUNT + host] = kept
