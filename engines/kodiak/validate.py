"""Is a decoded Kodiak state consistent? (`decode` must never let bytes crash the compiled rules.)

The compiled rules index the state without bounds checks, so everything they rely on
is checked here: the options and round bookkeeping, every card exactly once, the
counts and slot numbers, and the records of the phase (drawn card, action, pending
pick, hunt window). A consistent state always has a legal move until the game is over.
"""
from __future__ import annotations

from .listing import count
from .state import (ACTIONS, BALL, CARDS, DEALT, DECK_SIZE, ESCAPE_MAX, HUNT_PHASES, MAX_SEATS, MEMORY, NONE,
                    PHASES, ROUND_ENDS, SLOT_CAP, STATE)

AT = STATE.at


def problem(st: bytearray) -> str:
    """'' if `st` is a consistent Kodiak state, else what is wrong."""
    if len(st) != STATE.size:
        return f"state is {len(st)} bytes, expected {STATE.size}"
    return _options(st) or _cards(st) or _seats(st) or _phase(st)


def _options(st) -> str:
    n = st[AT.players]
    if not 2 <= n <= MAX_SEATS or st[AT.first_kodiak] >= n or not 1 <= st[AT.cycles] <= 3:
        return "bad players, first Kodiak or cycles"
    if st[AT.memory_aid] >= len(MEMORY) or st[AT.blue_king_kodiak] > 1 or st[AT.ended] >= len(ROUND_ENDS):
        return "bad option or round-end record"
    rounds, over = n * st[AT.cycles], st[AT.phase] == PHASES.index("game_over")
    if st[AT.phase] >= len(PHASES) or st[AT.hunt] >= len(HUNT_PHASES) or st[AT.round] > rounds or \
            over != (st[AT.round] == rounds):
        return "bad phase or round"
    if st[AT.kodiak] != (st[AT.first_kodiak] + min(st[AT.round], rounds - 1)) % n or st[AT.active] >= n:
        return "bad Kodiak or active seat"
    if st[AT.deck_top] > DECK_SIZE or st[AT.pile_count] > DECK_SIZE or st[AT.catches] > DECK_SIZE:
        return "bad deck, pile or catches count"
    return ""


def _cards(st) -> str:
    """Every card exactly once: deck, pile, drawn card, slots, beside."""
    n = st[AT.players]
    places = st[AT.deck + st[AT.deck_top]:AT.deck + DECK_SIZE] + st[AT.pile:AT.pile + st[AT.pile_count]]
    if st[AT.held] != NONE:
        places.append(st[AT.held])
    places += st[AT.slots:AT.slots + MAX_SEATS * SLOT_CAP].replace(b"\xff", b"")
    for s in range(MAX_SEATS):
        count = st[AT.beside_count + s]
        if count > 4 or (s >= n and count):
            return f"bad hairballs beside seat {s}"
        beside = st[AT.beside + 4 * s:AT.beside + 4 * s + count]
        if any(c >= DECK_SIZE or CARDS.rune[c] != BALL for c in beside):
            return f"a card beside seat {s} is not a hairball"
        places += beside
    if len(places) != DECK_SIZE or len(set(places)) != DECK_SIZE or max(places) >= DECK_SIZE:
        return "a card is repeated, missing or not in this game"
    everyone = (1 << n) - 1
    knows = st[AT.knows:AT.knows + DECK_SIZE]
    if max(knows) > everyone or any(k & ~everyone for k in set(knows)) or \
            max(st[AT.face_up:AT.face_up + DECK_SIZE]) > 1:
        return "bad knowledge or face-up flag"
    return ""


def _seats(st) -> str:
    n, left = st[AT.players], DECK_SIZE - st[AT.deck_top]
    for s in range(MAX_SEATS):
        used = st[AT.slots_used + s]
        row = st[AT.slots + s * SLOT_CAP:AT.slots + (s + 1) * SLOT_CAP]
        if row.count(NONE) != SLOT_CAP - used + row[:used].count(NONE) or (s >= n and used) or \
                (s < n and not DEALT <= used <= SLOT_CAP - left):
            return f"bad slots of seat {s}"
        if st[AT.card_count + s] != used - row[:used].count(NONE):
            return f"bad card count of seat {s}"
    if any(st[AT.face_up:AT.face_up + DECK_SIZE]):
        on_table = set(st[AT.slots:AT.slots + MAX_SEATS * SLOT_CAP])
        if any(up and c not in on_table for c, up in enumerate(st[AT.face_up:AT.face_up + DECK_SIZE])):
            return "a card off the table is marked face up"
    return ""


def _phase(st) -> str:
    phase, hunt = PHASES[st[AT.phase]], HUNT_PHASES[st[AT.hunt]]
    n, kodiak = st[AT.players], st[AT.kodiak]
    pending = (st[AT.held] != NONE, st[AT.action_card] != NONE, st[AT.pick_seat] != NONE)
    want = {"exchange": (True, False, False), "action": (False, True, False), "kodiak_pick": (False, True, True),
            "hunt": (False, False, False), "game_over": (False, False, False)}[phase]
    if pending != want:
        return f"bad records for phase {phase}"
    escape_slots = any(st[AT.escape_slots:AT.escape_slots + ESCAPE_MAX])
    if phase != "hunt" and (st[AT.rune] != NONE or st[AT.escapee] != NONE or st[AT.thrown] or st[AT.passed]
                            or st[AT.hunt] or escape_slots):
        return "a window record outside the hunt"
    if phase not in ("action", "kodiak_pick") and (st[AT.steps_left] or st[AT.steps_done]):
        return "action steps outside an action"
    if phase != "kodiak_pick" and (st[AT.pick_seat] != NONE or st[AT.pick_slot] != NONE):
        return "a pick record outside kodiak_pick"
    if phase == "game_over":
        return ""
    escaping = phase == "hunt" and hunt != "open"
    for s in range(n):
        if st[AT.card_count + s] == 0 and not (escaping and s == st[AT.escapee] and s != kodiak):
            return f"seat {s} has no cards in a live round"
    if phase in ("action", "kodiak_pick"):
        problem = _action(st)
        if problem:
            return problem
    if phase == "hunt":
        problem = _window(st)
        if problem:
            return problem
    if count(st) == 0:
        return "no legal move in a live round"
    return ""


def _action(st) -> str:
    card, n, kodiak = st[AT.action_card], st[AT.players], st[AT.kodiak]
    if card >= DECK_SIZE or CARDS.action[card] == 0 or st[AT.pile_count] == 0 or \
            st[AT.pile + st[AT.pile_count] - 1] != card:
        return "the pending action's card is not the discard"
    two = ACTIONS[CARDS.action[card]] == "two_actions"
    done = st[AT.steps_done]
    if done > 7 or (two and st[AT.steps_left] + bin(done).count("1") != 2) or (not two and (st[AT.steps_left] != 1
                                                                                             or done)):
        return "bad action steps"
    if PHASES[st[AT.phase]] == "kodiak_pick":
        seat, slot = st[AT.pick_seat], st[AT.pick_slot]
        if st[AT.active] == kodiak or seat >= n or seat == kodiak or slot >= SLOT_CAP or \
                st[AT.slots + seat * SLOT_CAP + slot] == NONE or ACTIONS[CARDS.action[card]] not in ("swap",
                                                                                                   "two_actions"):
            return "bad pending pick"
    elif st[AT.pick_seat] != NONE or st[AT.pick_slot] != NONE:
        return "a pick record outside kodiak_pick"
    return ""


def _window(st) -> str:
    n, kodiak, hunt = st[AT.players], st[AT.kodiak], HUNT_PHASES[st[AT.hunt]]
    rune, escapee, thrown, passed = st[AT.rune], st[AT.escapee], st[AT.thrown], st[AT.passed]
    if (rune != NONE and rune >= len(CARDS.runes)) or rune == BALL or passed >> n:
        return "bad window rune or passed seats"
    mice = ((1 << n) - 1) & ~(1 << kodiak)
    if rune == NONE and (passed & mice) != mice:
        return "mice take part in a window without a rune"
    if hunt == "open":
        if escapee != NONE or thrown or any(st[AT.escape_slots:AT.escape_slots + ESCAPE_MAX]):
            return "an escape record in the open window"
        return ""
    if rune == NONE or escapee >= n or escapee == kodiak or not 1 <= thrown <= ESCAPE_MAX:
        return "bad escape record"
    if hunt == "escaping" and st[AT.card_count + escapee] == 0:
        return "the escapee has no cards to throw"
    emptied = list(st[AT.escape_slots:AT.escape_slots + thrown])
    if len(set(emptied)) != thrown or any(k >= st[AT.slots_used + escapee] or
                                          st[AT.slots + escapee * SLOT_CAP + k] != NONE for k in emptied):
        return "bad slots emptied by the escape"
    if any(st[AT.escape_slots + thrown:AT.escape_slots + ESCAPE_MAX]):
        return "bad escape record"
    return ""
