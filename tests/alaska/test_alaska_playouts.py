"""Issue 15's acceptance: 1,000 seeded random games for each of 2, 3 and 4 seats, with and without the
dice variant, play to the end.

Every game: at every fourth step the chosen move's text round-trips and an unlisted code is
refused, the game ends finished with winners, the final state is valid and round-trips through
the codec. Every tenth game also runs the full per-step check (every listed move applies, every
listed text parses back, encode/decode at every step). Compiled = interpreted on 100 games per
seat count (both dice settings), and a sample of games is checked for view leaks at every fourth
position. The other options (tie rule, bear window) vary with the seed. Played compiled; sizes
shrink tenfold when the engines are interpreted (enginekit.scaled).
"""
import random
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

import engines
from enginekit import check_no_leak, scaled

sys.path.insert(0, str(Path(__file__).parent))

from alaska_testlib import alaska  # noqa: E402

GAMES = 1000
FULL_CHECK_EVERY = 10
PARITY = 100
LEAK_GAMES = 16


def options(seed: int, dice: bool) -> dict:
    return {"lucky_dice": "true" if dice else "false", "tie_rule": ("shared", "playoff")[seed % 2],
            "bear_window": ("all", "holders_only")[(seed // 2) % 2], "start_seat": str(seed % 2)}


def pick(seed: int, step: int, n: int) -> int:
    return (seed * 7919 + step * 104729 + (seed ^ step) * 31) % n


def full_check(state, listed):
    before = bytes(state)
    assert alaska.decode(alaska.encode(state)) == state
    for code in listed:
        info = alaska.move_info(state, code)
        assert info.seat in alaska.to_act(state)
        assert alaska.parse_move(state, info.seat, info.text) == code, info.text
        copy = bytearray(state)
        alaska.apply_in_place(copy, code)
        assert copy != state
    assert bytes(state) == before


def play_game(game, players: int, seed: int, dice: bool, full: bool):
    state = game.new(players, options(seed, dice), seed)
    trail, kinds = [bytes(state)], []
    for step in range(5000):
        listed = game.legal_moves(state)
        if not listed:
            return state, trail, kinds
        move = listed[pick(seed, step, len(listed))]
        if full:
            full_check(state, listed)
        if game is alaska and step % 4 == 0:  # the full-check games test every step
            info = game.move_info(state, move)
            assert game.parse_move(state, info.seat, info.text) == move, info.text
            unlisted = (seed + step) % 353
            if unlisted not in listed:
                with pytest.raises(engines.IllegalMove):
                    game.apply_in_place(state, unlisted)
        events = []
        game.apply_in_place(state, move, events)
        trail.append(bytes(state))
        kinds.append([(e.kind, e.public) for e in events])
    raise AssertionError(f"{players} seats, seed {seed}: no end after 5000 moves")


@pytest.mark.parametrize("dice", [False, True], ids=["plain", "lucky_dice"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_play_to_the_end(players, dice):
    playoffs = dice_rolls = 0
    for seed in range(scaled(GAMES)):
        final, trail, kinds = play_game(alaska, players, seed, dice, full=seed % FULL_CHECK_EVERY == 0)
        score = alaska.score(final)
        assert alaska.is_finished(final) and alaska.to_act(final) == []
        assert score.finished and score.winners and all(1 <= s.rank <= players for s in score.seats)
        assert alaska.decode(alaska.encode(final)) == final
        playoffs += alaska.view(final, None)["playoff"] > 0
        dice_rolls += any(k == "dice" for move in kinds for k, _ in move)
    assert playoffs > 0  # the playoff path is exercised
    assert (dice_rolls > 0) == dice


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_and_interpreted_agree(players, pure_engines):
    pure = pure_engines.get("alaska")
    if pure is alaska:
        pytest.skip("the engines are interpreted: nothing to compare")
    for seed in range(PARITY):
        dice = seed % 2 == 1
        final, trail, kinds = play_game(alaska, players, seed, dice, full=False)
        pure_final, pure_trail, pure_kinds = play_game(pure, players, seed, dice, full=False)
        assert trail == pure_trail, f"{players} seats, seed {seed}: states differ"
        assert kinds == pure_kinds
        assert asdict(alaska.score(final)) == asdict(pure.score(pure_final))


@pytest.mark.parametrize("dice", [False, True], ids=["plain", "lucky_dice"])
def test_no_view_leaks(dice):
    changed = 0
    for seed in range(scaled(LEAK_GAMES)):
        players = 2 + seed % 3
        opts = dict(options(seed, dice), bear_window="all")
        state = alaska.new(players, opts, seed)
        step = 0
        while listed := alaska.legal_moves(state):
            if step % 4 == 0:
                for seat in [None, *range(players)]:
                    shuffle = random.Random(seed * 1000 + step * 10 + (seat or 0)).shuffle
                    changed += check_no_leak(alaska, bytearray(state), seat, shuffle, {})
            alaska.apply_in_place(state, listed[pick(seed, step, len(listed))])
            step += 1
    assert changed > 10 * scaled(LEAK_GAMES)
