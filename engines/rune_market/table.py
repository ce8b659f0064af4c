"""Read access to a Rune Market state by name, for game.py, the views and the refusals (not hot)."""
from __future__ import annotations

from . import constants as K
from . import offsets as O
from . import rules

NONE = K.NONE


def _opt(value: int) -> int | None:
    return None if value == NONE else value


class SeatTable:
    """One seat's public table and hand (the caller decides what to show)."""

    def __init__(self, buf: bytearray, seat: int):
        p = O.SEATS + seat * O.SEAT_SIZE
        self.seat = seat
        self.hand = list(buf[p + O.SEAT_HAND:p + O.SEAT_HAND + buf[p + O.SEAT_HAND_COUNT]])
        self.loose = list(buf[p + O.SEAT_LOOSE:p + O.SEAT_LOOSE + 2])
        self.main = [_opt(buf[p + O.SEAT_MAIN + c]) for c in range(2)]
        self.outpost = [buf[p + O.SEAT_OUTPOST + c] for c in range(2)]
        self.runes = list(buf[p + O.SEAT_RUNES:p + O.SEAT_RUNES + 2])
        self.collector = [_opt(buf[p + O.SEAT_COLLECTOR + c]) for c in range(2)]

    def is_real(self, c: int) -> bool:
        return self.main[c] is not None or bool(self.outpost[c])


class Table:
    """The whole state, read once."""

    def __init__(self, buf: bytearray):
        self.buf = buf
        self.players = buf[O.PLAYERS]
        self.active = buf[O.ACTIVE_SEAT]
        self.phase = K.PHASES[buf[O.PHASE]] if buf[O.PHASE] < len(K.PHASES) else "?"
        self.protects = bool(buf[O.PROTECTS])
        self.price = buf[O.PRICE]
        self.market = list(buf[O.MARKET:O.MARKET + 4])
        self.hand_played = bool(buf[O.HAND_PLAYED])
        self.bought = bool(buf[O.BOUGHT])
        self.dueled = [s for s in range(self.players) if buf[O.DUELED] >> s & 1]
        self.steals = buf[O.STEALS]
        self.steal_from = _opt(buf[O.STEAL_FROM])
        self.defender = _opt(buf[O.DEFENDER])
        self.attack = _opt(buf[O.ATTACK])
        self.seats = [SeatTable(buf, s) for s in range(self.players)]

    def seat(self, s: int) -> SeatTable:
        return self.seats[s]

    def hand(self, s: int) -> list[int]:
        return self.seats[s].hand

    def known(self, card: int) -> int:
        return self.buf[O.KNOWN + card]

    @property
    def deck(self) -> list[int]:
        return list(self.buf[O.DECK + self.buf[O.DECK_TOP]:O.DECK + self.buf[O.DECK_END]])

    @property
    def pile(self) -> list[int]:
        return list(self.buf[O.PILE:O.PILE + self.buf[O.PILE_COUNT]])
