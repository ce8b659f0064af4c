"""White Hat spec §13 tests 1-16 (round start, cards, trick play, the rulebook's Examples 1-6), for both ids."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from engines.white_hat import rules_cards as card_kernels
from engines.white_hat.state import STATE
from wh_testlib import IDS, act, hand, lead, new, refused, set_hands, texts

AT = STATE.at


@pytest.mark.parametrize("gid", IDS)
def test_01_count_out_6_seats(gid):
    game, s = new(gid, 6, dealer=2, deck=["7"])
    assert s[AT.hat_holder] == 3 and game.view(s, 0)["discard"] == ["7"]
    view = game.view(s, 3)
    assert view["hand_counts"] == [10, 10, 10, 10, 10, 10] and "H" in view["hand"]
    assert view["deck_count"] == 23
    assert view["phase"] == "trick" and game.to_act(s) == [2]
    assert all(info.seat == 2 and info.kind == "play" for info in game.describe_moves(s))
    for top, holder in (("1", 3), ("13", 3), ("12", 2), ("J", 4)):
        _, s = new(gid, 6, dealer=2, deck=[top])
        assert s[AT.hat_holder] == holder and game.to_act(s) == [(holder - 1) % 6]


@pytest.mark.parametrize("gid", IDS)
def test_02_deal_order_and_dealer_rotation_3_seats(gid):
    order = ["2"] + [str(r) for r in [r for r in range(1, 14) if r != 2] * 3][:29]  # count-out 2, then the deal
    game, s = new(gid, 3, dealer=0, deck=order)
    assert s[AT.hat_holder] == 2 and game.to_act(s) == [1]
    dealt = order[1:30]
    # deck cards go to 1, 2, 0, 1, 2, 0, ...: seat 2 is full after 27 cards (9 + H); 28 -> seat 1, 29 -> seat 0
    expect = {0: dealt[2:27:3] + [dealt[28]], 1: dealt[0:27:3] + [dealt[27]], 2: dealt[1:27:3] + ["H"]}
    for seat in range(3):
        assert sorted(hand(game, s, seat).split()) == sorted(expect[seat])
    assert game.view(s, 0)["deck_count"] == 53
    # next round: dealer 1; a count-out 3 gives (1 + 3) mod 3 = 1, first leader 0
    from engines.white_hat import rules_round as rounds
    rigged = [c for c in range(1, 15) for _ in range(6 if c <= 13 else 5)]
    rigged.remove(3)
    rigged.insert(0, 3)
    s[AT.dealer] = 0
    rounds.start_round(s, False, bytes(rigged), None)
    assert s[AT.dealer] == 1 and s[AT.hat_holder] == 1 and game.to_act(s) == [0]


def test_03_card_points():
    game, s = new()
    set_hands(s, {0: "1 2 3 4 6 7 9 10 13 J H"})
    assert card_kernels.hand_points(s, AT.hands) == 22


@pytest.mark.parametrize("gid", IDS)
def test_04_lead_legality(gid):
    game, s = new(gid)
    set_hands(s, {0: "7 7 7 9 J H"})
    lead(s, 0)
    listed = texts(game, s)
    assert {"play 7 7 J", "play J H", "play 7 7 7 J H"} <= set(listed)
    assert len(listed) == 19 and all(t.startswith("play") for t in listed)
    assert "cards must be one rank plus jokers/hat" in refused(game, s, 0, "play 7 9")
    assert "card not in hand" in refused(game, s, 0, "play 8")
    act(game, s, 0, "play 7 7 J")
    assert s[AT.lead_count] == 3


@pytest.mark.parametrize("gid", IDS)
def test_05_follow_legality(gid):
    game, s = new(gid)
    set_hands(s, {0: "5 5 1", 1: "8 8 9 J H"})
    lead(s, 0)
    act(game, s, 0, "play 5 5")
    assert texts(game, s) == ["play 8", "play 9", "play J", "play 8 8", "play 8 J", "play 8 H", "play 9 J",
                              "play 9 H", "play J H"]
    assert "the hat must be played in a combination matching the lead's count" in refused(game, s, 1, "play H")
    assert "cards must be one rank plus jokers/hat" in refused(game, s, 1, "play 8 9")
    assert "must play one card or exactly 2 cards" in refused(game, s, 1, "play 8 8 J")
    assert "passing is only allowed" in refused(game, s, 1, "pass")


def _trick(gid, hands, plays):
    game, s = new(gid)
    set_hands(s, hands)
    lead(s, 0)
    for seat, text in enumerate(plays):
        act(game, s, seat, text)
    return game, s


@pytest.mark.parametrize("gid", IDS)
def test_06_normal_trick_tie_goes_to_the_later_seat(gid):
    game, s = _trick(gid, {0: "9 1", 1: "11 1", 2: "11 1", 3: "4 H"},
                     ["play 9", "play 11", "play 11", "play 4"])
    view = game.view(s, 0)
    assert view["phase"] == "move" and game.to_act(s) == [2]
    assert view["discard"][-4:] == ["9", "11", "11", "4"]


@pytest.mark.parametrize("gid", IDS)
def test_07_only_k_card_plays_compete(gid):
    game, s = _trick(gid, {0: "6 6 1", 1: "13 1", 2: "6 J 1", 3: "5 5 H"},
                     ["play 6 6", "play 13", "play 6 J", "play 5 5"])
    assert s[AT.winner] == 2


@pytest.mark.parametrize("gid", IDS)
def test_08_wildcards_only_are_14(gid):
    game, s = _trick(gid, {0: "12 12 1", 1: "J J 1", 2: "13 13 1", 3: "3 H"},
                     ["play 12 12", "play J J", "play 13 13", "play 3"])
    assert s[AT.winner] == 1


@pytest.mark.parametrize("gid", IDS)
def test_09_example_1(gid):
    game, s = _trick(gid, {0: "H 1", 1: "9 1", 2: "4 1", 3: "4 2"}, ["play H", "play 9", "play 4", "play 4"])
    assert s[AT.winner] == 3 and game.view(s, 0)["phase"] == "collect"
    assert texts(game, s) == ["collect all", "collect hat 4", "collect hat 9"]
    act(game, s, 3, "collect hat 4")
    assert hand(game, s, 3) == "2 4 H"
    assert game.view(s, 0)["discard"][-2:] == ["9", "4"]


@pytest.mark.parametrize("gid", IDS)
def test_10_example_2(gid):
    game, s = _trick(gid, {0: "7 H 1", 1: "12 1", 2: "9 1", 3: "4 1"}, ["play 7 H", "play 12", "play 9", "play 4"])
    assert s[AT.winner] == 0
    assert texts(game, s) == ["collect all", "collect hat 4 7", "collect hat 4 9", "collect hat 4 12",
                              "collect hat 7 9", "collect hat 7 12", "collect hat 9 12"]
    act(game, s, 0, "collect hat 4 7")
    assert game.view(s, 0)["phase"] == "move" and game.to_act(s) == [0]


@pytest.mark.parametrize("gid", IDS)
def test_11_example_3(gid):
    game, s = _trick(gid, {0: "7 7 1", 1: "6 1", 2: "8 H 1", 3: "9 9 1"},
                     ["play 7 7", "play 6", "play 8 H", "play 9 9"])
    assert s[AT.winner] == 0
    assert texts(game, s) == ["collect all"] + [f"collect hat {p}" for p in
                                                ("6 7", "6 8", "6 9", "7 7", "7 8", "7 9", "8 9", "9 9")]


@pytest.mark.parametrize("gid", IDS)
def test_12_example_4(gid):
    game, s = new(gid)
    set_hands(s, {0: "8 8 8 1", 1: "5 1", 2: "7 1", 3: "13 H"})
    lead(s, 0)
    for seat, text in enumerate(["play 8 8 8", "play 5", "play 7"]):
        act(game, s, seat, text)
    assert texts(game, s) == ["play 13"]
    assert "the hat must be played" in refused(game, s, 3, "play H")
    assert "must play one card or exactly 3 cards" in refused(game, s, 3, "play 13 H")
    assert "passing is only allowed" in refused(game, s, 3, "pass")
    act(game, s, 3, "play 13")
    assert s[AT.winner] == 0 and game.view(s, 0)["discard"][-6:] == ["8", "8", "8", "5", "7", "13"]


@pytest.mark.parametrize("gid", IDS)
def test_13_example_5(gid):
    game, s = _trick(gid, {0: "13 1", 1: "H 1", 2: "13 1", 3: "J 1"}, ["play 13", "play H", "play 13", "play J"])
    assert s[AT.winner] == 2
    assert texts(game, s) == ["collect all", "collect hat 13"]
    assert "jokers cannot be chosen" in refused(game, s, 2, "collect hat J")


@pytest.mark.parametrize("gid", IDS)
def test_14_example_6(gid):
    game, s = _trick(gid, {0: "2 2 1", 1: "2 2 1", 2: "8 1", 3: "2 H 3"},
                     ["play 2 2", "play 2 2", "play 8", "play 2 H"])
    assert s[AT.winner] == 3
    assert texts(game, s) == ["collect all", "collect hat 2 2", "collect hat 2 8"]
    act(game, s, 3, "collect all")
    assert hand(game, s, 3) == "2 2 2 2 2 3 8 H"


@pytest.mark.parametrize("gid", IDS)
def test_15_the_only_pass(gid):
    game, s = new(gid)
    set_hands(s, {0: "5 5 1", 1: "H", 2: "7 1", 3: "8 1"})
    lead(s, 0)
    act(game, s, 0, "play 5 5")
    assert texts(game, s) == ["pass"]
    act(game, s, 1, "pass")
    assert hand(game, s, 1) == "H" and not s[AT.hat_played]
    game, s = new(gid)
    set_hands(s, {0: "5 5 1", 1: "H", 2: "7 1", 3: "8 1"})
    lead(s, 0)
    act(game, s, 0, "play 5")
    assert texts(game, s) == ["play H"]
    act(game, s, 1, "play H")
    assert s[AT.hat_played]


@pytest.mark.parametrize("gid", IDS)
def test_16_collection_with_fewer_rank_cards_than_k(gid):
    game, s = _trick(gid, {0: "J H 1", 1: "J 1", 2: "5 1", 3: "J 1"}, ["play J H", "play J", "play 5", "play J"])
    assert s[AT.winner] == 0
    assert texts(game, s) == ["collect all", "collect hat 5"]
    assert "choose exactly 1 rank cards" in refused(game, s, 0, "collect hat 5 5")
    discard_before = len(game.view(s, 0)["discard"])
    act(game, s, 0, "collect hat 5")
    assert game.view(s, 0)["discard"][discard_before:] == ["J", "J", "J"]
