"""Rune Market's kernel, the small readers of a state and a move code that every topic inlines: compiled, they
are rules_state.pxd's `cdef inline` functions; interpreted, these (the same bodies)."""
import cython

if not cython.compiled:
    from .offsets import *  # noqa: F403

    def seat_at(seat):
        return SEATS + seat * SEAT_SIZE

    def is_real(buf, p, c):
        return buf[p + SEAT_MAIN + c] != NONE or buf[p + SEAT_OUTPOST + c] != 0

    def is_occupied(buf, p, c):
        return buf[p + SEAT_COLLECTOR + c] != NONE

    def is_number(card):
        return card < N_NUMBERS

    def number_of(card):
        return card // 3 + 1

    def hall_colour(card):
        return 0 if HALL_RED0 <= card < HALL_BLUE0 else 1 if HALL_BLUE0 <= card < N_CARDS else -1

    def field(code, k):
        return (code >> (5 + 4 * k)) & 15

    def make(kind, a, b, c, d, rest):
        return kind | (a << 5) | (b << 9) | (c << 13) | (d << 17) | (rest << 21)

    def moves_of(buf):
        return buf[MOVE_COUNT] | (buf[MOVE_COUNT + 1] << 8) | (buf[MOVE_COUNT + 2] << 16) | (buf[MOVE_COUNT + 3] << 24)

    def turns_of(buf):
        return buf[TURNS] | (buf[TURNS + 1] << 8)
