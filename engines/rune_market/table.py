"""Read access to a Rune Market state by name, for game.py, the views and the refusals (not hot)."""
from __future__ import annotations

from . import constants as K
from . import rules
from .state import SEAT, STATE

NONE = K.NONE
AT, SEAT_AT = STATE.at, SEAT.at


def _opt(value: int) -> int | None:
    return None if value == NONE else value


class SeatTable:
    """One seat's public table and hand (the caller decides what to show)."""

    def __init__(self, buf: bytearray, seat: int):
        p = AT.seats + seat * SEAT.size
        self.seat = seat
        self.hand = list(buf[p + SEAT_AT.hand:p + SEAT_AT.hand + buf[p + SEAT_AT.hand_count]])
        self.loose = list(buf[p + SEAT_AT.loose:p + SEAT_AT.loose + 2])
        self.main = [_opt(buf[p + SEAT_AT.main + c]) for c in range(2)]
        self.outpost = [buf[p + SEAT_AT.outpost + c] for c in range(2)]
        self.runes = list(buf[p + SEAT_AT.runes:p + SEAT_AT.runes + 2])
        self.collector = [_opt(buf[p + SEAT_AT.collector + c]) for c in range(2)]

    def is_real(self, c: int) -> bool:
        return self.main[c] is not None or bool(self.outpost[c])


class Table:
    """The whole state, read once."""

    def __init__(self, buf: bytearray):
        self.buf = buf
        self.players = buf[AT.players]
        self.active = buf[AT.active_seat]
        self.phase = K.PHASES[buf[AT.phase]] if buf[AT.phase] < len(K.PHASES) else "?"
        self.protects = bool(buf[AT.protects])
        self.price = buf[AT.price]
        self.market = list(buf[AT.market:AT.market + 4])
        self.hand_played = bool(buf[AT.hand_played])
        self.bought = bool(buf[AT.bought])
        self.dueled = [s for s in range(self.players) if buf[AT.dueled] >> s & 1]
        self.steals = buf[AT.steals]
        self.steal_from = _opt(buf[AT.steal_from])
        self.defender = _opt(buf[AT.defender])
        self.attack = _opt(buf[AT.attack])
        self.seats = [SeatTable(buf, s) for s in range(self.players)]

    def seat(self, s: int) -> SeatTable:
        return self.seats[s]

    def hand(self, s: int) -> list[int]:
        return self.seats[s].hand

    def known(self, card: int) -> int:
        return self.buf[AT.known + card]

    @property
    def deck(self) -> list[int]:
        return list(self.buf[AT.deck + self.buf[AT.deck_top]:AT.deck + self.buf[AT.deck_end]])

    @property
    def pile(self) -> list[int]:
        return list(self.buf[AT.pile:AT.pile + self.buf[AT.pile_count]])
