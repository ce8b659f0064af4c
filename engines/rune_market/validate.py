"""Validation of decoded Rune Market states: whatever `decode` accepts is safe for the compiled rules.

The rules index the state without bounds checks, so every count, card and seat is
checked here; a legal move from a valid state gives a valid state (the fuzz suite
checks both). Compiled with the rules (plain Python otherwise): it runs on every
decode, so compiled it reads the state through a raw pointer in C loops.
"""
import cython

from . import rules
from .declarations import MARKET_START, PRICES

# The state layout's offsets and sizes (state.py) and the numbered names of declarations.py, generated: C
# constants when compiled.
if cython.compiled:
    from cython.cimports.engines.rune_market.offsets import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403

# C array types named once: interpreted, cython.declare(cython.longlong[4]) builds a class per call.
Longs4 = cython.typedef(cython.longlong[4])
assert N_CARDS < 63, "_cards keeps a bit per card and its top bit for a bad one in 64"


def validate(buf: bytearray) -> str:
    """'' if `buf` is a consistent Rune Market state (its market and prices those of data/deck.toml), else what
    is wrong."""
    totals: tuple = MARKET_START
    if len(buf) != SIZE:
        return f"state is {len(buf)} bytes, expected {SIZE}"
    b: cython.p_uchar = buf
    players: cython.int = b[PLAYERS]
    if not 2 <= players <= MAX_SEATS:
        return f"bad player count {players}"
    problem: str = _header(buf, b, players, PRICES) or _phase(b, players) or _seats(b, players)
    return problem or _counts(b, players, totals[0], totals[1], totals[2], totals[3]) or _cards(b, players)


@cython.cfunc
def _header(buf: bytearray, b: cython.p_uchar, players: cython.int, prices: dict) -> str:
    if b[START_SEAT] >= players or b[ACTIVE_SEAT] >= players or b[PHASE] > PHASE_FINISHED:
        return "bad start seat, active seat or phase"
    if b[PROTECTS] > 1 or b[LOT_OPTION] > 1 or not 20 <= b[MAX_ROUNDS] <= 200:
        return "bad options"
    if b[PRICE] != prices[players]:
        return "bad price"
    if b[HAND_PLAYED] > 1 or b[BOUGHT] > 1 or b[END_REASON] > 1:
        return "bad turn flags"
    if b[DUELED] >> players or b[DUELED] >> b[ACTIVE_SEAT] & 1:
        return "bad dueled seats"
    turns: cython.int = rules.turns(buf)
    finished: cython.bint = b[PHASE] == PHASE_FINISHED
    if turns > b[MAX_ROUNDS] * players or (not finished and turns == b[MAX_ROUNDS] * players):
        return "bad turn count"
    if b[LOT] != NONE and (not finished or b[LOT] >= players):
        return "bad lot"
    if not finished and b[MARKET] + b[MARKET + 1] == 0:
        return "the market is out of runes but the game goes on"
    return ""


@cython.cfunc
def _phase(b: cython.p_uchar, players: cython.int) -> str:
    phase: cython.int = b[PHASE]
    active: cython.int = b[ACTIVE_SEAT]
    played: cython.int = b[HAND_PLAYED]
    d: cython.int
    attack: cython.int
    src: cython.int
    if phase == PHASE_DEFEND:
        d, attack = b[DEFENDER], b[ATTACK]
        if d >= players or d == active or not b[DUELED] >> d & 1 or attack >= N_NUMBERS or not played:
            return "bad duel window"
    elif b[DEFENDER] != NONE or b[ATTACK] != NONE:
        return "a duel outside the duel window"
    if phase == PHASE_STEAL:
        src = b[STEAL_FROM]
        if not 1 <= b[STEALS] <= 2 or not played or (src != NONE and (src >= players or src == active)):
            return "bad steal window"
        if src != NONE and b[STEALS] != 1:
            return "bad steal window"
    elif b[STEALS] or b[STEAL_FROM] != NONE:
        return "steals outside the steal window"
    if (phase == PHASE_INTEREST or phase == PHASE_MARKET) and played or phase == PHASE_HAND and not played:
        return "hand-card flag does not match the phase"
    if phase == PHASE_INTEREST and b[BOUGHT]:
        return "a purchase before interest"
    return ""


@cython.cfunc
def _seats(b: cython.p_uchar, players: cython.int) -> str:
    s: cython.int
    c: cython.int
    i: cython.int
    n: cython.int
    p: cython.Py_ssize_t
    main: cython.int
    outpost: cython.int
    owner: cython.int
    runes: cython.int
    for s in range(MAX_SEATS):
        p = SEATS + s * SEAT_SIZE
        if s >= players:  # all zero but the main storages and collectors, which are none
            for i in range(SEAT_SIZE):
                if b[p + i] != (NONE if SEAT_MAIN <= i < SEAT_MAIN + 2 or SEAT_COLLECTOR <= i < SEAT_COLLECTOR + 2
                                else 0):
                    return f"unused seat {s} is not empty"
            continue
        n = b[p + SEAT_HAND_COUNT]
        if n > N_CARDS:
            return f"seat {s}: hand not in standard order"
        for i in range(n - 1):
            if b[p + SEAT_HAND + i] >= b[p + SEAT_HAND + i + 1]:
                return f"seat {s}: hand not in standard order"
        for i in range(n, N_CARDS):
            if b[p + SEAT_HAND + i]:
                return f"seat {s}: cards beyond the hand"
        for c in range(2):
            main, outpost = b[p + SEAT_MAIN + c], b[p + SEAT_OUTPOST + c]
            owner, runes = b[p + SEAT_COLLECTOR + c], b[p + SEAT_RUNES + c]
            if main != NONE and not (HALL_RED0 + 4 * c <= main < HALL_RED0 + 4 * c + 4):
                return f"seat {s}: bad main storage"
            if outpost > 1 or (owner != NONE and (owner >= players or owner == s or outpost)):
                return f"seat {s}: bad outpost or collector"
            if main == NONE and not outpost and owner == NONE and runes:
                return f"seat {s}: runes in no storage"
    return ""


@cython.cfunc
def _counts(b: cython.p_uchar, players: cython.int, red: cython.longlong, blue: cython.longlong,
            outposts: cython.longlong, collectors: cython.longlong) -> str:
    held = cython.declare(Longs4)
    held[0], held[1], held[2], held[3] = b[MARKET], b[MARKET + 1], b[MARKET + 2], b[MARKET + 3]
    s: cython.int
    c: cython.int
    p: cython.Py_ssize_t
    for s in range(players):
        p = SEATS + s * SEAT_SIZE
        for c in range(2):
            held[c] += b[p + SEAT_LOOSE + c] + b[p + SEAT_RUNES + c]
            held[2] += b[p + SEAT_OUTPOST + c]
            held[3] += b[p + SEAT_COLLECTOR + c] != NONE
    if held[0] != red or held[1] != blue:
        return "runes are not conserved"
    if held[2] != outposts:
        return "outposts are not conserved"
    if held[3] != collectors:
        return "collectors are not conserved"
    return ""


@cython.cfunc
@cython.inline
def _add(seen: cython.ulonglong, card: cython.int) -> cython.ulonglong:
    """`seen` (a bit per card) with `card` added, or with the top bit set (no card has it: N_CARDS < 63) for a
    byte that names no card or a card seen twice."""
    one: cython.ulonglong = 1  # (a typed one, not a cast: interpreted, a cast is a call through the shadow types)
    if card >= N_CARDS or seen >> card & 1:
        return seen | one << 63
    return seen | one << card


@cython.cfunc
def _cards(b: cython.p_uchar, players: cython.int) -> str:
    top: cython.int = b[DECK_TOP]
    end: cython.int = b[DECK_END]
    piled: cython.int = b[PILE_COUNT]
    if top > end or end > N_CARDS or piled > N_CARDS:
        return "bad deck or pile size"
    # Every card exactly once in the deck, the pile, the attack, the hands and the main storages: a bit per
    # card (the interpreted twin pays for every item of a C array it touches; 256-item arrays made this check
    # most of an interpreted ApplyMove).
    seen: cython.ulonglong = 0
    in_hand: cython.ulonglong = 0
    i: cython.int
    s: cython.int
    c: cython.int
    p: cython.Py_ssize_t
    card: cython.int
    for i in range(top, end):
        seen = _add(seen, b[DECK + i])
    for i in range(piled):
        seen = _add(seen, b[PILE + i])
    if b[ATTACK] != NONE:
        seen = _add(seen, b[ATTACK])
    for s in range(players):
        p = SEATS + s * SEAT_SIZE
        for i in range(b[p + SEAT_HAND_COUNT]):
            card = b[p + SEAT_HAND + i]
            seen = _add(seen, card)
            in_hand = _add(in_hand, card)
        for c in range(2):
            if b[p + SEAT_MAIN + c] != NONE:
                seen = _add(seen, b[p + SEAT_MAIN + c])
    one: cython.ulonglong = 1
    if seen != (one << N_CARDS) - 1:
        return "a card is missing, repeated or unknown"
    allowed: cython.int = PUBLIC | ((1 << players) - 1)
    mark: cython.int
    for card in range(N_CARDS):
        mark = b[KNOWN + card]
        if mark & ~allowed or (mark and not in_hand >> card & 1):
            return "bad card knowledge"
    return ""
