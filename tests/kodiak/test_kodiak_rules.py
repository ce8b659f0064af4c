"""The test cases of shared/rules/kodiak.md §13, one test each (named after the case).

Unless a test says otherwise: 4 players, first_kodiak 0 (Kodiak = seat 0, mice 1-3),
default options, the deal rigged with option `deck` (kodiak_testlib.rig).
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kodiak_testlib import (cards_at, event, everyone_passes_but, kinds, kodiak, moves_of, play, refused,  # noqa: E402
                            rig, slot_view)


def test_01_setup():
    state = rig(slots={1: ["N1-1"], 2: ["N2-1"], 3: ["N3-1"], 0: ["N4-1"]}, draws=["N5-1"])
    assert len(kodiak.new(4, None, 1)) == len(state)
    view = kodiak.view(state, None)
    assert [s["card_count"] for s in view["seats"]] == [3, 3, 3, 3]
    assert view["deck_count"] == 59 and view["phase"] == "exchange" and view["active_seat"] == 0
    assert kodiak.to_act(state) == [0] and moves_of(state) == ["exchange 0", "exchange 1", "exchange 2"]
    # dealing starts at seat 1: the first card of the deck is seat 1's slot 0
    assert cards_at(state, 1)[0] == "N1-1" and cards_at(state, 0)[0] == "N4-1"
    events = kodiak.setup_events(state)
    deal = [e for e in events if e.kind == "deal"]
    assert deal[0].public["deck_count"] == 60 and deal[1].private == {"card": "N1-1"}
    for seat in range(4):
        mine = kodiak.view(state, seat)
        for s in range(4):
            for entry in mine["seats"][s]["slots"]:
                assert (entry["card"] is not None) == (s == seat and entry["slot"] == 0)
        assert mine["held"]["card"] == ("N5-1" if seat == 0 else None)
    assert view["held"] == {"seat": 0, "card": None}


def test_02_mandatory_exchange_and_window():
    state = rig(slots={0: [None, "N7-2"]}, draws=["N5-1"])
    assert not [m for m in moves_of(state) if not m.startswith("exchange")]  # no discard of the drawn card
    refused(state, 0, "throw 0", "kodiak_cannot_throw")  # no window yet, Kodiak still cannot throw
    events = play(state, 0, "exchange 1")
    assert cards_at(state, 0)[1] == "N5-1"
    view = kodiak.view(state, None)
    assert view["discard"] == ["N7-2"] and view["window"]["rune"] == "SEVEN" and view["window"]["phase"] == "open"
    assert event(events, "exchanged").public == {"seat": 0, "slot": 1, "card": "N7-2", "beside": False}
    assert sorted(kodiak.to_act(state)) == [0, 1, 2, 3]
    for mouse in (1, 2, 3):
        assert sorted({m.split()[0] for m in moves_of(state, mouse)}) == ["pass", "throw"]
    assert sorted({m.split()[0] for m in moves_of(state, 0)}) == ["pass", "pounce"]
    refused(state, 0, "throw 0", "kodiak_cannot_throw", "Kodiak cannot throw")


def escape_setup():
    """Seat 0 exchanges out N7-2 (R = SEVEN); seat 2 holds N7-3 at 2.0 and N7-5 at 2.2."""
    state = rig(slots={0: [None, "N7-2", "N7-1"], 2: ["N7-3", None, "N7-5"]}, draws=["N5-1", "N8-1", "N8-2"])
    play(state, 0, "exchange 1")
    return state


def test_03_escape_and_the_too_slow_mouse():
    state = escape_setup()
    events = play(state, 2, "throw 0")
    assert event(events, "thrown").public == {"seat": 2, "slot": 0, "card": "N7-3", "correct": True}
    assert kodiak.view(state, None)["window"]["escapee"] == 2
    refused(state, 3, "throw 1", "mouse_escaping", "mouse 2 is escaping")
    refused(state, 0, "pounce 0 1.0", "wait_for_escape")
    play(state, 2, "throw 2")
    assert kodiak.view(state, None)["seats"][2]["card_count"] == 1
    play(state, 2, "done")
    assert kodiak.view(state, None)["window"]["phase"] == "counter" and kodiak.to_act(state) == [0]
    events = play(state, 0, "pass")
    assert "window_closed" in kinds(events)
    view = kodiak.view(state, None)
    assert view["active_seat"] == 1 and view["phase"] == "exchange" and view["seats"][2]["card_count"] == 1


def test_04_counter_pounce():
    state = escape_setup()
    play(state, 2, "throw 0")
    play(state, 2, "throw 2")
    play(state, 2, "done")
    events = play(state, 0, "counter 2")
    assert event(events, "counter").public["success"] is True
    view = kodiak.view(state, None)
    assert view["discard"][-1] == "N7-1" and view["seats"][0]["card_count"] == 2 and view["catches"] == 1
    assert event(events, "replacement").public == {"seat": 2, "slots": [0, 2]}
    assert view["seats"][2]["card_count"] == 3
    assert slot_view(state, 2, 2, 0)["card"] is None and slot_view(state, 2, 2, 0)["known_by"] == []
    assert view["active_seat"] == 1


def last_card_setup():
    """Seat 3 escapes twice in Kodiak's window (R = TWO) and keeps 3.1 = N4-2; seat 1 then discards N4-1."""
    state = rig(slots={0: ["N4-6", "N2-1", "N9-1"], 1: ["N4-1"], 3: ["N2-2", "N4-2", "N2-3"]},
                draws=["N8-1", "N8-2", "N8-3"])
    play(state, 0, "exchange 1")
    play(state, 3, "throw 0")
    play(state, 3, "throw 2")
    play(state, 3, "done")
    play(state, 0, "pass")
    play(state, 1, "exchange 0")  # N4-1 out: R = FOUR
    events = play(state, 3, "throw 1")
    assert event(events, "thrown").public["correct"] is True
    return state


def test_05_last_card_escape_waits_for_kodiak():
    state = last_card_setup()
    view = kodiak.view(state, None)
    assert view["seats"][3]["card_count"] == 0 and view["window"]["phase"] == "counter"
    assert kodiak.to_act(state) == [0]
    # (a) Kodiak passes: the round ends, seat 3 scores 0
    ended = bytearray(state)
    events = play(ended, 0, "pass")
    end = event(events, "round_end").public
    assert end["round_scores"][3] == 0 and end["reason"] == "out_of_cards" and end["totals"][3] == 0
    assert kodiak.view(ended, None)["round"] == 2
    # (b) Kodiak counters with 0.0 = N4-6: a catch, seat 3 draws one card into 3.1, the round goes on
    events = play(state, 0, "counter 0")
    view = kodiak.view(state, None)
    assert view["catches"] == 1 and view["seats"][3]["card_count"] == 1 and "round_end" not in kinds(events)
    assert event(events, "replacement").public == {"seat": 3, "slots": [1]}
    assert view["round"] == 1 and view["active_seat"] == 2


def lens_pounce_setup():
    state = rig(slots={0: ["N6-4", "LENS-1"], 1: ["N6-1"]}, draws=["N5-1", "N8-1"])
    play(state, 0, "exchange 1")
    play(state, 0, "look 1.0")
    return state


def test_06_pounce_with_an_identical_paw():
    state = lens_pounce_setup()
    assert slot_view(state, 2, 1, 0)["card"] == "N6-1" and slot_view(state, 2, 1, 0)["face_up"]
    assert slot_view(state, 0, 0, 0)["card"] == "N6-4"
    events = play(state, 0, "pounce 0 1.0")
    assert event(events, "pounce").public["success"] is True
    view = kodiak.view(state, None)
    assert view["discard"][-2:] == ["N6-1", "N6-4"]
    assert event(events, "replacement").public == {"seat": 1, "slots": [0]}
    assert slot_view(state, 1, 1, 0)["card"] is None and not slot_view(state, 1, 1, 0)["face_up"]
    assert view["seats"][0]["card_count"] == 2 and view["catches"] == 1


def test_07_failed_pounce():
    state = rig(slots={0: ["N1-1", "N3-1"], 2: [None, None, "N8-2"]}, draws=["N5-1", "N9-4"])
    play(state, 0, "exchange 0")
    events = play(state, 0, "pounce 1 2.2")
    assert event(events, "pounce").public["success"] is False
    for seat, slot in ((0, 1), (2, 2)):
        assert slot_view(state, 3, seat, slot)["known_by"] == [0, 1, 2, 3]
    assert slot_view(state, 3, 2, 2)["card"] == "N8-2" and slot_view(state, 1, 0, 1)["card"] == "N3-1"
    assert event(events, "penalty").public == {"seat": 0, "slot": 3}
    view = kodiak.view(state, None)
    assert view["seats"][0]["card_count"] == 4 and view["catches"] == 0 and view["window"]["phase"] == "open"
    assert 0 in kodiak.to_act(state)


def test_08_hairball_joker():
    state = rig(slots={0: ["N1-1", None, "BALL-1"], 3: ["N9-1"]}, draws=["N5-1"])
    play(state, 0, "exchange 0")
    before = kodiak.score(state).seats[0].breakdown["table_points"]
    events = play(state, 0, "pounce 2 3.0")
    assert event(events, "pounce").public["success"] is True
    view = kodiak.view(state, None)
    assert view["discard"][-2:] == ["N9-1", "BALL-1"] and view["catches"] == 1
    assert kodiak.score(state).seats[0].breakdown["table_points"] == before - 10


def test_09_hairball_exchanged_out():
    state = rig(slots={0: ["N1-1"], 1: [None, "BALL-2"]}, draws=["N5-1", "N2-2"])
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    pile = kodiak.view(state, None)["discard"]
    events = play(state, 1, "exchange 1")
    assert event(events, "exchanged").public == {"seat": 1, "slot": 1, "card": "BALL-2", "beside": True}
    view = kodiak.view(state, None)
    assert view["discard"] == pile and view["seats"][1]["beside"] == ["BALL-2"] and view["window"]["rune"] is None
    assert kodiak.to_act(state) == [0]
    refused(state, 2, "throw 0", "no_discard", "no card was discarded this turn")
    score = kodiak.score(state).seats[1]
    assert score.breakdown["beside"] == 5 and score.round == score.breakdown["table_points"] + 5


def test_10_look_other_by_a_mouse():
    state = rig(slots={0: ["N1-1"], 1: [None, "LENS-1"]}, draws=["N5-1", "N2-2"])
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    play(state, 1, "exchange 1")
    assert kodiak.view(state, None)["phase"] == "action"
    refused(state, 1, "look 0.1", "kodiak_cards_not_lookable", "Kodiak's cards cannot be looked at")
    refused(state, 1, "look 1.0", "choose_another_mouse", "choose another mouse")
    play(state, 1, "look 3.2")
    for viewer in (None, 0, 2):
        entry = slot_view(state, viewer, 3, 2)
        assert entry["face_up"] and entry["card"] is not None
    assert kodiak.view(state, None)["phase"] == "hunt"
    everyone_passes_but(state)
    play(state, 2, "exchange 0")
    assert slot_view(state, None, 3, 2)["face_up"]  # stays face up until it leaves 3.2
    everyone_passes_but(state)
    play(state, 3, "exchange 2")
    assert slot_view(state, None, 3, 2)["card"] is None and not slot_view(state, None, 3, 2)["face_up"]


def test_11_swap_with_kodiak():
    state = rig(slots={0: ["N1-1", "N9-2"], 2: ["N3-3", None, "SWAP-2"]}, draws=["N5-1", "N2-2", "N2-3"])
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    play(state, 1, "exchange 0")
    everyone_passes_but(state)
    play(state, 2, "exchange 2")
    refused(state, 2, "swap 2.0 0.1", "mice_never_choose_kodiak_card", "mice never choose Kodiak's card")
    assert "swap 2.0 0.?" in moves_of(state, 2) and not [m for m in moves_of(state) if m.startswith("swap 0.")]
    events = play(state, 2, "swap 0.? 2.0")  # either order, one move
    assert event(events, "swap_asked").public == {"seat": 2, "position": "2.0"}
    assert kodiak.view(state, None)["phase"] == "kodiak_pick" and kodiak.to_act(state) == [0]
    refused(state, 2, "pick 1", "not_your_turn")
    play(state, 0, "pick 1")
    assert cards_at(state, 2)[0] == "N9-2" and cards_at(state, 0)[1] == "N3-3"
    assert slot_view(state, 2, 0, 1)["card"] == "N3-3"  # knowledge follows the card (memory_aid follow)
    assert kodiak.view(state, None)["phase"] == "hunt"


def test_12_red_king_needs_two_different_actions():
    state = rig(slots={0: ["N1-1"], 3: [None, "RK-1"]}, draws=["N5-1", "N2-2", "N2-3", "N2-4"])
    for seat in (0, 1, 2):
        play(state, seat, "exchange 0")
        everyone_passes_but(state)
    play(state, 3, "exchange 1")
    play(state, 3, "lookown 2")
    assert kodiak.view(state, None)["action"]["steps_done"] == ["lookown"]
    refused(state, 3, "lookown 0", "red_king_different", "red king: the second action must be a different one")
    play(state, 3, "look 1.1")
    assert kodiak.view(state, None)["phase"] == "hunt"


def blue_king_state(**options):
    state = rig(slots={0: ["N1-1"], 1: [None, None, "BK-1"]}, draws=["N5-1", "N2-2"], **options)
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    play(state, 1, "exchange 2")
    return state


def test_13_blue_king_versus_kodiak():
    state = blue_king_state()
    refused(state, 1, "reveal 0.2", "blue_king_not_kodiak")
    play(state, 1, "reveal 2.1")
    assert slot_view(state, 3, 2, 1)["face_up"]
    state = blue_king_state(blue_king_kodiak="true")
    play(state, 1, "reveal 0.2")
    assert slot_view(state, 3, 0, 2)["face_up"]


def test_14_thrown_action_cards_do_nothing():
    state = rig(slots={0: ["N1-1"], 2: [None, "EYE-3"], 3: ["EYE-2"]}, draws=["N5-1", "N2-2", "N2-3", "N2-4"])
    for seat in (0, 1, 2):
        play(state, seat, "exchange 2")
        everyone_passes_but(state)
    play(state, 3, "exchange 0")
    play(state, 3, "lookown 1")
    assert kodiak.view(state, None)["window"]["rune"] == "EYE"
    events = play(state, 2, "throw 1")
    assert event(events, "thrown").public["correct"] is True and "action" not in kinds(events)
    assert kodiak.view(state, None)["window"]["phase"] == "escaping" and kodiak.view(state, None)["action"] is None


def test_15_mouse_wrong_throw():
    state = rig(slots={0: ["N5-2"], 1: [None, None, "N6-5"]}, draws=["N1-1"])
    play(state, 0, "exchange 0")
    assert kodiak.view(state, None)["window"]["rune"] == "FIVE"
    events = play(state, 1, "throw 2")
    assert event(events, "thrown").public == {"seat": 1, "slot": 2, "card": "N6-5", "correct": False}
    assert event(events, "penalty").public == {"seat": 1, "slot": 3}
    assert slot_view(state, 0, 1, 2)["card"] == "N6-5" and slot_view(state, None, 1, 2)["known_by"] == [0, 1, 2, 3]
    window = kodiak.view(state, None)["window"]
    assert window["phase"] == "open" and 1 not in window["passed"] and 1 in kodiak.to_act(state)


def test_16_kodiak_maximum_of_minus_15():
    state = rig(slots={0: ["N6-4", "N2-1", "BALL-1"], 1: ["N6-1"], 2: ["N1-4"], 3: ["N2-2"]},
                draws=["N1-3", "N9-1", "N9-2", "N9-3"])
    play(state, 0, "exchange 1")  # N2-1 out: R = TWO; paws N6-4, N1-3, BALL-1
    play(state, 0, "pounce 0 1.0")
    play(state, 0, "pounce 1 2.0")
    play(state, 3, "throw 0")
    play(state, 3, "done")
    events = play(state, 0, "counter 2")  # the hairball as the last paw
    end = event(events, "round_end").public
    assert end["catches"] == 3 and end["round_scores"][0] == -15 and end["table"][0] == []
    # with one hairball beside him: -10 (three pounces after laying BALL-2 beside)
    state = rig(slots={0: ["N6-4", "BALL-2", "N1-3"], 1: ["N6-1"], 2: ["N5-2"], 3: ["N1-4"]}, draws=["N5-1"])
    play(state, 0, "exchange 1")
    play(state, 0, "pounce 0 1.0")
    play(state, 0, "pounce 1 2.0")
    end = event(play(state, 0, "pounce 2 3.0"), "round_end").public
    assert end["round_scores"][0] == -10 and end["beside"][0] == ["BALL-2"]


def test_17_mouse_scoring_with_hairballs():
    state = rig(slots={0: ["N6-4", "N6-5", "N7-1"], 1: ["N6-1", "N6-2", "N2-1"], 2: ["N4-1", "BALL-4", "BOLT-2"]},
                draws=["N6-6", "N6-3", "BALL-3"])
    play(state, 0, "exchange 2")
    everyone_passes_but(state)
    play(state, 1, "exchange 2")
    everyone_passes_but(state)
    play(state, 2, "exchange 1")  # BALL-3 in, BALL-4 beside
    assert kodiak.score(state).seats[2].round == 29
    play(state, 0, "pounce 0 1.0")
    play(state, 0, "pounce 1 1.1")
    end = event(play(state, 0, "pounce 2 1.2"), "round_end").public
    assert end["round_scores"][2] == 4 + 10 + 10 + 5 == 29
    assert sorted(c["card"] for c in end["table"][2]) == ["BALL-3", "BOLT-2", "N4-1"]


def test_18_mouse_escapes_three_times():
    state = rig(slots={0: [None, None, "N2-1"], 1: [None, None, "N3-1"], 2: [None, None, "N4-1"],
                       3: ["N2-2", "N3-2", "N4-2"]}, draws=["N9-1", "N9-2", "N9-3"])
    for seat, slot in ((0, 0), (1, 1), (2, 2)):
        play(state, seat, "exchange 2")
        play(state, 3, f"throw {slot}")
        if slot < 2:
            play(state, 3, "done")
        events = play(state, 0, "pass")
    end = event(events, "round_end").public
    assert end["round_scores"][3] == 0 and end["reason"] == "out_of_cards"


def test_19_kodiak_rotation_and_game_end():
    state = kodiak.new(3, {"cycles": "1"}, seed=5)
    seen = []
    step = 0
    while not kodiak.is_finished(state):
        view = kodiak.view(state, None)
        if not seen or seen[-1][0] != view["round"]:
            seen.append((view["round"], view["kodiak"]))
        listed = kodiak.legal_moves(state)
        kodiak.apply_in_place(state, listed[(step * 7) % len(listed)])
        step += 1
    assert seen == [(1, 0), (2, 1), (3, 2)]
    # the spec's totals: rounds (-5, 12, 30), (8, -10, 21), (14, 9, 2)
    from engines.kodiak.state import MAX_SEATS, STATE
    rounds = [(-5, 12, 30), (8, -10, 21), (14, 9, 2)]
    for r, row in enumerate(rounds):
        for s, value in enumerate(row):
            STATE.write(state, "round_scores", value, r * MAX_SEATS + s)
    for s in range(3):
        STATE.write(state, "totals", sum(row[s] for row in rounds), s)
    kodiak.validate(state)
    score = kodiak.score(state)
    assert [x.total for x in score.seats] == [17, 11, 53] and score.winners == (1,) and score.finished
    assert [x.rank for x in score.seats] == [2, 1, 3] and kodiak.view(state, None)["winners"] == [1]


def test_20_mouse_pounce_refused():
    state = rig(slots={0: ["N5-2"]}, draws=["N1-1"])
    play(state, 0, "exchange 0")
    refused(state, 2, "pounce 0 3.1", "only_kodiak_pounces", "only Kodiak can pounce")
    refused(state, 0, "counter 1", "no_escape_to_counter", "no escape to counter")


def test_21_rigged_deal():
    deck = "N1-1,N2-1,N3-1,N4-1,N1-2,N2-2,N3-2,N4-2,N1-3,N2-3,N3-3,N4-3,N5-1"
    state = kodiak.new(4, {"deck": deck})
    assert list(cards_at(state, 1).values()) == ["N1-1", "N1-2", "N1-3"]
    assert list(cards_at(state, 2).values()) == ["N2-1", "N2-2", "N2-3"]
    assert list(cards_at(state, 3).values()) == ["N3-1", "N3-2", "N3-3"]
    assert list(cards_at(state, 0).values()) == ["N4-1", "N4-2", "N4-3"]
    assert kodiak.view(state, 0)["held"]["card"] == "N5-1"


def test_22_deck_runs_out():
    state = rig(slots={0: ["N1-1", "N9-1"], 1: ["N2-1", "N9-2"], 3: ["N3-1", "N3-2", "N3-3"]},
                draws=["N8-1", "N8-2"])
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    play(state, 1, "exchange 1")  # R = NINE
    while kodiak.view(state, None)["deck_count"] > 0:
        events = play(state, 0, "pounce 0 1.0")  # N8-1 on N2-1: a miss, a penalty card
        assert event(events, "pounce").public["success"] is False
    assert "penalty" in kinds(events)  # the last deck card became Kodiak's penalty card
    events = play(state, 3, "throw 0")
    assert event(events, "thrown").public["correct"] is False and "penalty" not in kinds(events)
    assert 3 in kodiak.view(state, None)["window"]["passed"] and 3 not in kodiak.to_act(state)
    assert slot_view(state, 1, 3, 0)["card"] == "N3-1"
    for seat in (0, 1):
        play(state, seat, "pass")
    events = play(state, 2, "pass")
    end = event(events, "round_end").public
    assert end["reason"] == "deck_empty" and end["round"] == 1
    assert end["round_scores"][3] == 3 + 3 + 3
    assert kodiak.view(state, None)["round"] == 2 and kodiak.view(state, None)["kodiak"] == 1
