"""legal_moves' result (engines/core/kernel.py `Codes`): a sequence of ints that behaves as an immutable list of
the same codes, compiled and interpreted, whose C arrays are reused only once their listing is gone."""
from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest

import engines
from enginekit import GAME_IDS, interpreted, pick, seat_counts


def walk(game, seed: int, moves: int):
    """(state, listing) pairs along one seeded game, each state a copy."""
    players = seat_counts(game)[seed % len(seat_counts(game))]
    state = game.new(players, game.seat_options(players), seed)
    for step in range(moves):
        listed = game.legal_moves(state)
        if not listed:
            return
        yield bytearray(state), listed
        game.apply_in_place(state, listed[pick(seed, step, len(listed))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_listing_is_a_read_only_sequence_equal_to_its_list(game_id, pure_engines):
    compiled = engines.get(game_id)
    pure = interpreted(compiled, pure_engines)
    for (state, listed), (_, twin) in zip(walk(compiled, 5, 30), walk(pure, 5, 30)):
        assert listed == twin and twin == listed  # two classes for a built-in game: the twin has its own core
        assert not listed != twin
        assert listed + [1] == listed.tolist() + [1] and [1] + listed == [1] + listed.tolist()
        assert listed + twin == listed.tolist() * 2
    for game in (compiled, pure):
        for _, listed in walk(game, 3, 40):
            as_list = listed.tolist()
            assert type(listed).__name__ == "Codes" and isinstance(listed, Sequence)
            assert listed == as_list and as_list == listed and listed == tuple(as_list) and not listed != as_list
            assert list(listed) == as_list and len(listed) == len(as_list) and listed[-1] == as_list[-1]
            assert listed[1:3] == as_list[1:3] and as_list[0] in listed and listed.index(as_list[-1]) == len(as_list) - 1
            assert listed != as_list + [as_list[0]] and listed != "text"
            assert pickle.loads(pickle.dumps(listed)) == listed and repr(listed) == f"Codes({as_list!r})"
            with pytest.raises(TypeError):
                listed[0] = 1
            with pytest.raises(TypeError):
                hash(listed)
            with pytest.raises(IndexError, match="out of range"):
                listed[len(as_list)]
            with pytest.raises(TypeError):
                listed[0.0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_held_listing_never_changes(game_id):
    """Listings dropped give their arrays to later ones: every listing still held keeps its codes while
    hundreds of later listings are made and dropped (a pool handing out an array in use fails here)."""
    game = engines.get(game_id)
    held = []
    for seed in range(60):  # short games (the toy) take more seeds to make 100 listings
        if len(held) > 100:
            break
        for state, listed in walk(game, seed, 60):
            held.append((listed, listed.tolist()))
            for _ in range(3):  # dropped at once: their arrays go back to the pool
                assert game.legal_moves(state) == listed
    assert len(held) > 100
    assert all(listed == codes for listed, codes in held)
