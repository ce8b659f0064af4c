"""Validation of decoded Rune Market states: whatever `decode` accepts is safe for the compiled rules.

The rules index the state without bounds checks, so every count, card and seat is
checked here; a legal move from a valid state gives a valid state (the fuzz suite
checks both). Compiled with the rules (plain Python otherwise).
"""
import cython

from . import constants as K
from . import rules

# The state layout's offsets and sizes (engines/rune_market/state.py), generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

NONE = K.NONE
TOTALS = (12, 12, 4, 4)  # replaced by game.py with the deck file's market


def validate(buf: bytearray, totals: tuple, prices: dict) -> str:
    """'' if `buf` is a consistent Rune Market state, else what is wrong."""
    if len(buf) != SIZE:
        return f"state is {len(buf)} bytes, expected {SIZE}"
    players = buf[PLAYERS]
    if not 2 <= players <= MAX_SEATS:
        return f"bad player count {players}"
    problem = _header(buf, players, prices) or _phase(buf, players) or _seats(buf, players)
    return problem or _counts(buf, players, totals) or _cards(buf, players)


def _header(buf: bytearray, players: int, prices: dict) -> str:
    if buf[START_SEAT] >= players or buf[ACTIVE_SEAT] >= players or buf[PHASE] > K.FINISHED:
        return "bad start seat, active seat or phase"
    if buf[PROTECTS] > 1 or buf[LOT_OPTION] > 1 or not 20 <= buf[MAX_ROUNDS] <= 200:
        return "bad options"
    if buf[PRICE] != prices[players]:
        return "bad price"
    if buf[HAND_PLAYED] > 1 or buf[BOUGHT] > 1 or buf[END_REASON] > 1:
        return "bad turn flags"
    if buf[DUELED] >> players or buf[DUELED] >> buf[ACTIVE_SEAT] & 1:
        return "bad dueled seats"
    turns = rules.turns(buf)
    finished = buf[PHASE] == K.FINISHED
    if turns > buf[MAX_ROUNDS] * players or (not finished and turns == buf[MAX_ROUNDS] * players):
        return "bad turn count"
    if buf[LOT] != NONE and (not finished or buf[LOT] >= players):
        return "bad lot"
    if not finished and buf[MARKET] + buf[MARKET + 1] == 0:
        return "the market is out of runes but the game goes on"
    return ""


def _phase(buf: bytearray, players: int) -> str:
    phase = buf[PHASE]
    active = buf[ACTIVE_SEAT]
    played = buf[HAND_PLAYED]
    if phase == K.DEFEND:
        d, attack = buf[DEFENDER], buf[ATTACK]
        if d >= players or d == active or not buf[DUELED] >> d & 1 or attack >= K.N_NUMBERS or not played:
            return "bad duel window"
    elif buf[DEFENDER] != NONE or buf[ATTACK] != NONE:
        return "a duel outside the duel window"
    if phase == K.STEAL:
        src = buf[STEAL_FROM]
        if not 1 <= buf[STEALS] <= 2 or not played or (src != NONE and (src >= players or src == active)):
            return "bad steal window"
        if src != NONE and buf[STEALS] != 1:
            return "bad steal window"
    elif buf[STEALS] or buf[STEAL_FROM] != NONE:
        return "steals outside the steal window"
    if phase in (K.INTEREST, K.MARKET) and played or phase == K.HAND and not played:
        return "hand-card flag does not match the phase"
    if phase == K.INTEREST and buf[BOUGHT]:
        return "a purchase before interest"
    return ""


def _seats(buf: bytearray, players: int) -> str:
    for s in range(MAX_SEATS):
        p = SEATS + s * SEAT_SIZE
        if s >= players:
            blank = bytearray(SEAT_SIZE)
            for c in range(2):
                blank[SEAT_MAIN + c] = NONE
                blank[SEAT_COLLECTOR + c] = NONE
            if buf[p:p + SEAT_SIZE] != blank:
                return f"unused seat {s} is not empty"
            continue
        n = buf[p + SEAT_HAND_COUNT]
        hand = buf[p + SEAT_HAND:p + SEAT_HAND + n]
        if n > N_CARDS or any(hand[i] >= hand[i + 1] for i in range(n - 1)):
            return f"seat {s}: hand not in standard order"
        if any(buf[p + SEAT_HAND + i] for i in range(n, N_CARDS)):
            return f"seat {s}: cards beyond the hand"
        for c in range(2):
            main, outpost = buf[p + SEAT_MAIN + c], buf[p + SEAT_OUTPOST + c]
            owner, runes = buf[p + SEAT_COLLECTOR + c], buf[p + SEAT_RUNES + c]
            if main != NONE and not (K.HALL_RED0 + 4 * c <= main < K.HALL_RED0 + 4 * c + 4):
                return f"seat {s}: bad main storage"
            if outpost > 1 or (owner != NONE and (owner >= players or owner == s or outpost)):
                return f"seat {s}: bad outpost or collector"
            if main == NONE and not outpost and owner == NONE and runes:
                return f"seat {s}: runes in no storage"
    return ""


def _counts(buf: bytearray, players: int, totals: tuple) -> str:
    seats = [SEATS + s * SEAT_SIZE for s in range(players)]
    for c in range(2):
        held = sum(buf[p + SEAT_LOOSE + c] + buf[p + SEAT_RUNES + c] for p in seats)
        if buf[MARKET + c] + held != totals[c]:
            return "runes are not conserved"
    if buf[MARKET + 2] + sum(buf[p + SEAT_OUTPOST] + buf[p + SEAT_OUTPOST + 1] for p in seats) != totals[2]:
        return "outposts are not conserved"
    placed = sum((buf[p + SEAT_COLLECTOR] != NONE) + (buf[p + SEAT_COLLECTOR + 1] != NONE) for p in seats)
    if buf[MARKET + 3] + placed != totals[3]:
        return "collectors are not conserved"
    return ""


def _cards(buf: bytearray, players: int) -> str:
    top, end, piled = buf[DECK_TOP], buf[DECK_END], buf[PILE_COUNT]
    if top > end or end > N_CARDS or piled > N_CARDS:
        return "bad deck or pile size"
    places = list(buf[DECK + top:DECK + end]) + list(buf[PILE:PILE + piled])
    if buf[ATTACK] != NONE:
        places.append(buf[ATTACK])
    in_hand = set()
    for s in range(players):
        p = SEATS + s * SEAT_SIZE
        hand = list(buf[p + SEAT_HAND:p + SEAT_HAND + buf[p + SEAT_HAND_COUNT]])
        in_hand.update(hand)
        places += hand
        places += [buf[p + SEAT_MAIN + c] for c in range(2) if buf[p + SEAT_MAIN + c] != NONE]
    if sorted(places) != list(range(N_CARDS)):
        return "a card is missing, repeated or unknown"
    allowed = K.PUBLIC | ((1 << players) - 1)
    for card in range(N_CARDS):
        mark = buf[KNOWN + card]
        if mark & ~allowed or (mark and card not in in_hand):
            return "bad card knowledge"
    return ""
