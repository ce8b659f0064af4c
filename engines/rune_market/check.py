"""Validation of decoded Rune Market states: whatever `decode` accepts is safe for the compiled rules.

The rules index the state without bounds checks, so every count, card and seat is
checked here; a legal move from a valid state gives a valid state (the fuzz suite
checks both). Compiled with the rules (plain Python otherwise).
"""
from . import constants as K
from . import rules
from .state import MAX_SEATS, N_CARDS, SEAT, STATE

NONE = K.NONE
AT, SEAT_AT = STATE.at, SEAT.at
TOTALS = (12, 12, 4, 4)  # replaced by game.py with the deck file's market


def validate(buf: bytearray, totals: tuple, prices: dict) -> str:
    """'' if `buf` is a consistent Rune Market state, else what is wrong."""
    if len(buf) != STATE.size:
        return f"state is {len(buf)} bytes, expected {STATE.size}"
    players = buf[AT.players]
    if not 2 <= players <= MAX_SEATS:
        return f"bad player count {players}"
    problem = _header(buf, players, prices) or _phase(buf, players) or _seats(buf, players)
    return problem or _counts(buf, players, totals) or _cards(buf, players)


def _header(buf: bytearray, players: int, prices: dict) -> str:
    if buf[AT.start_seat] >= players or buf[AT.active_seat] >= players or buf[AT.phase] > K.FINISHED:
        return "bad start seat, active seat or phase"
    if buf[AT.protects] > 1 or buf[AT.lot_option] > 1 or not 20 <= buf[AT.max_rounds] <= 200:
        return "bad options"
    if buf[AT.price] != prices[players]:
        return "bad price"
    if buf[AT.hand_played] > 1 or buf[AT.bought] > 1 or buf[AT.end_reason] > 1:
        return "bad turn flags"
    if buf[AT.dueled] >> players or buf[AT.dueled] >> buf[AT.active_seat] & 1:
        return "bad dueled seats"
    turns = rules.turns(buf)
    finished = buf[AT.phase] == K.FINISHED
    if turns > buf[AT.max_rounds] * players or (not finished and turns == buf[AT.max_rounds] * players):
        return "bad turn count"
    if buf[AT.lot] != NONE and (not finished or buf[AT.lot] >= players):
        return "bad lot"
    if not finished and buf[AT.market] + buf[AT.market + 1] == 0:
        return "the market is out of runes but the game goes on"
    return ""


def _phase(buf: bytearray, players: int) -> str:
    phase = buf[AT.phase]
    active = buf[AT.active_seat]
    played = buf[AT.hand_played]
    if phase == K.DEFEND:
        d, attack = buf[AT.defender], buf[AT.attack]
        if d >= players or d == active or not buf[AT.dueled] >> d & 1 or attack >= K.N_NUMBERS or not played:
            return "bad duel window"
    elif buf[AT.defender] != NONE or buf[AT.attack] != NONE:
        return "a duel outside the duel window"
    if phase == K.STEAL:
        src = buf[AT.steal_from]
        if not 1 <= buf[AT.steals] <= 2 or not played or (src != NONE and (src >= players or src == active)):
            return "bad steal window"
        if src != NONE and buf[AT.steals] != 1:
            return "bad steal window"
    elif buf[AT.steals] or buf[AT.steal_from] != NONE:
        return "steals outside the steal window"
    if phase in (K.INTEREST, K.MARKET) and played or phase == K.HAND and not played:
        return "hand-card flag does not match the phase"
    if phase == K.INTEREST and buf[AT.bought]:
        return "a purchase before interest"
    return ""


def _seats(buf: bytearray, players: int) -> str:
    for s in range(MAX_SEATS):
        p = AT.seats + s * SEAT.size
        if s >= players:
            blank = bytearray(SEAT.size)
            for c in range(2):
                blank[SEAT_AT.main + c] = NONE
                blank[SEAT_AT.collector + c] = NONE
            if buf[p:p + SEAT.size] != blank:
                return f"unused seat {s} is not empty"
            continue
        n = buf[p + SEAT_AT.hand_count]
        hand = buf[p + SEAT_AT.hand:p + SEAT_AT.hand + n]
        if n > N_CARDS or any(hand[i] >= hand[i + 1] for i in range(n - 1)):
            return f"seat {s}: hand not in standard order"
        if any(buf[p + SEAT_AT.hand + i] for i in range(n, N_CARDS)):
            return f"seat {s}: cards beyond the hand"
        for c in range(2):
            main, outpost = buf[p + SEAT_AT.main + c], buf[p + SEAT_AT.outpost + c]
            owner, runes = buf[p + SEAT_AT.collector + c], buf[p + SEAT_AT.runes + c]
            if main != NONE and not (K.HALL_RED0 + 4 * c <= main < K.HALL_RED0 + 4 * c + 4):
                return f"seat {s}: bad main storage"
            if outpost > 1 or (owner != NONE and (owner >= players or owner == s or outpost)):
                return f"seat {s}: bad outpost or collector"
            if main == NONE and not outpost and owner == NONE and runes:
                return f"seat {s}: runes in no storage"
    return ""


def _counts(buf: bytearray, players: int, totals: tuple) -> str:
    seats = [AT.seats + s * SEAT.size for s in range(players)]
    for c in range(2):
        held = sum(buf[p + SEAT_AT.loose + c] + buf[p + SEAT_AT.runes + c] for p in seats)
        if buf[AT.market + c] + held != totals[c]:
            return "runes are not conserved"
    if buf[AT.market + 2] + sum(buf[p + SEAT_AT.outpost] + buf[p + SEAT_AT.outpost + 1] for p in seats) != totals[2]:
        return "outposts are not conserved"
    placed = sum((buf[p + SEAT_AT.collector] != NONE) + (buf[p + SEAT_AT.collector + 1] != NONE) for p in seats)
    if buf[AT.market + 3] + placed != totals[3]:
        return "collectors are not conserved"
    return ""


def _cards(buf: bytearray, players: int) -> str:
    top, end, piled = buf[AT.deck_top], buf[AT.deck_end], buf[AT.pile_count]
    if top > end or end > N_CARDS or piled > N_CARDS:
        return "bad deck or pile size"
    places = list(buf[AT.deck + top:AT.deck + end]) + list(buf[AT.pile:AT.pile + piled])
    if buf[AT.attack] != NONE:
        places.append(buf[AT.attack])
    in_hand = set()
    for s in range(players):
        p = AT.seats + s * SEAT.size
        hand = list(buf[p + SEAT_AT.hand:p + SEAT_AT.hand + buf[p + SEAT_AT.hand_count]])
        in_hand.update(hand)
        places += hand
        places += [buf[p + SEAT_AT.main + c] for c in range(2) if buf[p + SEAT_AT.main + c] != NONE]
    if sorted(places) != list(range(N_CARDS)):
        return "a card is missing, repeated or unknown"
    allowed = K.PUBLIC | ((1 << players) - 1)
    for card in range(N_CARDS):
        mark = buf[AT.known + card]
        if mark & ~allowed or (mark and card not in in_hand):
            return "bad card knowledge"
    return ""
