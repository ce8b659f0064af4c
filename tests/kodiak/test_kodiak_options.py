"""Kodiak's options (§11), seat counts, text forms, memory rules (§9) and the refusals around them."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engines  # noqa: E402
from engines.kodiak.declarations import CARDS  # noqa: E402
from kodiak_testlib import cards_at, everyone_passes_but, kodiak, moves_of, play, rig, slot_view  # noqa: E402


def test_list_games_entry():
    info = kodiak.info
    assert (info.id, info.title, info.min_seats, info.max_seats, info.version) == ("kodiak", "Kodiak", 2, 6, "1.0")
    assert [o.name for o in info.options] == ["first_kodiak", "cycles", "memory_aid", "blue_king_kodiak", "deck"]
    assert {o.name: o.default for o in info.options} == {
        "first_kodiak": "0", "cycles": "1", "memory_aid": "follow", "blue_king_kodiak": "false", "deck": ""}


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_seat_counts_outside_2_to_6_are_refused(players):
    with pytest.raises(engines.BadOption) as refused:
        kodiak.new(players)
    assert refused.value.code == "bad_seat_count" and "2-6" in refused.value.message


@pytest.mark.parametrize("options, option", [
    ({"first_kodiak": "4"}, "first_kodiak"), ({"first_kodiak": "-1"}, "first_kodiak"),
    ({"cycles": "0"}, "cycles"), ({"cycles": "4"}, "cycles"), ({"cycles": "two"}, "cycles"),
    ({"memory_aid": "photo"}, "memory_aid"), ({"blue_king_kodiak": "yes"}, "blue_king_kodiak"),
])
def test_bad_option_values_are_refused_naming_the_option(options, option):
    with pytest.raises(engines.BadOption) as refused:
        kodiak.new(4, options)
    assert refused.value.code == "bad_option_value" and option in refused.value.message


def test_unknown_option_is_refused():
    with pytest.raises(engines.BadOption) as refused:
        kodiak.new(4, {"target_score": "50"})
    assert refused.value.code == "unknown_option"


@pytest.mark.parametrize("deck, card", [("N1-1,N0-1", "N0-1"), ("N1-1,N1-1", "N1-1"), ("n1-1", "n1-1"),
                                        ("BALL-5", "BALL-5")])
def test_rigged_deck_with_an_unknown_or_repeated_id_is_refused_naming_it(deck, card):
    with pytest.raises(engines.BadOption) as refused:
        kodiak.new(4, {"deck": deck})
    assert refused.value.code == "bad_deck" and repr(card) in refused.value.message


def test_first_kodiak_and_cycles():
    state = kodiak.new(5, {"first_kodiak": "3", "cycles": "2"}, seed=9)
    view = kodiak.view(state, None)
    assert (view["kodiak"], view["active_seat"], view["rounds"]) == (3, 3, 10)
    assert [s["role"] for s in view["seats"]] == ["mouse", "mouse", "mouse", "kodiak", "mouse"]
    # round 1 rigged, later rounds shuffled: dealing starts left of Kodiak
    state = rig(5, {4: ["N1-1"], 0: ["N2-1"]}, first_kodiak="3")
    assert cards_at(state, 4)[0] == "N1-1" and cards_at(state, 0)[0] == "N2-1"


def test_same_seed_same_game_and_whole_deck_argument():
    assert kodiak.new(4, None, 42) == kodiak.new(4, None, 42) != kodiak.new(4, None, 43)
    whole = list(reversed(CARDS.ids))
    state = kodiak.new(3, deck=whole)
    assert cards_at(state, 1)[0] == "BALL-4"
    with pytest.raises(engines.BadOption):
        kodiak.new(3, deck=whole[:-1])


@pytest.mark.parametrize("text", ["", "discard", "exchange", "exchange x", "exchange 1 2", "look 3", "look 3.",
                                  "swap 1.0", "swap 1.? 2.?", "pounce 1.0 2", "pounce 0", "pass now", "throw 01"])
def test_unreadable_texts(text):
    state = rig(draws=["N5-1"])
    with pytest.raises(engines.BadMoveText):
        kodiak.parse_move(state, 0, text)


def test_typed_moves_rebuild_their_text():
    state = rig(slots={2: [None, None, "SWAP-2"]}, draws=["N5-1", "N2-2", "N2-3"])
    for seat in (0, 1):
        play(state, seat, "exchange 0")
        everyone_passes_but(state)
    play(state, 2, "exchange 2")
    infos = kodiak.describe_moves(state)
    assert {i.kind for i in infos} == {"swap"}
    for info in infos:
        assert kodiak.move_text(info.kind, info.args) == info.text
    assert kodiak.move_text("swap", {"positions": [(2, 0, False), (0, 0, True)]}) == "swap 2.0 0.?"
    assert kodiak.move_text("swap", {"positions": [(2, 0), (1, 3)]}) == "swap 2.0 1.3"
    assert kodiak.move_text("pounce", {"slot": 1, "target": (2, 0)}) == "pounce 1 2.0"
    with pytest.raises(engines.BadMoveText):
        kodiak.move_text("pounce", {"slot": 1})
    with pytest.raises(engines.BadMoveText):
        kodiak.move_text("jump", {})


def test_swap_positions_in_either_order_are_one_move():
    state = rig(slots={0: ["SWAP-1"]}, draws=["N5-1"])
    play(state, 0, "exchange 0")
    assert kodiak.parse_move(state, 0, "swap 3.1 0.2") == kodiak.parse_move(state, 0, "swap  0.2  3.1")
    assert "swap 0.2 3.1" in moves_of(state, 0)
    with pytest.raises(engines.IllegalMove) as refused:
        kodiak.parse_move(state, 0, "swap 1.0 0.?")
    assert refused.value.code == "kodiak_names_his_card"
    with pytest.raises(engines.IllegalMove) as refused:
        kodiak.parse_move(state, 0, "swap 1.0 1.2")
    assert refused.value.code == "same_seat"


def swap_known_card(memory: str) -> bytearray:
    """Kodiak swaps his known 0.0 (N1-1) with 1.1; returns the state after the swap."""
    state = rig(slots={0: ["N1-1", "SWAP-1"]}, draws=["N5-1"], memory_aid=memory)
    play(state, 0, "exchange 1")
    play(state, 0, "swap 0.0 1.1")
    return state


def test_memory_aid_follow_slot_off():
    follow = swap_known_card("follow")
    assert slot_view(follow, 0, 1, 1)["card"] == "N1-1" and slot_view(follow, 0, 1, 1)["known_by"] == [0]
    assert slot_view(follow, 0, 0, 1)["card"] == "N5-1"
    slot = swap_known_card("slot")
    assert slot_view(slot, 0, 1, 1)["card"] is None and slot_view(slot, 0, 1, 1)["known_by"] == []
    assert slot_view(slot, 0, 0, 1)["card"] == "N5-1"  # not moved: still known
    off = swap_known_card("off")
    assert all(e["card"] is None for s in kodiak.view(off, 0)["seats"] for e in s["slots"])
    assert slot_view(off, 0, 1, 1)["known_by"] == [0]


def test_off_still_shows_face_up_cards_and_private_events():
    state = rig(slots={0: ["N1-1", "LENS-1"], 2: ["N7-3"]}, draws=["N5-1"], memory_aid="off")
    events = play(state, 0, "exchange 1")
    assert [e for e in events if e.kind == "exchanged"]
    play(state, 0, "look 2.0")
    assert slot_view(state, 3, 2, 0)["card"] == "N7-3"


def test_action_lapses_without_a_target_in_two_player_look():
    state = rig(2, {0: ["N1-1"], 1: [None, "LENS-1"]}, draws=["N5-1", "N2-2"])
    play(state, 0, "exchange 0")
    everyone_passes_but(state)
    events = play(state, 1, "exchange 1")
    assert "action_lapsed" in [e.kind for e in events] and kodiak.view(state, None)["phase"] == "hunt"


def test_score_mid_round_is_marked_hidden():
    state = rig(draws=["N5-1"])
    score = kodiak.score(state)
    assert not score.finished and all(s.breakdown["contains_hidden"] == 1 for s in score.seats)
    assert [s.total for s in score.seats] == [0, 0, 0, 0] and score.tiebreak == "shared"
