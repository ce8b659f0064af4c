"""Validation of Alaska state bytes: what `decode` accepts must be safe for the compiled rules.

The compiled rules index the state without bounds checks, so every count, seat, mask
and card is checked here, every card must be in exactly one place, and each phase's
invariants must hold (the active hand holds no natural cards once they fell; a bear
window has a catch to steal; the final round ends at a seat in play). Any state the
rules reach passes; anything else gets a sentence saying what is wrong.
"""
from __future__ import annotations

from . import rules
from .state import (FIRST_CURRENT, FIRST_EAGLE, FIRST_TOURIST, HAND_MAX, N_CARDS, N_SALMON, NONE,
                    PENDING_MAX, SEAT, STATE)

AT, SEAT_AT = STATE.at, SEAT.at


def problem(state: bytearray) -> str:
    """'' if `state` is a consistent Alaska state, else what is wrong."""
    if len(state) != STATE.size:
        return f"state is {len(state)} bytes, expected {STATE.size}"
    for check in (_header, _seats, _cards, _phase):
        found = check(state)
        if found:
            return found
    return ""


def _bits(mask: int) -> list[int]:
    return [s for s in range(8) if (mask >> s) & 1]


def _header(state: bytearray) -> str:
    players = state[AT.players]
    if not 2 <= players <= 4:
        return f"bad player count {players}"
    everyone = (1 << players) - 1
    if state[AT.start_seat] >= players or max(state[AT.lucky_dice], state[AT.tie_rule], state[AT.bear_window]) > 1:
        return "bad start seat or option"
    if state[AT.phase] > rules.CONST.FINISHED or state[AT.playoff] > 3 or state[AT.final_round] > 1:
        return "bad phase, playoff or final-round flag"
    participants = state[AT.participants]
    if participants & ~everyone or len(_bits(participants)) < 2 or (not state[AT.playoff] and participants != everyone):
        return "bad participants"
    if state[AT.playoff] and not state[AT.tie_rule]:
        return "a playoff without tie_rule=playoff"
    finished = state[AT.phase] == rules.CONST.FINISHED
    active = state[AT.active_seat]
    if finished != (active == NONE) or (not finished and not (participants >> active) & 1):
        return "bad active seat"
    last = state[AT.last_seat]
    if state[AT.final_round] != (last != NONE) or (last != NONE and not (participants >> last) & 1):
        return "bad final-round seat"
    if state[AT.no_refill] & ~everyone:
        return "bad no_refill flags"
    if state[AT.deck_end] != N_CARDS or state[AT.deck_top] > N_CARDS or state[AT.pile_count] > N_CARDS or \
            state[AT.pending_count] > PENDING_MAX:
        return "bad deck, pile or pending size"
    return ""


def _seat_fields(state: bytearray, seat: int) -> tuple[int, ...]:
    p = AT.seats + seat * SEAT.size
    return tuple(state[p + getattr(SEAT_AT, name)]
                 for name in ("hand_count", "caught_count", "main_salmon", "stage", "key_count"))


def _seats(state: bytearray) -> str:
    players, participants = state[AT.players], state[AT.participants]
    for seat in range(4):
        held, caught, main, stage, key = _seat_fields(state, seat)
        if seat >= players:
            if held or caught or main or stage or key:
                return f"cards or counts at unused seat {seat}"
            continue
        if held > HAND_MAX or caught > N_SALMON or main > N_SALMON or key > N_SALMON or stage > state[AT.playoff]:
            return f"bad counts at seat {seat}"
        if not (participants >> seat) & 1 and (held or caught):
            return f"seat {seat} is out of the playoff but holds cards"
        if (participants >> seat) & 1 and stage != state[AT.playoff]:
            return f"seat {seat} plays the playoff at the wrong stage"
    return ""


def _places(state: bytearray) -> list[tuple[str, list[int]]]:
    """Every place cards lie, with its cards."""
    places = [("deck", list(state[AT.deck + state[AT.deck_top]:AT.deck + state[AT.deck_end]])),
              ("pile", STATE.cells(state, "pile", state[AT.pile_count])),
              ("pending", STATE.cells(state, "pending", state[AT.pending_count])),
              ("anglers", [c for c in STATE.cells(state, "anglers") if c != NONE]),
              ("river", [s for s, h in enumerate(STATE.cells(state, "salmon_at")) if h])]
    for seat in range(state[AT.players]):
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
    phase, active, players = state[AT.phase], state[AT.active_seat], state[AT.players]
    window, passed = state[AT.window_seats], state[AT.window_passed]
    if phase != rules.CONST.BEAR and (window or passed):
        return "a bear window record outside a bear window"
    pending = STATE.cells(state, "pending", state[AT.pending_count])
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
        if window != state[AT.participants] & ~(1 << active) or passed & ~window or passed == window:
            return "bad bear window"
        if not rules.caught(state, active):
            return "a bear window without a catch"
    return ""
