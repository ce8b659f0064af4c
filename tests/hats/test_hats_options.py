"""Hats: options, seat count and seed are validated at NewGame with clear errors (spec §3, §3.2, §11)."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from engines import BadOption  # noqa: E402
from hats_testlib import hats, view  # noqa: E402


def refused(players, options=None, seed=0, *words: str) -> BadOption:
    """NewGame is refused with BadOption whose message contains every one of `words`."""
    with pytest.raises(BadOption) as info:
        hats.new(players, options, seed=seed)
    for word in words:
        assert word in str(info.value), f"expected {word!r} in {str(info.value)!r}"
    return info.value


def test_option_specs_match_spec_section_11():
    specs = {o.name: o for o in hats.info.options}
    assert (specs["start_seat"].default, specs["removed_types"].default) == ("0", "random")
    assert (specs["tiebreak"].default, specs["tiebreak"].allowed) == ("standard", ("standard", "cookie_only"))
    assert specs["deck"].default == ""


def test_defaults_and_good_values_are_accepted():
    assert view(hats.new(3))["active_seat"] == 0
    assert view(hats.new(4, {"start_seat": "3"}))["active_seat"] == 3
    assert view(hats.new(2, {"start_seat": 1}))["active_seat"] == 1  # non-text values are read as text
    assert view(hats.new(2, {"removed_types": "P,R"}))["removed_types"] == ["R", "P"]
    assert len(view(hats.new(2))["removed_types"]) == 2  # random pair
    assert hats.new(3, {"removed_types": "random"}) == hats.new(3)
    assert hats.new(3, {"tiebreak": "cookie_only"}) != hats.new(3)
    hats.new(2, {"removed_types": "O,W", "deck": "R1,Y2"})
    assert hats.new(3, {"deck": ""}) == hats.new(3)


@pytest.mark.parametrize("value, players", [("3", 3), ("4", 4), ("-1", 3), ("x", 3), ("1.5", 2), ("2", 2)])
def test_bad_start_seat(value, players):
    refused(players, {"start_seat": value}, 0, "start_seat")


def test_removed_types_with_3_or_4_players():
    refused(3, {"removed_types": "O,W"}, 0, "removed_types needs 2 players")
    refused(4, {"removed_types": "R,G"}, 0, "removed_types needs 2 players")


@pytest.mark.parametrize("value", ["O", "O,O", "O,W,R", "o,w", "O,X", "OW", "black"])
def test_bad_removed_types_with_2_players(value):
    refused(2, {"removed_types": value}, 0, "removed_types")


def test_unknown_option():
    err = refused(3, {"colour": "red"}, 0, "unknown option", "colour")
    assert err.code == "unknown_option"


def test_bad_tiebreak():
    refused(3, {"tiebreak": "german"}, 0, "tiebreak", "german")


def test_deck_with_repeated_id():
    err = refused(3, {"deck": "R1,R1"}, 0, "R1", "twice")
    assert err.code == "bad_deck"


def test_deck_with_unknown_id():
    for bad in ("Q9", "r1", "R7", "R"):
        refused(3, {"deck": f"R1,{bad}"}, 0, repr(bad))


def test_deck_with_id_of_a_removed_type():
    err = refused(2, {"removed_types": "O,W", "deck": "R1,W3"}, 0, "W3", "removed type")
    assert err.code == "bad_deck"


def test_deck_with_2_players_needs_explicit_removed_types():
    refused(2, {"deck": "R1"}, 0, "option deck needs explicit removed_types with 2 players")
    refused(2, {"deck": "R1", "removed_types": "random"}, 0, "needs explicit removed_types")


@pytest.mark.parametrize("players", [0, 1, 5, -2, "3", 3.0, None, True])
def test_bad_seat_count(players):
    refused(players, None, 0, "2-4 players")


@pytest.mark.parametrize("seed", [-1, 2 ** 64, "7", 1.5, None, True])
def test_bad_seed(seed):
    refused(3, None, seed, "seed")


@pytest.mark.parametrize("seed, neighbour", [(0, 1), (2 ** 64 - 1, 2 ** 63 - 1)])
def test_seed_bounds_are_accepted(seed, neighbour):
    """The smallest and the largest seed each start a valid game of their own: the same deal every time, and
    not a nearby seed's (a dropped top bit or a clamped seed would repeat another seed's deal)."""
    state = hats.new(3, None, seed=seed)
    hats.validate(state)
    assert hats.new(3, None, seed=seed) == state

    def deal(s):
        return [view(s)["table"], *(view(s, seat)["hand"] for seat in range(3))]
    assert deal(state) != deal(hats.new(3, None, seed=neighbour))
