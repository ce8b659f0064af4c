"""The test cases of shared/rules/alaska.md §13, one test each (named after the case)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from alaska_testlib import (alaska, anglers, build, caught, hand, phase, pile, play, refused, rig,  # noqa: E402
                            river, set_die_seed, texts, view)


def test_01_setup():
    state = alaska.new(3, {"deck": rig(3, {0: ["C1a", "C2a", "C3a", "C4a"], 1: ["C1b", "C2b", "C3b", "C4b"],
                                           2: ["C1c", "C2c", "C3c", "C4c"]})}, 0)
    v = view(state, 0)
    assert v["salmon"] == [] and v["anglers"] == [] and v["discard"] == []
    assert [s["hand_count"] for s in v["seats"]] == [4, 4, 4]
    assert v["deck_count"] == 54 and v["active_seat"] == 0 and v["phase"] == "play"
    assert [s["salmon"] for s in v["seats"]] == [0, 0, 0]
    assert not v["final_round"]
    dealt = [e for e in alaska.setup_events(state) if e.kind == "dealt"]
    assert [e.private["cards"] for e in dealt][0] == ["C1a", "C2a", "C3a", "C4a"]
    assert all(e.private_to == (s,) for s, e in enumerate(dealt))


def test_02_salmon_placement_by_the_right_neighbour():
    state = build(active=0, hands={0: ["C1a"], 1: ["S03", "S07", "W02", "C4a"]})
    events = []
    play(state, 0, "end", events)
    fell = next(e for e in events if e.kind == "fell")
    assert fell.public == {"seat": 1, "salmon": ["S03", "S07"], "currents": ["W02"]}
    assert phase(state) == "place" and alaska.to_act(state) == [0]
    assert "only the right neighbour places salmon" in str(refused(state, 2, "place 4", "not_your_turn"))
    play(state, 0, "place 4")
    assert river(state) == {"S03": 4}
    play(state, 0, "place 8")
    assert river(state) == {"S03": 3, "S07": 7}  # W02: one step upstream
    assert "W02" in pile(state)
    assert phase(state) == "play" and hand(state, 1) == ["C4a"]
    assert "end" in texts(state)


def test_03_several_currents():
    state = build(active=0, hands={0: ["C1a"], 1: ["W01", "W02", "W03", "C2a"]}, river={"S01": 5})
    events = []
    play(state, 0, "end", events)
    assert [e.public["step"] for e in events if e.kind == "current_step"] == [1, 2, 3]
    assert river(state) == {"S01": 2}


def test_04_wrap_around():
    state = build(active=0, hands={0: ["C1a"], 1: ["W01", "C2a"]}, river={"S02": 1})
    play(state, 0, "end")
    assert river(state) == {"S02": 10}
    assert view(state)["salmon"][0]["covers"] == [10, 1]


def test_05_local_catches_on_arrival():
    state = build(active=0, hands={0: ["C1a"], 1: ["W01", "W02", "C2a"]}, river={"S04": 5}, anglers={3: "L1"})
    events = []
    play(state, 0, "end", events)
    steps = [e.public for e in events if e.kind == "current_step"]
    assert steps[0]["positions"] == [{"salmon": "S04", "position": 4}] and steps[0]["catches"] == []
    assert steps[1]["catches"] == [{"salmon": "S04", "angler": "L1", "section": 3}]
    assert river(state) == {} and anglers(state) == {3: "L1"} and "S04" in pile(state)


def test_06_tourist_takes_one_salmon_and_goes_home():
    state = build(active=0, hands={0: ["C1a"], 1: ["W01", "W02", "C2a"]}, river={"S05": 7, "S06": 8},
                  anglers={6: "T1"})
    events = []
    play(state, 0, "end", events)
    steps = [e.public for e in events if e.kind == "current_step"]
    assert steps[0]["catches"] == [{"salmon": "S05", "angler": "T1", "section": 6}]
    assert steps[1]["catches"] == []
    assert river(state) == {"S06": 6} and anglers(state) == {}
    assert pile(state)[-2:] == ["S05", "T1"]


def _worked_example():
    return build(active=0, hands={0: ["C1a", "C3b", "C4c", "C5d"]}, river={"S08": 4})


def test_07_worked_example_cast_sums():
    state = _worked_example()
    for text in ("cast C1a C3b", "cast C4c", "cast C5d", "cast C1a C4c", "cast C3b C1a", "cast C4c C1a"):
        after = play(bytearray(state), 0, text)
        assert caught(after, 0) == ["S08"] and river(after) == {}, text
    for text in ("cast C1a", "cast C3b", "cast C1a C5d", "cast C3b C4c", "cast C3b C5d", "cast C4c C5d"):
        after = play(bytearray(state), 0, text)
        assert caught(after, 0) == [] and river(after) == {"S08": 4}, text
    assert sorted(texts(state, "cast")) == sorted(
        ["cast C1a", "cast C3b", "cast C4c", "cast C5d", "cast C1a C3b", "cast C1a C4c", "cast C1a C5d",
         "cast C3b C4c", "cast C3b C5d", "cast C4c C5d"])
    assert "a cast combines at most 2 cast cards" in refused(state, 0, "cast C1a C3b C4c", "too_many_cast_cards")
    play(state, 0, "cast C1a C3b")
    assert caught(state, 0) == ["S08"]
    assert view(state)["window"] == {"catcher": 0, "salmon": "S08", "seats": [1, 2], "passed": []}
    assert alaska.to_act(state) == [1, 2]


def test_08_sum_over_10():
    state = build(active=0, hands={0: ["C5a", "C6b"]})
    assert "a cast must target a section 1-10" in refused(state, 0, "cast C5a C6b", "cast_off_river")
    assert "cast C5a C6b" not in texts(state)


def _six_or_two(holding=("C1a", "C2a", "C6a", "C3a"), salmon=("S01", "S02")):
    return build(active=0, hands={0: list(holding), 1: ["C5a"], 2: ["C5b"]}, river={"S09": 1}, anglers={2: "T2", 6: "L2"},
                 caught={0: list(salmon)})


def test_09_worked_example_a_six_or_a_two():
    state = play(_six_or_two(), 0, "cast C1a")  # (a) section 1 has no angler
    assert caught(state, 0) == ["S01", "S02", "S09"]
    state = _six_or_two()
    deck = view(state)["deck_count"]
    events = []
    play(state, 0, "cast C2a", events)  # (b) the tourist
    assert "T2" in pile(state) and pile(state)[-3:] == ["C1a", "C6a", "C3a"]
    assert hand(state, 0) == [] and view(state)["deck_count"] == deck  # no refill
    assert view(state)["active_seat"] == 1 and river(state) == {"S09": 1} and anglers(state) == {6: "L2"}
    assert any(e.kind == "tourist_penalty" and e.public["lost"] == ["C1a", "C6a", "C3a"] for e in events)
    state = play(_six_or_two(), 0, "cast C6a")  # (c) the local
    assert caught(state, 0) == ["S01"] and pile(state)[-2:] == ["S02", "L2"]
    assert anglers(state) == {2: "T2"} and phase(state) == "play" and view(state)["active_seat"] == 0


def test_10_local_with_no_salmon_to_give():
    state = play(_six_or_two(salmon=()), 0, "cast C6a")
    assert anglers(state) == {2: "T2", 6: "L2"} and pile(state)[-1] == "C6a" and caught(state, 0) == []
    assert phase(state) == "play"


def test_11_after_removing_the_tourist_section_2():
    state = _six_or_two(holding=("E1", "C2a"))
    play(state, 0, "eagle E1 angler 2")
    assert pile(state)[-2:] == ["T2", "E1"] and anglers(state) == {6: "L2"}
    play(state, 0, "cast C2a")
    assert caught(state, 0)[-1] == "S09"


def test_12_keep_at_most_one():
    state = build(active=0, hands={0: ["C1a", "C2b", "C3c", "C4d"], 1: ["C5a"], 2: ["C5b"]})
    play(state, 0, "cast C1a")
    play(state, 0, "cast C2b")
    assert "you may keep at most one card" in refused(state, 0, "end", "keep_at_most_one")
    play(state, 0, "cast C3c")
    assert "end" in texts(state)
    play(state, 0, "end")
    assert view(state)["active_seat"] == 1


def _bear_reaction():
    state = build(active=1, hands={0: ["B2"], 1: ["C3a"], 2: ["B1"]}, river={"S10": 3})
    return play(state, 1, "cast C3a")


def test_13_bear_reaction():
    state = _bear_reaction()
    assert view(state)["window"]["seats"] == [0, 2] and caught(state, 1) == ["S10"]
    assert view(state, 2)["bear_moves"] == ["bearsteal B1"] and view(state, 0)["bear_moves"] == ["bearsteal B2"]
    refused(state, 1, "end", "bear_window_open")
    events = []
    play(state, 2, "bearsteal B1", events)
    assert pile(state)[-2:] == ["S10", "B1"] and caught(state, 1) == []
    assert view(state)["window"] is None and phase(state) == "play"
    assert "no bear window open" in refused(state, 0, "bearsteal B2", "no_bear_window")
    state = _bear_reaction()  # variant: both pass
    play(state, 0, "pass")
    refused(state, 0, "pass", "already_passed")
    play(state, 2, "pass")
    assert caught(state, 1) == ["S10"] and phase(state) == "play" and hand(state, 0) == ["B2"]


def test_14_bear_roar():
    state = build(active=0, hands={0: ["B3"]}, anglers={2: "T1", 6: "L1", 9: "L2"}, river={"S01": 5})
    play(state, 0, "bear B3")
    assert pile(state)[-4:] == ["T1", "L1", "L2", "B3"] and anglers(state) == {} and river(state) == {"S01": 5}


def test_15_eagle_catch_opens_the_bear_window():
    state = build(active=0, hands={0: ["E2"]}, river={"S11": 7})
    play(state, 0, "eagle E2 salmon S11")
    assert caught(state, 0) == ["S11"] and phase(state) == "bear" and pile(state)[-1] == "E2"


def test_16_tourist_chases_a_local_other_stacking_is_refused():
    state = build(active=0, hands={0: ["T3", "L4", "T1"]}, anglers={6: "L3", 2: "T4"})
    play(state, 0, "angler T3 6")
    assert pile(state)[-2:] == ["L3", "T3"] and anglers(state) == {2: "T4"}
    assert "section occupied" in refused(state, 0, "angler L4 2", "section_occupied")
    refused(state, 0, "angler T1 2", "section_occupied")


def test_17_tourist_penalty_and_the_empty_turn():
    state = build(active=1, hands={0: ["C1b"], 1: ["C2a", "C5a", "C6a"], 2: ["C1a"]}, river={"S01": 2},
                  anglers={2: "T1"})
    play(state, 1, "cast C2a")
    assert hand(state, 1) == [] and view(state)["active_seat"] == 2
    play(state, 2, "end")
    deck = view(state)["deck_count"]
    events = []
    play(state, 0, "end", events)  # seat 0 refills 3; seat 1's empty turn refills 4; seat 2's turn begins
    kinds = [(e.kind, e.public.get("seat")) for e in events]
    assert ("empty_turn", 1) in kinds
    assert [e.public["count"] for e in events if e.kind == "refilled"] == [3, 4]
    assert view(state)["deck_count"] == deck - 7
    assert view(state)["seats"][1]["hand_count"] == 4 and view(state)["active_seat"] == 2


def test_18_final_round():
    salmon = [f"S{i:02d}" for i in range(1, 17)]
    state = build(active=1, hands={0: ["C5a"], 1: ["C1a"], 2: ["C4a"]}, deck=["C2a", "C3a"], rest="pile",
                  caught={0: salmon[:5], 1: salmon[5:8], 2: salmon[8:13]})
    events = []
    play(state, 1, "end", events)
    assert hand(state, 1) == ["C1a", "C2a", "C3a"] and view(state)["deck_count"] == 0
    assert view(state)["final_round"] and next(e for e in events if e.kind == "final_round").public["order"] == [2, 0, 1]
    assert "play all your cards in the final round" in refused(state, 2, "end", "play_all_cards")
    for seat, moves in ((2, ["cast C4a"]), (0, ["cast C5a"]), (1, ["cast C1a", "cast C2a", "cast C3a"])):
        for text in moves:
            play(state, seat, text)
        assert view(state)["deck_count"] == 0
        play(state, seat, "end")
    assert alaska.is_finished(state) and alaska.legal_moves(state) == []
    score = alaska.score(state)
    assert [s.total for s in score.seats] == [5, 3, 5]
    assert score.finished and score.winners == (0, 2) and score.tiebreak == "shared"
    assert [s.rank for s in score.seats] == [1, 3, 1]


def test_19_every_card_must_be_played_in_the_final_turn():
    state = build(active=2, hands={2: ["L1", "C3a"]}, final_round=True, last_seat=1,
                  anglers={1: "T1", 2: "T2", 4: "T3", 5: "T4", 6: "L2", 7: "L3", 8: "L4"})
    play(state, 2, "cast C3a")
    assert "play all your cards in the final round" in refused(state, 2, "end", "play_all_cards")
    assert sorted(texts(state, "angler")) == ["angler L1 10", "angler L1 3", "angler L1 9"]
    play(state, 2, "angler L1 9")
    assert texts(state) == ["end"]


def _dice(face):
    state = build(active=0, hands={0: ["C2b", "C1a"], 1: ["C5a"], 2: ["C5b"]}, river={"S12": 1}, anglers={2: "T1"},
                  options={"lucky_dice": "true"})
    set_die_seed(state, face)
    events = []
    play(state, 0, "cast C2b", events)
    return state, next(e for e in events if e.kind == "cast").public


def test_20_dice_variant():
    state, cast = _dice(1)
    assert cast["die"] == 1 and cast["outcome"] == "caught"
    assert caught(state, 0) == ["S12"] and anglers(state) == {2: "T1"} and phase(state) == "bear"
    state, cast = _dice(4)
    assert cast["die"] == 4 and cast["outcome"] == "tourist"
    assert caught(state, 0) == [] and river(state) == {"S12": 1} and hand(state, 0) == []
    assert view(state)["active_seat"] == 1
    plain, events = build(active=0, hands={0: ["C2b"]}, river={"S12": 1}, anglers={2: "T1"}), []
    play(plain, 0, "cast C2b", events)  # without the variant: no die, the tourist acts
    assert next(e for e in events if e.kind == "cast").public["die"] == 0 and river(plain) == {"S12": 1}


def test_21_placement_onto_an_anglers_section_does_not_catch():
    state = build(active=2, hands={2: ["C1a"], 0: ["S13", "W01", "C1b", "C2b"]}, anglers={5: "L1"})
    play(state, 2, "end")
    play(state, 2, "place 5")
    assert river(state) == {"S13": 4} and anglers(state) == {5: "L1"} and "S13" not in pile(state)


def test_22_salmon_arguments():
    state = build(active=0, hands={0: ["C4a"]}, river={"S14": 3, "S15": 4})
    assert "two salmon cover section 4: name one" in refused(state, 0, "cast C4a", "name_a_salmon")
    assert sorted(texts(state, "cast")) == ["cast C4a salmon S14", "cast C4a salmon S15"]
    assert caught(play(bytearray(state), 0, "cast C4a salmon S15"), 0) == ["S15"]
    state = build(active=0, hands={0: ["C4a"]}, river={"S15": 4})
    assert "no salmon choice at section 4" in refused(state, 0, "cast C4a salmon S15", "no_salmon_choice")
    assert caught(play(state, 0, "cast C4a"), 0) == ["S15"]


def test_23_rigged_deal():
    order = "S01,C1a,T1,W01,C2a,E1,C3a,B1,L1,C4a,C5a,C6a,S02"
    state = alaska.new(3, {"deck": order}, 5)
    assert hand(state, 1) == ["C1a", "C2a", "B1", "C5a"] and hand(state, 2) == ["T1", "E1", "L1", "C6a"]
    dealt = {e.public["seat"]: e.private["cards"] for e in alaska.setup_events(state) if e.kind == "dealt"}
    assert sorted(dealt[0]) == ["C3a", "C4a", "S01", "W01"]
    assert view(state)["deck_count"] == 54
    deck = list(state[alaska_deck_slice(state)])
    from engines.alaska.declarations import CARD_IDS
    assert [CARD_IDS[c] for c in deck[:4]] == ["S02", "S03", "S04", "S05"]
    assert phase(state) == "place" and alaska.to_act(state) == [2]
    play(state, 2, "place 6")
    assert river(state) == {"S01": 5} and hand(state, 0) == ["C3a", "C4a"] and pile(state) == ["W01"]


def alaska_deck_slice(state):
    from engines.alaska.state import STATE
    at = STATE.at
    return slice(at.deck + state[at.deck_top], at.deck + state[at.deck_end])
