"""Events declared once (engines/core/events.py): raw tuples named by their kind's declaration, private fields
kept for the seats it names, and a declaration or a raw tuple that does not fit refused."""
from __future__ import annotations

import pytest

from engines.core.events import EventForm, EventForms, Shown
from engines.core.game import Event

CARDS = ("A1", "A2", "B1", "B2")
NONE = 255
EVENTS = EventForms(
    EventForm("played", (Shown("seat"), Shown("card", CARDS.__getitem__), Shown("space", plus=1))),
    EventForm("drew", (Shown("seat"), Shown("card", CARDS.__getitem__, private=True)), to=("seat",)),
    EventForm("swapped", (Shown("seat"), Shown("partner"), Shown("given", CARDS.__getitem__, private=True)),
              to=("seat", "partner")),
    EventForm("moved", (Shown("from", none=NONE), Shown("to"))),
    EventForm("ended"),
)


@pytest.mark.parametrize("raw, event", [
    ((0, 1, 2, 0), Event("played", {"seat": 1, "card": "B1", "space": 1})),
    ((1, 2, 3), Event("drew", {"seat": 2}, {"card": "B2"}, (2,))),
    ((2, 0, 2, 1), Event("swapped", {"seat": 0, "partner": 2}, {"given": "A2"}, (0, 2))),
    ((3, NONE, 1), Event("moved", {"from": None, "to": 1})),
    ((3, 0, 1), Event("moved", {"from": 0, "to": 1})),
    ((4,), Event("ended", {})),
])
def test_a_raw_event_is_named_by_its_declaration(raw, event):
    assert EVENTS.name(raw) == event
    assert EVENTS.kinds == ("played", "drew", "swapped", "moved", "ended")


def test_private_fields_reach_only_the_seats_the_declaration_names():
    drew = EVENTS.name((1, 2, 3))
    assert drew.seen_by(2).private == {"card": "B2"}
    assert drew.seen_by(0).private == {} and drew.seen_by(None).private == {}
    swapped = EVENTS.name((2, 0, 2, 1))
    assert [swapped.seen_by(s).private for s in range(4)] == [{"given": "A2"}, {}, {"given": "A2"}, {}]


def test_a_raw_tuple_of_another_length_is_refused():
    with pytest.raises(ValueError, match="played: 2 raw values for 3 fields"):
        EVENTS.name((0, 1, 2))


def test_a_declaration_without_the_seats_of_its_private_fields_is_refused():
    with pytest.raises(ValueError, match="private fields need the seats"):
        EventForm("drew", (Shown("seat"), Shown("card", private=True)))
    with pytest.raises(ValueError, match="names a field it does not have"):
        EventForm("drew", (Shown("card", private=True),), to=("seat",))


PAWNS = EventForms(
    EventForm("moved", (Shown("pawn", lambda p, solo: "KWOB"[p] if solo else f"{p}a", context=True), Shown("to"))),
    EventForm("dealt", (Shown("seat"), Shown("hand", lambda counts: [c for c, n in enumerate(counts) for _ in
                                                                     range(n)], private=True)), to=("seat",)),
    EventForm("solo_round", (Shown("round"), Shown("hand", list, private=True)), to=(0,)),
    EventForm("swapped", (Shown("seat"), Shown("partner"), Shown("given", private=True)), to=("seat", "partner")),
)


def test_a_field_declared_with_context_is_shown_through_the_context_naming_is_given():
    assert PAWNS.name((0, 2, 9), 0) == Event("moved", {"pawn": "2a", "to": 9})
    assert PAWNS.name((0, 2, 9), 1) == Event("moved", {"pawn": "O", "to": 9})
    assert EVENTS.name((0, 1, 2, 0), "ignored") == Event("played", {"seat": 1, "card": "B1", "space": 1})


def test_a_list_value_is_shown_whole():
    assert PAWNS.name((1, 3, [0, 2, 1])) == Event("dealt", {"seat": 3}, {"hand": [1, 1, 2]}, (3,))


def test_a_seat_number_in_to_is_that_seat_itself():
    assert PAWNS.name((2, 4, (1, 2))) == Event("solo_round", {"round": 4}, {"hand": [1, 2]}, (0,))
    with pytest.raises(ValueError, match="names a field it does not have"):
        EventForm("solo_round", (Shown("hand", private=True),), to=(0, "seat"))


def test_an_open_seat_sees_nothing_private_its_own_part_is_public():
    dealt = (1, 2, [0, 1])
    assert PAWNS.name(dealt, None, 2) == Event("dealt", {"seat": 2, "hand": [1]})
    assert PAWNS.name(dealt, None, 1) == PAWNS.name(dealt) == Event("dealt", {"seat": 2}, {"hand": [1]}, (2,))
    # a part two seats share stays theirs: the other one still has a secret
    assert PAWNS.name((3, 2, 0, 7), None, 2) == Event("swapped", {"seat": 2, "partner": 0}, {"given": 7}, (2, 0))
