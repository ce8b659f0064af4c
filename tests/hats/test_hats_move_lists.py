"""Hats: the legal-move lists against the spec's (§5-§6), at the perft positions and along whole games.

The perft counts themselves are checked for every game by tests/test_perft.py (Hats' are in
tests/hats/fixtures.json); here every position's moves are compared with `spec_legal_texts`,
the moves worked out from §5-§6 independently of the engine.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from hats_testlib import hats, legal_infos, play, spec_legal_texts, view  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures.json"


def pick(texts: list[str], ply: int) -> str:
    texts = sorted(texts)
    return texts[(ply * 7 + 3) % len(texts)]


def check_position(state) -> list[str]:
    """Legal moves of `state`: unique, all of the one seat to act, equal to the spec's list."""
    infos = legal_infos(state)
    texts = [i.text for i in infos]
    assert len(set(texts)) == len(texts)
    assert {i.seat for i in infos} == set(hats.to_act(state))
    assert sorted(texts) == spec_legal_texts(state)
    for m, info in zip(hats.legal_moves(state), infos):
        assert hats.parse_move(state, info.seat, info.text) == m
    return texts


def test_perft_positions_match_the_spec_move_list():
    for p in json.loads(FIXTURES.read_text())["perft"]["positions"]:
        state = hats.new(p["players"], p["options"], seed=p["seed"])
        for ply in range(10):
            state, _ = play(state, hats.to_act(state)[0], pick(check_position(state), ply))
        check_position(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_match_the_spec_move_list(players):
    """Whole deterministic games: every position's moves match §5-§6 and the state stays valid."""
    for seed in range(4):
        state = hats.new(players, {"start_seat": str(seed % players)}, seed=seed)
        total = 42 if players > 2 else 30
        ply = 0
        while not hats.is_finished(state):
            texts = check_position(state)
            state, _ = play(state, hats.to_act(state)[0], pick(texts, ply))
            hats.validate(state)
            v = view(state)
            cards = len(v["table"]) + v["deck_count"] + v["discard_count"] + sum(
                s["hand_count"] + len(s["collection"]) + s["black_hat_count"] for s in v["seats"])
            assert cards + (v["phase"] == "partner") + (v["phase"] == "finished") * players == total
            ply += 1
        v = view(state)
        assert [s["played"] for s in v["seats"]] == [8] * players
        assert hats.legal_moves(state) == [] and hats.score(state).finished
