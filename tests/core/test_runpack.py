"""Run-length packing (engines/core/runpack.py): exact round trips, compiled and interpreted alike.

Every game's states from seeded random playouts, and inputs made to hit the format's
edges (empty, all 0x00 or 0xFF, every byte value, runs at and around the length
limit, escape bytes), pack to the same bytes through the compiled module and its
interpreted twin, and unpack to exactly the input. Malformed and oversized packed
input is refused with ValueError before any output is made.
"""
from __future__ import annotations

import random

import pytest

import engines
from engines.core import runpack

ESC, MAX_RUN = 0xC1, 129  # the format (its module docstring), stated here on its own
LIMIT = 1 << 20


@pytest.fixture(scope="module")
def pure(pure_engines):
    from engines_pure.core import runpack as interpreted
    return interpreted


def playout_states(game, seeds: int = 3) -> list[bytes]:
    """Every state (encoded) of `seeds` seeded random playouts, each seat count in turn."""
    counts = list(range(game.info.min_seats, game.info.max_seats + 1))
    states = []
    for seed in range(seeds):
        players = counts[seed % len(counts)]
        state, rnd = game.new(players, game.seat_options(players), seed), random.Random(seed)
        while True:
            states.append(game.encode(state))
            listed = game.legal_moves(state)
            if not listed:
                break
            game.apply_in_place(state, listed[rnd.randrange(len(listed))])
    return states


def edge_inputs() -> list[bytes]:
    runs = [bytes([v]) * n for v in (0x00, 0xFF) for n in (1, 2, 3, 4, MAX_RUN - 1, MAX_RUN, MAX_RUN + 1,
                                                            MAX_RUN + 2, MAX_RUN + 3, 2 * MAX_RUN, 1000)]
    every = bytes(range(256))
    made = [b"", every, every * 3, bytes(range(255, -1, -1)), bytes([ESC]), bytes([ESC]) * 300,
            bytes([ESC, 0x00]), bytes([ESC, 0x80]), bytes([ESC, 0x7F, 0xFF]), b"\x00\xff" * 200,
            b"\x00\x00\xff\xff" * 100, b"\x00\x00\x00\xff\xff\xff" * 50, bytes([ESC, 0, 0, 0, ESC, 0xFF, 0xFF, 0xFF])]
    made += runs + [b"x" + r + b"y" for r in runs] + [r + bytes([ESC]) + r for r in runs]
    rnd = random.Random(11)  # mostly 0x00 / 0xFF / ESC, so runs of every length and escapes mix
    made += [bytes(rnd.choice((0, 0, 0xFF, 0xFF, ESC, 1, 0xFE)) for _ in range(rnd.randrange(600)))
             for _ in range(300)]
    return made


@pytest.mark.parametrize("game", engines.games(), ids=lambda g: g.info.id)
def test_every_games_states_round_trip_and_pack_the_same_interpreted(game, pure):
    states = playout_states(game)
    packed = [runpack.pack(s) for s in states]
    assert [pure.pack(s) for s in states] == packed
    assert [runpack.unpack(p, len(s)) for s, p in zip(states, packed)] == states
    assert [pure.unpack(p, len(s)) for s, p in zip(states, packed)] == states
    assert sum(map(len, packed)) < 0.8 * sum(map(len, states)), "packing left the states' empty slots in"


def test_edge_inputs_round_trip_and_pack_the_same_interpreted(pure):
    for data in edge_inputs():
        packed = runpack.pack(data)
        assert pure.pack(data) == packed, data[:40]
        assert runpack.unpack(packed, LIMIT) == data == pure.unpack(packed, LIMIT), data[:40]
        assert len(packed) <= len(data) + data.count(ESC)  # the most it can grow


def test_runs_take_two_bytes_per_longest_run():
    assert runpack.pack(bytes(MAX_RUN)) == bytes([ESC, 0x7F])
    assert runpack.pack(b"\xff" * MAX_RUN) == bytes([ESC, 0xFF])
    assert runpack.pack(b"\x00\x00\x00") == bytes([ESC, 0x01])
    assert runpack.pack(b"\x00\x00") == b"\x00\x00"  # shorter than a code: left as it is
    assert runpack.pack(bytes(MAX_RUN + 1)) == bytes([ESC, 0x7F, 0x00])
    assert runpack.pack(bytes(MAX_RUN + 3)) == bytes([ESC, 0x7F, ESC, 0x01])
    assert runpack.pack(bytes([ESC])) == bytes([ESC, 0x00])


@pytest.mark.parametrize("bad, why", [
    (bytes([ESC]), "inside an escape"),
    (b"abc" + bytes([ESC]), "inside an escape"),
    (bytes([ESC, 0x80]), "reserved code"),
    (bytes([ESC, 0x7F]) * 100, "more than"),  # 12,900 bytes from 200: a bomb the limit stops
])
def test_malformed_or_oversized_packed_bytes_are_refused(bad, why, pure):
    for module in (runpack, pure):
        with pytest.raises(ValueError, match=why):
            module.unpack(bad, 4096)


def test_the_limit_is_exact(pure):
    packed = runpack.pack(b"ab" + bytes(300))
    for module in (runpack, pure):
        assert module.unpack(packed, 302) == b"ab" + bytes(300)
        with pytest.raises(ValueError, match="more than 301"):
            module.unpack(packed, 301)
        with pytest.raises(ValueError, match="more than 1"):
            module.unpack(b"abc", 1)
