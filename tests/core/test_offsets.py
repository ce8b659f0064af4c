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
