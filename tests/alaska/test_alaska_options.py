"""Alaska options (spec §11), seat counts, the rigged deck's refusals, the tie rules (§10), the bear-window
options (§6), refusal wording and typed move texts."""
import sys
from pathlib import Path

import pytest

import engines
from engines import BadMoveText, BadOption

sys.path.insert(0, str(Path(__file__).parent))

from alaska_testlib import alaska, build, hand, phase, play, refused, texts, view  # noqa: E402

SALMON = [f"S{i:02d}" for i in range(1, 17)]


def test_list_games_entry():
    info = alaska.info
    assert (info.id, info.title, info.min_seats, info.max_seats, info.version) == ("alaska", "Alaska", 2, 4, "1.0")
    assert [o.name for o in info.options] == ["start_seat", "lucky_dice", "tie_rule", "bear_window", "deck"]
    assert {o.name: o.default for o in info.options} == {"start_seat": "0", "lucky_dice": "false",
                                                         "tie_rule": "shared", "bear_window": "all", "deck": ""}


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_seat_counts_outside_2_to_4_are_refused(players):
    with pytest.raises(BadOption) as err:
        alaska.new(players, None, 1)
    assert err.value.code == "bad_seat_count"


@pytest.mark.parametrize("options", [{"start_seat": "3"}, {"lucky_dice": "yes"}, {"tie_rule": "coin"},
                                     {"bear_window": "none"}])
def test_bad_option_values_are_refused(options):
    with pytest.raises(BadOption) as err:
        alaska.new(3, options, 1)
    assert err.value.code == "bad_option_value"


@pytest.mark.parametrize("deck, named", [("S01,RV3", "RV3"), ("S01,S01", "S01"), ("S01,X9", "X9"), ("s01", "s01")])
def test_a_bad_rigged_deck_is_refused_naming_the_card(deck, named):
    with pytest.raises(BadOption) as err:
        alaska.new(3, {"deck": deck}, 1)
    assert err.value.code == "bad_deck" and repr(named) in err.value.message


def test_start_seat_deals_and_moves_first():
    state = alaska.new(3, {"start_seat": "2", "deck": "C1a,C1b,C1c,C2a,C2b,C2c,C3a,C3b,C3c,C4a,C4b,C4c"}, 1)
    assert view(state)["active_seat"] == 2 and hand(state, 2) == ["C1a", "C2a", "C3a", "C4a"]
    assert hand(state, 0) == ["C1b", "C2b", "C3b", "C4b"]


def test_the_same_seed_deals_the_same_and_the_deck_is_shuffled():
    assert alaska.new(4, None, 9) == alaska.new(4, None, 9)
    assert alaska.new(4, None, 9) != alaska.new(4, None, 10)


def _final_tie(tie_rule):
    state = build(active=1, hands={0: ["C5a"], 1: ["C1a"], 2: ["C4a"]}, deck=["C2a", "C3a"], rest="pile",
                  caught={0: SALMON[:5], 1: SALMON[5:8], 2: SALMON[8:13]}, options={"tie_rule": tie_rule})
    play(state, 1, "end")
    for seat, moves in ((2, ["cast C4a", "end"]), (0, ["cast C5a", "end"]), (1, ["cast C1a", "cast C2a", "cast C3a"])):
        for text in moves:
            play(state, seat, text)
    return state  # seat 1's `end` ends the main game


def test_playoff_fish_another_round():
    state = _final_tie("playoff")
    events = []
    play(state, 1, "end", events)
    start = next(e for e in events if e.kind == "playoff")
    assert start.public == {"playoff": 1, "seats": [0, 2], "first": 0}
    v = view(state)
    assert not v["finished"] and v["participants"] == [0, 2] and v["seats"][1]["hand_count"] == 0
    assert v["deck_count"] == 66 - 8 and v["salmon"] == [] and v["anglers"] == [] and v["discard"] == []
    assert [s.total for s in alaska.score(state).seats] == [5, 3, 5]
    assert 1 not in alaska.to_act(state)
    step = 0
    while listed := alaska.legal_moves(state):
        for info in alaska.describe_moves(state):
            assert info.seat in (0, 2)
        alaska.apply_in_place(state, listed[(step * 7) % len(listed)])
        step += 1
    score = alaska.score(state)
    assert score.finished and score.tiebreak == "playoff"
    assert [s.total for s in score.seats] == [5, 3, 5]
    assert score.seats[1].rank == 3  # the non-tied seat ranks after both playoff participants
    if len(score.winners) == 1:
        assert score.seats[score.winners[0]].rank == 1


def test_shared_tie_is_the_default():
    state = _final_tie("shared")
    play(state, 1, "end")
    assert alaska.score(state).winners == (0, 2) and alaska.score(state).tiebreak == "shared"


def test_holders_only_passes_seats_without_a_bear():
    state = build(active=1, hands={0: ["C1a"], 1: ["C3a"], 2: ["B1"]}, river={"S10": 3},
                  options={"bear_window": "holders_only"})
    events = []
    play(state, 1, "cast C3a", events)
    assert next(e for e in events if e.kind == "bear_window").public == {"seats": [0, 2], "auto_passed": [0]}
    assert alaska.to_act(state) == [2] and view(state)["window"]["passed"] == [0]
    state = build(active=1, hands={0: ["C1a"], 1: ["C3a"], 2: ["C2a"]}, river={"S10": 3},
                  options={"bear_window": "holders_only"})
    play(state, 1, "cast C3a")
    assert phase(state) == "play"  # nobody holds a bear: no window at all


def test_bear_window_all_asks_every_other_seat():
    state = build(active=1, hands={0: ["C1a"], 1: ["C3a"], 2: ["C2a"]}, river={"S10": 3})
    play(state, 1, "cast C3a")
    assert alaska.to_act(state) == [0, 2] and texts(state) == ["pass", "pass"]
    refused(state, 1, "bearsteal B1", "own_catch")


def test_refusals_name_the_move_the_seat_and_the_rule():
    state = build(active=0, hands={0: ["C1a", "E1"], 1: ["C2a"]}, river={"S01": 4})
    assert refused(state, 1, "cast C2a", "not_your_turn").startswith("illegal move 'cast C2a' by seat 1: not your")
    refused(state, 0, "cast C2a", "card_not_in_hand")
    refused(state, 0, "cast E1", "not_a_cast_card")
    refused(state, 0, "eagle E1", "eagle_needs_target")
    refused(state, 0, "eagle E1 salmon S02", "no_such_target")
    refused(state, 0, "angler E1 3", "not_an_angler")
    refused(state, 0, "place 3", "no_salmon_to_place")
    refused(state, 0, "pass", "no_bear_window")
    for text in ("cast", "place x", "angler T1", "eagle E1 fish S01", "cast C1a salmon", "end now", " end", "fly"):
        with pytest.raises(BadMoveText):
            alaska.parse_move(state, 0, text)


def test_eagle_with_an_empty_river_flies_off():
    state = build(active=0, hands={0: ["E3"], 1: ["C1a"], 2: ["C1b"]})
    assert texts(state, "eagle") == ["eagle E3"]
    play(state, 0, "eagle E3")
    assert view(state)["discard"][-1] == "E3"


def test_bear_roar_with_no_anglers_is_legal():
    state = build(active=0, hands={0: ["B3"], 1: ["C1a"], 2: ["C1b"]})
    play(state, 0, "bear B3")
    assert view(state)["discard"][-1] == "B3"


@pytest.mark.parametrize("kind, args, text", [
    ("place", {"section": 4}, "place 4"), ("end", {}, "end"), ("pass", {}, "pass"),
    ("cast", {"cards": ["C1a", "C3b"]}, "cast C1a C3b"), ("cast", {"cards": ["C4c"], "salmon": "S05"}, "cast C4c salmon S05"),
    ("angler", {"card": "T2", "section": 6}, "angler T2 6"), ("eagle", {"card": "E1", "salmon": "S05"}, "eagle E1 salmon S05"),
    ("eagle", {"card": "E1", "section": 2}, "eagle E1 angler 2"), ("eagle", {"card": "E1"}, "eagle E1"),
    ("bear", {"card": "B2"}, "bear B2"), ("bearsteal", {"card": "B1"}, "bearsteal B1")])
def test_typed_moves_give_the_text_form(kind, args, text):
    assert alaska.move_text(kind, args) == text


def test_typed_moves_with_wrong_arguments_are_refused():
    for kind, args in (("fish", {}), ("place", {}), ("end", {"card": "C1a"}), ("eagle", {"card": "E1", "salmon": "S01",
                                                                                         "section": 2})):
        with pytest.raises(BadMoveText):
            alaska.move_text(kind, args)


def test_registered_once():
    assert engines.get("alaska") is alaska and [g.info.id for g in engines.games()].count("alaska") == 1
