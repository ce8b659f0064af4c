"""Alaska's small kernel helpers, interpreted; compiled, each kernel module inlines rules_common.pxd's (the
same helpers in Cython: an inline function is only inlined from a .pxd)."""
import cython

if not cython.compiled:
    from .offsets import *  # noqa: F403

    def raw(buf):
        return buf

    def seat_at(seat):
        return SEATS + seat * SEAT_SIZE

    def cast_number(card):
        return 0 if card < FIRST_CAST or card >= N_CARDS else (card - FIRST_CAST) // CAST_COPIES + 1

    def combo_first(combo):
        return combo if combo < 4 else 0 if combo < 7 else 1 if combo < 9 else 2

    def combo_second(combo):
        return -1 if combo < 4 else combo - 3 if combo < 7 else combo - 5 if combo < 9 else 3

    def combo_pair(first, second):
        return 3 + ((first * (7 - first)) >> 1) + second - first

    def bits(mask, seat):
        return (mask >> seat) & 1

    def next_seat(b, seat, step):
        n = b[PLAYERS]
        s = seat
        while True:
            s += step
            if s >= n:
                s = 0
            elif s < 0:
                s = n - 1
            if bits(b[PARTICIPANTS], s):
                return s

    def lowest(mask):
        return (mask & -mask).bit_length() - 1

    def equal_bytes(b, at, keep, x, y):
        mask = 0
        for i in range(16):
            v = b[at + i] & keep
            if v == x or v == y:
                mask |= 1 << i
        return mask

    def covering(b, section):
        return equal_bytes(b, SALMON_AT, 0xFF, section, 10 if section == 1 else section - 1)

    def upstream(b):
        river = 0
        for i in range(N_SALMON):
            head = b[SALMON_AT + i]
            if head:
                river |= 1 << i
                b[SALMON_AT + i] = 10 if head == 1 else head - 1
        return river

    def hand_in(b, p, lo, hi):
        return sum(1 << i for i in range(b[p + SEAT_HAND_COUNT]) if lo <= b[p + SEAT_HAND + i] < hi)
