"""Kodiak's kernel, the small readers and writers of the state that every topic inlines: compiled, they are
rules_state.pxd's `cdef inline` functions (documented there); interpreted, these (the same bodies)."""
import cython

if not cython.compiled:
    from .offsets import *  # noqa: F403

    def card_at(st, seat, slot):
        return NONE if slot < 0 or slot >= SLOT_CAP else st[SLOTS + seat * SLOT_CAP + slot]

    def all_seats(st):
        return (1 << st[PLAYERS]) - 1

    def draw(st):
        top = st[DECK_TOP]
        if top >= DECK_SIZE:
            return NONE
        card = st[DECK + top]
        st[DECK + top] = 0
        st[DECK_TOP] = top + 1
        return card

    def pile_push(st, card):
        n = st[PILE_COUNT]
        st[PILE + n] = card
        st[PILE_COUNT] = n + 1

    def take(st, seat, slot):
        at = SLOTS + seat * SLOT_CAP + slot
        card = st[at]
        st[at] = NONE
        st[CARD_COUNT + seat] -= 1
        st[FACE_UP + card] = 0
        st[KNOWS + card] = 0
        return card

    def put(st, seat, slot, card):
        st[SLOTS + seat * SLOT_CAP + slot] = card
        st[CARD_COUNT + seat] += 1
        st[FACE_UP + card] = 0

    def lay_beside(st, seat, card):
        n = st[BESIDE_COUNT + seat]
        st[BESIDE + seat * 4 + n] = card
        st[BESIDE_COUNT + seat] = n + 1

    def make_public(st, card):
        st[KNOWS + card] = all_seats(st) | SHOWN

    def pack(kind, seat, a, b, c, d):
        return kind | (seat << 4) | (a << 8) | (b << 16) | (c << 24) | (d << 32)

    def field(move, i):
        if i == 0:
            return move & 0xF
        if i == 1:
            return (move >> 4) & 0xF
        return (move >> (8 * (i - 1))) & 0xFF

    def get_total(st, seat):
        off = TOTALS + 4 * seat
        v = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (st[off + 3] << 24)
        return v - 0x100000000 if v >= 0x80000000 else v

    def put_int(st, off, v, width):
        u = v + (1 << (8 * width)) if v < 0 else v
        for i in range(width):
            st[off + i] = (u >> (8 * i)) & 0xFF

    def moves_of(st):
        return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (st[MOVES + 3] << 24)
