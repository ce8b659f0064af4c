"""White Hat acceptance: 1,000 seeded random games for each of 3-6 seats on each board, played to the end.

Every game (compiled): every listed move applies, unlisted codes are refused with a
reason and change nothing, text forms and encode/decode round-trip (checked on a
sample of steps to keep CI short), the game ends (a game that cannot end is a bug)
with a finished score and winners. Compiled and interpreted agree on 100 games per
seat count and id (the boards alternate for white_hat). Views never leak: re-dealing
the cards a seat cannot see leaves its view, its events and its legal moves unchanged.
"""
import random
from dataclasses import asdict

import pytest

import engines

# The acceptance counts, compiled; a tenth when the suite runs interpreted (TABLETOP_PUREPYTHON=1).
GAMES_PER_SEAT_COUNT = 1000 if engines.COMPILED else 100
PARITY_PER_SEAT_COUNT = 100 if engines.COMPILED else 10
BOARDS = [("white_hat", "standard"), ("white_hat", "expert"), ("black_hat", "standard")]
MAX_MOVES = 20_000


def pick(seed: int, step: int, n: int) -> int:
    return (seed * 7919 + step * 104729 + (seed ^ step) * 31) % n


def play(game, players: int, board: str, seed: int, check_every: int = 0):
    state = game.new(players, {"board": board}, seed)
    for step in range(MAX_MOVES):
        listed = game.legal_moves(state)
        if not listed:
            return state, step
        move = listed[pick(seed, step, len(listed))]
        if check_every and step % check_every == 0:
            check_step(game, state, listed, seed + step)
        game.apply_in_place(state, move)
    pytest.fail(f"{game.info.id} {board} {players} seats seed {seed}: no end after {MAX_MOVES} moves")


def check_step(game, state, listed, salt):
    before = bytes(state)
    assert game.decode(game.encode(state)) == state
    for code in listed:
        info = game.move_info(state, code)
        assert game.parse_move(state, info.seat, info.text) == code, info.text
        copy = bytearray(state)
        game.apply_in_place(copy, code)
        assert copy != state
    for code in [c for c in range(salt % 11, 1 << 16, 997) if c not in listed][:4]:
        with pytest.raises(engines.IllegalMove) as refused:
            game.apply_in_place(state, code)
        assert refused.value.code and refused.value.message
    assert bytes(state) == before


@pytest.mark.parametrize("game_id, board", BOARDS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_play_to_a_scored_end(game_id, board, players):
    game = engines.get(game_id)
    longest = 0
    for seed in range(GAMES_PER_SEAT_COUNT):
        final, moves = play(game, players, board, seed, check_every=97 if seed % 10 else 7)
        longest = max(longest, moves)
        score = game.score(final)
        assert game.is_finished(final) and score.finished and score.winners, (seed, moves)
        assert game.to_act(final) == []
    assert longest > 50


@pytest.mark.parametrize("game_id", ["white_hat", "black_hat"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_compiled_and_interpreted_agree(game_id, players, pure_engines):
    game, pure = engines.get(game_id), pure_engines.get(game_id)
    boards = [b for g, b in BOARDS if g == game_id]
    for seed in range(PARITY_PER_SEAT_COUNT):
        board = boards[seed % len(boards)]
        state, pure_state = game.new(players, {"board": board}, seed), pure.new(players, {"board": board}, seed)
        step = 0
        while (listed := game.legal_moves(state)):
            assert pure.legal_moves(pure_state) == listed, (seed, step)
            move = listed[pick(seed, step, len(listed))]
            game.apply_in_place(state, move)
            pure.apply_in_place(pure_state, move)
            assert state == pure_state, (seed, step)
            step += 1
        assert asdict(game.score(state)) == asdict(pure.score(pure_state))


def positions(game, players, seed, every=3):
    state = game.new(players, None, seed)
    step = 0
    while (listed := game.legal_moves(state)):
        if step % every == 0:
            yield bytearray(state), listed[pick(seed, step, len(listed))]
        game.apply_in_place(state, listed[pick(seed, step, len(listed))])
        step += 1


@pytest.mark.parametrize("game_id", ["white_hat", "black_hat"])
def test_redealing_unseen_cards_changes_nothing_a_seat_sees(game_id):
    game = engines.get(game_id)
    rnd = random.Random(12)
    moved = 0
    for seed in range(12):  # the registry's leak test (tests/test_conformance.py) adds its own sample
        players = 3 + seed % 4
        for state, move in positions(game, players, seed):
            for seat in [None, *range(players)]:
                other = game.redeal_unseen(state, seat, rnd.shuffle)
                moved += other != state
                assert game.view(other, seat) == game.view(state, seat)
                if seat is not None and game.to_act(state) == [seat]:
                    assert game.legal_moves(other) == game.legal_moves(state)
                    assert [e.seen_by(seat) for e in _events(game, state, move)] == \
                        [e.seen_by(seat) for e in _events(game, other, move)]
    assert moved > 500


def _events(game, state, move):
    """The events of a move up to the first one that reveals new cards: a draw from the (hidden) deck, or the
    round's scoring (which shows every hand, §6.2)."""
    _, events = game.apply(state, move)
    cut = next((i for i, e in enumerate(events) if e.kind in ("drew", "round_scored")), len(events))
    return events[:cut]
