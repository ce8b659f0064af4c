"""Shared helpers for the Kodiak tests (spec: shared/rules/kodiak.md).

Imported by the `test_kodiak_*.py` files of this folder (they put the folder on
`sys.path`, as pytest runs with --import-mode=importlib). Games are set up through the
public API with option `deck` (§2.2); `cards_at` reads the table straight from the
state layout (engines/kodiak/state.py) to check where hidden cards lie.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import pytest

import engines
from engines import IllegalMove
from engines.kodiak.declarations import CARDS
from engines.kodiak.state import NONE, SLOT_CAP, STATE

kodiak = engines.get("kodiak")
STANDARD = list(CARDS.ids)


def rig_order(players: int, slots: Mapping[int, Sequence[str | None]], draws: Sequence[str] = (),
              first_kodiak: int = 0) -> list[str]:
    """The ids for option `deck` so that seat s gets `slots[s]` (slot 0 first; None = a spare card)
    and the turn draws (then penalty and replacement cards) are `draws`, in order.

    Card i of the deal goes to seat (Kodiak + 1 + i) mod n, slot i // n (§2.2). Spare cards are
    the cards named nowhere, taken from the high bolts and number cards so that they rarely match.
    """
    named = {c for row in slots.values() for c in row if c} | set(draws)
    plain = [c for c in reversed(STANDARD) if not c.startswith(("BALL", "RK", "BK", "EYE", "LENS", "SWAP"))]
    spare = iter(c for c in plain if c not in named)
    order = []
    for i in range(3 * players):
        seat, slot = (first_kodiak + 1 + i) % players, i // players
        row = list(slots.get(seat, ()))
        order.append(row[slot] if slot < len(row) and row[slot] else next(spare))
    return order + list(draws)


def rig(players: int = 4, slots: Mapping[int, Sequence[str | None]] | None = None, draws: Sequence[str] = (),
        seed: int = 0, **options: str) -> bytearray:
    """A new game dealt as `rig_order` says (4 players, Kodiak = seat 0 unless told)."""
    first = int(options.get("first_kodiak", "0"))
    order = rig_order(players, slots or {}, draws, first)
    return kodiak.new(players, {"deck": ",".join(order), **options}, seed=seed)


def play(state: bytearray, seat: int, text: str) -> list:
    """Apply a text move in place; the events as the seat sees them."""
    events: list = []
    kodiak.apply_in_place(state, kodiak.parse_move(state, seat, text), events)
    return [e.seen_by(seat) for e in events]


def refused(state: bytearray, seat: int, text: str, code: str, words: str | None = None) -> IllegalMove:
    """Assert that the move is refused with reason `code` (and `words` in its message); state unchanged."""
    before = bytes(state)
    with pytest.raises(IllegalMove) as caught:
        kodiak.parse_move(state, seat, text)
    assert caught.value.code == code, caught.value.message
    if words:
        assert words in caught.value.message, caught.value.message
    assert bytes(state) == before
    return caught.value


def moves_of(state: bytearray, seat: int | None = None) -> list[str]:
    """The texts of the listed moves (of one seat)."""
    return [i.text for i in kodiak.describe_moves(state) if seat is None or i.seat == seat]


def cards_at(state: bytearray, seat: int) -> dict[int, str]:
    """{slot: card id} of a seat's table, read from the state layout."""
    used = STATE.read(state, "slots_used", seat)
    row = [STATE.read(state, "slots", seat * SLOT_CAP + k) for k in range(used)]
    return {k: CARDS.ids[c] for k, c in enumerate(row) if c != NONE}


def slot_view(state: bytearray, viewer: int | None, seat: int, slot: int) -> dict | None:
    """The view's entry for seat.slot as `viewer` sees it (None when the slot is empty)."""
    for entry in kodiak.view(state, viewer)["seats"][seat]["slots"]:
        if entry["slot"] == slot:
            return entry
    return None


def everyone_passes_but(state: bytearray, *keep: int) -> None:
    """Every seat that may pass in the open window passes, except `keep`."""
    for seat in list(kodiak.to_act(state)):
        if seat not in keep:
            play(state, seat, "pass")


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def event(events: list, kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[-1]
