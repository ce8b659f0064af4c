"""Shared helpers for the Cambio tests (spec: shared/rules/cambio.md).

Imported by the `test_cambio_*.py` files of this folder (they put the folder on
`sys.path`, as pytest runs with --import-mode=importlib). Everything goes through
the public API of `engines.get("cambio")`, except `arrange`, which rewrites the
cards of a state directly to build a spec example's table (the result is checked
with `validate`).
"""
from __future__ import annotations

from typing import Mapping, Sequence

import pytest

import engines
from engines import IllegalMove
from engines.cambio.declarations import CARDS
from engines.cambio.state import DECK_SIZE, NONE, SLOT_CAP, STATE

cambio = engines.get("cambio")
IDS = list(CARDS.ids)
# Field offsets by name (engines/cambio/state.py), for `arrange` and the tests that read the state.
L = dict(STATE.offsets(), SLOTCAP=SLOT_CAP, NC=DECK_SIZE, NONE=NONE)
INDEX = {c: i for i, c in enumerate(IDS)}

# The storyline of spec tests 1-10 (4 players, dealer 0): deal order is seat 1, 2, 3, 0 per slot.
STORY = [
    "N9-2", "N1-1", "N8-2", "N3-1",      # slot 0 of seats 1, 2, 3, 0
    "N4-1", "N5-1", "N6-1", "N1-2",      # slot 1
    "N2-2", "N3-2", "N4-2", "RK-2",      # slot 2
    "N5-2", "N6-2", "N8-1", "N0-1",      # slot 3
    "N7-1", "N2-1", "EYE-1", "LENS-2", "SWAP-1", "RK-1", "BK-1",  # draws of seats 0, 1, 2... in turn
]


def new(players: int = 4, deck: Sequence[str] = (), **options) -> bytearray:
    opts = {k: str(v) for k, v in options.items()}
    if deck:
        opts["deck"] = ",".join(deck)
    return cambio.new(players, opts, seed=11)


def play(state: bytearray, seat: int, text: str) -> list:
    """Apply a text move by `seat` in place; return its events."""
    events: list = []
    code = cambio.parse_move(state, seat, text)
    assert cambio.move_info(state, code).text.split()[0] == text.split()[0]
    cambio.apply_in_place(state, code, events)
    cambio.validate(state)
    return events


def refused(state: bytearray, seat: int, text: str, reason: str) -> IllegalMove:
    before = bytes(state)
    with pytest.raises(IllegalMove) as err:
        cambio.parse_move(state, seat, text)
    assert reason in err.value.message, err.value.message
    assert bytes(state) == before
    return err.value


def pass_all(state: bytearray) -> list:
    events = []
    while cambio.view(state, None)["phase"] == "snap":
        events += play(state, cambio.to_act(state)[0], "pass")
    return events


def view_card(state: bytearray, seat: int | None, position: str):
    """The identity `seat`'s view shows at `position` (None: face down), or KeyError if no card is there."""
    t = int(position.split(".")[0])
    for slot in cambio.view(state, seat)["seats"][t]["slots"]:
        if slot["position"] == position:
            return slot["card"]
    raise KeyError(position)


def known_by(state: bytearray, position: str) -> list:
    t = int(position.split(".")[0])
    for slot in cambio.view(state, None)["seats"][t]["slots"]:
        if slot["position"] == position:
            return slot["known_by"]
    raise KeyError(position)


def card_at(state: bytearray, position: str) -> str | None:
    t, k = map(int, position.split("."))
    card = state[L["slots"] + t * L["SLOTCAP"] + k]
    return None if card == NONE else IDS[card]


def arrange(state: bytearray, seats: Mapping[int, Sequence[str | None]], pile: Sequence[str] = (),
            deck_top: Sequence[str] = (), deck_rest: bool = True, know: Mapping[str, Sequence[int]] | None = None,
            totals: Sequence[int] | None = None) -> bytearray:
    """Rewrite the cards of a turn-start state: each listed seat's slots (None = empty slot), the
    pile (bottom first), the deck (`deck_top` on top, then every other card in standard order
    unless `deck_rest` is False, which leaves the rest nowhere and is only allowed when every
    card is placed). Unlisted seats keep their cards unless those cards are placed elsewhere,
    which is an error. Knowledge: cleared, then `know` (position or card id -> seats)."""
    n = state[L["players"]]
    placed = set()
    for s, slots in seats.items():
        placed.update(c for c in slots if c)
    placed.update(pile)
    placed.update(deck_top)
    for s in range(n):
        if s in seats:
            continue
        for k in range(state[L["slots_used"] + s]):
            card = state[L["slots"] + s * L["SLOTCAP"] + k]
            if card != NONE:
                assert IDS[card] not in placed, f"{IDS[card]} is at {s}.{k}"
                placed.add(IDS[card])
    for s, slots in seats.items():
        base = L["slots"] + s * L["SLOTCAP"]
        for k in range(L["SLOTCAP"]):
            state[base + k] = NONE
        for k, c in enumerate(slots):
            if c:
                state[base + k] = INDEX[c]
        state[L["card_count"] + s] = sum(1 for c in slots if c)
        state[L["slots_used"] + s] = max(4, len(slots))
    rest = [c for c in IDS if c not in placed] if deck_rest else []
    deck = list(deck_top) + rest  # top first
    for i in range(L["NC"]):
        state[L["deck"] + i] = 0
        state[L["pile"] + i] = 0
        state[L["knows"] + i] = 0
    for i, c in enumerate(reversed(deck)):
        state[L["deck"] + i] = INDEX[c]
    state[L["deck_count"]] = len(deck)
    for i, c in enumerate(pile):
        state[L["pile"] + i] = INDEX[c]
    state[L["pile_count"]] = len(pile)
    for what, who in (know or {}).items():
        card = INDEX[what] if what in INDEX else INDEX[card_at(state, what)]
        for s in who:
            state[L["knows"] + card] |= 1 << s
    if totals is not None:
        for s, t in enumerate(totals):
            state[L["totals"] + 4 * s:L["totals"] + 4 * s + 4] = (t & 0xFFFFFFFF).to_bytes(4, "little")
    cambio.validate(state)
    return state


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def story(upto: int, **options) -> bytearray:
    """The storyline of tests 2-10 played up to the start of test `upto`."""
    st = new(deck=STORY, **options)
    steps = {
        2: [(0, "draw deck"), (0, "discard")],
        3: [(1, "draw deck"), (1, "replace 0")],
        4: [(2, "draw discard"), (2, "replace 3")],
        5: [(3, "draw deck"), (3, "discard"), (3, "lookown 0")],
        6: [(0, "draw deck"), (0, "discard"), (0, "look 2.1")],
        7: [(1, "draw deck"), (1, "discard"), (1, "swap 1.0 3.2")],
        8: [(2, "draw deck"), (2, "discard"), (2, "look 0.3"), (2, "swap 0.3 2.0")],
        9: [(3, "draw deck"), (3, "discard"), (3, "show 0.0"), (3, "show 2.2"), (3, "show 1.1")],
    }
    for test in range(2, upto):
        for seat, text in steps[test]:
            play(st, seat, text)
        if test != 9 or upto != 10:  # test 10 snaps in test 9's window
            pass_all(st)
    return st
