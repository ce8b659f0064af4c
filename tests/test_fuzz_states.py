"""Fuzzing the codec of every game: whatever `decode` accepts must be safe to play.

The compiled rules index the state without bounds checks, so `validate` is what
stands between arbitrary bytes and memory errors. Mutated encodings of real
states are either refused with BadState or, if accepted, give legal moves that
apply, a score and views without any error but a RuleError.
"""
import random

import pytest

import engines
from enginekit import GAME_IDS, scaled

pytestmark = pytest.mark.conformance
MUTATIONS = scaled(3000)


def sample_states(game, count: int) -> list[bytes]:
    """Encoded states along seeded random games, every seat count."""
    out = []
    seats = range(game.info.min_seats, game.info.max_seats + 1)
    seed = 0
    while len(out) < count:
        players = list(seats)[seed % len(seats)]
        state = game.new(players, game.seat_options(players), seed)
        step = 0
        while (listed := game.legal_moves(state)) and step < 400:
            if step % 7 == 0:
                out.append(game.encode(state))
            game.apply_in_place(state, listed[(seed * 31 + step * 7) % len(listed)])
            step += 1
        out.append(game.encode(state))
        seed += 1
    return out


def exercise(game, state) -> None:
    """Everything a client can ask of an accepted state; only rule errors may come out."""
    for seat in [None, *range(game.info.max_seats)]:
        try:
            game.view(state, seat)
        except engines.RuleError:
            pass
    game.score(state)
    game.to_act(state)
    listed = game.legal_moves(state)
    for code in listed[:40]:
        info = game.move_info(state, code)
        assert game.parse_move(state, info.seat, info.text) == code
        copy = bytearray(state)
        game.apply_in_place(copy, code, [])
        game.validate(copy)  # a legal move from a valid state gives a valid state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_mutated_states_are_refused_or_safe(game_id):
    game = engines.get(game_id)
    rnd = random.Random(20261125)
    states = sample_states(game, 200)
    head = len(game.codec_header)
    accepted = 0
    for i in range(MUTATIONS):
        data = bytearray(rnd.choice(states))
        for _ in range(rnd.choice((1, 1, 2, 3))):
            pos = rnd.randrange(head, len(data))
            data[pos] = rnd.choice((0, 1, 2, 255, rnd.randrange(256), data[pos] ^ (1 << rnd.randrange(8))))
        if rnd.random() < 0.05:  # and some truncated or extended ones
            data = data[:rnd.randrange(head, len(data))] if rnd.random() < 0.5 else data + b"\x00"
        try:
            state = game.decode(bytes(data))
        except engines.BadState:
            continue
        accepted += 1
        exercise(game, state)
    assert accepted, "no mutation was accepted: the test exercises nothing"


# The engine's entry points that read a state without decoding it first: a caller of the Python API can pass
# any bytearray, and the compiled reads have no bounds check.
ENTRY_POINTS = ("legal_moves", "is_finished", "move_count", "to_act", "seat_count")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_of_the_wrong_size_is_refused_by_every_entry_point(game_id):
    """A bytearray too short for the game's layout is refused (ValueError or BadState) by every entry point
    that reads a state, never answered from bytes past its end."""
    game = engines.get(game_id)
    state = game.new(game.info.min_seats, game.seat_options(game.info.min_seats), 1)
    for size in (0, 3, len(state) // 2):
        for name in ENTRY_POINTS:
            with pytest.raises((ValueError, engines.BadState)):
                getattr(game, name)(bytearray(size))
