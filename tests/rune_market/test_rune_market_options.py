"""Rune Market: seat counts and options are checked at NewGame; the round cap ends a game (spec §2, §7, §11).

Random games to the end (1,000 per seat count), compiled = interpreted and the view-leak property
come from the registry suites (tests/test_conformance.py), sized by tests/rune_market/fixtures.json.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from rune_market_testlib import AT, GAME, new, pass_turn  # noqa: E402


@pytest.mark.parametrize("players", [1, 6, 0])
def test_seat_counts_outside_2_to_5_are_refused(players):
    with pytest.raises(engines.BadOption) as error:
        GAME.new(players)
    assert error.value.code == "bad_seat_count"


@pytest.mark.parametrize("options", [{"start_seat": "4"}, {"storage_protects": "maybe"},
                                     {"tiebreak_iv": "rps"}, {"max_rounds": "19"}, {"max_rounds": "201"},
                                     {"deck": "N11a"}, {"colour": "red"}])
def test_bad_options_are_refused(options):
    with pytest.raises(engines.BadOption) as error:
        GAME.new(4, options)
    assert error.value.code in ("bad_option_value", "bad_deck", "unknown_option")


def test_options_are_listed():
    assert [o.name for o in GAME.info.options] == ["start_seat", "storage_protects", "tiebreak_iv",
                                                   "max_rounds", "deck"]
    assert (GAME.info.min_seats, GAME.info.max_seats) == (2, 5)


def test_start_seat_option():
    state = new(3, start_seat=2)
    assert GAME.to_act(state) == [2] and GAME.view(state, None)["active_seat"] == 2


def test_round_cap_ends_a_game_that_does_not_run_dry():
    state = new(2, max_rounds=20)
    turns = 0
    while not GAME.is_finished(state):
        pass_turn(state)
        turns += 1
    assert turns == 40 and state[AT.end_reason] == 1
    score = GAME.score(state)
    # No rune moved: every seat ends on 0 points, 0 outposts and 0 collectors, so step III decides (§10).
    assert score.finished and [s.total for s in score.seats] == [0, 0]
    assert [(s.breakdown["outposts"], s.breakdown["collectors"]) for s in score.seats] == [(0, 0), (0, 0)]
    best = [max((int(c[1:-1]) for c in GAME.view(state, s)["hand"] if c.startswith("N")), default=0)
            for s in range(2)]
    if best[0] != best[1]:
        assert score.winners == (best.index(max(best)),) and score.tiebreak == "high_card"
    else:
        assert score.winners == (0, 1) and score.tiebreak == "shared"
