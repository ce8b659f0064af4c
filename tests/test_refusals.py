"""The same mistake gets the same refusal, in the same order and words, in every registered game.

A move is checked seat first, then text: a seat off the table is `no_such_seat` whatever the text says,
even text that is no move of the game. A move by a seat that is not to act names the seat that is, in one
wording. Refusals name the moves a player types, never the state's internal names.
"""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "cambio"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "kodiak"))

import engines  # noqa: E402
from enginekit import GAME_IDS, playout, scaled, seat_counts  # noqa: E402

pytestmark = pytest.mark.conformance

# Texts no game reads alike: a word of some games only, one of none, none at all, a move of another game.
TEXTS = ("pass", "zzz 1 2", "", "draw deck", "play 9 9", "exchange 1")


def refusal(game, state, seat, text) -> engines.RuleError:
    """The refusal of `text` by `seat`; the state must be left as it was."""
    before = bytes(state)
    with pytest.raises(engines.RuleError) as err:
        game.parse_move(state, seat, text)
    assert bytes(state) == before
    return err.value


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seat_off_the_table_is_refused_before_the_text_is_read(game_id):
    game = engines.get(game_id)
    for players in seat_counts(game):
        trail, _, _ = playout(game, players, seed=players)
        for state in (trail[0], trail[len(trail) // 2]):
            state = bytearray(state)
            listed = [game.move_info(state, m).text for m in game.legal_moves(state)][:3]
            seats = game.seat_count(state)  # White Hat's robot is a seat of its own
            for seat in (seats, 9, -1, True, "0", None):
                for text in (*TEXTS, *listed, 5):
                    err = refusal(game, state, seat, text)
                    assert err.code == "no_such_seat", (players, seat, text, err.message)
                    assert f"(seats 0..{seats - 1})" in err.message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_for_a_seat_off_the_table_is_refused_in_one_wording(game_id):
    """The core checks the seat of every view (the toy game had no check of its own)."""
    game = engines.get(game_id)
    for players in seat_counts(game):
        trail, _, _ = playout(game, players, seed=players)
        state = bytearray(trail[len(trail) // 2])
        seats = game.seat_count(state)
        for seat in (seats, 9, -1, True, "0", 1.0):
            with pytest.raises(engines.RuleError) as err:
                game.view(state, seat)
            assert err.value.code == "no_such_seat", (players, seat, err.value.message)
            assert err.value.message.startswith("view: seat ") and f"(seats 0..{seats - 1})" in err.value.message
        assert game.view(state, None) and all(game.view(state, s) for s in range(seats))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_out_of_turn_names_the_seat_to_act_in_one_wording(game_id):
    game = engines.get(game_id)
    seen = 0
    for seed in range(scaled(20)):
        players = seat_counts(game)[seed % len(seat_counts(game))]
        trail, _, _ = playout(game, players, seed)
        for state in trail[::7]:
            state = bytearray(state)
            acting = game.to_act(state)
            if len(acting) != 1:
                continue
            for move in game.legal_moves(state)[:2]:
                text = game.move_info(state, move).text
                for seat in set(range(players)) - {acting[0]}:
                    err = refusal(game, state, seat, text)
                    if err.code == "not_your_turn":
                        assert re.search(rf"by seat {seat}: not your turn \(seat {acting[0]} is to act\)(: .+)?$",
                                         err.message), err.message
                        seen += 1
    assert seen, f"{game_id}: no move out of turn was tried"


def test_cambio_red_king_refusal_names_the_moves_it_allows():
    from cambio_testlib import cambio, play, story
    state = story(8)  # seat 2 draws the red king: two steps of lookown, look or swap
    play(state, 2, "draw deck")
    play(state, 2, "discard")
    err = refusal(cambio, state, 2, "show 0.0")
    assert err.code == "wrong_action"
    assert err.message == "illegal move 'show 0.0' by seat 2: the pending action allows lookown, look or swap " \
                          "(two steps), not show"


def test_kodiak_action_refusals_name_the_moves_it_allows():
    from kodiak_testlib import everyone_passes_but, kodiak, play, rig
    state = rig(slots={0: ["N1-1"], 3: [None, "RK-1"]}, draws=["N5-1", "N2-2", "N2-3", "N2-4"])
    for seat in (0, 1, 2):
        play(state, seat, "exchange 0")
        everyone_passes_but(state)
    play(state, 3, "exchange 1")  # the red king: two different steps of lookown, look or swap
    err = refusal(kodiak, state, 3, "reveal 1.1")
    assert err.code == "not_an_action_step"
    assert err.message.endswith("the pending action allows lookown or look or swap (two steps), not reveal")
    err = refusal(kodiak, state, 3, "exchange 0")
    assert err.code == "finish_action" and "(lookown or look or swap (two steps))" in err.message
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", err.message.split(":", 1)[1])
