"""Hats: the 22 test cases of shared/rules/hats.md §13, one test each, through the Python API.

Unless a test says otherwise: 3 players, start seat 0, and the deal rigged with option
`deck` (§3.2) so that the named cards are where the case says. Positions are reached by
real play; only the exact final totals of cases 17 and 18 use a constructed state
(`hats_testlib.construct_finished`).
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines import BadMoveText, BadOption, IllegalMove  # noqa: E402
from hats_testlib import (  # noqa: E402
    STANDARD, SplitMix, construct_finished, draw_deck, finish_with_blacks, hand, hats, kinds, legal_infos, legal_texts,
    play, public_text, refuse, refuse_code, rig, spare_black, spec_cookie_key, turn, view,
)

CASE22_DECK = "Y2,G6,R1,B3,P4,Y5,R4,O1,W3,P6,P5,O3,W5,P2,R2"


def beats_or_higher(card: str, on_table: str) -> bool:
    """§6 exchange rule: same type, or a strictly higher number."""
    return card[0] == on_table[0] or int(card[1]) > int(on_table[1])


def test_registry_gives_hats():
    assert engines.get("hats") is hats
    assert hats.info.id == "hats" and (hats.info.min_seats, hats.info.max_seats) == (2, 4)
    assert {o.name for o in hats.info.options} == {"start_seat", "removed_types", "tiebreak", "deck"}


# -- 1-3: setup ---------------------------------------------------------------------------

def test_13_01_setup_3_players():
    state = hats.new(3, {"deck": CASE22_DECK})
    v = view(state)
    assert v["table"] == CASE22_DECK.split(",")[:6]  # the first 6 deck cards, face up
    assert [s["hand_count"] for s in v["seats"]] == [9, 9, 9]
    assert (v["deck_count"], v["discard_count"], v["cookie_holder"]) == (9, 0, None)
    assert (v["active_seat"], v["phase"], v["to_act"], v["optional_used"]) == (0, "main", [0], False)
    assert all(s["played"] == 0 and s["collection"] == [] and s["black_hat_count"] == 0 for s in v["seats"])
    # LegalMoves: only seat-0 moves; every legal exchange, black for and discard for every hand card.
    infos = legal_infos(state)
    assert {i.seat for i in infos} == {0}
    texts = [i.text for i in infos]
    assert len(texts) == len(set(texts))
    h = hand(state, 0)
    expected = {f"exchange {c} {k + 1}" for c in h for k, t in enumerate(v["table"]) if beats_or_higher(c, t)}
    expected |= {f"black {c}" for c in h} | {f"discard {c}" for c in h}
    assert set(texts) == expected
    # Parsing each listed text gives the same code back.
    for m in hats.legal_moves(state):
        assert hats.parse_move(state, 0, hats.format_move(state, m)) == m


def test_13_02_setup_2_players_removed_types():
    state = rig(2, hands={0: ["R3"]}, removed_types="O,W")
    v = view(state)
    assert v["removed_types"] == ["O", "W"]
    assert len(v["table"]) == 5
    assert [s["hand_count"] for s in v["seats"]] == [9, 9]
    assert v["deck_count"] == 7
    deck = [STANDARD[c] for c in draw_deck(state)]  # the draw deck's ids, top first
    cards = v["table"] + hand(state, 0) + hand(state, 1) + deck
    assert len(cards) == len(set(cards)) == 30
    assert not [c for c in cards if c[0] in "OW"]
    assert "R3" in hand(state, 0)
    refuse(state, 0, "exchange R3 6", "no such space")
    assert not [t for t in legal_texts(state) if t.startswith("exchange") and t.endswith(" 6")]
    # The same with the setup shuffle (no deck option).
    shuffled = hats.new(2, {"removed_types": "O,W"}, seed=11)
    sv = view(shuffled)
    seen = sv["table"] + hand(shuffled, 0) + hand(shuffled, 1)
    assert (len(sv["table"]), sv["deck_count"], len(set(seen))) == (5, 7, 23)
    assert not [c for c in seen if c[0] in "OW"]


def test_13_03_setup_4_players():
    state = rig(4, hands={0: ["W1"]})
    v = view(state)
    assert v["deck_count"] == 0 and v["teams"] == [[0, 2], [1, 3]]
    assert [s["hand_count"] for s in v["seats"]] == [9, 9, 9, 9]
    assert hats.score(state).teams == ((0, 2), (1, 3))
    refuse(state, 0, "discard W1", "discard/draw is replaced by the partner exchange with 4 players")
    texts = legal_texts(state)
    assert "offer W1" in texts and not [t for t in texts if t.startswith("discard")]
    new, events = play(state, 0, "offer W1")
    assert view(new)["phase"] == "partner" and kinds(events) == ["offered"]


# -- 4-8: moves -----------------------------------------------------------------------------

def test_13_04_same_type_exchange_with_lower_number():
    state = rig(table={3: "R5"}, hands={0: ["R2"]})
    assert "exchange R2 3" in legal_texts(state)
    state, events = play(state, 0, "exchange R2 3")
    v = view(state, 0)
    assert v["table"][2] == "R2"
    assert v["seats"][0]["collection"] == ["R5"]
    assert v["seats"][0]["hand_count"] == 8 and "R2" not in v["hand"]
    assert v["seats"][0]["played"] == 1
    assert v["cookie_holder"] == 0
    assert (v["phase"], v["active_seat"], v["optional_used"]) == ("after", 0, False)
    assert events[0].kind == "exchanged"
    assert dict(events[0].public) == {"seat": 0, "card": "R2", "space": 3, "taken": "R5"}
    assert [dict(e.public) for e in events if e.kind == "cookie_moved"] == [{"from": None, "to": 0}]


@pytest.mark.parametrize("on_space_2, legal", [("G3", True), ("G4", False), ("G5", False)])
def test_13_05_higher_number_rule(on_space_2, legal):
    state = rig(table={2: on_space_2}, hands={0: ["B4"]})
    assert ("exchange B4 2" in legal_texts(state)) is legal
    if legal:
        state, _ = play(state, 0, "exchange B4 2")
        assert view(state)["table"][1] == "B4" and view(state)["seats"][0]["collection"] == [on_space_2]
    else:  # equal is not higher
        refuse(state, 0, "exchange B4 2", "must be same type or a higher number")


def test_13_06_black_hat():
    state = rig(hands={0: ["R1"], 1: ["Y6"]})
    state, _ = turn(state, 0, "black R1")          # seat 0: a black hat only, key (1, [])
    assert view(state)["cookie_holder"] == 0
    state, events = play(state, 1, "black Y6")
    assert view(state, 1)["black_hats"] == ["Y6"]
    v0 = view(state, 0)
    assert v0["seats"][1]["black_hat_count"] == 1 and v0["seats"][1]["collection"] == []
    for seat in (0, 2, None):
        assert "Y6" not in public_text(state, seat)
    ev = events[0]
    assert ev.kind == "black_hat" and dict(ev.public) == {"seat": 1}
    assert dict(ev.private) == {"card": "Y6"} and ev.private_to == (1,)
    assert dict(ev.seen_by(0).private) == {} and dict(ev.seen_by(None).private) == {}
    # Cookie check: seat 1's key is types 1, values []; equal to seat 0's, so the holder keeps it.
    assert spec_cookie_key(view(state)["seats"][1]) == (1, [])
    assert "cookie_moved" not in kinds(events) and view(state)["cookie_holder"] == 0


def test_13_06b_black_hat_key_loses_to_a_face_up_value():
    # Types 1, values [] against types 1, values [6]: the missing value counts higher.
    state = rig(table={1: "R6"}, hands={0: ["R1"], 1: ["Y6"]})
    state, _ = turn(state, 0, "exchange R1 1")
    state, events = play(state, 1, "black Y6")
    assert view(state)["cookie_holder"] == 0 and "cookie_moved" not in kinds(events)
    # ...and a black hat alone beats an empty collection (start seat 1 plays first).
    state = rig(hands={1: ["Y6"]}, start_seat=1)
    state, events = play(state, 1, "black Y6")
    assert view(state)["cookie_holder"] == 1
    assert [dict(e.public) for e in events if e.kind == "cookie_moved"] == [{"from": None, "to": 1}]


def test_13_07_optional_action_before_main_action():
    state = rig(hands={0: ["W1", "R6"]}, deck_top=["G3"])
    state, events = play(state, 0, "discard W1")
    v = view(state, 0)
    assert (v["discard_count"], v["deck_count"]) == (1, 8)
    assert "W1" not in v["hand"] and "G3" in v["hand"] and len(v["hand"]) == 9
    assert v["own_discards"] == ["W1"]
    assert view(state, 1)["own_discards"] == [] and "W1" not in public_text(state, 1)
    assert (v["phase"], v["active_seat"], v["optional_used"]) == ("main", 0, True)
    ev = events[0]
    assert ev.kind == "discarded_drew" and dict(ev.public) == {"seat": 0}
    assert dict(ev.private) == {"discarded": "W1", "drawn": "G3"} and ev.private_to == (0,)
    refuse(state, 0, "discard R6", "optional action already used")
    assert not [t for t in legal_texts(state) if t.startswith("discard")]
    state, _ = play(state, 0, "exchange R6 1")
    v = view(state)
    assert (v["active_seat"], v["phase"], v["optional_used"]) == (1, "main", False)


def test_13_08_optional_action_after_main_action():
    state = rig(hands={0: ["G2", "R6"]})
    state, _ = play(state, 0, "black G2")
    assert view(state)["phase"] == "after"
    assert sorted(legal_texts(state)) == sorted([f"discard {c}" for c in hand(state, 0)] + ["end"])
    refuse(state, 0, "exchange R6 1", "not in main phase")
    refuse(state, 0, "black R6", "not in main phase")
    state, _ = play(state, 0, "end")
    v = view(state)
    assert (v["active_seat"], v["phase"], v["optional_used"]) == (1, "main", False)


# -- 9: reshuffle ----------------------------------------------------------------------------------

def test_13_09_reshuffle_2_players():
    seed = 99
    state = rig(2, hands={1: ["Y4"]}, removed_types="O,W", seed=seed)
    discarded = []
    for t in range(7):  # seats 0,1,0,1,0,1,0: each discards first, then plays a black hat
        seat = t % 2
        card = next(c for c in hand(state, seat) if c != "Y4")
        state, events = turn(state, seat, f"discard {card}", "black *", keep=["Y4"])
        discarded.append(card)
        v = view(state)
        assert v["deck_count"] + v["discard_count"] == 7
        assert "reshuffled" not in kinds(events)
    v = view(state)
    assert (v["deck_count"], v["discard_count"], v["active_seat"]) == (0, 7, 1)
    state, events = play(state, 1, "discard Y4")
    v = view(state, 1)
    assert (v["deck_count"], v["discard_count"]) == (7, 0)
    assert kinds(events) == ["reshuffled", "discarded_drew"]
    # The new deck is the 8 pile cards; the event reports its count (before seat 1 draws).
    assert dict(events[0].public) == {"deck_count": 8}
    # The RNG's first use (deck option, explicit removed types): the pile in discard order,
    # Y4 last, shuffled; seat 1 draws the top card.
    new_deck = SplitMix(seed).shuffle(discarded + ["Y4"])
    drawn = events[1].private["drawn"]
    assert drawn == new_deck[0] and drawn in v["hand"]
    assert [STANDARD[c] for c in draw_deck(state)] == new_deck[1:]
    assert v["own_discards"] == [] and view(state, 0)["own_discards"] == []  # knowledge cleared


# -- 10: partner exchange --------------------------------------------------------------------------

def test_13_10_partner_exchange_4_players():
    state = rig(4, hands={1: ["G5"], 3: ["R1"]})
    state, _ = turn(state, 0, "black *", keep=["G5", "R1"])
    state, events = play(state, 1, "offer G5")
    v = view(state)
    assert (v["phase"], v["active_seat"], v["to_act"]) == ("partner", 1, [3])
    assert kinds(events) == ["offered"] and events[0].private_to == (1,)
    assert dict(events[0].seen_by(3).private) == {}
    infos = legal_infos(state)
    assert {(i.seat, i.kind) for i in infos} == {(3, "return")}
    assert sorted(i.args["card"] for i in infos) == sorted(hand(state, 3))
    assert view(state, 1)["offered_card"] == "G5"
    for seat in (0, 2, 3, None):  # the offer is face down: only seat 1 knows it
        assert view(state, seat)["offered_card"] is None and "G5" not in public_text(state, seat)
    refuse(state, 3, "return G5", "card not in hand")
    refuse(state, 1, f"black {hand(state, 1)[0]}", "partner must return a card")
    refuse(state, 0, f"exchange {hand(state, 0)[0]} 1", "partner must return a card")
    state, events = play(state, 3, "return R1")
    assert "R1" in hand(state, 1) and "G5" not in hand(state, 1)
    assert "G5" in hand(state, 3) and "R1" not in hand(state, 3)
    v = view(state, 1)
    assert (v["phase"], v["active_seat"], v["optional_used"]) == ("main", 1, True)
    ev = events[0]
    assert ev.kind == "partner_exchange" and dict(ev.public) == {"seat": 1, "partner": 3}
    assert dict(ev.private) == {"offered": "G5", "returned": "R1"} and set(ev.private_to) == {1, 3}
    for seat in (0, 2, None):
        assert dict(ev.seen_by(seat).private) == {}
        assert "G5" not in public_text(state, seat) and "R1" not in public_text(state, seat)
        assert view(state, seat)["known_cards"] == []
    assert view(state, 1)["known_cards"] == [{"seat": 3, "card": "G5"}]
    assert view(state, 3)["known_cards"] == [{"seat": 1, "card": "R1"}]
    refuse(state, 1, f"offer {hand(state, 1)[0]}", "optional action already used")


# -- 11-14: the end of a rigged game -----------------------------------------------------------------
# Seat 0 collects R4, O1, W3, P6, P5, O3, W5 (in that order) and one black hat by play, so
# that the final table is 1:Y2 2:G6 3:R1 4:B3 5:P4 6:Y5 and its last card is P2:
#   R1 on 3 (R4)  Y2 on 1 (O1)  W5 on 2 (W3)  P5 on 5 (P6)  P4 on 5 (P5)  Y5 on 6 (O3)  G6 on 2 (W5)
# Seat 1 puts B3 on space 4 (taking B2), keeps O6 to the end and plays black hats; seat 2
# plays black hats only.
WORKED_TABLE = ["O1", "W3", "R4", "B2", "P6", "O3"]
WORKED_SEAT0 = ["R1", "Y2", "W5", "P5", "P4", "Y5", "G6", "B1", "P2"]
WORKED_SEAT0_MAIN = ["exchange R1 3", "exchange Y2 1", "exchange W5 2", "exchange P5 5", "exchange P4 5",
                     "exchange Y5 6", "exchange G6 2", "black B1"]


def worked_example_game():
    """(final state, every event) of the game described above."""
    keep = set(WORKED_SEAT0) | {"B3", "O6"}
    state = rig(table=WORKED_TABLE, hands={0: WORKED_SEAT0, 1: ["B3", "O6"]})
    events = []
    for t, main in enumerate(WORKED_SEAT0_MAIN):
        for seat, text in ((0, main), (1, "exchange B3 4" if t == 0 else "black *"), (2, "black *")):
            state, ev = turn(state, seat, text, keep=keep)
            events += ev
    assert hats.is_finished(state)
    return state, events


@pytest.fixture(scope="module")
def worked_game():
    return worked_example_game()


@pytest.fixture
def worked(worked_game):
    return worked_game[0]


def test_13_11_worked_example_hat_collection(worked):
    v = view(worked)
    assert v["phase"] == "finished"
    assert v["table"] == ["Y2", "G6", "R1", "B3", "P4", "Y5"]
    assert v["face_down_spaces"] == [6]  # yellow is duplicated: space 6 turns face down
    assert v["seats"][0]["collection"] == ["R4", "O1", "W3", "P6", "P5", "O3", "W5"]
    assert v["seats"][0]["black_hat_count"] == 1
    # 3 + 0 + 0 + 5 + 5 + 0 + 0 + 1
    assert hats.score(worked).seats[0].breakdown["collection"] == 14


def test_13_12_worked_example_favourite_hat(worked):
    v = view(worked)
    assert v["seats"][0]["favourite"] == "P2"
    keys = [spec_cookie_key(s) for s in v["seats"]]
    assert keys[0][0] == 5 and all(k[0] < 5 for k in keys[1:])  # R, O, W, P, black
    assert v["cookie_holder"] == 0
    s0 = hats.score(worked).seats[0]
    assert s0.breakdown["favourite"] == 9  # 6 + 5 - 2
    assert s0.breakdown["cookie"] == 5
    assert s0.total == 28  # 14 + 9 + 5
    assert v["scores"][0]["total"] == 28


def test_13_13_negative_favourite(worked):
    v = view(worked)
    seat1 = v["seats"][1]
    assert seat1["favourite"] == "O6"
    assert seat1["collection"] == ["B2"]  # no orange card in the collection
    s1 = hats.score(worked).seats[1]
    assert s1.breakdown["favourite"] == -6  # 0 - 6
    assert s1.breakdown["collection"] == 4 + 7  # B on space 4, 7 black hats
    assert s1.total == 11 - 6


def test_13_14_duplicate_flip_keeps_lowest_space():
    # Seat 0 puts G1 on 1 (taking G5), G4 on 4 (G6), P6 on 6 (P1); seat 1 puts Y5 on 5 (W2).
    keep = ["G1", "G4", "P6", "Y5"]
    state = rig(table=["G5", "B2", "R3", "G6", "W2", "P1"], hands={0: ["G1", "G4", "P6"], 1: ["Y5"]})
    state, _ = turn(state, 0, "exchange G1 1")
    state, _ = turn(state, 1, "exchange Y5 5")
    state, _ = turn(state, 2, "black *", keep=keep)
    state, _ = turn(state, 0, "exchange G4 4")
    state, _ = turn(state, 1, "black *", keep=keep)
    state, _ = turn(state, 2, "black *", keep=keep)
    state, _ = turn(state, 0, "exchange P6 6")
    v = view(state)
    assert v["table"] == ["G1", "B2", "R3", "G4", "Y5", "P6"]
    assert v["seats"][0]["collection"] == ["G5", "G6", "P1"] and v["seats"][1]["collection"] == ["W2"]
    score = hats.score(state)  # mid-game: the flip is applied hypothetically
    assert score.seats[0].breakdown["collection"] == 8  # 1 + 1 + 6
    assert score.seats[1].breakdown["collection"] - score.seats[1].breakdown["black_hats"] == 0
    state, _ = finish_with_blacks(state, keep=keep)
    v = view(state)
    assert v["face_down_spaces"] == [4]  # green on 1 and 4: space 4 turns face down
    score = hats.score(state)
    assert score.finished
    assert score.seats[0].breakdown["collection"] == 8 + 5  # [G5, G6, P1] plus 5 black hats
    assert score.seats[1].breakdown["collection"] == 0 + 7  # [W2] plus 7 black hats


# -- 15-16: cookie ------------------------------------------------------------------------------------

def test_13_15_cookie_black_counts_as_type_then_lowest_value():
    state = rig(table=["R4", "G2", "B1", "Y6", "O5", "W6"],
                hands={0: ["R5", "G1"], 1: ["Y1", "B2"], 2: ["O1", "W1"]})
    keep = ["R5", "G1", "Y1", "B2", "O1", "W1"]
    for seat, text in [(0, "exchange R5 1"), (1, "black *"), (2, "exchange O1 5"), (0, "exchange G1 2"),
                       (1, "exchange Y1 4"), (2, "exchange W1 6"), (0, "black *")]:
        state, _ = turn(state, seat, text, keep=keep)
        assert view(state)["cookie_holder"] == 0
    state, events = turn(state, 1, "exchange B2 3")
    v = view(state)
    keys = [spec_cookie_key(s) for s in v["seats"]]
    assert v["seats"][0]["collection"] == ["R4", "G2"] and keys[0] == (3, [2, 4])
    assert v["seats"][1]["collection"] == ["Y6", "B1"] and keys[1] == (3, [1, 6])
    assert keys[2][0] == 2
    assert v["cookie_holder"] == 1
    assert [dict(e.public) for e in events if e.kind == "cookie_moved"] == [{"from": 0, "to": 1}]


def test_13_16_complete_tie_holder_keeps_cookie():
    state = rig(table=["R3", "G3"], hands={0: ["R1"], 1: ["G1"]})
    state, _ = turn(state, 0, "exchange R1 1")
    assert view(state)["cookie_holder"] == 0
    state, events = turn(state, 1, "exchange G1 2")
    v = view(state)
    assert v["seats"][0]["collection"] == ["R3"] and v["seats"][1]["collection"] == ["G3"]
    assert spec_cookie_key(v["seats"][0]) == spec_cookie_key(v["seats"][1]) == (1, [3])
    assert v["cookie_holder"] == 0 and "cookie_moved" not in kinds(events)


# -- 17-18: final ranking (constructed final positions) ----------------------------------------------
# Table 1:R1 2:O1 3:Y1 4:G1 5:B1 6:P1, so a face-up card of type R/O/Y/G/B/P scores 1/2/3/4/5/6
# and W scores 0. Each seat: (collection, black hats, favourite). The cookie holder has the
# best cookie key in every position (so each is consistent with §7.1).
RANK_TABLE = ["R1", "O1", "Y1", "G1", "B1", "P1"]
# Per seat: collection card values + black hats; favourite = same-type numbers - its number; + 5 for the cookie.
TIE_BLACK = [  # cookie with seat 2
    (["P3", "O3", "B5", "P2", "O4", "P6"], ["G4", "B4"], "O6"),         # 6+2+5+6+2+6 +2 = 29; 3+4-6 = 1; 30
    (["G6", "Y6", "G5", "O2", "Y3", "Y5", "O5"], ["R2"], "G3"),         # 4+3+4+2+3+3+2 +1 = 22; 6+5-3 = 8; 30
    (["R4", "P4", "W5", "W4", "Y4"], ["R5", "B3", "R3"], "W2")]        # 1+6+0+0+3 +3 = 13; 5+4-2 = 7; +5 = 25
TIE_COOKIE = [  # cookie with seat 1
    (["G4", "P5", "B2", "P6", "R2", "P4", "G6"], ["Y5"], "B5"),         # 4+6+5+6+1+6+4 +1 = 33; 2-5 = -3; 30
    (["O6", "Y2", "P3", "R3", "B6", "W6", "Y6"], ["R4"], "W2"),         # 2+3+6+1+5+0+3 +1 = 21; 6-2 = 4; +5 = 30
    (["G3", "O5", "W3", "B3", "G2", "B4"], ["O4", "R6"], "O2")]         # 4+2+0+5+4+5 +2 = 22; 5-2 = 3; 25
TIE_SHARED = [  # cookie with seat 2
    (["B2", "G2", "R5", "R3", "B6", "Y5", "G4"], ["O5"], "R2"),         # 5+4+1+1+5+3+4 +1 = 24; 5+3-2 = 6; 30
    (["Y3", "W6", "G6", "P6", "B4", "Y4", "G3"], ["O6"], "W2"),         # 3+0+4+6+5+3+4 +1 = 26; 6-2 = 4; 30
    (["P4", "Y2", "O3", "W3", "Y6", "O4", "R6", "B3"], [], "B5")]       # 6+3+2+0+3+2+1+5 = 22; 3-5 = -2; +5 = 25
TIE_GERMAN = [  # cookie with seat 1
    (["B3", "O6", "P2", "B2", "R6", "P6"], ["O2", "G3"], "O3"),         # 5+2+6+5+1+6 +2 = 27; 6-3 = 3; 30
    (["Y5", "G6", "R4", "B6", "O4", "R3", "P5"], ["R2"], "B4"),         # 3+4+1+5+2+1+6 +1 = 23; 6-4 = 2; +5 = 30
    (["B5", "G5", "W3", "Y6", "G4", "P4"], ["W6", "W2"], "P3")]         # 5+4+0+3+4+6 +2 = 24; 4-3 = 1; 25


def totals(scores):
    return [s.total for s in scores.seats]


def test_13_17_final_tiebreak():
    black = hats.score(construct_finished(3, RANK_TABLE, TIE_BLACK, cookie=2))
    assert totals(black) == [30, 30, 25]
    assert [s.breakdown["black_hats"] for s in black.seats] == [2, 1, 3]
    assert (black.finished, black.winners, black.tiebreak) == (True, (0,), "black_hats")
    assert [s.rank for s in black.seats] == [1, 2, 3]

    cookie = hats.score(construct_finished(3, RANK_TABLE, TIE_COOKIE, cookie=1))
    assert totals(cookie) == [30, 30, 25]
    assert [s.breakdown["black_hats"] for s in cookie.seats][:2] == [1, 1]
    assert (cookie.winners, cookie.tiebreak) == ((1,), "cookie")

    shared = hats.score(construct_finished(3, RANK_TABLE, TIE_SHARED, cookie=2))
    assert totals(shared) == [30, 30, 25]
    assert [s.breakdown["black_hats"] for s in shared.seats][:2] == [1, 1]
    assert (shared.winners, shared.tiebreak) == ((0, 1), "shared")
    assert [s.rank for s in shared.seats] == [1, 1, 3]

    german = construct_finished(3, RANK_TABLE, TIE_GERMAN, cookie=1, tiebreak="cookie_only")
    g = hats.score(german)
    assert totals(g) == [30, 30, 25]
    assert [s.breakdown["black_hats"] for s in g.seats][:2] == [2, 1]
    assert (g.winners, g.tiebreak) == ((1,), "cookie")
    # The same position under the standard tie-break: the black hats decide for seat 0.
    standard = hats.score(construct_finished(3, RANK_TABLE, TIE_GERMAN, cookie=1))
    assert (standard.winners, standard.tiebreak) == ((0,), "black_hats")
    assert view(german)["winners"] == [1]


TEAM_SEATS = [  # cookie with seat 0
    (["Y3", "R2", "P6", "W6", "B5"], ["O6", "P5", "G2"], "O3"),        # 3+1+6+0+5 +3 = 18; 0-3 = -3; +5 = 20
    (["B4", "R4", "W4", "G6", "W5"], ["Y4", "Y5", "P3"], "G4"),        # 5+1+0+4+0 +3 = 13; 6-4 = 2; 15
    (["O2", "R3", "B2", "G3", "R6"], ["G5", "P2", "O5"], "P4"),        # 2+1+5+4+1 +3 = 16; 0-4 = -4; 12
    (["W3", "B6", "R5", "Y2", "W1", "B3"], ["O4", "Y6"], "W2")]        # 0+5+1+3+0+5 +2 = 16; 3+1-2 = 2; 18


def test_13_18_team_scoring_4_players():
    state = construct_finished(4, RANK_TABLE, TEAM_SEATS, cookie=0)
    score = hats.score(state)
    assert totals(score) == [20, 15, 12, 18]
    assert score.teams == ((0, 2), (1, 3))
    assert (score.winners, score.tiebreak) == ((1, 3), "")  # team A 32, team B 33
    assert [s.rank for s in score.seats] == [2, 1, 2, 1]
    assert view(state)["winners"] == [1, 3]


# -- 19-20: end timing, score mid-game --------------------------------------------------------------

def play_to_last_main_action():
    """3p, start seat 0: every turn a black hat; seat 2 keeps O6; B1 tops the draw deck."""
    state = rig(hands={2: ["O6"]}, deck_top=["B1"])
    for n in range(23):
        state, _ = turn(state, n % 3, "black *", keep=["O6"])
        assert not hats.is_finished(state)
    state, _ = play(state, 2, spare_black(state, 2, keep=["O6"]))
    assert sum(s["played"] for s in view(state)["seats"]) == 24  # the 24th main action, seat 2's 8th
    return state


def test_13_19_end_timing_and_last_optional_action():
    state = play_to_last_main_action()
    v = view(state, 2)
    assert v["hand"] == ["O6"]
    assert (v["phase"], v["active_seat"], hats.is_finished(state)) == ("after", 2, False)
    assert sorted(legal_texts(state)) == ["discard O6", "end"]
    after_discard, events = play(state, 2, "discard O6")
    assert hats.is_finished(after_discard) and view(after_discard)["phase"] == "finished"
    assert events[0].kind == "discarded_drew" and events[0].private["drawn"] == "B1"
    assert "game_end" in kinds(events)
    assert view(after_discard)["seats"][2]["favourite"] == "B1"
    after_end, _ = play(state, 2, "end")
    assert hats.is_finished(after_end)
    assert view(after_end)["seats"][2]["favourite"] == "O6"
    assert hats.legal_moves(after_end) == [] and hats.to_act(after_end) == []
    refuse(after_end, 2, "end", "the game is over")


def test_13_20_score_mid_game():
    state = rig(table=["O1", "Y1", "R5", "G1", "B1", "P1"], hands={0: ["R1"]})  # no other red card
    state, _ = turn(state, 0, "exchange R1 3")
    state, _ = turn(state, 1, "black *")
    state, _ = turn(state, 2, "black *")
    v = view(state)
    assert v["seats"][0]["collection"] == ["R5"] and v["table"][2][0] == "R" and v["cookie_holder"] == 0
    score = hats.score(state)
    s0 = score.seats[0]
    assert dict(s0.breakdown, black_hats=0) == {"collection": 3, "favourite": 0, "cookie": 5, "black_hats": 0}
    assert s0.total == 8
    assert score.finished is False


# -- 21-22: refusals and the rigged deal ---------------------------------------------------------------

def test_13_21_refusals():
    state = rig(hands={1: ["R1"], 2: ["G6"]})
    assert "G6" not in hand(state, 0)
    refuse(state, 1, "black R1", "not your turn")
    refuse(state, 0, "exchange G6 1", "card not in hand")
    refuse(state, 0, "exchange Q9 1", "not a card id", exc=BadMoveText)
    for text in ("exchange r1 1", "exchange R7 1", "black", "fly R1", ""):
        refuse(state, 0, text, "bad move text", exc=BadMoveText)
    refuse(state, 0, "end", "not in after phase")
    after, _ = play(state, 0, f"black {hand(state, 0)[0]}")
    end_code = hats.parse_move(after, 0, "end")  # the same code is refused in phase main
    refuse_code(state, end_code, "not in after phase")
    with pytest.raises(IllegalMove):
        hats.move_info(state, end_code)


def test_13_22_rigged_deal():
    state = hats.new(3, {"deck": CASE22_DECK})
    v = view(state)
    assert v["table"] == ["Y2", "G6", "R1", "B3", "P4", "Y5"]
    assert hand(state, 0) == ["R4", "O1", "W3", "P6", "P5", "O3", "W5", "P2", "R2"]
    assert hand(state, 1) == ["R3", "R5", "R6", "O2", "O4", "O5", "O6", "Y1", "Y3"]
    assert hand(state, 2) == ["Y4", "Y6", "G1", "G2", "G3", "G4", "G5", "B1", "B2"]
    assert [STANDARD[c] for c in draw_deck(state)] == \
        ["B4", "B5", "B6", "P1", "P3", "W1", "W2", "W4", "W6"]
    assert v["deck_count"] == 9
    with pytest.raises(BadOption) as info:
        hats.new(3, {"deck": "R1,R1"})
    assert "R1" in str(info.value) and "twice" in str(info.value)


# -- checks of the test helpers and of §8.1 beyond the numbered cases -----------------------------------

def test_constructed_state_matches_real_play(worked):
    """`construct_finished` (used by cases 17-18) rebuilds the worked example's real final state."""
    real = view(worked)
    seats = [(s["collection"], view(worked, i)["black_hats"], s["favourite"]) for i, s in enumerate(real["seats"])]
    built = construct_finished(3, real["table"], seats, cookie=real["cookie_holder"])
    for seat in (None, 0, 1, 2):
        a, b = view(worked, seat), view(built, seat)
        a.pop("move_count"), b.pop("move_count")
        assert a == b
    assert hats.score(built) == hats.score(worked)


def test_game_end_event_is_public_with_favourites_flips_and_scores(worked_game):
    """§8.1: `game_end` is public and carries the favourite hats, the flipped spaces and the scores."""
    state, events = worked_game
    assert kinds(events).count("game_end") == 1 and events[-1].kind == "game_end"
    end = events[-1]
    assert end.private_to == () and dict(end.private) == {}
    v = view(state)
    public = dict(end.public)
    assert public.get("favourites") == [s["favourite"] for s in v["seats"]]
    assert public.get("favourites")[:2] == ["P2", "O6"]
    assert public.get("face_down_spaces") == [6]
    assert public.get("scores") == v["scores"]


# -- setup order and the generator (§3.1, D12, D13) ------------------------------------------------------

TYPE_PAIRS = [a + b for i, a in enumerate("ROYGBPW") for b in "ROYGBPW"[i + 1:]]  # RO, RY, ..., PW


def expected_deal(players: int, seed: int, start_seat: int = 0, removed: str | None = None):
    """(removed types, table, hands by seat, deck) as §3.1 describes them, from the generator."""
    rng = SplitMix(seed)
    if players == 2 and removed is None:
        removed = TYPE_PAIRS[rng.below(21)]
    removed = removed or ""
    deck = rng.shuffle([c for c in STANDARD if c[0] not in removed])
    spaces = 5 if players == 2 else 6
    table, deck = deck[:spaces], deck[spaces:]
    hands = {}
    for i in range(players):
        hands[(start_seat + i) % players], deck = deck[:9], deck[9:]
    return removed, table, hands, deck


@pytest.mark.parametrize("players, seed, start_seat, removed", [
    (2, 0, 0, None), (2, 5, 1, None), (2, 123456789, 0, "G,P"), (3, 7, 0, None), (3, 2 ** 64 - 1, 2, None),
    (4, 42, 1, None), (4, 3, 3, None)])
def test_setup_follows_the_generator_and_deal_order(players, seed, start_seat, removed):
    options = {"start_seat": str(start_seat)}
    if removed:
        options["removed_types"] = removed
    state = hats.new(players, options, seed=seed)
    want_removed, table, hands, deck = expected_deal(players, seed, start_seat, removed and removed.replace(",", ""))
    v = view(state)
    assert "".join(v["removed_types"]) == want_removed
    assert v["table"] == table
    for seat in range(players):
        assert hand(state, seat) == hands[seat]
    assert [STANDARD[c] for c in draw_deck(state)] == deck
    assert v["active_seat"] == start_seat and v["phase"] == "main"


def test_setup_events_show_each_hand_to_its_seat_only():
    state = hats.new(3, {"deck": CASE22_DECK})
    events = hats.setup_events(state)
    setup = events[0]
    assert setup.kind == "setup" and setup.private_to == ()
    assert dict(setup.public) == {"table": ["Y2", "G6", "R1", "B3", "P4", "Y5"], "hand_counts": [9, 9, 9],
                                  "deck_count": 9, "removed_types": []}
    for seat in range(3):
        seen = [e.seen_by(seat) for e in events]
        dealt = [c for e in seen for c in e.private.get("hand", ())]
        assert dealt == hand(state, seat)
    assert not [e for e in events if e.seen_by(None).private]


def test_4p_offer_after_the_main_action_and_main_after_return():
    """§5: a return to an offer made in `after` ends the turn; after a return in `main`,
    the main action ends the turn at once."""
    state = rig(4, hands={0: ["R1", "G2"], 2: ["Y3"], 1: ["B4"], 3: ["P5"]})
    state, _ = play(state, 0, "black R1")
    assert sorted(legal_texts(state)) == sorted([f"offer {c}" for c in hand(state, 0)] + ["end"])
    state, _ = play(state, 0, "offer G2")
    assert (view(state)["phase"], hats.to_act(state)) == ("partner", [2])
    state, events = play(state, 2, "return Y3")
    v = view(state)
    assert (v["active_seat"], v["phase"], v["optional_used"]) == (1, "main", False)
    assert "Y3" in hand(state, 0) and "G2" in hand(state, 2)
    state, _ = play(state, 1, "offer B4")
    state, _ = play(state, 3, "return P5")
    assert (view(state)["phase"], view(state)["active_seat"]) == ("main", 1)
    state, _ = play(state, 1, "black P5")
    v = view(state)
    assert (v["active_seat"], v["phase"], v["optional_used"]) == (2, "main", False)


def test_4p_last_turn_partner_exchange_sets_favourites():
    """D15: the game ends after the last seat's turn, including its partner exchange."""
    state = rig(4, hands={3: ["W6"], 1: ["W5"]})
    for n in range(31):
        state, _ = turn(state, n % 4, "black *", keep=["W6", "W5"])
    state, _ = play(state, 3, spare_black(state, 3, keep=["W6"]))
    assert not hats.is_finished(state) and hand(state, 3) == ["W6"] and hand(state, 1) == ["W5"]
    state, _ = play(state, 3, "offer W6")
    state, events = play(state, 1, "return W5")
    assert hats.is_finished(state) and kinds(events) == ["partner_exchange", "game_end"]
    favourites = [s["favourite"] for s in view(state)["seats"]]
    assert favourites[1] == "W6" and favourites[3] == "W5"


@pytest.mark.parametrize("text", ["exchange R4 ³", "exchange R4 ٣", "exchange R4 x", "exchange R4 -1", "exchange R4",
                                  "end now", "black R4 1", "Black R4"])
def test_unreadable_move_text_is_bad_move_text(text):
    """§6: the space is a number 1..6 written as in the table; anything unreadable is BadMoveText
    (never another exception)."""
    state = hats.new(3, {"deck": CASE22_DECK})
    refuse(state, 0, text, "bad move text", exc=BadMoveText)
