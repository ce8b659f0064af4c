"""One test per test case of shared/rules/rune_market.md §13 (4 players, start seat 0, rigged deals)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from rune_market_testlib import (AT, BLUE, GAME, RED, collector, hand, loose, new, pass_turn, play, refused,
                                 seat_at, seat_view, store, turn_of)
from engines.core import kernel  # noqa: E402
from engines.rune_market.state import SEAT

SEAT_AT = SEAT.at


def market(state):
    return GAME.view(state, None)["market"]


def stores(state, seat):
    return seat_view(state, seat)["stores"]


def test_1_setup():
    state = new(4)
    v = GAME.view(state, 0)
    assert v["market"] == {"red": 12, "blue": 12, "outposts": 4, "collectors": 4}
    assert [s["hand_count"] for s in v["seats"]] == [3, 3, 3, 3] and v["deck_count"] == 32
    assert v["active_seat"] == 0 and v["phase"] == "market"
    assert refused(state, 0, "end").code == "must_play_hand_card"
    assert "you must play at least one hand card" in refused(state, 0, "end").message


@pytest.mark.parametrize("players,price", [(2, 4), (3, 3), (4, 2), (5, 2)])
def test_2_purchase_prices_by_player_count(players, price):
    state = new(players)
    loose(state, 0, RED, 4)
    assert GAME.parse_move(state, 0, "buy outpost " + " ".join(["Lr"] * price) + " to red") in GAME.legal_moves(state)
    error = refused(state, 0, "buy outpost " + " ".join(["Lr"] * (price - 1)) + " to red")
    assert error.code == "price" and f"price is {price} runes of one colour" in error.message
    if players == 4:
        loose(state, 0, BLUE, 1)
        store(state, 2, RED, main="HR1")
        error = refused(state, 0, "buy collector Lr Lb on 2 red")
        assert error.code == "one_colour" and "runes must be of one colour" in error.message


@pytest.mark.parametrize("cards,colour", [("N2a N3a", "red"), ("N4a N6a", "blue"), ("N7a N8a", "red"),
                                          ("N5a", "red"), ("N10a", "blue")])
def test_3_rune_purchase_sums_legal(cards, colour):
    state = new(4)
    hand(state, 0, *cards.split())
    before = market(state)[colour]
    play(state, 0, f"rune {cards} {colour}")
    assert market(state)[colour] == before - 1
    assert seat_view(state, 0)[f"loose_{colour}"] == 1


@pytest.mark.parametrize("cards", ["N9a N8a", "N3a N3b"])
def test_3_rune_purchase_sums_refused(cards):
    state = new(4)
    hand(state, 0, *cards.split())
    error = refused(state, 0, f"rune {cards} red")
    assert error.code == "sum_5_10_15" and "sum must be exactly 5, 10 or 15" in error.message


def test_4_interest_one_per_storage():
    state = new(4)
    store(state, 1, RED, main="HR1", runes=2)
    store(state, 1, BLUE, outpost=True, runes=1)
    hand(state, 0, "HB1", "N5a")
    pass_turn(state)
    assert GAME.view(state, None)["phase"] == "interest" and GAME.to_act(state) == [1]
    before = market(state)
    play(state, 1, "interest")
    assert [s["runes"] for s in stores(state, 1)] == [3, 2]
    assert market(state)["red"] == before["red"] - 1 and market(state)["blue"] == before["blue"] - 1


def test_5_interest_double_with_an_attached_outpost():
    state = new(4)
    store(state, 1, RED, main="HR1", outpost=True, runes=1)
    hand(state, 0, "HB1", "N5a")
    pass_turn(state)
    play(state, 1, "interest")
    assert stores(state, 1)[RED]["runes"] == 3
    empty = new(4)
    store(empty, 1, RED, main="HR1", outpost=True, runes=0)
    hand(empty, 0, "HB1", "N5a")
    pass_turn(empty)
    assert GAME.view(empty, None)["phase"] == "market"  # nothing due: phase 1b skipped


def test_6_order_of_phases():
    # The spec's seat 0 has a red store 2, so interest is due first: it declines, then plays.
    state = new(4)
    hand(state, 0, "N5a", "N10a", "N9a", "N2a")
    store(state, 0, RED, main="HR1", runes=2)
    turn_of(state, 0)
    play(state, 0, "nointerest")
    play(state, 0, "rune N5a red")
    error = refused(state, 0, "buy outpost Sr Sr to red")
    assert error.code == "after_hand_card"
    assert "no interest or rune purchases after playing a hand card" in error.message
    play(state, 0, "buycards outpost N10a N9a N2a to blue")
    assert stores(state, 0)[BLUE]["outpost"]


def test_7_outpost_choice_with_two_main_storages():
    state = new(4)
    store(state, 2, RED, main="HR1")
    store(state, 2, BLUE, main="HB1")
    loose(state, 2, BLUE, 2)
    hand(state, 2, "N10a", "N9a", "N2a")
    turn_of(state, 2)
    play(state, 2, "buy outpost Lb Lb to blue")
    assert stores(state, 2)[BLUE]["outpost"] and stores(state, 2)[BLUE]["main"] == "HB1"
    loose(state, 2, BLUE, 2)
    assert refused(state, 2, "buy outpost Lb Lb to red").code == "one_purchase"
    error = refused(state, 2, "buycards outpost N10a N9a N2a to blue")
    assert error.code == "outpost_owned" and "already have a blue outpost" in error.message
    play(state, 2, "buycards outpost N10a N9a N2a to red")
    assert stores(state, 2)[RED] == {"colour": "red", "main": "HR1", "outpost": True, "runes": 0,
                                     "collector": None, "ruin": False}


def _test_8_position():
    state = new(4)
    store(state, 0, RED, main="HR2", runes=2)
    store(state, 2, RED, main="HR1", outpost=True, runes=4)
    hand(state, 0, "N1a", "N1b", "N1c")
    hand(state, 1, "N4a", "N4b", "N4c")
    hand(state, 2, "N5a", "N5b", "N5c")
    turn_of(state, 0, "market")
    return state


def test_8_a_collector_destroys_an_outpost():
    state = _test_8_position()
    assert seat_view(state, 2)["points"] == 6
    outposts = market(state)["outposts"]
    play(state, 0, "buy collector Sr Sr on 2 red")
    assert market(state)["outposts"] == outposts + 1
    assert stores(state, 2)[RED] == {"colour": "red", "main": "HR1", "outpost": False, "runes": 4,
                                     "collector": 0, "ruin": False}
    assert seat_view(state, 2)["points"] == 3


def test_9_plundering_and_abandoning():
    state = _test_8_position()
    play(state, 0, "buy collector Sr Sr on 2 red")
    pass_turn(state)  # seat 0
    pass_turn(state)  # seat 1
    assert GAME.to_act(state) == [2] and GAME.view(state, None)["phase"] == "market"  # no red interest
    assert stores(state, 2)[RED]["runes"] == 3 and stores(state, 0)[RED]["runes"] == 1
    for left in (2, 1, 0):
        for _ in range(4):
            pass_turn(state)
        assert stores(state, 2)[RED]["runes"] == left
    assert stores(state, 0)[RED]["runes"] == 4
    for _ in range(4):
        pass_turn(state)
    v = GAME.view(state, None)
    assert v["seats"][2]["stores"][RED] == {"colour": "red", "main": "", "outpost": False, "runes": 0,
                                           "collector": None, "ruin": False}
    assert "HR1" in v["discard"] and v["market"]["collectors"] == 4
    assert v["seats"][0]["stores"][RED]["runes"] == 4


def _occupied(seat=2, runes=3):
    state = new(4)
    store(state, seat, RED, main="HR1", runes=runes)
    collector(state, seat, RED, 0)
    return state


def test_10_ransom_21():
    state = _occupied()
    hand(state, 2, "N10a", "N9b", "N2c", "N10b")
    turn_of(state, 2)
    error = refused(state, 2, "ransom red N10a N10b")
    assert error.code == "ransom_21" and "ransom must total at least 21" in error.message
    play(state, 2, "ransom red N10a N9b N2c")
    assert stores(state, 2)[RED]["collector"] is None and market(state)["collectors"] == 4


def test_11_ransom_with_3_runes():
    state = _occupied()
    loose(state, 2, BLUE, 2)
    store(state, 2, BLUE, main="HB1", runes=1)
    turn_of(state, 2, "market")
    error = refused(state, 2, "free3 red Sr Lb Lb")
    assert error.code == "frozen" and "runes of an occupied storage are frozen" in error.message
    blue = market(state)["blue"]
    play(state, 2, "free3 red Lb Lb Sb")
    assert stores(state, 2)[RED]["collector"] is None and market(state)["collectors"] == 4
    assert market(state)["blue"] == blue + 3 and stores(state, 2)[BLUE]["runes"] == 0


def test_12_neutralize_with_an_owned_outpost():
    state = _occupied(seat=3)
    store(state, 3, BLUE, outpost=True, runes=2)
    turn_of(state, 3, "market")
    play(state, 3, "neutralize red blue")
    v = GAME.view(state, None)
    assert v["market"]["outposts"] == 4 and v["market"]["collectors"] == 4
    assert v["seats"][3]["loose_blue"] == 2 and not v["seats"][3]["stores"][BLUE]["outpost"]


def test_13_duel_defender_must_defend():
    state = new(4)
    hand(state, 0, "N7a", "N9a", "N1a")
    hand(state, 2, "N7c", "N3b", "T4")
    play(state, 0, "duel N7a 2")
    assert GAME.to_act(state) == [2]
    error = refused(state, 2, "concede")
    assert error.code == "must_defend" and "you must defend: you hold an equal or higher" in error.message
    play(state, 2, "defend N7c")
    v = GAME.view(state, 1)
    assert v["discard"][-1] == "N7a" and v["seats"][2]["known_cards"] == ["N7c"]
    assert GAME.view(state, None)["seats"][2]["known_cards"] == ["N7c"]
    error = refused(state, 0, "duel N9a 2")
    assert error.code == "already_dueled" and "already dueled this player this turn" in error.message
    assert GAME.parse_move(state, 0, "duel N9a 3") in GAME.legal_moves(state)


def test_14_duel_won_then_steal():
    state = new(4)
    hand(state, 0, "N8a", "N1a", "N1b")
    hand(state, 1, "N3a", "T2", "HB1")
    play(state, 0, "duel N8a 1")
    play(state, 1, "concede")
    assert GAME.view(state, None)["phase"] == "steal"
    error = refused(state, 0, "steal 2 hand")
    assert error.code == "steal_from_loser" and "steal only from the duel loser" in error.message
    events = play(state, 0, "steal 1 hand")
    stolen = [e for e in events if e.kind == "stolen"][0]
    assert stolen.private_to == (0, 1) and stolen.seen_by(2).private == {}
    assert stolen.public == {"thief": 0, "victim": 1}
    assert stolen.private["card"] in ("N3a", "T2", "HB1")
    assert seat_view(state, 1)["hand_count"] == 2
    assert GAME.view(state, 1)["seats"][0]["known_cards"] == [stolen.private["card"]]
    assert GAME.view(state, 2)["seats"][0]["known_cards"] == []
    play(state, 0, "end")
    assert GAME.to_act(state) == [1] and seat_view(state, 1)["hand_count"] == 2


def test_15_protection_of_stored_runes():
    for protects in (True, False):
        state = new(4, storage_protects=protects)
        store(state, 3, RED, main="HR1", runes=5)
        hand(state, 0, "T1", "N1a")
        if protects:
            error = refused(state, 0, "thief T1 3 rune red")
            assert error.code == "nothing_to_steal" and "no loose red rune to steal" in error.message
            assert GAME.parse_move(state, 0, "thief T1 3 hand") in GAME.legal_moves(state)
        else:
            play(state, 0, "thief T1 3 rune red")
            assert stores(state, 3)[RED]["runes"] == 4 and seat_view(state, 0)["loose_red"] == 1


def test_16_double_theft():
    state = new(4)
    store(state, 1, RED, main="HR1")
    store(state, 1, BLUE, main="HB1")
    hand(state, 1, "HB2", "N4a", "N6b")
    loose(state, 2, BLUE, 1)
    turn_of(state, 1)
    play(state, 1, "double HB2")
    play(state, 1, "steal 2 rune blue")
    play(state, 1, "steal 3 hand")
    assert seat_view(state, 1)["hand_count"] == 3
    assert stores(state, 1)[BLUE]["runes"] == 1  # into its blue store (placement rule)
    deck = GAME.view(state, None)["deck_count"]
    play(state, 1, "end")
    assert GAME.view(state, None)["deck_count"] == deck  # phase 4 drew nothing
    pass_turn(state)  # seat 2
    assert GAME.to_act(state) == [3] and seat_view(state, 3)["hand_count"] == 2


def test_17_immediate_end():
    state = new(4)
    store(state, 0, RED, main="HR1", outpost=True, runes=2)
    loose(state, 3, RED, 9)
    loose(state, 3, BLUE, 12)
    turn_of(state, 0)
    cards = seat_view(state, 0)["hand_count"]
    events = play(state, 0, "interest")
    assert [e.public for e in events if e.kind == "interest"] == [{"seat": 0, "red": 1, "blue": 0}]
    assert GAME.is_finished(state) and GAME.to_act(state) == [] and GAME.legal_moves(state) == []
    assert seat_view(state, 0)["hand_count"] == cards and market(state)["red"] == 0
    assert GAME.score(state).finished and events[-1].kind == "game_end"
    assert events[-1].public["reason"] == "market_empty"


def _final(seat0, seat1, hands=("N1a", "N1b"), **options):
    """A game ended by seat 3 buying the last rune; seat0/seat1 build those seats (runes from the market)."""
    state = new(4, **options)
    seat0(state)
    seat1(state)
    for c in (RED, BLUE):
        left = market(state)["red" if c == RED else "blue"] - (1 if c == RED else 0)
        loose(state, 2, c, left)
    hand(state, 0, hands[0])
    hand(state, 1, hands[1])
    hand(state, 3, "N5a")
    turn_of(state, 3, "market")
    play(state, 3, "rune N5a red")
    assert GAME.is_finished(state)
    return _scored(state)


def _scored(state):
    """`score` of a finished game, which the compiled kernel's outcome (the playouts' result) must match: each
    tie-break step, the stored lot included, decides the same winners in both."""
    score = GAME.score(state)
    assert kernel.outcome(GAME, state) == (tuple(s.total for s in score.seats),
                                           tuple(int(s in score.winners) for s in range(len(score.seats))))
    return score


def test_18_tiebreak_outposts():
    def seat0(s):
        loose(s, 0, RED, 5), loose(s, 0, BLUE, 5), store(s, 0, BLUE, outpost=True)

    def seat1(s):
        loose(s, 1, RED, 6), loose(s, 1, BLUE, 6)
    score = _final(seat0, seat1)
    assert [score.seats[0].total, score.seats[1].total] == [12, 12]
    assert score.winners == (0,) and score.tiebreak == "outposts"


def test_19_tiebreak_collectors():
    def seat0(s):
        store(s, 0, RED, main="HR1", runes=5), collector(s, 0, RED, 2)
        loose(s, 0, BLUE, 6), store(s, 0, BLUE, outpost=True)

    def seat1(s):
        loose(s, 1, RED, 5), loose(s, 1, BLUE, 5), store(s, 1, BLUE, outpost=True)
    score = _final(seat0, seat1)
    assert [score.seats[0].total, score.seats[1].total] == [12, 12]
    assert score.winners == (1,) and score.tiebreak == "collectors"


def _equal(s, seat):
    loose(s, seat, RED, 5), loose(s, seat, BLUE, 5), store(s, seat, BLUE if seat else RED, outpost=True)


def test_19_tiebreak_high_card():
    score = _final(lambda s: _equal(s, 0), lambda s: _equal(s, 1), hands=("N9a", "N10a"))
    assert score.winners == (1,) and score.tiebreak == "high_card"


def test_19_tiebreak_iv_shared_and_lot():
    score = _final(lambda s: _equal(s, 0), lambda s: _equal(s, 1), hands=("N10a", "N10b"))
    assert score.winners == (0, 1) and score.tiebreak == "shared"
    lots = {_final(lambda s: _equal(s, 0), lambda s: _equal(s, 1), hands=("N10a", "N10b"),
                   tiebreak_iv="lot").winners for _ in range(2)}
    assert len(lots) == 1 and next(iter(lots))[0] in (0, 1) and len(next(iter(lots))) == 1
    score = _final(lambda s: _equal(s, 0), lambda s: _equal(s, 1), hands=("N10a", "N10b"), tiebreak_iv="lot")
    assert score.tiebreak == "lot"


def _outposts(s, seat):  # 12 points: 10 runes and an outpost
    loose(s, seat, RED, 5), loose(s, seat, BLUE, 5), store(s, seat, BLUE, outpost=True)


def _collector(s, seat):
    store(s, seat, RED, main="HR1", runes=5), collector(s, seat, RED, 2)
    loose(s, seat, BLUE, 6), store(s, seat, BLUE, outpost=True)


def _plain(s, seat):
    loose(s, seat, RED, 6), loose(s, seat, BLUE, 6)


def _capped(seat0, seat1, hands=("N1a", "N1b"), **options):
    """A game ended by the safety cap (§7, max_rounds=20) at the end of seat 3's turn, runes left in the
    market; seat0/seat1 build those seats. The score and the game_end event."""
    state = new(4, max_rounds=20, **options)
    seat0(state)
    seat1(state)
    hand(state, 0, hands[0])
    hand(state, 1, hands[1])
    hand(state, 3, "HR2")  # a main storage to play: no rune leaves the market
    last = 20 * 4 - 1  # every seat has had 20 turns once this one ends
    state[AT.turns], state[AT.turns + 1] = last & 0xFF, last >> 8
    turn_of(state, 3, "market")
    events = play(state, 3, "storage HR2") + play(state, 3, "end")
    assert GAME.is_finished(state) and market(state)["red"] and market(state)["blue"]
    assert state[AT.end_reason] == 1 and events[-1].kind == "game_end"
    return _scored(state), events[-1].public


def test_7_round_cap_with_an_outright_winner_reports_round_cap():
    def seat0(s):
        _outposts(s, 0), loose(s, 0, BLUE, 1)
    score, end = _capped(seat0, lambda s: _outposts(s, 1))
    assert [score.seats[0].total, score.seats[1].total] == [13, 12]
    assert score.winners == (0,) and score.tiebreak == "round_cap"
    assert (end["reason"], end["winners"], end["tiebreak"]) == ("round_cap", [0], "round_cap")


@pytest.mark.parametrize("seat0, seat1, hands, options, winners, reason", [
    (_outposts, _plain, ("N1a", "N1b"), {}, (0,), "outposts"),
    (_collector, _outposts, ("N1a", "N1b"), {}, (1,), "collectors"),
    (_outposts, _outposts, ("N9a", "N10a"), {}, (1,), "high_card"),
    (_outposts, _outposts, ("N10a", "N10b"), {}, (0, 1), "shared"),
    (_outposts, _outposts, ("N10a", "N10b"), {"tiebreak_iv": "lot"}, None, "lot"),
], ids=["outposts", "collectors", "high_card", "shared", "lot"])
def test_7_round_cap_with_a_tie_reports_the_deciding_step(seat0, seat1, hands, options, winners, reason):
    """§7: after the cap, a tie for the most points is reported by the tie-break step that decided (§10)."""
    score, end = _capped(lambda s: seat0(s, 0), lambda s: seat1(s, 1), hands, **options)
    assert [score.seats[0].total, score.seats[1].total] == [12, 12]
    if winners is None:  # the lot: one of the two tied seats
        assert len(score.winners) == 1 and score.winners[0] in (0, 1)
        winners = score.winners
    assert score.winners == winners and score.tiebreak == reason
    assert (end["reason"], tuple(end["winners"]), end["tiebreak"]) == ("round_cap", winners, reason)


def test_17_market_empty_reports_no_round_cap():
    def seat0(s):
        loose(s, 0, RED, 7), loose(s, 0, BLUE, 6)
    score = _final(seat0, lambda s: loose(s, 1, RED, 1))
    assert score.seats[0].total > max(s.total for s in score.seats[1:])
    assert score.winners == (0,) and score.tiebreak == ""


def test_20_main_storage_uses():
    state = new(4)
    store(state, 2, RED, main="HR1")
    hand(state, 2, "HR3", "N1a")
    turn_of(state, 2)
    error = refused(state, 2, "storage HR3")
    assert error.code == "main_owned" and "already have a red main storage" in error.message
    assert GAME.parse_move(state, 2, "double HR3") in GAME.legal_moves(state)


def test_21_rune_placement():
    state = new(4)
    hand(state, 1, "N5a", "HB4", "N1a")
    turn_of(state, 1)
    play(state, 1, "rune N5a blue")
    assert seat_view(state, 1)["loose_blue"] == 1
    play(state, 1, "storage HB4")
    assert seat_view(state, 1)["loose_blue"] == 1 and stores(state, 1)[BLUE]["runes"] == 0
    play(state, 1, "store blue 1")
    assert seat_view(state, 1)["loose_blue"] == 0 and stores(state, 1)[BLUE]["runes"] == 1


def test_22_collector_target_rules():
    state = new(4)
    hand(state, 0, "N10a", "N6b", "N5c")
    error = refused(state, 0, "buycards collector N10a N6b N5c on 3 blue")
    assert error.code == "no_placement" and "no legal placement" in error.message
    store(state, 3, BLUE, outpost=True, runes=2)
    collector(state, 3, BLUE, 1)  # the outpost is destroyed: a ruin on 2 runes
    assert stores(state, 3)[BLUE]["ruin"]
    GAME.validate(state)
    assert refused(state, 0, "buycards collector N10a N6b N5c on 3 blue").code == "no_placement"


def test_23_rigged_deal():
    state = new(4, deck="N5a,N10a,T1,N7b,HR1,N2c")
    hands = [GAME.view(state, s)["hand"] for s in range(4)]
    assert hands == [["N1c", "N5a", "HR1"], ["N2a", "N2c", "N10a"], ["N1a", "N2b", "T1"], ["N1b", "N3a", "N7b"]]
    assert GAME.view(state, None)["deck_count"] == 32
    from engines.rune_market.declarations import card_id
    from engines.rune_market.game import Table
    assert card_id(Table(state).deck[0]) == "N3b"


@pytest.mark.parametrize("deck,name", [("N5a,X9", "X9"), ("N5a,N5a", "N5a")])
def test_23_rigged_deal_refuses_unknown_or_repeated_ids(deck, name):
    with pytest.raises(engines.BadOption) as error:
        new(4, deck=deck)
    assert error.value.code == "bad_deck" and name in error.value.message


def test_an_unlisted_code_is_refused_naming_the_seat_to_act_with_the_state_untouched():
    """The core's one refusal path: not_legal by the seat to act while the game runs, game_over once it is over."""
    from engines.rune_market import offsets as K, rules
    state = new(4)
    listed = GAME.legal_moves(state)
    before = bytes(state)
    unlisted = [rules.join_code(K.K_DEFEND, rest=27), rules.join_code(K.K_RUNE, 0, rest=(1 << 29) | (1 << 28)),
                31, -1, 1 << 62, 1 << 63]
    for code in unlisted:
        assert code not in listed
        with pytest.raises(engines.IllegalMove) as error:
            GAME.apply_in_place(state, code)
        assert error.value.code == "not_legal" and " by seat 0: " in error.value.message, code
        assert bytes(state) == before
    while not GAME.is_finished(state):
        GAME.apply_in_place(state, GAME.legal_moves(state)[-1])
    before = bytes(state)
    for code in listed:
        with pytest.raises(engines.IllegalMove) as error:
            GAME.apply_in_place(state, code)
        assert error.value.code == "game_over"
        assert bytes(state) == before


@pytest.mark.parametrize("text,code", [
    ("rune N1a N1a N3a red", "bad_cards"),             # a card named twice is no set of cards
    ("rune T1 N4a red", "bad_cards"),                  # a thief is no number card
    ("buy outpost Lr Lr on 1 red", "bad_place"),       # an outpost goes `to C` or `neutralize C`
    ("buycards collector N10a N6b N5c to red", "bad_place"),  # a collector goes `on S C`
    ("store red 25", "bad_count"),                     # 24 runes are all there are
    ("duel N5a 123", "bad_seat"),
    ("thief T1 1 rune green", "bad_colour"),
    ("buy", "bad_move_text"),
    ("pay N1a", "unknown_move"),
])
def test_a_text_that_names_no_move_is_refused_naming_the_part(text, code):
    """The notation's refusals: the argument that does not read, before any rule is asked."""
    with pytest.raises(engines.BadMoveText) as error:
        GAME.parse_move(new(4), 0, text)
    assert error.value.code == code, error.value.message


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_listed_move_reads_back_from_its_text(players):
    """The notation writes each listed code's text so that reading it finds that code again."""
    kinds = set()
    for seed in range(6):
        state = GAME.new(players, {}, seed)
        for step in range(2000):
            if GAME.is_finished(state):
                break
            seat = GAME.to_act(state)[0]
            listed = GAME.legal_moves(state)
            for code, info in zip(listed, GAME.describe_moves(state)):
                assert GAME.move_text(info.kind, info.args) == info.text
                assert GAME.parse_move(state, seat, info.text) == code, info.text
                kinds.add(" ".join(w for w in info.text.split() if w in ("to", "neutralize", "on")) or info.kind)
            GAME.apply_in_place(state, listed[(step * 7 + seed) % len(listed)])
    assert {"to", "neutralize", "on", "free3", "thief", "steal"} <= kinds, kinds
