"""Seeded random Cambio games to the end (compiled), and compiled = pure Python.

Per step: the chosen move's text round-trips, a sample of listed moves applies, unlisted
codes are refused with a reason and change nothing, encode/decode round-trips.
"""
import random
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engines  # noqa: E402
from engines import IllegalMove  # noqa: E402

GAMES = 1000
PARITY = 100
LONG_GAMES = 150
cambio = engines.get("cambio")


def patient(game, state, listed, rnd):
    """A policy that plays long games: rarely snaps blind, rarely calls Cambio (multi-round games, rebuilds)."""
    move = rnd.choice(listed)
    info = game.move_info(state, move)
    if info.kind == "snap" and rnd.random() < 0.9:
        return game.parse_move(state, info.seat, "nogive" if game.view(state, None)["window"]["pending_give"]
                               else "pass")
    if info.kind == "call_cambio" and rnd.random() < 0.9 and len(listed) > 1:
        return listed[1]
    return move


def test_compiled_extension_is_in_use():
    from engines.cambio import rules
    assert not engines.COMPILED or not rules.__file__.endswith(".py")


def check_step(state, listed, rnd):
    before = bytes(state)
    assert cambio.decode(cambio.encode(state)) == state
    for code in (len(listed), len(listed) + rnd.randrange(300), -1 - rnd.randrange(5), 2 ** 40):
        with pytest.raises(IllegalMove) as refused:
            cambio.apply_in_place(state, code)
        assert refused.value.code == "not_legal" and refused.value.message
        assert bytes(state) == before
    for code in rnd.sample(listed, min(2, len(listed))):
        copy = bytearray(state)
        cambio.apply_in_place(copy, code)
        cambio.validate(copy)
        info = cambio.move_info(state, code)
        assert info.seat in cambio.to_act(state)
        assert cambio.parse_move(state, info.seat, info.text) == code, info.text


@pytest.mark.parametrize("players", [2, 4, 8])
def test_random_games_play_to_the_end(players):
    moves = 0
    for seed in range(GAMES):
        rnd = random.Random(seed * 10 + players)
        state = cambio.new(players, None, seed)
        for step in range(100_000):
            listed = cambio.legal_moves(state)
            if not listed:
                break
            if step % 3 == 0:
                check_step(state, listed, rnd)
            cambio.apply_in_place(state, rnd.choice(listed))
            moves += 1
        else:
            pytest.fail(f"seed {seed}: no end")
        cambio.validate(state)
        scores = cambio.score(state)
        assert cambio.is_finished(state) and cambio.to_act(state) == [] and scores.finished and scores.winners
        assert min(s.total for s in scores.seats) == scores.seats[scores.winners[0]].total
        with pytest.raises(IllegalMove):
            cambio.apply_in_place(state, 0)
    assert moves > GAMES * 10


@pytest.mark.parametrize("players", [2, 4, 8])
def test_long_games_play_to_the_end(players):
    """Patient players: several rounds, dealer rotation, deck rebuilds, the target or the safety cap."""
    rounds = 0
    for seed in range(LONG_GAMES):
        rnd = random.Random(seed)
        state = cambio.new(players, None, seed)
        for step in range(200_000):
            listed = cambio.legal_moves(state)
            if not listed:
                break
            if step % 7 == 0:
                check_step(state, listed, rnd)
            cambio.apply_in_place(state, patient(cambio, state, listed, rnd))
        cambio.validate(state)
        view = cambio.view(state, None)
        rounds += view["round"]
        assert view["finished"] and cambio.score(state).finished
        assert max(s["total"] for s in view["seats"]) >= 50 or view["turns"] == 2000
        assert all(sum(s["round_scores"]) == s["total"] for s in view["seats"])
    assert rounds > LONG_GAMES  # some games last more than one round


@pytest.mark.parametrize("players", [2, 4, 8])
def test_compiled_and_pure_python_agree(players, pure_engines):
    pure = pure_engines.get("cambio")
    for seed in range(PARITY):
        rnd = random.Random(seed)
        a, b = cambio.new(players, None, seed), pure.new(players, None, seed)
        assert a == b
        while (listed := cambio.legal_moves(a)):
            assert pure.legal_moves(b) == listed
            move = rnd.choice(listed) if seed % 2 else patient(cambio, a, listed, rnd)
            ea, eb = [], []
            cambio.apply_in_place(a, move, ea)
            pure.apply_in_place(b, move, eb)
            assert a == b, f"seed {seed}: states differ"
            assert [asdict(e) for e in ea] == [asdict(e) for e in eb]
        assert asdict(cambio.score(a)) == asdict(pure.score(b))
        assert cambio.view(a, 0) == pure.view(b, 0)


def test_bad_states_are_refused_not_crashing():
    rnd = random.Random(3)
    state = cambio.new(4, None, 1)
    for _ in range(30):
        cambio.apply_in_place(state, rnd.choice(cambio.legal_moves(state)))
    good = cambio.encode(state)
    with pytest.raises(engines.BadState):
        cambio.decode(good[:-1])
    for _ in range(300):
        bad = bytearray(good)
        i = rnd.randrange(len(good) - 1000, len(good))
        bad[i] = rnd.randrange(256)
        try:
            st = cambio.decode(bytes(bad))
        except engines.BadState:
            continue
        listed = cambio.legal_moves(st)  # a state that decodes is playable
        if listed:
            cambio.apply_in_place(st, listed[0])
