"""Rune Market acceptance: seeded random games for 2, 3 and 5 seats play to a scored end, every step
consistent; compiled and interpreted agree; views leak nothing; options and seat counts are checked.

Games average ~550 moves, so the per-step checks run on a sample of steps (every step
applies its move); interpreted runs play a tenth of the games.
"""
import os
from dataclasses import asdict
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from rune_market_testlib import AT, GAME, new, pass_turn  # noqa: E402

GAMES = 1000 if engines.COMPILED else 100
PARITY = 100
SAMPLE = 11  # the per-step checks run on one step in SAMPLE


def pick(seed: int, step: int, n: int) -> int:
    return (seed * 7919 + step * 104729 + (seed ^ step) * 31) % n


def check_step(state: bytearray, listed: list, salt: int) -> None:
    """Listed moves round-trip through their text; unlisted codes are refused; encode/decode round-trips."""
    before = bytes(state)
    assert GAME.decode(GAME.encode(state)) == state
    for code in listed[salt % len(listed)::max(1, len(listed) // 2)]:
        info = GAME.move_info(state, code)
        assert info.seat in GAME.to_act(state)
        assert GAME.parse_move(state, info.seat, info.text) == code, info.text
        assert GAME.move_text(info.kind, info.args) == info.text
    near = [listed[0] ^ (1 << (salt % 40)), listed[-1] + 32, salt % 19, 1 << 61]
    for code in [c for c in near if c not in listed][:3]:
        with pytest.raises(engines.IllegalMove) as refused:
            GAME.apply_in_place(state, code)
        assert refused.value.code and refused.value.message
        assert bytes(state) == before


def play(game, players: int, seed: int, checks: bool) -> tuple[list, bytearray]:
    state = game.new(players, None, seed)
    trail = [bytes(state)]
    for step in range(50_000):
        listed = game.legal_moves(state)
        if not listed:
            return trail, state
        if checks and step % SAMPLE == seed % SAMPLE:
            check_step(state, listed, seed + step)
        game.apply_in_place(state, listed[pick(seed, step, len(listed))])
        trail.append(bytes(state))
    raise AssertionError(f"{players} seats, seed {seed}: no end after 50,000 moves")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_play_to_a_scored_end(players):
    for seed in range(GAMES):
        _, final = play(GAME, players, seed, checks=True)
        GAME.validate(final)
        assert GAME.is_finished(final) and GAME.to_act(final) == []
        score = GAME.score(final)
        assert score.finished and score.winners
        market = GAME.view(final, None)["market"]
        assert market["red"] + market["blue"] == 0 or final[AT.end_reason] == 1
        with pytest.raises(engines.IllegalMove):
            GAME.apply_in_place(final, 0)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_compiled_and_interpreted_agree(players, pure_engines):
    pure = pure_engines.get("rune_market")
    if not engines.COMPILED:
        pytest.skip("the extensions are not built: both sides would be interpreted")
    for seed in range(PARITY):
        trail, final = play(GAME, players, seed, checks=False)
        pure_trail, pure_final = play(pure, players, seed, checks=False)
        assert trail == pure_trail, f"{players} seats, seed {seed}: states differ"
        assert asdict(GAME.score(final)) == asdict(pure.score(pure_final))


def own_moves(state, seat):
    return sorted(i.text for i in GAME.describe_moves(state) if i.seat == seat)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_views_leak_nothing(players):
    """Re-deal what a seat cannot see: its view, its moves and the next moves' events as it sees them stay."""
    rnd = random.Random(players)
    for seed in range(12):
        state = GAME.new(players, None, seed)
        step = 0
        while (listed := GAME.legal_moves(state)):
            if step % 9 == 0:
                for seat in [None, *range(players)]:
                    other = GAME.redeal_unseen(state, seat, rnd.shuffle)
                    assert GAME.view(other, seat) == GAME.view(state, seat), (seed, step, seat)
                    assert own_moves(other, seat) == own_moves(state, seat), (seed, step, seat)
                    follow(state, other, seat)
            GAME.apply_in_place(state, listed[pick(seed, step, len(listed))])
            step += 1


def follow(a: bytearray, b: bytearray, seat, steps: int = 3) -> None:
    a, b = bytearray(a), bytearray(b)
    for step in range(steps):
        listed = GAME.legal_moves(a)
        if not listed:
            return
        info = GAME.move_info(a, listed[pick(len(a), step, len(listed))])
        try:
            code = GAME.parse_move(b, info.seat, info.text)
        except engines.RuleError:
            return  # the move depends on a re-dealt card
        seen_a, seen_b = [], []
        GAME.apply_in_place(a, GAME.parse_move(a, info.seat, info.text), seen_a)
        GAME.apply_in_place(b, code, seen_b)
        if GAME.view(a, seat) != GAME.view(b, seat):
            return  # the move showed `seat` a card: the deals are told apart, rightly
        assert [e.seen_by(seat) for e in seen_a] == [e.seen_by(seat) for e in seen_b], info.text


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
    assert score.finished and score.winners and score.tiebreak in ("round_cap", "outposts", "collectors",
                                                                   "high_card", "shared")
