"""The generated offset modules (engines/core/offsets.py) match the layouts they come from."""
from __future__ import annotations

import types

import pytest

from engines.core import offsets
from engines.core.layout import Block, Field, Layout


def test_every_generated_pair_is_current():
    """A layout edited without `python -m engines.core.offsets` would leave the rules reading old offsets."""
    assert offsets.packages(), "no game keeps generated offsets"
    for package in offsets.packages():
        for path, text in offsets.rendered(package).items():
            assert path.exists() and path.read_text() == text, f"{path} is stale: run python -m engines.core.offsets"


def test_names_follow_the_layouts():
    seat = Layout("s", [Field("hand_count"), Field("hand", 3)])
    state = types.ModuleType("state")
    state.MAX = 3
    state.SEAT = seat
    state.STATE = Layout("t", [Field("phase"), Field("move_count", width=2), Block("seats", seat, 2)])
    assert offsets.constants(state) == {
        "MAX": 3, "SEAT_HAND_COUNT": 0, "SEAT_HAND": 1, "SEAT_HAND_LEN": 3, "SEAT_SIZE": 4,
        "PHASE": 0, "MOVE_COUNT": 1, "SEATS": 3, "SEATS_LEN": 2, "SIZE": 11}


def test_a_name_two_constants_share_is_refused():
    state = types.ModuleType("state")
    state.PHASE = 7  # the state module's own constant and the layout's field offset
    state.STATE = Layout("t", [Field("players"), Field("phase")])
    with pytest.raises(ValueError, match="two constants are called PHASE"):
        offsets.constants(state)


def test_a_games_declarations_give_their_numbered_names():
    """declarations.py's Names and event kinds become constants beside the layout's: one way for the compiled
    rules and Python to see a number, none copied by hand."""
    from engines.core.events import EventForm, EventForms
    from engines.core.names import Names
    state = types.ModuleType("state")
    state.STATE = Layout("t", [Field("phase")])
    declared = types.ModuleType("declarations")
    declared.N_CODES = 9
    declared.PHASES = Names("main", "finished")
    declared.REASON_CODES = Names("ok", "not_legal", prefix="R_")
    declared.EVENTS = EventForms(EventForm("played"), EventForm("game_end"))
    assert offsets.constants(state, declared) == {
        "PHASE": 0, "SIZE": 1, "N_CODES": 9, "MAIN": 0, "FINISHED": 1, "R_OK": 0, "R_NOT_LEGAL": 1,
        "EV_PLAYED": 0, "EV_GAME_END": 1}
    declared.CLASH = Names("phase")  # PHASE is the layout's field offset, 0 both, so no clash
    assert offsets.constants(state, declared)["PHASE"] == 0
    declared.CLASH = Names("size")  # SIZE = 1 is the layout's; the name's number would be 0
    with pytest.raises(ValueError, match="two constants are called SIZE"):
        offsets.constants(state, declared)


def test_names_are_distinct_lower_case_identifiers():
    from engines.core.names import Names
    assert Names("a", "b", prefix="X_").constants() == {"X_A": 0, "X_B": 1}
    for bad in (("a", "a"), ("A",), ("not legal",)):
        with pytest.raises(ValueError, match="distinct lower-case identifiers"):
            Names(*bad)
