"""Validation of Alaska state bytes: what `decode` accepts must be safe for the compiled rules.

The compiled rules index the state without bounds checks, so every count, seat, mask
and card is checked here, every card must be in exactly one place, and each phase's
invariants must hold (the active hand holds no natural cards once they fell; a bear
window has a catch to steal; the final round ends at a seat in play). Any state the
rules reach passes; anything else gets a sentence saying what is wrong.
"""
from __future__ import annotations

from . import offsets as O
from . import rules
from .state import (FIRST_CURRENT, FIRST_EAGLE, FIRST_TOURIST, HAND_MAX, N_CARDS, N_SALMON, NONE,
                    PENDING_MAX, STATE)



def problem(state: bytearray) -> str:
    """'' if `state` is a consistent Alaska state, else what is wrong."""
    if len(state) != O.SIZE:
        return f"state is {len(state)} bytes, expected {O.SIZE}"
    for check in (_header, _seats, _cards, _phase):
        found = check(state)
        if found:
            return found
    return ""


def _bits(mask: int) -> list[int]:
    return [s for s in range(8) if (mask >> s) & 1]


def _header(state: bytearray) -> str:
    players = state[O.PLAYERS]
    if not 2 <= players <= 4:
        return f"bad player count {players}"
    everyone = (1 << players) - 1
    if state[O.START_SEAT] >= players or max(state[O.LUCKY_DICE], state[O.TIE_RULE], state[O.BEAR_WINDOW]) > 1:
        return "bad start seat or option"
    if state[O.PHASE] > rules.CONST.FINISHED or state[O.PLAYOFF] > 3 or state[O.FINAL_ROUND] > 1:
        return "bad phase, playoff or final-round flag"
    participants = state[O.PARTICIPANTS]
    if participants & ~everyone or len(_bits(participants)) < 2 or (not state[O.PLAYOFF] and participants != everyone):
        return "bad participants"
    if state[O.PLAYOFF] and not state[O.TIE_RULE]:
        return "a playoff without tie_rule=playoff"
    finished = state[O.PHASE] == rules.CONST.FINISHED
    active = state[O.ACTIVE_SEAT]
    if finished != (active == NONE) or (not finished and not (participants >> active) & 1):
        return "bad active seat"
    last = state[O.LAST_SEAT]
    if state[O.FINAL_ROUND] != (last != NONE) or (last != NONE and not (participants >> last) & 1):
        return "bad final-round seat"
    if state[O.NO_REFILL] & ~everyone:
        return "bad no_refill flags"
    if state[O.DECK_END] != N_CARDS or state[O.DECK_TOP] > N_CARDS or state[O.PILE_COUNT] > N_CARDS or \
            state[O.PENDING_COUNT] > PENDING_MAX:
        return "bad deck, pile or pending size"
    return ""


def _seat_fields(state: bytearray, seat: int) -> tuple[int, ...]:
    p = O.SEATS + seat * O.SEAT_SIZE
    return tuple(state[p + getattr(O, "SEAT_" + name.upper())]
                 for name in ("hand_count", "caught_count", "main_salmon", "stage", "key_count"))


def _seats(state: bytearray) -> str:
    players, participants = state[O.PLAYERS], state[O.PARTICIPANTS]
    for seat in range(4):
        held, caught, main, stage, key = _seat_fields(state, seat)
        if seat >= players:
            if held or caught or main or stage or key:
                return f"cards or counts at unused seat {seat}"
            continue
        if held > HAND_MAX or caught > N_SALMON or main > N_SALMON or key > N_SALMON or stage > state[O.PLAYOFF]:
            return f"bad counts at seat {seat}"
        if not (participants >> seat) & 1 and (held or caught):
            return f"seat {seat} is out of the playoff but holds cards"
        if (participants >> seat) & 1 and stage != state[O.PLAYOFF]:
            return f"seat {seat} plays the playoff at the wrong stage"
    return ""


def _places(state: bytearray) -> list[tuple[str, list[int]]]:
    """Every place cards lie, with its cards."""
    places = [("deck", list(state[O.DECK + state[O.DECK_TOP]:O.DECK + state[O.DECK_END]])),
              ("pile", STATE.cells(state, "pile", state[O.PILE_COUNT])),
              ("pending", STATE.cells(state, "pending", state[O.PENDING_COUNT])),
              ("anglers", [c for c in STATE.cells(state, "anglers") if c != NONE]),
              ("river", [s for s, h in enumerate(STATE.cells(state, "salmon_at")) if h])]
    for seat in range(state[O.PLAYERS]):
        places.append((f"hand {seat}", rules.hand(state, seat)))
        places.append((f"catch {seat}", rules.caught(state, seat)))
    return places


def _cards(state: bytearray) -> str:
    if any(h > 10 for h in STATE.cells(state, "salmon_at")):
        return "a salmon position outside 1..10"
    seen = bytearray(N_CARDS)
    for name, cards in _places(state):
        for card in cards:
            if card >= N_CARDS or seen[card]:
                return f"card {card} in {name} is repeated or not in this game"
            seen[card] = 1
        if name == "anglers" and any(not FIRST_TOURIST <= c < FIRST_EAGLE for c in cards):
            return "a non-angler card lies on the river as an angler"
        if name.startswith("catch") and any(c >= N_SALMON for c in cards):
            return "a caught card that is not a salmon"
        if name == "pending" and (cards != sorted(cards) or any(c >= FIRST_TOURIST for c in cards)):
            return "bad fallen cards"
    if sum(seen) != N_CARDS:
        return "cards missing"
    return ""


def _phase(state: bytearray) -> str:
    phase, active, players = state[O.PHASE], state[O.ACTIVE_SEAT], state[O.PLAYERS]
    window, passed = state[O.WINDOW_SEATS], state[O.WINDOW_PASSED]
    if phase != rules.CONST.BEAR and (window or passed):
        return "a bear window record outside a bear window"
    pending = STATE.cells(state, "pending", state[O.PENDING_COUNT])
    if phase == rules.CONST.PLACE_PHASE and not (pending and pending[0] < N_SALMON):
        return "no salmon to place in the place phase"
    if phase != rules.CONST.PLACE_PHASE and pending:
        return "fallen cards outside the place phase"
    if phase == rules.CONST.FINISHED:
        return ""
    if any(c < FIRST_TOURIST for c in rules.hand(state, active)):
        return "the active seat still holds natural cards"
    if phase == rules.CONST.PLACE_PHASE and any(c < FIRST_CURRENT for c in rules.hand(state, active)):
        return "the active seat still holds salmon"
    if phase == rules.CONST.BEAR:
        if window != state[O.PARTICIPANTS] & ~(1 << active) or passed & ~window or passed == window:
            return "bad bear window"
        if not rules.caught(state, active):
            return "a bear window without a catch"
    return ""
